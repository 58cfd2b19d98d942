package core

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// concurrentRetryAfter is the Retry-After of CONCURRENT_LIMIT: when a slot
// frees depends on running scans, so clients are told to poll.
const concurrentRetryAfter = 30

// admitScan decides whether p's organization may create one more scan: the
// monthly scan quota (QUOTA_EXCEEDED, retry after the 1st of next month UTC)
// and the concurrent-scan limit on queued + running scans (CONCURRENT_LIMIT
// with current_scans and max_scans). It is the first statement of the
// transaction that inserts the scan, and it locks the organization row
// first (SELECT … FOR UPDATE on PostgreSQL; SQLite transactions are
// BEGIN IMMEDIATE and already serialize writers), so two requests racing
// for the last slot are counted one after the other and exactly one wins.
func (s *Service) admitScan(ctx context.Context, tx bun.IDB, p *Principal) error {
	org := new(db.Organization)
	q := tx.NewSelect().Model(org).Where("id = ?", p.OrgID)
	if db.IsPostgres(tx) {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		return dbErr(db.NotFoundErr(err), "organization")
	}
	// The locked row's plan, not the one read at authentication, so a plan
	// change is honoured at once.
	l, err := s.LimitsFor(ctx, tx, org.ID, org.Plan)
	if err != nil {
		return err
	}
	now := s.Now()
	start, next := quotaMonth(now)
	if l.MonthlyScans != Unlimited {
		used, err := quotaMonthScans(ctx, tx, p, start, next)
		if err != nil {
			return err
		}
		if used >= l.MonthlyScans {
			return &Error{Code: CodeQuotaExceeded,
				Message: fmt.Sprintf("the monthly scan quota of the %s plan (%d scans) is used up; it resets at %s",
					org.Plan, l.MonthlyScans, next.Format(time.RFC3339)),
				Details: map[string]any{"limit": l.MonthlyScans, "used": used, "resets_at": next.Format(time.RFC3339)},
				Extra:   map[string]any{"retry_after": retryAfterUntil(now, next)}}
		}
	}
	if l.ConcurrentScans != Unlimited {
		active, err := quotaActiveScans(ctx, tx, p)
		if err != nil {
			return err
		}
		if active >= l.ConcurrentScans {
			return &Error{Code: CodeConcurrentLimit,
				Message: fmt.Sprintf("%d scans are queued or running, the most the %s plan allows; retry when one ends",
					active, org.Plan),
				Extra: map[string]any{"current_scans": active, "max_scans": l.ConcurrentScans,
					"retry_after": concurrentRetryAfter}}
		}
	}
	return nil
}

func quotaActiveScans(ctx context.Context, q bun.IDB, p *Principal) (int, error) {
	n, err := q.NewSelect().Model((*db.Scan)(nil)).
		Where("organization_id = ? AND status IN (?)", p.OrgID, bun.List(ActiveScanStatuses)).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count active scans of organization %s: %w", p.OrgID, err)
	}
	return int(n), nil
}

// quotaMonthScans counts every scan created in [start, next), whatever its
// outcome: the quota meters work asked for.
func quotaMonthScans(ctx context.Context, q bun.IDB, p *Principal, start, next time.Time) (int, error) {
	n, err := q.NewSelect().Model((*db.Scan)(nil)).
		Where("organization_id = ? AND created_at >= ? AND created_at < ?", p.OrgID, start, next).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count scans of organization %s: %w", p.OrgID, err)
	}
	return int(n), nil
}

// quotaMonth returns the first instants of t's UTC month and of the next.
func quotaMonth(t time.Time) (start, next time.Time) {
	t = t.UTC()
	start = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	return start, start.AddDate(0, 1, 0)
}

// MonthPeriod is the UTC month of t, "2006-01".
func MonthPeriod(t time.Time) string { return t.UTC().Format("2006-01") }

func retryAfterUntil(now, t time.Time) int {
	return max(1, int((t.Sub(now)+time.Second-1)/time.Second))
}
