package jobs_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/jobs"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// stubSolidity claims .sol files so scans of them can complete while the
// engine has no languages. The embedded interface keeps it compiling as
// scanner.Language grows; it is only used while registry.Default() knows no
// Solidity.
type stubSolidity struct{ scanner.Language }

func (stubSolidity) Name() string         { return "solidity" }
func (stubSolidity) Extensions() []string { return []string{".sol"} }

func solidityEngine() *scanner.Engine {
	if e := registry.Default(); func() bool { _, ok := e.LanguageOf("x.sol"); return ok }() {
		return e
	}
	return scanner.New(stubSolidity{})
}

// age moves a scan's updated_at into the past, as if nothing had touched it.
func age(t *testing.T, env *servertest.Env, sc *db.Scan, by time.Duration, attempts int) {
	t.Helper()
	_, err := env.DB.NewUpdate().Model((*db.Scan)(nil)).Set("updated_at = ?", env.Svc.Now().Add(-by)).
		Set("attempts = ?", attempts).Where("id = ?", sc.ID).Exec(context.Background())
	if err != nil {
		t.Fatal(err)
	}
}

func status(t *testing.T, env *servertest.Env, sc *db.Scan) (string, string) {
	t.Helper()
	var s db.Scan
	if err := env.DB.NewSelect().Model(&s).Where("id = ?", sc.ID).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	reason := ""
	if s.ErrorDetails != nil {
		reason = s.ErrorDetails.Reason
	}
	return s.Status, reason
}

