package core

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// metricAIExplanations is the usage_counters metric of AI explanations.
const metricAIExplanations = "ai_explanations"

// QuotaReport is an organization's consumption of its plan this UTC month.
type QuotaReport struct {
	Plan   string
	Period string
	Limits Limits
	// ScansUsed counts scans created this month; ScansResetAt is the 1st of
	// next month, 00:00 UTC.
	ScansUsed    int
	ScansResetAt time.Time
	AIUsed       int
	// ActiveScans counts queued and running scans.
	ActiveScans int
}

// Quota reports p's organization's scan quota, AI explanations and
// concurrent scans.
func (s *Service) Quota(ctx context.Context, p *Principal) (*QuotaReport, error) {
	l, err := s.LimitsFor(ctx, nil, p.OrgID, p.Plan)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	start, next := quotaMonth(now)
	r := &QuotaReport{Plan: p.Plan, Period: MonthPeriod(now), Limits: l, ScansResetAt: next}
	if r.ScansUsed, err = quotaMonthScans(ctx, s.DB, p, start, next); err != nil {
		return nil, err
	}
	if r.ActiveScans, err = quotaActiveScans(ctx, s.DB, p); err != nil {
		return nil, err
	}
	if r.AIUsed, err = s.aiUsed(ctx, s.DB, p, r.Period); err != nil {
		return nil, err
	}
	return r, nil
}

func (s *Service) aiUsed(ctx context.Context, q bun.IDB, p *Principal, period string) (int, error) {
	var used int
	err := q.NewSelect().Model((*db.UsageCounter)(nil)).Column("used").
		Where("organization_id = ? AND period = ? AND metric = ?", p.OrgID, period, metricAIExplanations).
		Scan(ctx, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read ai explanations of organization %s: %w", p.OrgID, err)
	}
	return used, nil
}

// ConsumeAIExplanation takes one AI explanation from p's organization's
// monthly allowance and returns what remains (Unlimited when unlimited). A
// plan without explanations (Free) is 403 PERMISSION_DENIED; a spent
// allowance is 429 QUOTA_EXCEEDED with retry_after until the 1st of next
// month UTC. The check and the increment are one conditional upsert, so
// concurrent callers never overspend. Call RefundAIExplanation when the
// explanation could not be produced.
func (s *Service) ConsumeAIExplanation(ctx context.Context, p *Principal) (remaining int, err error) {
	l, err := s.LimitsFor(ctx, nil, p.OrgID, p.Plan)
	if err != nil {
		return 0, err
	}
	if l.AIExplanations == 0 {
		return 0, &Error{Code: CodePermissionDenied,
			Message: fmt.Sprintf("AI explanations are not part of the %s plan; they need the developer plan or higher", p.Plan),
			Details: map[string]any{"reason": "plan", "required_plan": PlanDeveloper, "plan": p.Plan}}
	}
	now := s.Now()
	_, next := quotaMonth(now)
	row := &db.UsageCounter{OrganizationID: p.OrgID, Period: MonthPeriod(now), Metric: metricAIExplanations, Used: 1}
	q := s.DB.NewInsert().Model(row).
		On("CONFLICT (organization_id, period, metric) DO UPDATE").
		Set("used = ?TableAlias.used + 1")
	if l.AIExplanations != Unlimited {
		q = q.Where("?TableAlias.used < ?", l.AIExplanations)
	}
	var used int
	err = q.Returning("used").Scan(ctx, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, &Error{Code: CodeQuotaExceeded,
			Message: fmt.Sprintf("the monthly AI explanation quota of the %s plan (%d) is used up; it resets at %s",
				p.Plan, l.AIExplanations, next.Format(time.RFC3339)),
			Details: map[string]any{"limit": l.AIExplanations, "used": l.AIExplanations, "resets_at": next.Format(time.RFC3339)},
			Extra:   map[string]any{"retry_after": retryAfterUntil(now, next)}}
	}
	if err != nil {
		return 0, fmt.Errorf("consume ai explanation of organization %s: %w", p.OrgID, err)
	}
	if l.AIExplanations == Unlimited {
		return Unlimited, nil
	}
	return max(0, l.AIExplanations-used), nil
}

// RefundAIExplanation gives back one explanation taken this month.
func (s *Service) RefundAIExplanation(ctx context.Context, p *Principal) error {
	_, err := s.DB.NewUpdate().Model((*db.UsageCounter)(nil)).Set("used = used - 1").
		Where("organization_id = ? AND period = ? AND metric = ? AND used > 0", p.OrgID, MonthPeriod(s.Now()), metricAIExplanations).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("refund ai explanation of organization %s: %w", p.OrgID, err)
	}
	return nil
}

// UsageReport is GET /usage: the organization's requests this month, its
// current windows, and its quota.
type UsageReport struct {
	Period string
	// Total counts admitted requests; ByRoute splits them by route pattern
	// ("GET /api/v1/scans/:id").
	Total   int
	ByRoute map[string]int
	// RateLimitEvents counts requests refused with RATE_LIMITED.
	RateLimitEvents int
	// Minute, Hour and Day are the counts of the current windows.
	Minute, Hour, Day int
	Quota             *QuotaReport
}

// Usage reports p's organization's usage of the current UTC month.
func (s *Service) Usage(ctx context.Context, p *Principal) (*UsageReport, error) {
	q, err := s.Quota(ctx, p)
	if err != nil {
		return nil, err
	}
	r := &UsageReport{Period: q.Period, Quota: q}
	if r.Total, r.RateLimitEvents, r.ByRoute, err = s.usageCounts(ctx, p.OrgID, q.Period); err != nil {
		return nil, err
	}
	d, err := s.currentWindows(ctx, p.OrgID, q.Limits)
	if err != nil {
		return nil, err
	}
	r.Minute, r.Hour, r.Day = d.Windows[0].Used, d.Windows[1].Used, d.Windows[2].Used
	return r, nil
}
