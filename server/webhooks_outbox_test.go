package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/jobs"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// startWorkers starts what a worker process runs, asynq workers and the
// event relay, on env's database and Redis; stop ends both.
func startWorkers(t *testing.T, env *servertest.Env) (stop func()) {
	t.Helper()
	ro := env.Redis.Options()
	opt := asynq.RedisClientOpt{Addr: ro.Addr, DB: ro.DB, Username: ro.Username, Password: ro.Password}
	w := asynq.NewServer(opt, asynq.Config{Concurrency: 2, Queues: jobs.Queues, Logger: nopLogger{},
		TaskCheckInterval: 50 * time.Millisecond})
	if err := w.Start(jobs.NewMux(env.Svc)); err != nil {
		t.Fatal(err)
	}
	r, err := jobs.StartRelay(env.Svc, jobs.RelayOptions{Interval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	done := false
	stop = func() {
		if !done {
			done = true
			r.Stop()
			w.Shutdown()
		}
	}
	t.Cleanup(stop)
	return stop
}

type nopLogger struct{}

func (nopLogger) Debug(...any) {}
func (nopLogger) Info(...any)  {}
func (nopLogger) Warn(...any)  {}
func (nopLogger) Error(...any) {}
func (nopLogger) Fatal(...any) {}

func undispatched(t *testing.T, env *servertest.Env) int {
	t.Helper()
	n, err := env.DB.NewSelect().Model((*db.Event)(nil)).Where("dispatched_at IS NULL").Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// TestOutboxSurvivesRelayDeath commits events while no relay runs (the
// process died right after the commit), and again after a relay queued
// the deliveries but died before marking the events: a relay started
// later delivers every event, each exactly once.
func TestOutboxSurvivesRelayDeath(t *testing.T) {
	o := localHooks
	o.NoWorker = true
	env := servertest.New(t, o)
	rcv := newReceiver(t, nil)
	createWebhook(t, env, env.Key, rcv.URL, core.EventScanStarted, core.EventScanCompleted)

	// 1. Committed, then the process is gone before any dispatch.
	first := emit(t, env, env.OrgID, core.EventScanStarted, nil, map[string]any{"n": 1})
	time.Sleep(300 * time.Millisecond)
	if n := undispatched(t, env); n != 1 || len(rcv.requests()) != 0 {
		t.Fatalf("without a relay: %d undispatched, %d delivered", n, len(rcv.requests()))
	}

	// 2. A relay queues the second event's delivery and dies before it
	// marks the event dispatched (the mark is undone to the same effect).
	second := emit(t, env, env.OrgID, core.EventScanCompleted, nil, map[string]any{"n": 2})
	if n, err := env.Svc.DispatchEvents(context.Background(), 100); err != nil || n != 2 {
		t.Fatalf("dispatch = %d, %v", n, err)
	}
	if _, err := env.DB.NewUpdate().Model((*db.Event)(nil)).Set("dispatched_at = NULL").Where("id = ?", second).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}

	// 3. A fresh worker process starts.
	startWorkers(t, env)
	rcv.wait(t, 2)
	settle(t, env)
	time.Sleep(300 * time.Millisecond)
	got := rcv.requests()
	ids := map[string]int{}
	for _, r := range got {
		ids[r.Header.Get("webhook-id")]++
	}
	if len(got) != 2 || ids[first.String()] != 1 || ids[second.String()] != 1 {
		t.Errorf("deliveries by event id = %v, want each of %s and %s once", ids, first, second)
	}
	if n := undispatched(t, env); n != 0 {
		t.Errorf("%d events left undispatched", n)
	}
}

// TestWebhookFanOutThroughput measures 10,000 deliveries (100 events to
// 100 webhooks) to one loopback receiver with 2 workers. It runs only with
// BULWARK_BENCH_WEBHOOKS=1 (or =<number of deliveries>).
func TestWebhookFanOutThroughput(t *testing.T) {
	if os.Getenv("BULWARK_BENCH_WEBHOOKS") == "" {
		t.Skip("set BULWARK_BENCH_WEBHOOKS=1 to run the fan-out benchmark")
	}
	hooks, events := 100, 100
	if n, err := strconv.Atoi(os.Getenv("BULWARK_BENCH_WEBHOOKS")); err == nil && n >= 100 {
		events = n / hooks // a smaller or larger run: BULWARK_BENCH_WEBHOOKS=<deliveries>
	}
	o := localHooks
	o.NoWorker = true
	env := servertest.New(t, o)
	var count atomic.Int64
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		count.Add(1)
	}))
	t.Cleanup(rcv.Close)
	for i := 0; i < hooks; i++ {
		// Straight to the table: POST /webhooks is rate limited.
		now := db.Now()
		w := &db.Webhook{ID: uuid.Must(uuid.NewV7()), OrganizationID: uuid.MustParse(env.OrgID), URL: rcv.URL + "/" + strconv.Itoa(i),
			Events: []string{core.EventVulnerabilityFound}, Secret: core.NewWebhookSecret(), Active: true,
			CreatedBy: uuid.MustParse(env.UserID), CreatedAt: now, UpdatedAt: now}
		if _, err := env.DB.NewInsert().Model(w).Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < events; i++ {
		emit(t, env, env.OrgID, core.EventVulnerabilityFound, nil, map[string]any{"vulnerability_id": uuid.NewString(), "n": i})
	}
	start := time.Now()
	startWorkers(t, env)
	total := hooks * events
	deadline := time.Now().Add(10 * time.Minute)
	for count.Load() < int64(total) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	received := time.Since(start)
	got := int(count.Load())
	var recorded int
	for recorded < total && time.Now().Before(deadline) {
		n, err := env.DB.NewSelect().Model((*db.Delivery)(nil)).Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		recorded = int(n)
		time.Sleep(10 * time.Millisecond)
	}
	all := time.Since(start)
	if got != total || recorded != total {
		t.Fatalf("received %d, recorded %d, want %d", got, recorded, total)
	}
	kind := "SQLite + miniredis"
	if os.Getenv("BULWARK_TEST_DATABASE_URL") != "" {
		kind = "PostgreSQL + Redis"
	}
	msg := fmt.Sprintf("fan-out (%s, 2 workers): %d deliveries received in %v (%.0f/s), all recorded in %v (%.0f/s)",
		kind, total, received.Round(time.Millisecond), float64(total)/received.Seconds(), all.Round(time.Millisecond),
		float64(total)/all.Seconds())
	t.Log(msg)
	fmt.Println(msg)
}

