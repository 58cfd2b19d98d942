package jobs_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/dbtest"
	"github.com/bulwark-sec/bulwark/jobs"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// TestMain lets the test binary double as the doomed worker of
// TestWorkerKilledMidScan.
func TestMain(m *testing.M) {
	if os.Getenv("BULWARK_CRASH_CHILD") == "1" {
		crashChild()
		return
	}
	os.Exit(m.Run())
}

// crashChild is a worker that takes scan:run, does what RunScan does first
// (marks the scan running and starts an attempt), leaves a partial finding
// behind, and then hangs until it is killed.
func crashChild() {
	ctx := context.Background()
	bdb, err := db.Open(ctx, os.Getenv("CHILD_DSN"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "child: open db:", err)
		os.Exit(3)
	}
	rdb, _ := strconv.Atoi(os.Getenv("CHILD_REDIS_DB"))
	opt := asynq.RedisClientOpt{Addr: os.Getenv("CHILD_REDIS_ADDR"), DB: rdb}
	srv := asynq.NewServer(opt, asynq.Config{Concurrency: 1, Queues: jobs.Queues, LogLevel: asynq.FatalLevel})
	mux := asynq.NewServeMux()
	mux.HandleFunc(jobs.TypeScanRun, func(ctx context.Context, t *asynq.Task) error {
		var p jobs.ScanRunPayload
		_ = json.Unmarshal(t.Payload(), &p)
		now := db.Now()
		if _, err := bdb.NewUpdate().Model((*db.Scan)(nil)).Set("status = 'running'").Set("attempts = attempts + 1").
			Set("started_at = ?", now).Set("updated_at = ?", now).Where("id = ?", p.ScanID).Exec(ctx); err != nil {
			return err
		}
		var sc db.Scan
		if err := bdb.NewSelect().Model(&sc).Where("id = ?", p.ScanID).Scan(ctx); err != nil {
			return err
		}
		v := db.Vulnerability{ID: uuid.Must(uuid.NewV7()), OrganizationID: sc.OrganizationID, ProjectID: sc.ProjectID,
			ContractID: sc.ContractID, ScanID: sc.ID, DetectorID: "PARTIAL", Scanner: "s", Title: "partial",
			Severity: "low", Status: "open", Category: "c", Fingerprint: "partial", DetectedAt: now, UpdatedAt: now}
		if _, err := bdb.NewInsert().Model(&v).Exec(ctx); err != nil {
			return err
		}
		select {} // "scanning" until SIGKILL
	})
	if err := srv.Run(mux); err != nil {
		os.Exit(4)
	}
}

// TestWorkerKilledMidScan kills a worker process with SIGKILL in the
// middle of a scan and checks that the scan is retried by another worker
// and completes cleanly. asynq only reclaims a dead worker's task a minute
// after its lease lapses, so this test takes about 70 s and runs only with
// BULWARK_TEST_CRASH=1.
func TestWorkerKilledMidScan(t *testing.T) {
	if os.Getenv("BULWARK_TEST_CRASH") != "1" {
		t.Skip("set BULWARK_TEST_CRASH=1 to run (about 70 s)")
	}
	env := servertest.New(t, servertest.Options{NoWorker: true, Engine: solidityEngine()})
	ctx := context.Background()
	dsn := dsnOf(t, env)
	ropt := env.Redis.Options()

	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), "BULWARK_CRASH_CHILD=1", "CHILD_DSN="+dsn, "CHILD_REDIS_ADDR="+ropt.Addr,
		"CHILD_REDIS_DB="+strconv.Itoa(ropt.DB))
	child.Stderr = os.Stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = child.Process.Kill(); _, _ = child.Process.Wait() })

	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract V {}"})
	r := env.Do("POST", "/api/v1/scans", env.Key, map[string]any{"contract_id": c.ID.String()})
	if r.Status != 202 {
		t.Fatalf("create = %d %s", r.Status, r.Body)
	}
	sc := &db.Scan{ID: uuid.MustParse(r.JSON()["id"].(string))}
	waitFor(t, 30*time.Second, func() bool {
		n, _ := env.DB.NewSelect().Model((*db.Vulnerability)(nil)).Where("scan_id = ?", sc.ID).Count(ctx)
		st, _ := status(t, env, sc)
		return st == "running" && n == 1
	})
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_, _ = child.Process.Wait()
	killed := time.Now()

	// asynq reclaims a task whose lease lapsed more than 30 s ago; start
	// the replacement worker once that is true so its first sweep finds it.
	lease, err := env.Redis.ZScore(ctx, "asynq:{default}:lease", "scan:"+sc.ID.String()).Result()
	if err != nil && err != redis.Nil {
		t.Fatal(err)
	}
	if until := time.Until(time.Unix(int64(lease), 0).Add(31 * time.Second)); until > 0 {
		time.Sleep(until)
	}
	aopt := asynq.RedisClientOpt{Addr: ropt.Addr, DB: ropt.DB}
	w := asynq.NewServer(aopt, asynq.Config{Concurrency: 1, Queues: jobs.Queues, LogLevel: asynq.FatalLevel,
		RetryDelayFunc: func(int, error, *asynq.Task) time.Duration { return 0 }})
	if err := w.Start(jobs.NewMux(env.Svc)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Shutdown)
	waitFor(t, 60*time.Second, func() bool { st, _ := status(t, env, sc); return st == "completed" })
	t.Logf("completed %s after the kill", time.Since(killed).Round(time.Second))

	var got db.Scan
	if err := env.DB.NewSelect().Model(&got).Where("id = ?", sc.ID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if got.Attempts != 2 {
		t.Errorf("attempts = %d, want 2 (the killed one and the retry)", got.Attempts)
	}
	if n, _ := env.DB.NewSelect().Model((*db.Vulnerability)(nil)).Where("scan_id = ? AND detector_id = 'PARTIAL'", sc.ID).Count(ctx); n != 0 {
		t.Error("the killed attempt's partial finding survived the retry")
	}
}

func waitFor(t *testing.T, d time.Duration, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("condition not met within %s", d)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// dsnOf returns a DSN another process can open for env's database.
func dsnOf(t *testing.T, env *servertest.Env) string {
	t.Helper()
	ctx := context.Background()
	if dbtest.Postgres() {
		var name string
		if err := env.DB.NewRaw("SELECT current_database()").Scan(ctx, &name); err != nil {
			t.Fatal(err)
		}
		u, err := url.Parse(os.Getenv("BULWARK_TEST_DATABASE_URL"))
		if err != nil {
			t.Fatal(err)
		}
		u.Path = "/" + name
		return u.String()
	}
	var rows []struct {
		Seq  int    `bun:"seq"`
		Name string `bun:"name"`
		File string `bun:"file"`
	}
	if err := env.DB.NewRaw("PRAGMA database_list").Scan(ctx, &rows); err != nil || len(rows) == 0 {
		t.Fatalf("database_list: %v", err)
	}
	return rows[0].File
}
