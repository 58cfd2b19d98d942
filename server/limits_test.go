package server_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// limitsClock is a settable clock shared by the server and the test.
type limitsClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *limitsClock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *limitsClock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// limitsStart is 10:00:00 UTC, so minute and hour windows start with it.
var limitsStart = time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)

func limitsEnv(t *testing.T) (*servertest.Env, *limitsClock) {
	t.Helper()
	clk := &limitsClock{t: limitsStart}
	return servertest.New(t, servertest.Options{NoWorker: true, RateLimit: true, Clock: clk.Now}), clk
}

// rateHeaders are the limiter's headers of a response.
type rateHeaders struct {
	Limit, Remaining, Reset, RetryAfter, Policy, State string
}

func rateOf(r *servertest.Response) rateHeaders {
	return rateHeaders{r.Header.Get("X-RateLimit-Limit"), r.Header.Get("X-RateLimit-Remaining"),
		r.Header.Get("X-RateLimit-Reset"), r.Header.Get("Retry-After"),
		r.Header.Get("RateLimit-Policy"), r.Header.Get("RateLimit")}
}

func limitsUnix(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }

func limitsRetryAfter(t *testing.T, r *servertest.Response) int {
	t.Helper()
	var b struct {
		Error struct {
			RetryAfter int `json:"retry_after"`
		} `json:"error"`
	}
	r.Decode(t, &b)
	return b.Error.RetryAfter
}

const freePolicy = `"minute";q=10;w=60, "hour";q=100;w=3600, "day";q=500;w=86400`

// TestRateLimitHeaders walks a Free organization through its minute window
// (200, 404 and 422 responses all carry the headers), the 429, and then its
// hour window.
func TestRateLimitHeaders(t *testing.T) {
	env, clk := limitsEnv(t)
	key := env.NewOrg("free-co", "free")
	readOnly := env.NewOrg("free-co", "free", "projects:read")
	minuteEnd := limitsStart.Add(time.Minute)
	wantStatus := map[int]int{4: 404, 5: 422, 6: 403}
	for i := 1; i <= 10; i++ {
		var r *servertest.Response
		switch i {
		case 4:
			r = env.Do("GET", "/api/v1/projects/"+uuid.NewString(), key, nil)
		case 5:
			r = env.Do("POST", "/api/v1/projects", key, `{}`)
		case 6:
			r = env.Do("POST", "/api/v1/projects", readOnly, map[string]any{"name": "x"})
		default:
			r = env.Do("GET", "/api/v1/projects", key, nil)
		}
		want := rateHeaders{"10", strconv.Itoa(10 - i), limitsUnix(minuteEnd), "", freePolicy,
			`"minute";r=` + strconv.Itoa(10-i) + `;t=60, "hour";r=` + strconv.Itoa(100-i) + `;t=3600, "day";r=` +
				strconv.Itoa(500-i) + `;t=50400`}
		if diff := cmp.Diff(want, rateOf(r)); diff != "" {
			t.Errorf("request %d (status %d) headers (-want +got):\n%s", i, r.Status, diff)
		}
		status := 200
		if w, ok := wantStatus[i]; ok {
			status = w
		}
		if r.Status != status {
			t.Errorf("request %d = %d %s, want %d", i, r.Status, r.Body, status)
		}
	}
	clk.Add(15 * time.Second)
	r := env.Do("GET", "/api/v1/projects", key, nil)
	if r.Status != 429 || r.ErrorCode() != "RATE_LIMITED" || limitsRetryAfter(t, r) != 45 {
		t.Fatalf("request 11 = %d %s, want 429 RATE_LIMITED retry_after 45", r.Status, r.Body)
	}
	want := rateHeaders{"10", "0", limitsUnix(minuteEnd), "45", freePolicy, `"minute";r=0;t=45, "hour";r=90;t=3585, "day";r=490;t=50385`}
	if diff := cmp.Diff(want, rateOf(r)); diff != "" {
		t.Errorf("429 headers (-want +got):\n%s", diff)
	}

	// The hour: ten requests a minute until 100, then the hour refuses with
	// its own reset.
	for m := 1; m < 10; m++ {
		clk.Add(time.Minute)
		for i := 0; i < 10; i++ {
			if r := env.Do("GET", "/api/v1/projects", key, nil); r.Status != 200 {
				t.Fatalf("minute %d request %d = %d %s", m, i, r.Status, r.Body)
			}
		}
	}
	clk.Add(time.Minute)
	r = env.Do("GET", "/api/v1/projects", key, nil)
	hourEnd := limitsStart.Add(time.Hour)
	wantRetry := int(hourEnd.Sub(clk.Now()) / time.Second)
	if r.Status != 429 || limitsRetryAfter(t, r) != wantRetry {
		t.Fatalf("request 101 = %d %s, want 429 retry_after %d", r.Status, r.Body, wantRetry)
	}
	got := rateOf(r)
	if got.Limit != "100" || got.Remaining != "0" || got.Reset != limitsUnix(hourEnd) || got.RetryAfter != strconv.Itoa(wantRetry) {
		t.Errorf("hour 429 headers = %+v", got)
	}
}

