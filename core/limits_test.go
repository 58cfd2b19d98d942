package core_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/dbtest"
)

// limClock is a settable test clock.
type limClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *limClock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *limClock) Set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func (c *limClock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// limService returns a service on a database and Redis of t's own, with a
// test clock set to start.
func limService(t *testing.T, start time.Time) (*core.Service, *limClock) {
	t.Helper()
	clk := &limClock{t: start}
	rc := redis.NewClient(dbtest.Redis(t))
	t.Cleanup(func() { rc.Close() })
	s := &core.Service{DB: dbtest.New(t), Redis: rc, Clock: clk.Now,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	return s, clk
}

// limOrg creates an organization on plan and returns its owner principal.
func limOrg(t *testing.T, s *core.Service, name, plan string) *core.Principal {
	t.Helper()
	b, err := s.CreateOwnerKey(context.Background(), name, plan, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	return &core.Principal{OrgID: b.OrganizationID, UserID: b.UserID, Role: core.RoleOwner, Plan: plan, Scopes: []string{"*"}}
}

func limWindow(t *testing.T, d *core.Decision, name string) core.WindowState {
	t.Helper()
	for _, w := range d.Windows {
		if w.Name == name {
			return w
		}
	}
	t.Fatalf("no window %s", name)
	return core.WindowState{}
}

// fill takes from the organization's windows in the largest steps every
// window allows, moving the clock to the next reset whenever another window
// is spent, until the target window is spent. It returns the last decision.
func limFill(t *testing.T, s *core.Service, clk *limClock, p *core.Principal, target string) *core.Decision {
	t.Helper()
	ctx := context.Background()
	d, err := s.TakeOrg(ctx, p, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100000; i++ {
		if limWindow(t, d, target).Remaining() == 0 {
			return d
		}
		step, next := -1, time.Time{}
		for _, w := range d.Windows {
			if !w.Limited() {
				continue
			}
			if step < 0 || w.Remaining() < step {
				step = w.Remaining()
			}
			if w.Remaining() == 0 && (next.IsZero() || w.Reset.Before(next)) {
				next = w.Reset
			}
		}
		if step == 0 {
			clk.Set(next)
			d, err = s.TakeOrg(ctx, p, 0)
		} else {
			d, err = s.TakeOrg(ctx, p, step)
			if err == nil && !d.Allowed {
				t.Fatalf("a step of %d within every window was refused: %+v", step, d.Windows)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("window %s never filled", target)
	return nil
}

// TestPlanWindows drives every plan's minute, hour and day windows to their
// limits and checks the refusal names the violated window, says when it
// resets, and consumes no other window.
func TestPlanWindows(t *testing.T) {
	day := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	plans := []struct {
		plan              string
		minute, hour, day int
	}{
		{core.PlanFree, 10, 100, 500},
		{core.PlanDeveloper, 60, 1000, 10000},
		{core.PlanStartup, 120, 5000, 50000},
		{core.PlanProfessional, 300, core.Unlimited, core.Unlimited},
		{core.PlanEnterprise, 1000, core.Unlimited, core.Unlimited},
	}
	for _, pl := range plans {
		t.Run(pl.plan, func(t *testing.T) {
			ctx := context.Background()
			s, clk := limService(t, day)
			p := limOrg(t, s, "org-"+pl.plan, pl.plan)
			other := limOrg(t, s, "other-"+pl.plan, pl.plan)
			for _, w := range []struct {
				name  string
				limit int
				size  time.Duration
			}{{"minute", pl.minute, time.Minute}, {"hour", pl.hour, time.Hour}, {"day", pl.day, 24 * time.Hour}} {
				if w.limit == core.Unlimited {
					continue
				}
				d := limFill(t, s, clk, p, w.name)
				if got := limWindow(t, d, w.name).Used; got != w.limit {
					t.Fatalf("%s filled at %d, want %d", w.name, got, w.limit)
				}
				before := d.Windows
				refused, err := s.TakeOrg(ctx, p, 1)
				if err != nil {
					t.Fatal(err)
				}
				if refused.Allowed {
					t.Fatalf("request %d of the %s window was admitted", w.limit+1, w.name)
				}
				b := refused.Binding()
				if b == nil || b.Name != w.name || b.Limit != w.limit || b.Remaining() != 0 {
					t.Fatalf("binding = %+v, want the %s window", b, w.name)
				}
				now := clk.Now()
				wantReset := now.Truncate(w.size).Add(w.size)
				if !b.Reset.Equal(wantReset) {
					t.Errorf("reset = %s, want %s", b.Reset, wantReset)
				}
				if got, want := refused.RetryAfter(), int(wantReset.Sub(now)/time.Second); got != want {
					t.Errorf("retry_after = %d, want %d", got, want)
				}
				// The refusal consumed nothing.
				after, err := s.TakeOrg(ctx, p, 0)
				if err != nil {
					t.Fatal(err)
				}
				for i := range before {
					if after.Windows[i].Used != before[i].Used {
						t.Errorf("refused request changed %s from %d to %d", before[i].Name, before[i].Used, after.Windows[i].Used)
					}
				}
				// Another organization has buckets of its own.
				if d, err := s.TakeOrg(ctx, other, 1); err != nil || !d.Allowed {
					t.Errorf("other organization refused: %v %+v", err, d)
				}
				// The window opens again when it resets.
				clk.Set(wantReset)
				if d, err := s.TakeOrg(ctx, p, 1); err != nil || !d.Allowed {
					t.Errorf("after reset: %v %+v", err, d)
				}
				clk.Set(day)
				if err := s.Redis.FlushDB(ctx).Err(); err != nil {
					t.Fatal(err)
				}
			}
			if pl.hour == core.Unlimited {
				// Minute after minute at the full rate: far past any
				// limited plan's hour and day, never refused.
				for i := 0; i < 200; i++ {
					d, err := s.TakeOrg(ctx, p, pl.minute)
					if err != nil || !d.Allowed {
						t.Fatalf("minute %d refused: %v %+v", i, err, d)
					}
					if b := d.Binding(); b == nil || b.Name != "minute" {
						t.Fatalf("binding = %+v, want minute", b)
					}
					clk.Add(time.Minute)
				}
				d, _ := s.TakeOrg(ctx, p, 0)
				if got := limWindow(t, d, "day").Used; got != 200*pl.minute {
					t.Errorf("day count = %d, want %d (unlimited windows still count)", got, 200*pl.minute)
				}
			}
		})
	}
}

// TestEnterpriseOverrides: an Enterprise organization's custom limits
// replace the plan's; on other plans overrides are ignored.
func TestEnterpriseOverrides(t *testing.T) {
	ctx := context.Background()
	s, _ := limService(t, time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC))
	ent := limOrg(t, s, "big", core.PlanEnterprise)
	dev := limOrg(t, s, "small", core.PlanDeveloper)
	three, five, unl := 3, 5, core.Unlimited
	for _, p := range []*core.Principal{ent, dev} {
		if err := s.SetPlanOverrides(ctx, p.OrgID, core.PlanOverrides{PerMinute: &three, PerHour: &five, MonthlyScans: &unl}); err != nil {
			t.Fatal(err)
		}
	}
	// Setting twice replaces.
	if err := s.SetPlanOverrides(ctx, ent.OrgID, core.PlanOverrides{PerMinute: &three, PerHour: &five, PerDay: &five}); err != nil {
		t.Fatal(err)
	}
	got, err := s.LimitsFor(ctx, nil, ent.OrgID, ent.Plan)
	if err != nil {
		t.Fatal(err)
	}
	want := core.PlanLimits(core.PlanEnterprise)
	want.PerMinute, want.PerHour, want.PerDay = 3, 5, 5
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("enterprise limits (-want +got):\n%s", diff)
	}
	if got, _ := s.LimitsFor(ctx, nil, dev.OrgID, dev.Plan); got != core.PlanLimits(core.PlanDeveloper) {
		t.Errorf("developer limits with overrides = %+v, want the plan's", got)
	}
	for i := 1; i <= 4; i++ {
		d, err := s.TakeOrg(ctx, ent, 1)
		if err != nil {
			t.Fatal(err)
		}
		if d.Allowed != (i <= 3) {
			t.Errorf("request %d allowed = %v", i, d.Allowed)
		}
	}
	bad := -2
	if err := s.SetPlanOverrides(ctx, ent.OrgID, core.PlanOverrides{PerDay: &bad}); limCode(err) != core.CodeInvalidField {
		t.Errorf("override -2 = %v, want INVALID_FIELD", err)
	}
}

func limCode(err error) core.Code {
	if e, ok := core.AsError(err); ok {
		return e.Code
	}
	return ""
}

func TestRequirePlan(t *testing.T) {
	cases := []struct {
		plan, min string
		ok        bool
	}{
		{core.PlanFree, core.PlanDeveloper, false},
		{core.PlanDeveloper, core.PlanDeveloper, true},
		{core.PlanStartup, core.PlanDeveloper, true},
		{core.PlanEnterprise, core.PlanProfessional, true},
		{core.PlanProfessional, core.PlanEnterprise, false},
		{core.PlanFree, core.PlanFree, true},
	}
	for _, tc := range cases {
		err := core.RequirePlan(&core.Principal{Plan: tc.plan}, tc.min)
		if (err == nil) != tc.ok {
			t.Errorf("RequirePlan(%s, %s) = %v, want ok=%v", tc.plan, tc.min, err, tc.ok)
		}
		if err != nil && limCode(err) != core.CodePermissionDenied {
			t.Errorf("RequirePlan(%s, %s) code = %s", tc.plan, tc.min, limCode(err))
		}
	}
	if err := core.RequirePlan(&core.Principal{Plan: core.PlanEnterprise}, "gold"); err == nil || limCode(err) != "" {
		t.Errorf("unknown minimum plan = %v, want a programming error", err)
	}
}

// TestUsageMonthKeys checks the script's month (computed from Unix time in
// Lua) against Go's for dates around leap days and year ends.
func TestUsageMonthKeys(t *testing.T) {
	ctx := context.Background()
	s, clk := limService(t, time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC))
	p := limOrg(t, s, "months", core.PlanEnterprise)
	dates := []time.Time{
		time.Date(2000, 2, 29, 23, 59, 59, 0, time.UTC),
		time.Date(2000, 3, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2024, 2, 29, 12, 0, 0, 0, time.UTC),
		time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2100, 2, 28, 23, 59, 59, 0, time.UTC),
		time.Date(2100, 3, 1, 0, 0, 0, 0, time.UTC),
	}
	for i, d := range dates {
		clk.Set(d)
		for j := 0; j <= i; j++ {
			if _, err := s.TakeRequest(ctx, p, "", fmt.Sprintf("GET /r%d", i), ""); err != nil {
				t.Fatal(err)
			}
		}
		u, err := s.Usage(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if u.Period != d.Format("2006-01") || u.ByRoute[fmt.Sprintf("GET /r%d", i)] != i+1 {
			t.Errorf("%s: period %s, by route %v; want %d requests in %s", d, u.Period, u.ByRoute, i+1, d.Format("2006-01"))
		}
	}
}

func limInsertScan(t *testing.T, q bun.IDB, p *core.Principal, status string, created time.Time) {
	t.Helper()
	sc := &db.Scan{ID: uuid.Must(uuid.NewV7()), OrganizationID: p.OrgID, ProjectID: uuid.New(), ContractID: uuid.New(),
		Status: status, Preset: "standard", ScannersUsed: []string{}, FileErrors: []db.FileError{},
		CreatedBy: p.UserID, CreatedAt: created, UpdatedAt: created}
	if _, err := q.NewInsert().Model(sc).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestAdmitScanRace: requests racing for the last concurrent slot, each in
// its own transaction that admits then inserts: exactly one wins.
func TestAdmitScanRace(t *testing.T) {
	for _, tc := range []struct {
		plan   string
		active int
		max    int
	}{{core.PlanFree, 0, 1}, {core.PlanDeveloper, 2, 3}} {
		t.Run(tc.plan, func(t *testing.T) {
			ctx := context.Background()
			s, clk := limService(t, time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC))
			p := limOrg(t, s, "race", tc.plan)
			for i := 0; i < tc.active; i++ {
				limInsertScan(t, s.DB, p, core.ScanRunning, clk.Now())
			}
			const n = 12
			errs := make([]error, n)
			var wg sync.WaitGroup
			start := make(chan struct{})
			admitted := make(chan struct{}, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					errs[i] = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
						if err := s.AdmitScan(ctx, tx, p); err != nil {
							return err
						}
						// Hold the admission open until every racer has
						// been admitted or 300ms have passed: without the
						// organization lock they all pass admitScan here
						// and all insert; with it the others wait on the
						// lock, see this scan, and are refused.
						admitted <- struct{}{}
						for wait := time.Now().Add(300 * time.Millisecond); len(admitted) < n && time.Now().Before(wait); {
							time.Sleep(5 * time.Millisecond)
						}
						limInsertScan(t, tx, p, core.ScanQueued, clk.Now())
						return nil
					})
				}()
			}
			close(start)
			wg.Wait()
			won := 0
			for _, err := range errs {
				if err == nil {
					won++
					continue
				}
				e, ok := core.AsError(err)
				if !ok || e.Code != core.CodeConcurrentLimit {
					t.Fatalf("loser error = %v, want CONCURRENT_LIMIT", err)
				}
				if e.Extra["current_scans"] != tc.max || e.Extra["max_scans"] != tc.max || e.Extra["retry_after"] == nil {
					t.Errorf("extra = %v", e.Extra)
				}
			}
			if won != 1 {
				t.Fatalf("%d requests won the last slot, want exactly 1", won)
			}
			var active int
			if err := s.DB.NewRaw("SELECT count(*) FROM scans WHERE organization_id = ? AND status IN ('queued','running')", p.OrgID).Scan(ctx, &active); err != nil {
				t.Fatal(err)
			}
			if active != tc.max {
				t.Errorf("active scans = %d, want %d", active, tc.max)
			}
		})
	}
}

// TestScanQuotaRollover fills the Free plan's 50 scans at the end of a month
// and checks QUOTA_EXCEEDED until the 1st UTC, then admission again.
func TestScanQuotaRollover(t *testing.T) {
	ctx := context.Background()
	end := time.Date(2026, 11, 30, 23, 59, 0, 0, time.UTC)
	s, clk := limService(t, end)
	p := limOrg(t, s, "quota", core.PlanFree)
	admit := func() error {
		return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error { return s.AdmitScan(ctx, tx, p) })
	}
	// Last month's scans do not count.
	for i := 0; i < 60; i++ {
		limInsertScan(t, s.DB, p, core.ScanCompleted, time.Date(2026, 10, 31, 23, 59, 59, 0, time.UTC))
	}
	for i := 0; i < 49; i++ {
		limInsertScan(t, s.DB, p, core.ScanCompleted, time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i)*time.Hour))
	}
	if err := admit(); err != nil {
		t.Fatalf("scan 50 of 50: %v", err)
	}
	limInsertScan(t, s.DB, p, core.ScanFailed, clk.Now())
	err := admit()
	e, ok := core.AsError(err)
	if !ok || e.Code != core.CodeQuotaExceeded {
		t.Fatalf("scan 51 = %v, want QUOTA_EXCEEDED", err)
	}
	if e.Extra["retry_after"] != 60 || e.Details["resets_at"] != "2026-12-01T00:00:00Z" || e.Details["used"] != 50 {
		t.Errorf("quota error = %+v", e)
	}
	q, err := s.Quota(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if q.ScansUsed != 50 || q.Period != "2026-11" || !q.ScansResetAt.Equal(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("quota = %+v", q)
	}
	clk.Set(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	if err := admit(); err != nil {
		t.Errorf("first scan of December: %v", err)
	}
	if q, _ := s.Quota(ctx, p); q.ScansUsed != 0 || q.Period != "2026-12" {
		t.Errorf("December quota = %+v", q)
	}
	// Quota is checked before concurrency, and an unlimited override lifts
	// the quota only on Enterprise.
	unl := core.Unlimited
	if err := s.SetPlanOverrides(ctx, p.OrgID, core.PlanOverrides{MonthlyScans: &unl}); err != nil {
		t.Fatal(err)
	}
	clk.Set(end)
	if err := admit(); limCode(err) != core.CodeQuotaExceeded {
		t.Errorf("free org with override = %v, want QUOTA_EXCEEDED", err)
	}
}

func TestAIExplanations(t *testing.T) {
	ctx := context.Background()
	s, clk := limService(t, time.Date(2026, 11, 15, 0, 0, 0, 0, time.UTC))
	free := limOrg(t, s, "free", core.PlanFree)
	dev := limOrg(t, s, "dev", core.PlanDeveloper)
	ent := limOrg(t, s, "ent", core.PlanEnterprise)
	if _, err := s.ConsumeAIExplanation(ctx, free); limCode(err) != core.CodePermissionDenied {
		t.Errorf("free = %v, want PERMISSION_DENIED", err)
	}
	// 20 concurrent callers for 10 explanations: exactly 10 succeed.
	var wg sync.WaitGroup
	var mu sync.Mutex
	var remaining []int
	exceeded := 0
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := s.ConsumeAIExplanation(ctx, dev)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				remaining = append(remaining, r)
			case limCode(err) == core.CodeQuotaExceeded:
				exceeded++
			default:
				t.Errorf("consume: %v", err)
			}
		}()
	}
	wg.Wait()
	if len(remaining) != 10 || exceeded != 10 {
		t.Fatalf("%d consumed, %d exceeded; want 10 and 10", len(remaining), exceeded)
	}
	seen := map[int]bool{}
	for _, r := range remaining {
		seen[r] = true
	}
	if len(seen) != 10 || !seen[0] || !seen[9] {
		t.Errorf("remaining values = %v, want 9..0 once each", remaining)
	}
	if err := s.RefundAIExplanation(ctx, dev); err != nil {
		t.Fatal(err)
	}
	if r, err := s.ConsumeAIExplanation(ctx, dev); err != nil || r != 0 {
		t.Errorf("after refund = %d %v", r, err)
	}
	_, err := s.ConsumeAIExplanation(ctx, dev)
	if e, ok := core.AsError(err); !ok || e.Code != core.CodeQuotaExceeded || e.Extra["retry_after"] != 16*24*3600 {
		t.Errorf("spent = %v", err)
	}
	if q, _ := s.Quota(ctx, dev); q.AIUsed != 10 {
		t.Errorf("quota ai used = %d, want 10", q.AIUsed)
	}
	clk.Set(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	if r, err := s.ConsumeAIExplanation(ctx, dev); err != nil || r != 9 {
		t.Errorf("next month = %d %v, want 9 remaining", r, err)
	}
	for range 3 {
		if r, err := s.ConsumeAIExplanation(ctx, ent); err != nil || r != core.Unlimited {
			t.Errorf("enterprise = %d %v", r, err)
		}
	}
}

