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

func newMetrics(extra ...prometheus.Collector) *metrics {
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
	m.reg.MustRegister(extra...)
	return m
}

// observe renders a failed request through the error handler at once, so
// that the access log line and the metrics see its final status, then
// counts the request and logs it: method, route template, status, duration,
// bytes, request id and organization, never the key or the body.
func (s *Server) observe(c *fiber.Ctx) error {
	start := time.Now()
	if err := c.Next(); err != nil {
		if herr := s.handleError(c, err); herr != nil {
			return herr
		}
	}
	route := "unmatched"
	if r := c.Route(); r != nil && r.Path != "/" {
		route = r.Path
	}
	status := c.Response().StatusCode()
	elapsed := time.Since(start)
	s.metrics.requests.WithLabelValues(route, c.Method(), strconv.Itoa(status)).Inc()
	s.metrics.duration.WithLabelValues(route, c.Method()).Observe(elapsed.Seconds())
	if s.accessLog {
		s.log.Info("request", "method", c.Method(), "route", route, "status", status,
			"duration_ms", float64(elapsed.Microseconds())/1000, "bytes", len(c.Response().Body()),
			"request_id", requestIDOf(c), "org_id", orgIDOf(c))
	}
	return nil
}

// handler serves the registry in the Prometheus text format.
func (m *metrics) handler() fiber.Handler {
	return adaptor.HTTPHandler(promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
}
