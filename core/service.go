package core

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner"
)

// Enqueuer puts scan work on the queue. jobs implements it with asynq.
type Enqueuer interface {
	EnqueueScan(ctx context.Context, scanID, orgID uuid.UUID) error
	// CancelScan drops a queued scan task, or signals a running one.
	CancelScan(ctx context.Context, scanID uuid.UUID) error
}

// Service is the domain API every entry point calls.
type Service struct {
	DB      *bun.DB
	Queue   Enqueuer
	Engine  *scanner.Engine
	Cursors Cursors
	Log     *slog.Logger
	// Redis holds the rate-limit windows and request counters shared by
	// every API process (core/limits.go).
	Redis *redis.Client
	// Clock returns the current time; tests inject their own.
	Clock func() time.Time
	// Webhooks are the delivery settings (https only and public addresses
	// only, unless relaxed for local use).
	Webhooks WebhookOptions
	// ScanFinished are called after a scan's final status has committed
	// and its gate evaluations were resolved (the GitHub App reports its
	// check run from here). They run in the worker that ran the scan and
	// must not block for long; errors are theirs to log.
	ScanFinished []func(ctx context.Context, scanID uuid.UUID)
	// Delivered, when set, is told of every webhook delivery attempt once
	// it is recorded (the worker's Prometheus metrics).
	Delivered func(rec *db.Delivery)
	// Reports signs the links to scan report pages (GET /r/{token}).
	Reports ReportLinks
	// LLM is the provider that explains economic analyses; zero means the
	// built-in explainer.
	LLM LLMConfig

	whOnce   sync.Once
	whClient *http.Client
	// auth caches resolved API keys (core/authcache.go).
	auth authCache
}

// Now returns the service clock's time in UTC at microsecond precision.
func (s *Service) Now() time.Time {
	if s.Clock != nil {
		return s.Clock().UTC().Truncate(time.Microsecond)
	}
	return db.Now()
}

// dbErr maps storage sentinels to domain errors for resource.
func dbErr(err error, resource string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, db.ErrNotFound):
		return NotFound(resource)
	case errors.Is(err, db.ErrDuplicate):
		return Errorf(CodeDuplicate, "%s already exists", resource)
	case errors.Is(err, db.ErrConflict):
		return Errorf(CodeConflict, "%s was modified concurrently", resource)
	}
	return fmt.Errorf("%s: %w", resource, err)
}

// newID returns a time-ordered UUIDv7, which keeps inserts index-friendly.
func newID() uuid.UUID { return uuid.Must(uuid.NewV7()) }
