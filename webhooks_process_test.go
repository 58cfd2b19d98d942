package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/dbtest"
)

// TestMain lets the test binary act as `bulwark serve` in a child process,
// so that a test can kill a real server.
// runChild runs `bulwark serve` when the test binary was started as the
// child of a process test; TestMain (ci_e2e_test.go) calls it first.
func runChild() {
	if os.Getenv("BULWARK_TEST_CHILD") == "serve" {
		os.Args = []string{"bulwark", "serve"}
		main()
		os.Exit(0)
	}
}

// child is a `bulwark serve` process.
type child struct {
	cmd  *exec.Cmd
	url  string
	key  chan string
	done chan struct{}
}

func startServe(t *testing.T, env []string) *child {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append(env, "BULWARK_TEST_CHILD=serve", "BULWARK_ADDR="+addr)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, url: "http://" + addr, key: make(chan string, 1), done: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if k, ok := strings.CutPrefix(sc.Text(), "API key (shown once): "); ok {
				c.key <- k
			}
		}
	}()
	go func() { _ = cmd.Wait(); close(c.done) }()
	t.Cleanup(func() { c.kill() })
	deadline := time.Now().Add(60 * time.Second)
	for {
		if r, err := http.Get(c.url + "/healthz"); err == nil {
			r.Body.Close()
			return c
		}
		select {
		case <-c.done:
			t.Fatal("bulwark serve exited during start")
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("bulwark serve did not start")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// kill ends the process at once, as a crash or an OOM kill would.
func (c *child) kill() {
	_ = c.cmd.Process.Signal(syscall.SIGKILL)
	<-c.done
}

// TestWebhookDeliveredAfterServerKilled kills a real server process between
// a committed event and its delivery, and shows a restarted server delivers
// it. The child always runs its in-process Redis, so each kill loses the
// whole queue: the outbox and the delivery log alone carry the events
// across, both before they reach the queue and while being delivered.
func TestWebhookDeliveredAfterServerKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	var mu sync.Mutex
	var got []string
	var hang chan struct{} // when set, requests wait for it to close
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		mu.Lock()
		got = append(got, r.Header.Get("webhook-id"))
		h := hang
		mu.Unlock()
		if h != nil {
			<-h
		}
	}))
	defer rcv.Close()
	dsn := dbtest.DSN(t)
	env := []string{"BULWARK_DATA_DIR=" + t.TempDir(), "BULWARK_DATABASE_URL=" + dsn, "BULWARK_REDIS_URL=",
		"BULWARK_WEBHOOK_ALLOW_PRIVATE=true", "BULWARK_WEBHOOK_ALLOW_INSECURE=true", "BULWARK_SECRET=" + strings.Repeat("k", 32)}

	first := startServe(t, env)
	var key string
	select {
	case key = <-first.key:
	case <-time.After(10 * time.Second):
		t.Fatal("no bootstrap key on stderr")
	}
	body, _ := json.Marshal(map[string]any{"url": rcv.URL, "events": []string{core.EventScanCompleted}})
	req, _ := http.NewRequest("POST", first.url+"/api/v1/webhooks", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 201 {
		t.Fatalf("create webhook = %d", resp.StatusCode)
	}

	// The change commits and the process dies before its relay runs: the
	// commit is made here while the server is dead, which is the same state.
	first.kill()
	ctx := context.Background()
	bdb, err := db.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	org, err := db.GetOrganizationByName(ctx, bdb, "default")
	if err != nil {
		t.Fatal(err)
	}
	ev := &db.Event{ID: uuid.Must(uuid.NewV7()), OrganizationID: org.ID, Type: core.EventScanCompleted,
		Data: map[string]any{"scan_id": uuid.NewString()}, CreatedAt: db.Now()}
	if _, err := bdb.NewInsert().Model(ev).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	bdb.Close()

	second := startServe(t, env)
	waitFor := func(n int, within time.Duration) {
		t.Helper()
		deadline := time.Now().Add(within)
		for {
			mu.Lock()
			have := len(got)
			mu.Unlock()
			if have >= n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d deliveries after %v, want %d", have, within, n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitFor(1, 30*time.Second)
	time.Sleep(500 * time.Millisecond) // room for a duplicate to show up
	mu.Lock()
	if len(got) != 1 || got[0] != ev.ID.String() {
		t.Errorf("deliveries = %v, want one of %s", got, ev.ID)
	}
	mu.Unlock()

	// With the server up, an event committed (by another process here) is
	// delivered well under a second later on an idle machine.
	if bdb, err = db.Open(ctx, dsn); err != nil {
		t.Fatal(err)
	}
	defer bdb.Close()
	ev2 := &db.Event{ID: uuid.Must(uuid.NewV7()), OrganizationID: org.ID, Type: core.EventScanCompleted,
		Data: map[string]any{}, CreatedAt: db.Now()}
	start := time.Now()
	if _, err := bdb.NewInsert().Model(ev2).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	waitFor(2, 5*time.Second)
	t.Logf("commit to delivery: %v", time.Since(start).Round(time.Millisecond))

	// Killed in the middle of a delivery: the receiver has the request but
	// the server dies before it hears back or records anything. The
	// restarted server sends it again (at least once; the same webhook-id
	// lets the receiver drop the copy).
	mu.Lock()
	hang = make(chan struct{})
	mu.Unlock()
	ev3 := &db.Event{ID: uuid.Must(uuid.NewV7()), OrganizationID: org.ID, Type: core.EventScanCompleted,
		Data: map[string]any{}, CreatedAt: db.Now()}
	if _, err := bdb.NewInsert().Model(ev3).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	waitFor(3, 5*time.Second)
	second.kill()
	mu.Lock()
	close(hang)
	hang = nil
	mu.Unlock()
	startServe(t, env)
	waitFor(4, 30*time.Second)
	mu.Lock()
	defer mu.Unlock()
	want := []string{ev.ID.String(), ev2.ID.String(), ev3.ID.String(), ev3.ID.String()}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("deliveries = %v, want %v", got, want)
	}
}