func wait(t *testing.T, env *servertest.Env, sc *db.Scan, want string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		st, _ := status(t, env, sc)
		if st == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("scan %s is %s, want %s", sc.ID, st, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestReaperRescuesOrphans: a scan running with no worker holding it and no
// task (its worker died and the task was lost), and a scan queued whose
// enqueue failed, are queued again and complete on the real workers.
func TestReaperRescuesOrphans(t *testing.T) {
	env := servertest.New(t, servertest.Options{Engine: solidityEngine()})
	ctx := context.Background()
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract V {}"})
	running := env.SeedScan(c, "running")
	age(t, env, running, time.Hour, 1)
	queued := env.SeedScan(c, "queued")
	age(t, env, queued, 10*time.Minute, 0)
	fresh := env.SeedScan(c, "running") // a live worker may hold it: left alone
	age(t, env, fresh, time.Minute, 1)

	r := &jobs.ScanReaper{Service: env.Svc, Queue: env.Queue}
	res, err := r.Reap(ctx)
	if err != nil || res.Requeued != 2 || res.Failed != 0 {
		t.Fatalf("reap = %+v, %v; want 2 requeued", res, err)
	}
	wait(t, env, running, "completed")
	wait(t, env, queued, "completed")
	if st, _ := status(t, env, fresh); st != "running" {
		t.Errorf("fresh running scan = %s", st)
	}
	// A second pass finds nothing to do.
	if res, err := r.Reap(ctx); err != nil || res.Requeued+res.Failed != 0 {
		t.Errorf("second reap = %+v, %v", res, err)
	}
}

// TestReaperFailsExhausted: a scan whose last attempt's worker died (asynq
// archived its task) or that has used every attempt is failed, not retried
// forever; a scan whose task is still pending is left to asynq.
func TestReaperFailsExhausted(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	ctx := context.Background()
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract V {}"})

	archived := env.SeedScan(c, "running")
	age(t, env, archived, time.Hour, 2)
	if err := env.Queue.EnqueueScan(ctx, archived.ID, archived.OrganizationID); err != nil {
		t.Fatal(err)
	}
	if err := env.Queue.Inspector.ArchiveTask("default", "scan:"+archived.ID.String()); err != nil {
		t.Fatal(err)
	}
	exhausted := env.SeedScan(c, "running")
	age(t, env, exhausted, time.Hour, jobs.ScanMaxRetry+1)
	pending := env.SeedScan(c, "queued")
	age(t, env, pending, time.Hour, 0)
	if err := env.Queue.EnqueueScan(ctx, pending.ID, pending.OrganizationID); err != nil {
		t.Fatal(err)
	}

	res, err := (&jobs.ScanReaper{Service: env.Svc, Queue: env.Queue}).Reap(ctx)
	if err != nil || res.Failed != 2 || res.Requeued != 0 {
		t.Fatalf("reap = %+v, %v; want 2 failed", res, err)
	}
	for _, sc := range []*db.Scan{archived, exhausted} {
		if st, reason := status(t, env, sc); st != "failed" || reason != "abandoned" {
			t.Errorf("scan = %s (%s), want failed (abandoned)", st, reason)
		}
	}
	if st, _ := status(t, env, pending); st != "queued" {
		t.Errorf("pending scan = %s", st)
	}
	if info, err := env.Queue.Inspector.GetTaskInfo("default", "scan:"+pending.ID.String()); err != nil || info.State != asynq.TaskStatePending {
		t.Errorf("pending task = %v, %v", info, err)
	}
	var n int
	if err := env.DB.NewRaw("SELECT count(*) FROM events WHERE type = 'scan.failed' AND scan_id IN (?, ?)", archived.ID, exhausted.ID).Scan(ctx, &n); err != nil || n != 2 {
		t.Errorf("scan.failed events = %d, %v", n, err)
	}
}

// TestReaperRerunsCompletedTask: a task asynq considers done while its scan
// is still queued (e.g. the scan row was restored) is replaced and runs.
func TestReaperRerunsCompletedTask(t *testing.T) {
	env := servertest.New(t, servertest.Options{Engine: solidityEngine()})
	ctx := context.Background()
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract V {}"})
	sc := env.SeedScan(c, "completed")
	if err := env.Queue.EnqueueScan(ctx, sc.ID, sc.OrganizationID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		info, err := env.Queue.Inspector.GetTaskInfo("default", "scan:"+sc.ID.String())
		if err == nil && info.State == asynq.TaskStateCompleted {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("task never completed: %v %v", info, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, err := env.DB.NewUpdate().Model((*db.Scan)(nil)).Set("status = 'queued'").Where("id = ?", sc.ID).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	age(t, env, sc, time.Hour, 0)
	res, err := (&jobs.ScanReaper{Service: env.Svc, Queue: env.Queue}).Reap(ctx)
	if err != nil || res.Requeued != 1 {
		t.Fatalf("reap = %+v, %v", res, err)
	}
	wait(t, env, sc, "completed")
}

// downQueue fails every enqueue, as an unreachable Redis does.
type downQueue struct{}

func (downQueue) EnqueueScan(context.Context, uuid.UUID, uuid.UUID) error {
	return errors.New("dial tcp: connection refused")
}
func (downQueue) CancelScan(context.Context, uuid.UUID) error { return nil }

// TestEnqueueFailureRecovered: when the queue is down at creation the scan
// is still accepted and stays queued; the reaper queues it later and it
// completes.
func TestEnqueueFailureRecovered(t *testing.T) {
	env := servertest.New(t, servertest.Options{Engine: solidityEngine()})
	ctx := context.Background()
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract V {}"})
	p, err := env.Svc.Authenticate(ctx, env.Key)
	if err != nil {
		t.Fatal(err)
	}
	broken := &core.Service{DB: env.Svc.DB, Queue: downQueue{}, Engine: env.Svc.Engine, Log: env.Svc.Log,
		Cursors: env.Svc.Cursors, Clock: env.Svc.Clock}
	sc, err := broken.CreateScan(ctx, p, core.ScanInput{ContractID: c.ID})
	if err != nil {
		t.Fatalf("create with the queue down = %v", err)
	}
	if st, _ := status(t, env, sc); st != "queued" {
		t.Fatalf("status = %s", st)
	}
	r := &jobs.ScanReaper{Service: env.Svc, Queue: env.Queue, QueuedAfter: time.Nanosecond}
	res, err := r.Reap(ctx)
	if err != nil || res.Requeued != 1 {
		t.Fatalf("reap = %+v, %v", res, err)
	}
	wait(t, env, sc, "completed")
}

// TestRecoverAfterRestart: an embedded instance restarts with two scans its
// previous run left running (updated a moment ago, so the periodic reaper
// would wait 15 minutes) and their tasks gone with its in-process Redis. At
// start both are queued again, complete, and the organization's count of
// active scans, which the concurrency limit reads, returns to 0.
func TestRecoverAfterRestart(t *testing.T) {
	env := servertest.New(t, servertest.Options{Engine: solidityEngine()})
	ctx := context.Background()
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract V {}"})
	a := env.SeedScan(c, "running")
	b := env.SeedScan(c, "running")
	age(t, env, a, time.Second, 1)
	age(t, env, b, time.Second, 1)
	r := &jobs.ScanReaper{Service: env.Svc, Queue: env.Queue}
	if res, err := r.Reap(ctx); err != nil || res.Requeued != 0 {
		t.Fatalf("periodic reap = %+v, %v; want it to leave fresh running scans alone", res, err)
	}
	res, err := r.RecoverAfterRestart(ctx)
	if err != nil || res.Requeued != 2 {
		t.Fatalf("recover = %+v, %v; want 2 requeued", res, err)
	}
	wait(t, env, a, "completed")
	wait(t, env, b, "completed")
	n, err := env.DB.NewSelect().Model((*db.Scan)(nil)).
		Where("organization_id = ? AND status IN (?)", c.OrganizationID, bun.List(core.ActiveScanStatuses)).Count(ctx)
	if err != nil || n != 0 {
		t.Errorf("active scans after recovery = %d, %v; want 0", n, err)
	}
}