// TestLimiterDown: with Redis unreachable every limiter call fails as
// LimiterDown, never as an admission.
func TestLimiterDown(t *testing.T) {
	s, _ := limService(t, time.Now())
	s.Redis = redis.NewClient(&redis.Options{Addr: limClosedAddr(t), MaxRetries: -1})
	p := limOrg(t, s, "down", core.PlanDeveloper)
	d, err := s.TakeRequest(context.Background(), p, "", "GET /x", "")
	if !core.LimiterDown(err) || d != nil {
		t.Errorf("take = %+v %v, want LimiterDown", d, err)
	}
	if _, err := s.Usage(context.Background(), p); !core.LimiterDown(err) {
		t.Errorf("usage = %v, want LimiterDown", err)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Error("timed out instead of failing fast")
	}
}

// limClosedAddr returns a loopback address nothing listens on.
func limClosedAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// TestLimiterKeysExpire: every key the limiter writes expires (windows at
// their end, monthly usage after 400 days), so Redis never fills up with
// dead organizations and addresses.
func TestLimiterKeysExpire(t *testing.T) {
	ctx := context.Background()
	s, clk := limService(t, time.Date(2026, 11, 21, 10, 0, 30, 0, time.UTC))
	p := limOrg(t, s, "ttl", core.PlanDeveloper)
	for i := 0; i < 3; i++ {
		if _, err := s.TakeRequest(ctx, p, "", "POST /api/v1/webhooks", core.EndpointWebhookCreate); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RecordAuthFailure(ctx, "192.0.2.7"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.TakePublic(ctx, "192.0.2.7"); err != nil {
			t.Fatal(err)
		}
		clk.Add(time.Minute)
	}
	keys, err := s.Redis.Keys(ctx, "bw:*").Result()
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 7 {
		t.Errorf("keys = %v, want 4 organization windows, its usage hash and 2 address windows", keys)
	}
	for _, k := range keys {
		ttl, err := s.Redis.TTL(ctx, k).Result()
		if err != nil {
			t.Fatal(err)
		}
		if ttl <= 0 || ttl > 400*24*time.Hour {
			t.Errorf("%s ttl = %s", k, ttl)
		}
	}
}