// TestRateLimitPlans: each plan's limits appear in the headers; unlimited
// windows are not in the policy.
func TestRateLimitPlans(t *testing.T) {
	env, _ := limitsEnv(t)
	cases := []struct{ plan, limit, policy string }{
		{"free", "10", freePolicy},
		{"developer", "60", `"minute";q=60;w=60, "hour";q=1000;w=3600, "day";q=10000;w=86400`},
		{"startup", "120", `"minute";q=120;w=60, "hour";q=5000;w=3600, "day";q=50000;w=86400`},
		{"professional", "300", `"minute";q=300;w=60`},
		{"enterprise", "1000", `"minute";q=1000;w=60`},
	}
	for _, tc := range cases {
		r := env.Do("GET", "/api/v1/projects", env.NewOrg("plan-"+tc.plan, tc.plan), nil)
		got := rateOf(r)
		if r.Status != 200 || got.Limit != tc.limit || got.Policy != tc.policy {
			t.Errorf("%s: %d limit %s policy %q; want limit %s policy %q", tc.plan, r.Status, got.Limit, got.Policy, tc.limit, tc.policy)
		}
	}
}

// TestRateLimitUnauthenticated: failed authentications are limited per IP,
// and once the IP is refused even a valid key is refused before lookup.
func TestRateLimitUnauthenticated(t *testing.T) {
	env, clk := limitsEnv(t)
	for i := 0; i < 5; i++ {
		if r := env.Do("GET", "/api/v1/projects", env.Key, nil); r.Status != 200 {
			t.Fatalf("valid key = %d", r.Status)
		}
	}
	bad := []func() *servertest.Response{
		func() *servertest.Response { return env.Do("GET", "/api/v1/projects", "", nil) },
		func() *servertest.Response { return env.Do("GET", "/api/v1/projects", core.NewAPIKey(), nil) },
		func() *servertest.Response { return env.Do("GET", "/api/v1/projects", "bwk_nope", nil) },
		func() *servertest.Response {
			return env.Do("GET", "/api/v1/projects", "", nil, "Authorization", "Basic Zm9vOmJhcg==")
		},
	}
	for i := 1; i <= core.AuthFailuresPerMinute; i++ {
		r := bad[i%len(bad)]()
		got := rateOf(r)
		if r.Status != 401 || got.Limit != "20" || got.Remaining != strconv.Itoa(20-i) || got.Reset != limitsUnix(limitsStart.Add(time.Minute)) {
			t.Fatalf("bad key %d = %d %+v", i, r.Status, got)
		}
	}
	for _, key := range []string{core.NewAPIKey(), env.Key} {
		r := env.Do("GET", "/api/v1/projects", key, nil)
		if r.Status != 429 || r.ErrorCode() != "RATE_LIMITED" || rateOf(r).Remaining != "0" || rateOf(r).RetryAfter != "60" {
			t.Errorf("after %d failures = %d %s %+v, want 429", core.AuthFailuresPerMinute, r.Status, r.Body, rateOf(r))
		}
	}
	clk.Add(time.Minute)
	if r := env.Do("GET", "/api/v1/projects", env.Key, nil); r.Status != 200 {
		t.Errorf("next minute = %d %s", r.Status, r.Body)
	}
}

