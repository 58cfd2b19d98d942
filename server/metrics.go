package server

import (
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/adaptor"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the Prometheus series of the API, on a registry of the
// server's own so that several servers in one test process never collide.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bulwark_http_requests_total", Help: "HTTP requests by route pattern, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "bulwark_http_request_duration_seconds", Help: "HTTP request latency by route pattern.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "method"}),
	}
	m.reg.MustRegister(m.requests, m.duration,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) middleware(c *fiber.Ctx) error {
	start := time.Now()
	err := c.Next()
	route := "unmatched"
	if r := c.Route(); r != nil && r.Path != "/" {
		route = r.Path
	}
	status := c.Response().StatusCode()
	if err != nil {
		// The error handler has not run yet; count by the status it will set.
		status = 0
	}
	m.requests.WithLabelValues(route, c.Method(), strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route, c.Method()).Observe(time.Since(start).Seconds())
	return err
}

// handler serves the registry in the Prometheus text format.
func (m *metrics) handler() fiber.Handler {
	return adaptor.HTTPHandler(promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
}
