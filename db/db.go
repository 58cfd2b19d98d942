// Package db owns bulwark's storage: the bun models (one file per table),
// the queries on them, and the migrations. The same models and migrations
// run on PostgreSQL (production, CI) and on an embedded SQLite file (the
// zero-config default).
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"github.com/uptrace/bun/driver/sqliteshim"
)

// ErrNotFound is returned when a row does not exist or belongs to another
// organization.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned when a conditional update finds the row in another
// state than expected.
var ErrConflict = errors.New("state conflict")

// ErrDuplicate is returned when a unique constraint rejects an insert.
var ErrDuplicate = errors.New("duplicate")

// Options tune Open.
type Options struct {
	// StatementTimeout bounds every PostgreSQL statement (the server's
	// statement_timeout) and, with a margin, every read from the server, so
	// a database that accepts connections but never answers cannot hold a
	// request. Zero means DefaultStatementTimeout.
	StatementTimeout time.Duration
}

// DefaultStatementTimeout is BULWARK_DB_STATEMENT_TIMEOUT's default.
const DefaultStatementTimeout = 5 * time.Second

// Open connects to dsn: a postgres:// URL selects PostgreSQL through
// pgdriver; a sqlite path (file:… or sqlite://… or a plain path) selects the
// embedded SQLite driver. The connection is checked before returning.
func Open(ctx context.Context, dsn string, opts ...Options) (*bun.DB, error) {
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	if o.StatementTimeout <= 0 {
		o.StatementTimeout = DefaultStatementTimeout
	}
	var bdb *bun.DB
	switch {
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		sqldb := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(dsn),
			pgdriver.WithConnParams(map[string]any{"statement_timeout": o.StatementTimeout.Milliseconds()}),
			pgdriver.WithDialTimeout(3*time.Second),
			pgdriver.WithReadTimeout(o.StatementTimeout+2*time.Second),
			pgdriver.WithWriteTimeout(5*time.Second)))
		sqldb.SetMaxOpenConns(20)
		sqldb.SetMaxIdleConns(20)
		sqldb.SetConnMaxIdleTime(5 * time.Minute)
		bdb = bun.NewDB(sqldb, pgdialect.New())
	default:
		path := strings.TrimPrefix(strings.TrimPrefix(dsn, "sqlite://"), "file:")
		if i := strings.IndexByte(path, '?'); i >= 0 {
			path = path[:i]
		}
		if path == "" {
			return nil, fmt.Errorf("open database: empty sqlite path")
		}
		if dir := filepath.Dir(path); dir != "." {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, fmt.Errorf("create database folder: %w", err)
			}
		}
		q := url.Values{}
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "synchronous(NORMAL)")
		q.Add("_txlock", "immediate")
		sqldb, err := sql.Open(sqliteshim.ShimName, "file:"+path+"?"+q.Encode())
		if err != nil {
			return nil, fmt.Errorf("open sqlite %s: %w", path, err)
		}
		// SQLite allows one writer; a small pool avoids lock storms.
		sqldb.SetMaxOpenConns(4)
		bdb = bun.NewDB(sqldb, sqlitedialect.New())
	}
	if err := bdb.PingContext(ctx); err != nil {
		_ = bdb.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return bdb, nil
}

// IsPostgres reports whether db talks to PostgreSQL.
func IsPostgres(db bun.IDB) bool { return db.Dialect().Name() == dialect.PG }

// Now returns the current time in UTC truncated to microseconds, the
// precision both databases keep, so that values round-trip exactly through
// cursors.
func Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// notFound maps sql.ErrNoRows to ErrNotFound.
// NotFoundErr maps sql.ErrNoRows to ErrNotFound.
func NotFoundErr(err error) error { return notFound(err) }

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// IsUniqueViolation reports whether err is a unique-constraint failure on
// either database.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	var pgErr pgdriver.Error
	if errors.As(err, &pgErr) {
		return pgErr.Field('C') == "23505"
	}
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}
