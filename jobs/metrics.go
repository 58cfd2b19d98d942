package jobs

import (
	"context"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// Collector exports, at each scrape, what an operator watches beside the
// HTTP series: the depth, latency and retries of every asynq queue, and
// scans by status. It reads the queue through asynq's inspector and the
// scans with one grouped query, bounded by a short timeout.
type Collector struct {
	Service *core.Service
	Queue   *Queue

	size, latency, retry, archived *prometheus.Desc
	scans                          *prometheus.Desc
}

// NewCollector returns the collector of svc and q.
func NewCollector(svc *core.Service, q *Queue) *Collector {
	return &Collector{Service: svc, Queue: q,
		size:     prometheus.NewDesc("bulwark_queue_tasks", "Tasks in an asynq queue by state.", []string{"queue", "state"}, nil),
		latency:  prometheus.NewDesc("bulwark_queue_latency_seconds", "Age of the oldest pending task of a queue.", []string{"queue"}, nil),
		retry:    prometheus.NewDesc("bulwark_queue_retries", "Tasks waiting for a retry in a queue.", []string{"queue"}, nil),
		archived: prometheus.NewDesc("bulwark_queue_failed_today", "Task attempts of a queue that failed today (asynq's daily count, UTC).", []string{"queue"}, nil),
		scans:    prometheus.NewDesc("bulwark_scans", "Scans by status.", []string{"status"}, nil),
	}
}

// Describe implements prometheus.Collector.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.size, c.latency, c.retry, c.archived, c.scans} {
		ch <- d
	}
}

// Collect implements prometheus.Collector. A source that does not answer
// is left out of the scrape rather than failing it.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	for _, name := range []string{QueueCritical, QueueDefault, QueueLow} {
		info, err := c.Queue.Inspector.GetQueueInfo(name)
		if err != nil {
			continue
		}
		for state, n := range map[string]int{"pending": info.Pending, "active": info.Active, "scheduled": info.Scheduled,
			"retry": info.Retry, "archived": info.Archived, "completed": info.Completed} {
			ch <- prometheus.MustNewConstMetric(c.size, prometheus.GaugeValue, float64(n), name, state)
		}
		ch <- prometheus.MustNewConstMetric(c.latency, prometheus.GaugeValue, info.Latency.Seconds(), name)
		ch <- prometheus.MustNewConstMetric(c.retry, prometheus.GaugeValue, float64(info.Retry), name)
		ch <- prometheus.MustNewConstMetric(c.archived, prometheus.GaugeValue, float64(info.Failed), name)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var rows []struct {
		Status string `bun:"status"`
		N      int64  `bun:"n"`
	}
	if err := c.Service.DB.NewSelect().TableExpr("scans").ColumnExpr("status, count(*) AS n").
		GroupExpr("status").Scan(ctx, &rows); err != nil {
		return
	}
	for _, r := range rows {
		ch <- prometheus.MustNewConstMetric(c.scans, prometheus.GaugeValue, float64(r.N), r.Status)
	}
}

// DeliveryMetrics counts webhook delivery attempts by outcome and times
// them; Observe is core.Service.Delivered.
type DeliveryMetrics struct {
	attempts *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

// NewDeliveryMetrics returns the webhook delivery series:
// bulwark_webhook_deliveries_total{status,code} and
// bulwark_webhook_delivery_seconds{status}.
func NewDeliveryMetrics() *DeliveryMetrics {
	return &DeliveryMetrics{
		attempts: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "bulwark_webhook_deliveries_total",
			Help: "Webhook delivery attempts by status (success, failed) and response class (2xx, 4xx, 5xx, none)."},
			[]string{"status", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "bulwark_webhook_delivery_seconds",
			Help: "Time from sending a webhook delivery to its answer (or failure).", Buckets: prometheus.DefBuckets},
			[]string{"status"}),
	}
}

// Observe records one attempt.
func (m *DeliveryMetrics) Observe(rec *db.Delivery) {
	code := "none"
	if rec.ResponseCode > 0 {
		code = strconv.Itoa(rec.ResponseCode/100) + "xx"
	}
	m.attempts.WithLabelValues(rec.Status, code).Inc()
	m.latency.WithLabelValues(rec.Status).Observe(float64(rec.ResponseTimeMS) / 1000)
}

// Describe implements prometheus.Collector.
func (m *DeliveryMetrics) Describe(ch chan<- *prometheus.Desc) {
	m.attempts.Describe(ch)
	m.latency.Describe(ch)
}

// Collect implements prometheus.Collector.
func (m *DeliveryMetrics) Collect(ch chan<- prometheus.Metric) {
	m.attempts.Collect(ch)
	m.latency.Collect(ch)
}