// TestRateLimitEndpoints: upload, results and webhook creation have buckets
// of their own, separate from the organization's windows.
func TestRateLimitEndpoints(t *testing.T) {
	env, _ := limitsEnv(t)
	cases := []struct {
		name, plan, method, path string
		limit                    int
		reset                    time.Time
		policy                   string
	}{
		{"upload", "developer", "POST", "/api/v1/contracts/upload", 50, limitsStart.Add(time.Hour), `"upload";q=50;w=3600`},
		{"results", "startup", "GET", "/api/v1/scans/" + uuid.NewString() + "/results", 100, limitsStart.Add(time.Minute), `"results";q=100;w=60`},
		{"webhooks", "developer", "POST", "/api/v1/webhooks", 10, limitsStart.Add(time.Hour), `"webhooks";q=10;w=3600`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			key := env.NewOrg("ep-"+tc.name, tc.plan)
			for i := 1; i <= tc.limit; i++ {
				r := env.Do(tc.method, tc.path, key, `{}`)
				if r.Status == 429 {
					t.Fatalf("request %d refused: %s", i, r.Body)
				}
				if i == 1 && !strings.Contains(rateOf(r).Policy, tc.policy) {
					t.Errorf("policy %q lacks %q", rateOf(r).Policy, tc.policy)
				}
			}
			r := env.Do(tc.method, tc.path, key, `{}`)
			got := rateOf(r)
			if r.Status != 429 || r.ErrorCode() != "RATE_LIMITED" || got.Limit != strconv.Itoa(tc.limit) ||
				got.Remaining != "0" || got.Reset != limitsUnix(tc.reset) {
				t.Errorf("request %d = %d %s %+v", tc.limit+1, r.Status, r.Body, got)
			}
			// Other routes of the organization still answer, and the
			// refused request took nothing from the organization's minute.
			r = env.Do("GET", "/api/v1/projects", key, nil)
			perMinute := core.PlanLimits(tc.plan).PerMinute
			want := `"minute";r=` + strconv.Itoa(perMinute-tc.limit-1) + ";"
			if r.Status != 200 || !strings.HasPrefix(rateOf(r).State, want) {
				t.Errorf("GET /projects after the endpoint bucket = %d %s, RateLimit %q, want prefix %q", r.Status, r.Body, rateOf(r).State, want)
			}
		})
	}
}

// startLimitsServer starts a second API server on env's database and Redis, as a
// second process behind a load balancer would be.
func startLimitsServer(t *testing.T, env *servertest.Env, rc *redis.Client, clock func() time.Time, proxyHeader string) string {
	t.Helper()
	svc := &core.Service{DB: env.DB, Redis: rc, Queue: env.Queue, Engine: env.Svc.Engine, Cursors: env.Svc.Cursors,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Clock: clock}
	srv := server.New(server.Config{Service: svc, Log: svc.Log, ProxyHeader: proxyHeader})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.App().Listener(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	})
	return "http://" + ln.Addr().String()
}

// TestRateLimitSharedAcrossServers: two API servers sharing the database and
// Redis share one bucket per organization.
func TestRateLimitSharedAcrossServers(t *testing.T) {
	env, clk := limitsEnv(t)
	rc := redis.NewClient(env.Redis.Options())
	t.Cleanup(func() { rc.Close() })
	urls := []string{env.URL, startLimitsServer(t, env, rc, clk.Now, "")}
	key := env.NewOrg("shared", "free")
	do := func(base string) *servertest.Response {
		req, _ := http.NewRequest("GET", base+"/api/v1/projects", nil)
		req.Header.Set("Authorization", "Bearer "+key)
		return env.Send(req)
	}
	for i := 1; i <= 10; i++ {
		r := do(urls[i%2])
		if r.Status != 200 || rateOf(r).Remaining != strconv.Itoa(10-i) {
			t.Fatalf("request %d on server %d = %d remaining %s", i, i%2, r.Status, rateOf(r).Remaining)
		}
	}
	for i, u := range urls {
		if r := do(u); r.Status != 429 || r.ErrorCode() != "RATE_LIMITED" {
			t.Errorf("server %d after 10 shared requests = %d %s", i, r.Status, r.Body)
		}
	}
}

