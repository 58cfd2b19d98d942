// Package servertest starts the real API server on a loopback port for
// tests: its own database (PostgreSQL or SQLite, see dbtest), its own Redis,
// real asynq workers, and a bootstrap organization with an owner key.
package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/app"
	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db/dbtest"
	"github.com/bulwark-sec/bulwark/jobs"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/server"
)

// Env is a running server with its parts.
type Env struct {
	T      testing.TB
	URL    string // base URL, e.g. http://127.0.0.1:PORT
	DB     *bun.DB
	Redis  *redis.Client
	Svc    *core.Service
	Queue  *jobs.Queue
	Server *server.Server
	// GitHub is the App when Options.GitHub was set.
	GitHub *app.App
	// Key is an owner key with scope * of organization "acme" (plan
	// developer); OrgID and UserID name them.
	Key    string
	OrgID  string
	UserID string
	Client *http.Client
}

// Options tune New.
type Options struct {
	// NoWorker leaves scans queued (no asynq server).
	NoWorker bool
	// Clock replaces the service clock (and Redis TIME in the rate
	// limiter's windows).
	Clock func() time.Time
	// Engine replaces the scanner engine (default registry.Default()).
	Engine *scanner.Engine
	// Webhooks are the delivery settings (tests with loopback receivers
	// set AllowPrivate and AllowInsecure).
	Webhooks core.WebhookOptions
	// RateLimit turns the rate limiter on. It is off by default so that
	// tests of other resources are not throttled by the developer plan's 60
	// requests per minute; the limits tests turn it on.
	RateLimit bool
	// DB replaces the test's own database (a fault test opens one through
	// a proxy); it must be migrated.
	DB *bun.DB
	// RequestTimeout is the server's request deadline (default 30 s).
	RequestTimeout time.Duration
	// Log receives the server's log (default: discarded), with AccessLog a
	// line per request.
	Log       *slog.Logger
	AccessLog bool
	// Listener wraps the server's listener (a test counting the bytes the
	// server reads).
	Listener func(net.Listener) net.Listener
	// GitHub turns the GitHub App on with this configuration: its routes,
	// its tasks in the worker and its scan hook.
	GitHub *app.Config
	// LLM is the provider that explains economic analyses (default: the
	// built-in explainer).
	LLM core.LLMConfig
}

