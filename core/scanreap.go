package core

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// StaleScans returns up to limit scans that may have lost their task:
// running and not updated since runningBefore (a worker took them and
// nothing has been heard since), or queued since before queuedBefore. The
// housekeeping task checks each one against the queue.
func (s *Service) StaleScans(ctx context.Context, runningBefore, queuedBefore time.Time, limit int) ([]db.Scan, error) {
	var rows []db.Scan
	err := s.DB.NewSelect().Model(&rows).
		Column("id", "organization_id", "contract_id", "status", "attempts", "created_at", "updated_at").
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("status = ? AND updated_at < ?", ScanRunning, runningBefore).
				WhereOr("status = ? AND updated_at < ?", ScanQueued, queuedBefore)
		}).
		OrderExpr("updated_at").Limit(int64(limit)).Scan(ctx)
	return rows, err
}

// FailAbandonedScan marks a queued or running scan failed because its task
// is gone for good (every attempt's worker stopped before finishing).
func (s *Service) FailAbandonedScan(ctx context.Context, id uuid.UUID) error {
	return s.failScan(ctx, id, FailAbandoned, "the scan's workers stopped before it finished, on every attempt; retry the scan")
}
