package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action/client"
)

// newClient returns a client for srv that records its backoff waits
// instead of sleeping them.
func newClient(t *testing.T, url string) (*client.Client, *[]time.Duration) {
	t.Helper()
	c, err := client.New(url, "bwk_test")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	waits := &[]time.Duration{}
	c.Sleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		*waits = append(*waits, d)
		mu.Unlock()
		return ctx.Err()
	}
	return c, waits
}

func writeErr(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Request-Id", "req-"+code)
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"error":{"code":%q,"message":%q,"details":{"field":"x"},"request_id":"req-%s"}}`, code, msg, code)
}

func writeEnvelope(w http.ResponseWriter, status int, data any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"id": "x", "status": "active",
		"created_at": time.Now().UTC(), "data": data})
}

func TestRetryHonoursRetryAfter(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer bwk_test" {
			writeErr(w, 401, "UNAUTHORIZED", "no key")
			return
		}
		if calls.Add(1) < 3 {
			w.Header().Set("Retry-After", "7")
			writeErr(w, 429, "RATE_LIMITED", "slow down")
			return
		}
		writeEnvelope(w, 200, map[string]any{"id": "p1", "name": "demo"})
	}))
	defer srv.Close()
	c, waits := newClient(t, srv.URL)
	p, err := c.GetProject(context.Background(), "p1")
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "demo" || calls.Load() != 3 {
		t.Fatalf("got %+v after %d calls", p, calls.Load())
	}
	if diff := cmp.Diff([]time.Duration{7 * time.Second, 7 * time.Second}, *waits); diff != "" {
		t.Errorf("waits (-want +got):\n%s", diff)
	}
}

func TestLongRetryAfterIsNotWaited(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Retry-After", "3600")
		writeErr(w, 429, "RATE_LIMITED", "upload limit: 50 per hour")
	}))
	defer srv.Close()
	c, waits := newClient(t, srv.URL)
	c.MaxDelay = 30 * time.Second
	_, err := c.GetProject(context.Background(), "p1")
	e, ok := client.AsError(err)
	if !ok || e.Code != "RATE_LIMITED" || e.RetryAfter != time.Hour {
		t.Fatalf("err = %#v", err)
	}
	if calls.Load() != 1 || len(*waits) != 0 {
		t.Errorf("%d calls, waits %v: an hour-long Retry-After must not be waited", calls.Load(), *waits)
	}
}

func TestRetryRules(t *testing.T) {
	tests := []struct {
		name      string
		method    string // GET: GetScan, POST: CreateScan
		status    int
		wantCalls int32
	}{
		{"429 POST retried", http.MethodPost, 429, 4},
		{"503 POST retried", http.MethodPost, 503, 4},
		{"502 GET retried", http.MethodGet, 502, 4},
		{"504 GET retried", http.MethodGet, 504, 4},
		{"502 POST not retried (may have run)", http.MethodPost, 502, 1},
		{"504 POST not retried (may have run)", http.MethodPost, 504, 1},
		{"500 never retried", http.MethodGet, 500, 1},
		{"404 never retried", http.MethodGet, 404, 1},
		{"422 never retried", http.MethodPost, 422, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				if r.Method != tt.method {
					t.Errorf("method %s, want %s", r.Method, tt.method)
				}
				writeErr(w, tt.status, "CODE_"+strconv.Itoa(tt.status), "nope")
			}))
			defer srv.Close()
			c, waits := newClient(t, srv.URL)
			c.MaxAttempts = 4
			var err error
			if tt.method == http.MethodGet {
				_, err = c.GetScan(context.Background(), "s1")
			} else {
				_, err = c.CreateScan(context.Background(), client.ScanInput{ContractID: "c1"})
			}
			if calls.Load() != tt.wantCalls || len(*waits) != int(tt.wantCalls)-1 {
				t.Errorf("calls %d waits %d, want %d calls", calls.Load(), len(*waits), tt.wantCalls)
			}
			e, ok := client.AsError(err)
			if !ok {
				t.Fatalf("error %T %v, want *client.Error", err, err)
			}
			code := "CODE_" + strconv.Itoa(tt.status)
			want := client.Error{Status: tt.status, Code: code, Message: "nope", RequestID: "req-" + code,
				Details: map[string]any{"field": "x"}, Method: tt.method}
			got := *e
			got.Path, want.Path = "", ""
			if diff := cmp.Diff(want, got, cmp.FilterPath(func(p cmp.Path) bool { return p.String() == "Err" }, cmp.Ignore())); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
}

func TestBackoffGrowsWithJitterAndCap(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeErr(w, 503, "SERVICE_UNAVAILABLE", "down")
	}))
	defer srv.Close()
	c, waits := newClient(t, srv.URL)
	c.MaxAttempts, c.BaseDelay, c.MaxDelay = 7, 100*time.Millisecond, time.Second
	_, err := c.GetScan(context.Background(), "s1")
	if !client.IsCode(err, "SERVICE_UNAVAILABLE") {
		t.Fatalf("err = %v", err)
	}
	if len(*waits) != 6 {
		t.Fatalf("%d waits, want 6", len(*waits))
	}
	for i, w := range *waits {
		ceil := min(100*time.Millisecond<<i, time.Second)
		if w < ceil/2 || w > ceil {
			t.Errorf("wait %d = %v, want in [%v, %v]", i+1, w, ceil/2, ceil)
		}
	}
}

func TestProxyErrorBody(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
		io.WriteString(w, "<html>bad gateway</html>")
	}))
	defer srv.Close()
	c, _ := newClient(t, srv.URL)
	c.MaxAttempts = 1
	_, err := c.GetScan(context.Background(), "s1")
	e, ok := client.AsError(err)
	if !ok || e.Status != 502 || e.Code != "HTTP_502" || e.Message != "<html>bad gateway</html>" {
		t.Fatalf("err = %#v", err)
	}
}

func TestConnectionRefusedIsRetriedThenReported(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens here now
	c, waits := newClient(t, "http://"+addr)
	c.MaxAttempts = 3
	// POST: a refused connection never reached the server, so even a
	// non-idempotent call is safe to resend.
	_, err = c.CreateScan(context.Background(), client.ScanInput{ContractID: "c"})
	e, ok := client.AsError(err)
	if !ok || e.Status != 0 || e.Err == nil {
		t.Fatalf("err = %#v", err)
	}
	if len(*waits) != 2 {
		t.Errorf("%d waits, want 2", len(*waits))
	}
}

func TestContextCancelStopsRetrying(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		writeErr(w, 429, "RATE_LIMITED", "later")
	}))
	defer srv.Close()
	c, err := client.New(srv.URL, "k")
	if err != nil {
		t.Fatal(err)
	}
	c.BaseDelay, c.MaxAttempts = 10*time.Second, 10
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = c.GetScan(ctx, "s")
	if !client.IsCode(err, "RATE_LIMITED") {
		t.Fatalf("err = %v", err)
	}
	if el := time.Since(start); el > 3*time.Second || calls.Load() != 1 {
		t.Fatalf("took %v with %d calls; the real sleep must end with the context", el, calls.Load())
	}
}

func TestNewRejectsBadURLAndStripsPrefix(t *testing.T) {
	for _, u := range []string{"", "localhost:8080", "ftp://x", "http://"} {
		if _, err := client.New(u, "k"); err == nil {
			t.Errorf("New(%q) accepted", u)
		}
	}
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.URL.Path
		writeEnvelope(w, 200, map[string]any{})
	}))
	defer srv.Close()
	for _, base := range []string{srv.URL, srv.URL + "/", srv.URL + "/api/v1", srv.URL + "/api/v1/"} {
		c, _ := newClient(t, base)
		if _, err := c.GetScan(context.Background(), "a b"); err != nil {
			t.Fatal(err)
		}
		if got != "/api/v1/scans/a b" {
			t.Errorf("base %q: path %q", base, got)
		}
	}
}

func TestDecodeFailureIsReported(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-Id", "r1")
		io.WriteString(w, `{"data": "not an object"}`)
	}))
	defer srv.Close()
	c, _ := newClient(t, srv.URL)
	_, err := c.GetScan(context.Background(), "s")
	if e, ok := client.AsError(err); !ok || e.Code != "INVALID_RESPONSE" || e.RequestID != "r1" {
		t.Fatalf("err = %v", err)
	}
	if errors.Is(err, context.Canceled) {
		t.Fatal("unexpected")
	}
}