// TestRateLimitRedisDown: with Redis unreachable the API fails closed with
// 503 in the envelope; health probes still answer.
func TestRateLimitRedisDown(t *testing.T) {
	env, _ := limitsEnv(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	rc := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { rc.Close() })
	base := startLimitsServer(t, env, rc, nil, "")
	for _, tc := range []struct{ path, key string }{
		{"/api/v1/projects", env.Key},
		{"/api/v1/projects", core.NewAPIKey()},
		{"/api/v1/projects", ""},
		{"/api/v1/openapi.json", ""},
		{"/api/v1/nope", ""},
	} {
		req, _ := http.NewRequest("GET", base+tc.path, nil)
		if tc.key != "" {
			req.Header.Set("Authorization", "Bearer "+tc.key)
		}
		start := time.Now()
		r := env.Send(req)
		body := r.JSON()
		e, _ := body["error"].(map[string]any)
		if r.Status != 503 || r.ErrorCode() != "SERVICE_UNAVAILABLE" || e["request_id"] == nil || e["request_id"] == "" {
			t.Errorf("GET %s key=%t = %d %s, want 503 SERVICE_UNAVAILABLE", tc.path, tc.key != "", r.Status, r.Body)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("GET %s took %s", tc.path, d)
		}
	}
	req, _ := http.NewRequest("GET", base+"/healthz", nil)
	if r := env.Send(req); r.Status != 200 {
		t.Errorf("healthz = %d", r.Status)
	}
}

// TestRateLimitPublicRoutes: openapi.json, the .bulwark.yml schema and unknown paths are limited per
// IP; service probes carry no limiter headers.
func TestRateLimitPublicRoutes(t *testing.T) {
	env, _ := limitsEnv(t)
	for i, p := range []string{"/api/v1/openapi.json", "/api/v1/nope", "/api/v1/quality-gates/projects/" + uuid.NewString() + "/badge.svg",
		"/api/v1/schemas/bulwark-config.json"} {
		r := env.Do("GET", p, "", nil)
		got := rateOf(r)
		if got.Limit != strconv.Itoa(core.PublicPerMinute) || got.Remaining != strconv.Itoa(core.PublicPerMinute-1-i) {
			t.Errorf("GET %s = %d %+v", p, r.Status, got)
		}
	}
	for _, p := range []string{"/healthz", "/readyz", "/metrics"} {
		if r := env.Do("GET", p, "", nil); r.Status != 200 || r.Header.Get("X-RateLimit-Limit") != "" {
			t.Errorf("GET %s = %d limit %q", p, r.Status, r.Header.Get("X-RateLimit-Limit"))
		}
	}
}

type limitsUsageBody struct {
	Period   string `json:"period"`
	Requests struct {
		Total      int            `json:"total"`
		ByEndpoint map[string]int `json:"by_endpoint"`
	} `json:"requests"`
	RateLimitEvents int            `json:"rate_limit_events"`
	CurrentUsage    map[string]int `json:"current_usage"`
	Plan            struct {
		Name   string         `json:"name"`
		Limits map[string]any `json:"limits"`
	} `json:"plan"`
	Quota limitsQuotaBody `json:"quota"`
}

type limitsQuotaBody struct {
	Plan   string `json:"plan"`
	Period string `json:"period"`
	Scans  struct {
		Limit     *int   `json:"limit"`
		Used      int    `json:"used"`
		Remaining *int   `json:"remaining"`
		ResetsAt  string `json:"resets_at"`
	} `json:"scans"`
	AIExplanations struct {
		Limit     *int `json:"limit"`
		Used      int  `json:"used"`
		Remaining *int `json:"remaining"`
	} `json:"ai_explanations"`
	ConcurrentScans struct {
		Limit *int `json:"limit"`
		InUse int  `json:"in_use"`
	} `json:"concurrent_scans"`
}