// TestDeliveriesRecoveredAfterQueueLoss empties Redis, as a restart of the
// in-process Redis does, with a retry waiting and an event queued but not
// yet delivered: the delivery log alone puts both back, and nothing that
// finished is sent again.
func TestDeliveriesRecoveredAfterQueueLoss(t *testing.T) {
	o := localHooks
	o.NoWorker = true
	env := servertest.New(t, o)
	ctx := context.Background()
	ok, failing, late := newReceiver(t, nil), newReceiver(t, func(int) int { return 500 }), newReceiver(t, nil)
	okID, _ := createWebhook(t, env, env.Key, ok.URL, core.EventScanStarted)
	failID, _ := createWebhook(t, env, env.Key, failing.URL, core.EventScanStarted)
	e1 := emit(t, env, env.OrgID, core.EventScanStarted, nil, map[string]any{"n": 1})
	stop := startWorkers(t, env)
	ok.wait(t, 1)
	failing.wait(t, 1)
	first := waitDeliveries(t, env, env.Key, failID, 1)[0]
	scheduledAttempt(t, env, 1)
	stop()

	e2 := emit(t, env, env.OrgID, core.EventScanStarted, nil, map[string]any{"n": 2})
	if n, err := env.Svc.DispatchEvents(ctx, 100); err != nil || n != 1 {
		t.Fatalf("dispatch = %d, %v", n, err)
	}
	// A webhook created after both events never receives them.
	createWebhook(t, env, env.Key, late.URL, core.EventScanStarted)
	if err := env.Redis.FlushDB(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	// The asynq client registers a queue name once per client; a new
	// process would do it again, and the Inspector below needs it.
	if err := env.Redis.SAdd(ctx, "asynq:queues", "critical").Err(); err != nil {
		t.Fatal(err)
	}

	n, err := env.Svc.RecoverDeliveries(ctx, core.RecoveryWindow)
	if err != nil || n != 3 {
		t.Fatalf("recover = %d, %v; want 3 (e1's retry to the failing webhook, e2 to both)", n, err)
	}
	retry := scheduledAttempt(t, env, 1)
	var j core.DeliveryJob
	if err := json.Unmarshal(retry.Payload, &j); err != nil || j.EventID != e1 || j.WebhookID.String() != failID {
		t.Errorf("recovered retry = %+v, %v", j, err)
	}
	at, _ := time.Parse(time.RFC3339Nano, first["created_at"].(string))
	if d := retry.NextProcessAt.Sub(at); d < 54*time.Second-2*time.Second || d > 66*time.Second+2*time.Second {
		t.Errorf("recovered retry runs %v after the failed attempt, want 1 min ±10%%", d)
	}

	startWorkers(t, env)
	got := ok.wait(t, 2)
	failing.wait(t, 2)
	settle(t, env)
	if got[1].Header.Get("webhook-id") != e2.String() || len(ok.requests()) != 2 || len(late.requests()) != 0 {
		t.Errorf("after recovery: ok got %d (second %s), late got %d", len(ok.requests()), got[1].Header.Get("webhook-id"), len(late.requests()))
	}
	// Recovering again with the queue intact changes nothing.
	if _, err := env.Svc.RecoverDeliveries(ctx, core.RecoveryWindow); err != nil {
		t.Fatal(err)
	}
	settle(t, env)
	time.Sleep(300 * time.Millisecond)
	if len(ok.requests()) != 2 || len(failing.requests()) != 2 {
		t.Errorf("second recovery resent: ok %d, failing %d requests", len(ok.requests()), len(failing.requests()))
	}
	if ds := deliveries(t, env, env.Key, okID); len(ds) != 2 {
		t.Errorf("ok webhook has %d records, want 2", len(ds))
	}
}

// TestRedisLossRecoveredPeriodically: events dispatched to the queue, then
// the queue's Redis loses everything (FLUSHDB, or a failover to an empty
// replica) while the relay keeps running. The periodic recovery queues the
// deliveries again, without a restart, and each event reaches the receiver
// exactly once.
func TestRedisLossRecoveredPeriodically(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true,
		Webhooks: core.WebhookOptions{AllowInsecure: true, AllowPrivate: true}})
	rcv := newReceiver(t, nil)
	createWebhook(t, env, env.Key, rcv.URL, core.EventScanStarted)
	relay, err := jobs.StartRelay(env.Svc, jobs.RelayOptions{Interval: 50 * time.Millisecond,
		RecoveryInterval: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(relay.Stop)
	const n = 5
	for i := range n {
		emit(t, env, env.OrgID, core.EventScanStarted, nil, map[string]any{"scan_id": fmt.Sprint(i)})
	}
	deadline := time.Now().Add(10 * time.Second)
	for undispatched(t, env) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if u := undispatched(t, env); u != 0 {
		t.Fatalf("%d events still in the outbox", u)
	}
	if err := env.Redis.FlushDB(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	ro := env.Redis.Options()
	w := asynq.NewServer(asynq.RedisClientOpt{Addr: ro.Addr, DB: ro.DB, Username: ro.Username, Password: ro.Password},
		asynq.Config{Concurrency: 2, Queues: jobs.Queues, Logger: nopLogger{}, TaskCheckInterval: 50 * time.Millisecond})
	if err := w.Start(jobs.NewMux(env.Svc)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Shutdown)
	rcv.wait(t, n)
	// Several more recovery rounds must not deliver anything twice.
	time.Sleep(time.Second)
	got := rcv.requests()
	ids := map[string]bool{}
	for _, r := range got {
		ids[r.Header.Get("X-Bulwark-Delivery")] = true
	}
	if len(got) != n || len(ids) != n {
		t.Errorf("receiver got %d requests with %d distinct delivery ids, want %d each", len(got), len(ids), n)
	}
}
