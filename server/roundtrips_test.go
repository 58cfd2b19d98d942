package server_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

type countQueries struct{ n atomic.Int64 }

func (c *countQueries) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context {
	return ctx
}
func (c *countQueries) AfterQuery(_ context.Context, _ *bun.QueryEvent) { c.n.Add(1) }

type countCommands struct{ n atomic.Int64 }

func (c *countCommands) DialHook(next redis.DialHook) redis.DialHook { return next }
func (c *countCommands) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error { c.n.Add(1); return next(ctx, cmd) }
}
func (c *countCommands) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error { c.n.Add(int64(len(cmds))); return next(ctx, cmds) }
}

// TestWarmRequestRoundTrips counts what an authenticated read costs once its
// key is warm, rate limiting on: one Redis command (the limiter's script)
// and the handler's own query; no authentication query at all.
func TestWarmRequestRoundTrips(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true, RateLimit: true})
	r := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "p"})
	if r.Status != 201 {
		t.Fatalf("create = %d %s", r.Status, r.Body)
	}
	path := "/api/v1/projects/" + r.JSON()["id"].(string)
	env.Do("GET", path, env.Key, nil) // warm: key cached, script loaded
	q, c := &countQueries{}, &countCommands{}
	//lint:ignore SA1019 the hook must see the queries of the service that shares this *bun.DB; WithQueryHook returns a copy
	env.DB.AddQueryHook(q)
	env.Redis.AddHook(c)
	const n = 20
	for range n {
		if r := env.Do("GET", path, env.Key, nil); r.Status != 200 {
			t.Fatalf("GET = %d %s", r.Status, r.Body)
		}
	}
	if got := q.n.Load(); got != n {
		t.Errorf("%d database queries for %d warm reads, want %d (the handler's only)", got, n, n)
	}
	if got := c.n.Load(); got != n {
		t.Errorf("%d Redis commands for %d warm reads, want %d (the limiter's script only)", got, n, n)
	}
}