// TestUsageReport checks GET /usage after a known sequence of requests.
func TestUsageReport(t *testing.T) {
	env, clk := limitsEnv(t)
	owner := env.NewOrg("usage-co", "enterprise")
	reader := env.NewOrg("usage-co", "enterprise", "projects:read")
	var orgID uuid.UUID
	if err := env.DB.NewSelect().Model((*db.Organization)(nil)).Column("id").Where("name = 'usage-co'").Scan(t.Context(), &orgID); err != nil {
		t.Fatal(err)
	}
	ten, thousand := 10, 1000
	if err := env.Svc.SetPlanOverrides(t.Context(), orgID, core.PlanOverrides{PerMinute: &ten, PerHour: &thousand}); err != nil {
		t.Fatal(err)
	}
	other := env.NewOrg("usage-other", "developer")
	status := func(r *servertest.Response, want int) {
		t.Helper()
		if r.Status != want {
			t.Fatalf("%d %s, want %d", r.Status, r.Body, want)
		}
	}
	for i := 0; i < 3; i++ {
		status(env.Do("GET", "/api/v1/projects", owner, nil), 200)
	}
	a := env.Do("POST", "/api/v1/projects", owner, map[string]any{"name": "a"})
	status(a, 201)
	status(env.Do("POST", "/api/v1/projects", owner, map[string]any{"name": "b"}), 201)
	status(env.Do("GET", "/api/v1/projects/"+a.JSON()["id"].(string), owner, nil), 200)
	status(env.Do("GET", "/api/v1/projects/"+uuid.NewString(), owner, nil), 404)
	status(env.Do("GET", "/api/v1/usage", reader, nil), 403)
	status(env.Do("GET", "/api/v1/projects", core.NewAPIKey(), nil), 401)
	status(env.Do("GET", "/api/v1/projects", other, nil), 200)
	status(env.Do("GET", "/api/v1/projects", reader, nil), 200)
	status(env.Do("GET", "/api/v1/projects", owner, nil), 200)
	status(env.Do("GET", "/api/v1/projects", owner, nil), 429)
	status(env.Do("GET", "/api/v1/projects", reader, nil), 429)
	clk.Add(time.Minute)
	r := env.Do("GET", "/api/v1/usage", owner, nil)
	status(r, 200)
	var got limitsUsageBody
	r.Decode(t, &got)
	want := limitsUsageBody{Period: "2026-11", RateLimitEvents: 2,
		CurrentUsage: map[string]int{"minute": 1, "hour": 11, "day": 11}}
	want.Requests.Total = 11
	want.Requests.ByEndpoint = map[string]int{"GET /api/v1/projects": 5, "POST /api/v1/projects": 2,
		"GET /api/v1/projects/:id": 2, "GET /api/v1/usage": 2}
	want.Plan.Name = "enterprise"
	want.Plan.Limits = map[string]any{"requests_per_minute": 10.0, "requests_per_hour": 1000.0, "requests_per_day": nil,
		"concurrent_scans": 50.0, "monthly_scans": nil, "ai_explanations": nil,
		"endpoints": map[string]any{
			"POST /api/v1/contracts/upload": map[string]any{"limit": 50.0, "window": "hour"},
			"GET /api/v1/scans/:id/results": map[string]any{"limit": 100.0, "window": "minute"},
			"POST /api/v1/webhooks":         map[string]any{"limit": 10.0, "window": "hour"},
		}}
	want.Quota.Plan, want.Quota.Period = "enterprise", "2026-11"
	want.Quota.Scans.ResetsAt = "2026-12-01T00:00:00Z"
	want.Quota.ConcurrentScans.Limit = limitsPtr(50)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("usage (-want +got):\n%s", diff)
	}
}

func limitsPtr(n int) *int { return &n }

