package server_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// limitsBenchOrg creates an Enterprise organization whose windows are too large
// to refuse, so every request runs the whole limiter (script, headers).
func limitsBenchOrg(b *testing.B, env *servertest.Env) (string, *core.Principal) {
	b.Helper()
	key := env.NewOrg("bench", "enterprise")
	var org db.Organization
	if err := env.DB.NewSelect().Model(&org).Where("name = 'bench'").Scan(context.Background()); err != nil {
		b.Fatal(err)
	}
	big := 1 << 30
	if err := env.Svc.SetPlanOverrides(context.Background(), org.ID,
		core.PlanOverrides{PerMinute: &big, PerHour: &big, PerDay: &big}); err != nil {
		b.Fatal(err)
	}
	return key, &core.Principal{OrgID: org.ID, Plan: org.Plan}
}

// BenchmarkLimiterPerRequest is the limiter's work for one authenticated
// request, one request at a time: the client IP's failed-authentication
// check before the key lookup plus the organization's atomic take (two
// Redis round trips). Its ns/op is the latency the limiter adds.
func BenchmarkLimiterPerRequest(b *testing.B) {
	env := servertest.New(b, servertest.Options{NoWorker: true})
	_, p := limitsBenchOrg(b, env)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if d, err := env.Svc.CheckAuthFailures(ctx, "192.0.2.1"); err != nil || !d.Allowed {
			b.Fatalf("check: %v %+v", err, d)
		}
		if d, err := env.Svc.TakeRequest(ctx, p, "", "GET /api/v1/projects/:id", ""); err != nil || !d.Allowed {
			b.Fatalf("take: %v %+v", err, d)
		}
	}
}

// BenchmarkAuthenticatedRequest measures authenticated requests over HTTP
// (GET /api/v1/projects/{id}) with the limiter on and off; the ratio of the
// two throughputs is the limiter's cost.
func BenchmarkAuthenticatedRequest(b *testing.B) {
	for _, on := range []bool{false, true} {
		name := "limits=off"
		if on {
			name = "limits=on"
		}
		b.Run(name, func(b *testing.B) {
			env := servertest.New(b, servertest.Options{NoWorker: true, RateLimit: on})
			key, _ := limitsBenchOrg(b, env)
			r := env.Do("POST", "/api/v1/projects", key, map[string]any{"name": "bench"})
			if r.Status != 201 {
				b.Fatalf("create project = %d %s", r.Status, r.Body)
			}
			url := env.URL + "/api/v1/projects/" + r.JSON()["id"].(string)
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
			b.SetParallelism(4)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				req, _ := http.NewRequest("GET", url, nil)
				req.Header.Set("Authorization", "Bearer "+key)
				req.Header.Set("X-Request-Id", uuid.NewString())
				for pb.Next() {
					resp, err := client.Do(req)
					if err != nil {
						b.Error(err)
						return
					}
					resp.Body.Close()
					if resp.StatusCode != 200 || (on && resp.Header.Get("X-RateLimit-Limit") == "") {
						b.Errorf("status %d, limit header %q", resp.StatusCode, resp.Header.Get("X-RateLimit-Limit"))
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
		})
	}
}

// BenchmarkRedisPing is the baseline round trip to the same Redis, to read
// BenchmarkLimiterPerRequest against on a loaded machine.
func BenchmarkRedisPing(b *testing.B) {
	env := servertest.New(b, servertest.Options{NoWorker: true})
	ctx := context.Background()
	for b.Loop() {
		if err := env.Redis.Ping(ctx).Err(); err != nil {
			b.Fatal(err)
		}
	}
}
