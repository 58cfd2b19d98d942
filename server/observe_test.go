package server_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// TestAccessLogAndMetrics: one log line per request with the route
// template, final status (errors included), request id and organization,
// never the key; /metrics carries the database pool, queue and scan series.
func TestAccessLogAndMetrics(t *testing.T) {
	var buf syncBuffer
	env := servertest.New(t, servertest.Options{NoWorker: true, AccessLog: true,
		Log: slog.New(slog.NewJSONHandler(&buf, nil))})
	r := env.Do("GET", "/api/v1/projects/0190e0e0-0000-7000-8000-000000000000", env.Key, nil)
	if r.Status != 404 {
		t.Fatalf("GET = %d", r.Status)
	}
	var line map[string]any
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil && m["msg"] == "request" && m["route"] == "/api/v1/projects/:id" {
			line = m
		}
	}
	if line == nil {
		t.Fatalf("no access log line for the request in:\n%s", buf.String())
	}
	if line["status"] != float64(404) || line["method"] != "GET" || line["org_id"] != env.OrgID ||
		line["request_id"] != r.Header.Get("X-Request-Id") || line["bytes"] == nil || line["duration_ms"] == nil {
		t.Errorf("access log line = %v", line)
	}
	if strings.Contains(buf.String(), env.Key) {
		t.Error("the log holds the API key")
	}
	c := env.SeedContract(env.Key, map[string]string{"A.sol": "contract A {}"})
	if r := env.Do("POST", "/api/v1/scans", env.Key, map[string]any{"contract_id": c.ID.String()}); r.Status != 202 {
		t.Fatalf("POST /scans = %d %s", r.Status, r.Body)
	}
	m := env.Do("GET", "/metrics", "", nil)
	for _, series := range []string{`bulwark_http_requests_total{method="GET",route="/api/v1/projects/:id",status="404"}`,
		`go_sql_max_open_connections{db_name="bulwark"}`, `bulwark_queue_tasks{queue="default",state="pending"} 1`,
		`bulwark_queue_latency_seconds{queue="default"}`, `bulwark_scans{status="queued"} 1`} {
		if !strings.Contains(string(m.Body), series) {
			t.Errorf("/metrics lacks %s", series)
		}
	}
}