// New starts a server for t; everything stops when t ends.
func New(t testing.TB, opts ...Options) *Env {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	ctx := context.Background()
	bdb := o.DB
	if bdb == nil {
		bdb = dbtest.New(t)
	}
	ropt := dbtest.Redis(t)
	rc := redis.NewClient(ropt)
	t.Cleanup(func() { rc.Close() })
	aopt := asynq.RedisClientOpt{Addr: ropt.Addr, DB: ropt.DB, Password: ropt.Password, Username: ropt.Username}
	q := jobs.NewQueue(aopt)
	t.Cleanup(func() { q.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if os.Getenv("BULWARK_TEST_LOG") != "" {
		log = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	engine := o.Engine
	if engine == nil {
		engine = registry.Default()
	}
	// Listen first, so report links know the server's URL before any
	// goroutine (worker, App, handler) reads svc.Reports.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("servertest: listen: %v", err)
	}
	svc := &core.Service{DB: bdb, Redis: rc, Queue: q, Engine: engine, Log: log,
		Cursors: core.Cursors{Secret: []byte("test-secret-test-secret-test-secret!")}, Clock: o.Clock, LLM: o.LLM,
		Webhooks: o.Webhooks}
	if o.Clock != nil {
		svc.Cursors.Now = o.Clock
	}
	svc.Reports = core.ReportLinks{Secret: svc.Cursors.Secret}
	deliveries := jobs.NewDeliveryMetrics()
	svc.Delivered = deliveries.Observe
	var gh *app.App
	if o.GitHub != nil {
		var err error
		if gh, err = app.New(*o.GitHub, svc, q.Client, log); err != nil {
			t.Fatalf("servertest: github app: %v", err)
		}
		svc.ScanFinished = append(svc.ScanFinished, gh.ScanFinished)
	}
	svc.Reports.BaseURL = "http://" + ln.Addr().String()
	if !o.NoWorker {
		wcfg := asynq.Config{Concurrency: 2, Queues: jobs.Queues, Logger: quietLogger{}, ShutdownTimeout: 5 * time.Second}
		if gh != nil {
			// The App's tests retry GitHub faults fast (production backs
			// off as asynq does, or as GitHub's Retry-After says).
			wcfg.Concurrency, wcfg.TaskCheckInterval = 4, 100*time.Millisecond
			wcfg.ErrorHandler = asynq.ErrorHandlerFunc(func(ctx context.Context, task *asynq.Task, err error) {
				log.Warn("task failed", "type", task.Type(), "err", err)
			})
			wcfg.RetryDelayFunc = func(n int, err error, t *asynq.Task) time.Duration {
				if d, ok := jobs.RetryAfter(err); ok && d < 2*time.Second {
					return d
				}
				return 200 * time.Millisecond
			}
		}
		w := asynq.NewServer(aopt, wcfg)
		mux := jobs.NewMux(svc)
		if gh != nil {
			gh.Register(mux)
		}
		if err := w.Start(mux); err != nil {
			t.Fatalf("servertest: start worker: %v", err)
		}
		t.Cleanup(w.Shutdown)
		relay, err := jobs.StartRelay(svc, jobs.RelayOptions{Interval: 50 * time.Millisecond, Log: log})
		if err != nil {
			t.Fatalf("servertest: start relay: %v", err)
		}
		t.Cleanup(relay.Stop)
	}
	srvLog := log
	if o.Log != nil {
		srvLog = o.Log
	}
	srv := server.New(server.Config{Service: svc, Log: srvLog, NoRateLimit: !o.RateLimit, RequestTimeout: o.RequestTimeout,
		AccessLog: o.AccessLog, GitHub: gh, PublicURL: svc.Reports.BaseURL, Collectors: []prometheus.Collector{collectors.NewDBStatsCollector(bdb.DB, "bulwark"), jobs.NewCollector(svc, q), deliveries},
		Checks: map[string]func(context.Context) error{
			"database": bdb.PingContext,
			"redis":    func(ctx context.Context) error { return rc.Ping(ctx).Err() },
		}})
	if o.Listener != nil {
		ln = o.Listener(ln)
	}
	go func() { _ = srv.App().Listener(ln) }()
	t.Cleanup(func() {
		c, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(c)
	})
	b, err := svc.CreateOwnerKey(ctx, "acme", "developer", "owner@acme.test", nil)
	if err != nil {
		t.Fatalf("servertest: bootstrap: %v", err)
	}
	return &Env{T: t, URL: "http://" + ln.Addr().String(), DB: bdb, Redis: rc, Svc: svc, Queue: q, Server: srv, GitHub: gh,
		Key: b.APIKey, OrgID: b.OrganizationID.String(), UserID: b.UserID.String(),
		Client: &http.Client{Timeout: 30 * time.Second}}
}

// NewOrg creates another organization with an owner key (scope * unless
// scopes are given) and returns the key.
func (e *Env) NewOrg(name, plan string, scopes ...string) string {
	e.T.Helper()
	b, err := e.Svc.CreateOwnerKey(context.Background(), name, plan, "owner@"+name+".test", scopes)
	if err != nil {
		e.T.Fatalf("servertest: new org %s: %v", name, err)
	}
	return b.APIKey
}

// Response is a finished request.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into a generic map.
func (r *Response) JSON() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(r.Body, &m)
	return m
}

// Decode decodes the body into v or fails the test.
func (r *Response) Decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// ErrorCode returns error.code of an error body, or "".
func (r *Response) ErrorCode() string {
	var b struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	_ = json.Unmarshal(r.Body, &b)
	return b.Error.Code
}

// Do sends a request with key as bearer (none when empty). body may be nil,
// a []byte or string (sent as is), or any value (sent as JSON).
func (e *Env) Do(method, path, key string, body any, headers ...string) *Response {
	e.T.Helper()
	var rd io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case []byte:
		rd, ct = bytes.NewReader(b), "application/json"
	case string:
		rd, ct = strings.NewReader(b), "application/json"
	default:
		j, err := json.Marshal(b)
		if err != nil {
			e.T.Fatalf("marshal body: %v", err)
		}
		rd, ct = bytes.NewReader(j), "application/json"
	}
	req, err := http.NewRequest(method, e.URL+path, rd)
	if err != nil {
		e.T.Fatalf("new request: %v", err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return e.Send(req)
}

// Send sends a prepared request.
func (e *Env) Send(req *http.Request) *Response {
	e.T.Helper()
	resp, err := e.Client.Do(req)
	if err != nil {
		e.T.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		e.T.Fatalf("read body: %v", err)
	}
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: b}
}

type quietLogger struct{}

func (quietLogger) Debug(...any) {}
func (quietLogger) Info(...any)  {}
func (quietLogger) Warn(...any)  {}
func (quietLogger) Error(...any) {}
func (quietLogger) Fatal(...any) {}