// TestUserQuota checks GET /users/me/quota against scans and explanations
// recorded directly.
func TestUserQuota(t *testing.T) {
	env, _ := limitsEnv(t)
	orgID := uuid.MustParse(env.OrgID)
	userID := uuid.MustParse(env.UserID)
	for _, sc := range []struct {
		status  string
		created time.Time
	}{
		{core.ScanQueued, limitsStart}, {core.ScanRunning, limitsStart}, {core.ScanCompleted, limitsStart},
		{core.ScanCompleted, time.Date(2026, 10, 31, 23, 0, 0, 0, time.UTC)},
	} {
		row := &db.Scan{ID: uuid.New(), OrganizationID: orgID, ProjectID: uuid.New(), ContractID: uuid.New(),
			Status: sc.status, Preset: "standard", ScannersUsed: []string{}, FileErrors: []db.FileError{},
			CreatedBy: userID, CreatedAt: sc.created, UpdatedAt: sc.created}
		if _, err := env.DB.NewInsert().Model(row).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	p := &core.Principal{OrgID: orgID, UserID: userID, Plan: "developer"}
	for i := 0; i < 2; i++ {
		if _, err := env.Svc.ConsumeAIExplanation(t.Context(), p); err != nil {
			t.Fatal(err)
		}
	}
	viewer := env.NewOrg("acme", "developer", "projects:read")
	r := env.Do("GET", "/api/v1/users/me/quota", viewer, nil)
	if r.Status != 200 {
		t.Fatalf("quota = %d %s", r.Status, r.Body)
	}
	var got limitsQuotaBody
	r.Decode(t, &got)
	var want limitsQuotaBody
	want.Plan, want.Period = "developer", "2026-11"
	want.Scans.Limit, want.Scans.Used, want.Scans.Remaining, want.Scans.ResetsAt = limitsPtr(500), 3, limitsPtr(497), "2026-12-01T00:00:00Z"
	want.AIExplanations.Limit, want.AIExplanations.Used, want.AIExplanations.Remaining = limitsPtr(10), 2, limitsPtr(8)
	want.ConcurrentScans.Limit, want.ConcurrentScans.InUse = limitsPtr(3), 2
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("quota (-want +got):\n%s", diff)
	}
	if rateOf(r).Limit != "60" {
		t.Errorf("quota response lacks the rate headers: %+v", rateOf(r))
	}

	// Another organization sees only its own numbers; Enterprise shows
	// unlimited as null.
	r = env.Do("GET", "/api/v1/users/me/quota", env.NewOrg("big", "enterprise"), nil)
	var ent limitsQuotaBody
	r.Decode(t, &ent)
	if ent.Scans.Limit != nil || ent.Scans.Remaining != nil || ent.Scans.Used != 0 || ent.AIExplanations.Limit != nil ||
		ent.ConcurrentScans.InUse != 0 || ent.ConcurrentScans.Limit == nil || *ent.ConcurrentScans.Limit != 50 {
		t.Errorf("enterprise quota = %s", r.Body)
	}
	for _, tc := range []struct {
		path, key string
		status    int
		code      string
	}{
		{"/api/v1/users/me/quota", "", 401, "UNAUTHORIZED"},
		{"/api/v1/usage", "", 401, "UNAUTHORIZED"},
		{"/api/v1/usage", viewer, 403, "PERMISSION_DENIED"},
		{"/api/v1/usage", env.NewOrg("acme", "developer", "usage:read"), 200, ""},
	} {
		if r := env.Do("GET", tc.path, tc.key, nil); r.Status != tc.status || r.ErrorCode() != tc.code {
			t.Errorf("GET %s = %d %s, want %d %s", tc.path, r.Status, r.Body, tc.status, tc.code)
		}
	}
}

