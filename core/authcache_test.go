package core_test

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db/dbtest"
)

// TestAuthCacheInvalidatedAcrossProcesses: two services share the database
// and Redis, as two API processes do. A key both have cached stops working
// in both once either revokes it, well before the cache's TTL.
func TestAuthCacheInvalidatedAcrossProcesses(t *testing.T) {
	bdb := dbtest.New(t)
	opt := dbtest.Redis(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	newSvc := func() *core.Service {
		rc := redis.NewClient(opt)
		t.Cleanup(func() { rc.Close() })
		return &core.Service{DB: bdb, Redis: rc, Log: log}
	}
	a, b := newSvc(), newSvc()
	ctx := t.Context()
	boot, err := a.CreateOwnerKey(ctx, "acme", "developer", "owner@acme.test", nil)
	if err != nil {
		t.Fatal(err)
	}
	pa, err := a.Authenticate(ctx, boot.APIKey)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Authenticate(ctx, boot.APIKey); err != nil {
		t.Fatal(err)
	}
	if !a.KeyCached(boot.APIKey) || !b.KeyCached(boot.APIKey) {
		t.Fatal("the key is not cached after authenticating")
	}
	if err := b.RevokeAPIKey(ctx, pa, pa.KeyID); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Authenticate(ctx, boot.APIKey); err == nil {
		t.Error("the revoking process still accepts the key")
	}
	deadline := time.Now().Add(3 * time.Second)
	for a.KeyCached(boot.APIKey) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := a.Authenticate(ctx, boot.APIKey); err == nil {
		t.Error("the other process still accepts the revoked key (cache not invalidated)")
	}
}
