package server_test

import (
	"context"
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/dbtest"
	"github.com/bulwark-sec/bulwark/db/migrations"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// faultProxy forwards TCP to a target and can instead refuse (close every
// connection at once) or hang (hold connections without forwarding a byte).
type faultProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	mode   string // forward, refuse, hang
	conns  []net.Conn
}

func newFaultProxy(t *testing.T, target string) *faultProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &faultProxy{ln: ln, target: target, mode: "forward"}
	t.Cleanup(func() { ln.Close(); p.set("refuse") })
	go p.serve()
	return p
}

// set changes the mode and drops every connection made so far, so pooled
// connections meet the new mode too.
func (p *faultProxy) set(mode string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mode = mode
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *faultProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		mode := p.mode
		p.conns = append(p.conns, c)
		p.mu.Unlock()
		switch mode {
		case "refuse":
			c.Close()
		case "hang":
			// Read and discard: the client's writes succeed, no answer comes.
			go func() { _, _ = io.Copy(io.Discard, c) }()
		default:
			go func() {
				up, err := net.Dial("tcp", p.target)
				if err != nil {
					c.Close()
					return
				}
				p.mu.Lock()
				p.conns = append(p.conns, up)
				p.mu.Unlock()
				go func() { _, _ = io.Copy(up, c); up.Close() }()
				_, _ = io.Copy(c, up)
				c.Close()
			}()
		}
	}
}

// TestDatabaseOutage puts a proxy between the API and PostgreSQL: when the
// database refuses connections, and when it accepts them but never answers,
// authenticated requests end in 503 SERVICE_UNAVAILABLE with Retry-After
// (never a 500 or a hang), /readyz names the database as the failing
// dependency, and the API recovers when the database does.
func TestDatabaseOutage(t *testing.T) {
	if !dbtest.Postgres() {
		t.Skip("needs PostgreSQL (set BULWARK_TEST_DATABASE_URL): the proxy sits on a TCP connection")
	}
	ctx := context.Background()
	dsn := dbtest.DSN(t)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	proxy := newFaultProxy(t, u.Host)
	u.Host = proxy.ln.Addr().String()
	bdb, err := db.Open(ctx, u.String(), db.Options{StatementTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bdb.Close() })
	if err := migrations.Up(ctx, bdb); err != nil {
		t.Fatal(err)
	}
	env := servertest.New(t, servertest.Options{NoWorker: true, DB: bdb, RequestTimeout: 4 * time.Second})

	get := func(path string) *servertest.Response { return env.Do("GET", path, env.Key, nil) }
	if r := get("/api/v1/projects"); r.Status != 200 {
		t.Fatalf("healthy: %d %s", r.Status, r.Body)
	}
	for _, mode := range []string{"refuse", "hang"} {
		proxy.set(mode)
		for _, path := range []string{"/api/v1/projects", "/api/v1/scans"} {
			r := get(path)
			if r.Status != 503 || r.ErrorCode() != "SERVICE_UNAVAILABLE" || r.Header.Get("Retry-After") == "" {
				t.Errorf("%s, GET %s = %d %s (Retry-After %q), want 503 SERVICE_UNAVAILABLE", mode, path, r.Status, r.Body, r.Header.Get("Retry-After"))
			}
		}
		r := env.Do("GET", "/readyz", "", nil)
		checks, _ := r.JSON()["checks"].(map[string]any)
		if r.Status != 503 || checks["database"] != "unavailable" || checks["redis"] != "ok" {
			t.Errorf("%s, /readyz = %d %s, want 503 naming the database", mode, r.Status, r.Body)
		}
		proxy.set("forward")
		var last *servertest.Response
		for range 20 {
			if last = get("/api/v1/projects"); last.Status == 200 {
				break
			}
			time.Sleep(250 * time.Millisecond)
		}
		if last.Status != 200 {
			t.Errorf("after %s, the API did not recover: %d %s", mode, last.Status, last.Body)
		}
	}
	if r := env.Do("GET", "/readyz", "", nil); r.Status != 200 {
		t.Errorf("recovered /readyz = %d %s", r.Status, r.Body)
	}
}