// TestRateLimitBehindProxy: behind a proxy the per-IP windows key on the
// address the proxy appended, so invented X-Forwarded-For entries do not
// escape them; wallet sign-in has its own tighter window.
func TestRateLimitBehindProxy(t *testing.T) {
	env, clk := limitsEnv(t)
	rc := redis.NewClient(env.Redis.Options())
	t.Cleanup(func() { rc.Close() })
	base := startLimitsServer(t, env, rc, clk.Now, "X-Forwarded-For")
	do := func(method, path, key, xff string) *servertest.Response {
		req, _ := http.NewRequest(method, base+path, nil)
		if key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
		req.Header.Set("X-Forwarded-For", xff)
		return env.Send(req)
	}
	for i := 1; i <= core.AuthFailuresPerMinute; i++ {
		forged := "198.51.100." + strconv.Itoa(i)
		if r := do("GET", "/api/v1/projects", core.NewAPIKey(), forged+", 203.0.113.7"); r.Status != 401 {
			t.Fatalf("failure %d = %d %s", i, r.Status, r.Body)
		}
	}
	if r := do("GET", "/api/v1/projects", env.Key, "198.51.100.99, 203.0.113.7"); r.Status != 429 {
		t.Errorf("forged first entry escaped the window: %d %s", r.Status, r.Body)
	}
	if r := do("GET", "/api/v1/projects", env.Key, "203.0.113.8"); r.Status != 200 {
		t.Errorf("another client = %d %s", r.Status, r.Body)
	}
	// Addresses of one IPv6 /64 share a window.
	for i := 1; i <= core.AuthFailuresPerMinute; i++ {
		if r := do("GET", "/api/v1/projects", "", "2001:db8:1:2::"+strconv.FormatInt(int64(i), 16)); r.Status != 401 {
			t.Fatalf("IPv6 failure %d = %d %s", i, r.Status, r.Body)
		}
	}
	if r := do("GET", "/api/v1/projects", env.Key, "2001:db8:1:2:ffff::1"); r.Status != 429 {
		t.Errorf("same /64 = %d %s, want 429", r.Status, r.Body)
	}
	if r := do("GET", "/api/v1/projects", env.Key, "2001:db8:1:3::1"); r.Status != 200 {
		t.Errorf("other /64 = %d %s, want 200", r.Status, r.Body)
	}
	for i := 1; i <= core.WalletPerMinute; i++ {
		r := do("POST", "/api/v1/auth/wallet/solana/nonce", "", "203.0.113.9")
		if r.Status == 429 || rateOf(r).Limit != strconv.Itoa(core.WalletPerMinute) || rateOf(r).Remaining != strconv.Itoa(core.WalletPerMinute-i) {
			t.Fatalf("nonce %d = %d %+v", i, r.Status, rateOf(r))
		}
	}
	if r := do("POST", "/api/v1/auth/wallet/solana/verify", "", "203.0.113.9"); r.Status != 429 || r.ErrorCode() != "RATE_LIMITED" {
		t.Errorf("wallet call %d = %d %s", core.WalletPerMinute+1, r.Status, r.Body)
	}
}

// TestAuditIPBehindProxy: audit entries record the client address the
// trusted proxy appended (the last X-Forwarded-For entry), exactly, not the
// raw header list.
func TestAuditIPBehindProxy(t *testing.T) {
	env, clk := limitsEnv(t)
	rc := redis.NewClient(env.Redis.Options())
	t.Cleanup(func() { rc.Close() })
	base := startLimitsServer(t, env, rc, clk.Now, "X-Forwarded-For")
	for _, tc := range []struct{ xff, want string }{
		{"198.51.100.1, 203.0.113.7", "203.0.113.7"},
		{"2001:db8:1:2::42", "2001:db8:1:2::42"},
	} {
		req, _ := http.NewRequest("POST", base+"/api/v1/projects", strings.NewReader(`{"name":"p-`+tc.want+`"}`))
		req.Header.Set("Authorization", "Bearer "+env.Key)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", tc.xff)
		r := env.Send(req)
		if r.Status != 201 {
			t.Fatalf("create = %d %s", r.Status, r.Body)
		}
		var ip string
		if err := env.DB.NewRaw("SELECT ip FROM audit_logs WHERE resource_id = ?", r.JSON()["id"]).Scan(t.Context(), &ip); err != nil {
			t.Fatal(err)
		}
		if ip != tc.want {
			t.Errorf("X-Forwarded-For %q: audit ip = %q, want %q", tc.xff, ip, tc.want)
		}
	}
}
