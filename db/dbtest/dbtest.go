// Package dbtest gives each test its own migrated database and its own
// Redis: a fresh PostgreSQL database and a free Redis DB number when
// BULWARK_TEST_DATABASE_URL and BULWARK_TEST_REDIS_URL are set (as CI sets
// them), and a SQLite file and an in-process miniredis otherwise.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/migrations"
)

// Postgres reports whether tests run against real PostgreSQL.
func Postgres() bool { return os.Getenv("BULWARK_TEST_DATABASE_URL") != "" }

// DSN creates a fresh empty database for t and returns its DSN; it is
// dropped when t ends.
func DSN(t testing.TB) string {
	t.Helper()
	base := os.Getenv("BULWARK_TEST_DATABASE_URL")
	if base == "" {
		return filepath.Join(t.TempDir(), "bulwark.db")
	}
	ctx := context.Background()
	admin, err := db.Open(ctx, base)
	if err != nil {
		t.Fatalf("dbtest: connect %s: %v", redact(base), err)
	}
	defer admin.Close()
	name := "bulwark_test_" + randomHex(6)
	// CREATE DATABASE copies a template and waits for a checkpoint: on a
	// loaded machine it can outlast the service's statement timeout, which
	// bounds application queries, not test setup. One connection, no
	// statement timeout, two minutes at most.
	cctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	conn, err := admin.Conn(cctx)
	if err != nil {
		t.Fatalf("dbtest: connect %s: %v", redact(base), err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(cctx, "SET statement_timeout = 0"); err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	if _, err := conn.ExecContext(cctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("dbtest: create database: %v", err)
	}
	t.Cleanup(func() {
		a, err := db.Open(context.Background(), base)
		if err != nil {
			t.Logf("dbtest: drop %s: %v", name, err)
			return
		}
		defer a.Close()
		if _, err := a.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Logf("dbtest: drop %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("dbtest: parse url: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// New returns a migrated database of t's own.
func New(t testing.TB) *bun.DB {
	t.Helper()
	ctx := context.Background()
	bdb, err := db.Open(ctx, DSN(t))
	if err != nil {
		t.Fatalf("dbtest: open: %v", err)
	}
	t.Cleanup(func() { bdb.Close() })
	if err := migrations.Up(ctx, bdb); err != nil {
		t.Fatalf("dbtest: migrate: %v", err)
	}
	return bdb
}

// Redis returns redis options for a Redis DB of t's own, flushed before use
// and after.
func Redis(t testing.TB) *redis.Options {
	t.Helper()
	raw := os.Getenv("BULWARK_TEST_REDIS_URL")
	if raw == "" {
		mr := miniredis.RunT(t)
		stop := make(chan struct{})
		go func() {
			tk := time.NewTicker(100 * time.Millisecond)
			defer tk.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tk.C:
					mr.FastForward(100 * time.Millisecond)
				}
			}
		}()
		t.Cleanup(func() { close(stop) })
		return &redis.Options{Addr: mr.Addr()}
	}
	opt, err := redis.ParseURL(raw)
	if err != nil {
		t.Fatalf("dbtest: parse redis url: %v", err)
	}
	ctx := context.Background()
	ctl := redis.NewClient(opt)
	defer ctl.Close()
	// DB 0 holds the locks; tests take DBs 1..15.
	for n := 1; n < 16; n++ {
		key := fmt.Sprintf("bulwark-test-lock:%d", n)
		ok, err := ctl.SetNX(ctx, key, "1", 10*time.Minute).Result()
		if err != nil {
			t.Fatalf("dbtest: redis lock: %v", err)
		}
		if !ok {
			continue
		}
		o := *opt
		o.DB = n
		c := redis.NewClient(&o)
		if err := c.FlushDB(ctx).Err(); err != nil {
			t.Fatalf("dbtest: flush redis db %d: %v", n, err)
		}
		c.Close()
		t.Cleanup(func() {
			c := redis.NewClient(&o)
			c.FlushDB(context.Background())
			c.Close()
			r := redis.NewClient(opt)
			r.Del(context.Background(), key)
			r.Close()
		})
		return &o
	}
	t.Fatalf("dbtest: no free redis database (1..15 all locked)")
	return nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func redact(dsn string) string {
	if u, err := url.Parse(dsn); err == nil {
		return u.Redacted()
	}
	return strings.SplitN(dsn, "@", 2)[0]
}
