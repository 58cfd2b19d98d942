package core

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Plan names, cheapest first (Plans lists them in this order).
const (
	PlanFree         = "free"
	PlanDeveloper    = "developer"
	PlanStartup      = "startup"
	PlanProfessional = "professional"
	PlanEnterprise   = "enterprise"
)

// Unlimited marks a limit that never refuses.
const Unlimited = -1

// Limits are the numbers a plan grants an organization. Unlimited (-1)
// means no limit; windows marked unlimited are still counted for /usage.
type Limits struct {
	PerMinute int `json:"requests_per_minute"`
	PerHour   int `json:"requests_per_hour"`
	PerDay    int `json:"requests_per_day"`
	// ConcurrentScans bounds queued + running scans.
	ConcurrentScans int `json:"concurrent_scans"`
	// MonthlyScans bounds scans created per UTC calendar month.
	MonthlyScans int `json:"monthly_scans"`
	// AIExplanations bounds economic-analysis explanations per UTC month;
	// 0 means the feature is not part of the plan.
	AIExplanations int `json:"ai_explanations"`
	// Endpoint buckets of api.md, separate from the windows above.
	UploadsPerHour   int `json:"uploads_per_hour"`
	ResultsPerMinute int `json:"results_per_minute"`
	WebhooksPerHour  int `json:"webhook_creations_per_hour"`
}

// planLimits is api.md's Limits section plus decisions.md's monthly scan
// quota. Enterprise's "custom" values are per-organization overrides
// (PlanOverrides); the row here is what an Enterprise organization gets
// until an override says otherwise.
var planLimits = map[string]Limits{
	PlanFree:         {PerMinute: 10, PerHour: 100, PerDay: 500, ConcurrentScans: 1, MonthlyScans: 50, AIExplanations: 0},
	PlanDeveloper:    {PerMinute: 60, PerHour: 1000, PerDay: 10000, ConcurrentScans: 3, MonthlyScans: 500, AIExplanations: 10},
	PlanStartup:      {PerMinute: 120, PerHour: 5000, PerDay: 50000, ConcurrentScans: 10, MonthlyScans: 5000, AIExplanations: 100},
	PlanProfessional: {PerMinute: 300, PerHour: Unlimited, PerDay: Unlimited, ConcurrentScans: 25, MonthlyScans: 25000, AIExplanations: 500},
	PlanEnterprise:   {PerMinute: 1000, PerHour: Unlimited, PerDay: Unlimited, ConcurrentScans: 50, MonthlyScans: Unlimited, AIExplanations: Unlimited},
}

// Endpoint limits of api.md, the same on every plan.
const (
	defaultUploadsPerHour   = 50
	defaultResultsPerMinute = 100
	defaultWebhooksPerHour  = 10
)

func init() {
	for name, l := range planLimits {
		l.UploadsPerHour, l.ResultsPerMinute, l.WebhooksPerHour = defaultUploadsPerHour, defaultResultsPerMinute, defaultWebhooksPerHour
		planLimits[name] = l
	}
}

// PlanLimits returns the built-in limits of plan (the Free plan's for an
// unknown name, so a bad row never grants more than the least).
func PlanLimits(plan string) Limits {
	if l, ok := planLimits[plan]; ok {
		return l
	}
	return planLimits[PlanFree]
}

// planRank orders plans for RequirePlan.
func planRank(plan string) int { return slices.Index(Plans, plan) }

// RequirePlan returns 403 PERMISSION_DENIED when the principal's plan is
// below min; every plan-gated feature calls it (quality gates need
// developer, AI explanations need developer).
func RequirePlan(p *Principal, min string) error {
	if planRank(min) < 0 {
		return fmt.Errorf("require plan: unknown plan %q", min)
	}
	if planRank(p.Plan) >= planRank(min) {
		return nil
	}
	return &Error{Code: CodePermissionDenied,
		Message: fmt.Sprintf("this feature needs the %s plan or higher; the organization is on the %s plan", min, p.Plan),
		Details: map[string]any{"reason": "plan", "required_plan": min, "plan": p.Plan}}
}

// PlanOverrides are an Enterprise organization's custom limits. A nil field
// keeps the plan's value; -1 makes it unlimited. Overrides of an
// organization on any other plan are ignored, so a downgrade takes effect
// without deleting them.
type PlanOverrides struct {
	PerMinute        *int
	PerHour          *int
	PerDay           *int
	ConcurrentScans  *int
	MonthlyScans     *int
	AIExplanations   *int
	UploadsPerHour   *int
	ResultsPerMinute *int
	WebhooksPerHour  *int
}

func (o PlanOverrides) apply(l Limits) Limits {
	set := func(dst *int, v *int) {
		if v != nil {
			*dst = *v
		}
	}
	set(&l.PerMinute, o.PerMinute)
	set(&l.PerHour, o.PerHour)
	set(&l.PerDay, o.PerDay)
	set(&l.ConcurrentScans, o.ConcurrentScans)
	set(&l.MonthlyScans, o.MonthlyScans)
	set(&l.AIExplanations, o.AIExplanations)
	set(&l.UploadsPerHour, o.UploadsPerHour)
	set(&l.ResultsPerMinute, o.ResultsPerMinute)
	set(&l.WebhooksPerHour, o.WebhooksPerHour)
	return l
}

func (o PlanOverrides) validate() error {
	for name, v := range map[string]*int{"requests_per_minute": o.PerMinute, "requests_per_hour": o.PerHour,
		"requests_per_day": o.PerDay, "concurrent_scans": o.ConcurrentScans, "monthly_scans": o.MonthlyScans,
		"ai_explanations": o.AIExplanations, "uploads_per_hour": o.UploadsPerHour,
		"results_per_minute": o.ResultsPerMinute, "webhook_creations_per_hour": o.WebhooksPerHour} {
		if v != nil && *v < Unlimited {
			return Invalid(name, "out_of_range", name+" must be -1 (unlimited) or at least 0")
		}
	}
	return nil
}

// SetPlanOverrides stores an organization's custom limits (an operator
// action: `bulwark admin` or tests; no API route changes limits).
func (s *Service) SetPlanOverrides(ctx context.Context, orgID uuid.UUID, o PlanOverrides) error {
	if err := o.validate(); err != nil {
		return err
	}
	row := &db.PlanOverride{OrganizationID: orgID, PerMinute: o.PerMinute, PerHour: o.PerHour, PerDay: o.PerDay,
		ConcurrentScans: o.ConcurrentScans, MonthlyScans: o.MonthlyScans, AIExplanations: o.AIExplanations,
		UploadsPerHour: o.UploadsPerHour, ResultsPerMinute: o.ResultsPerMinute, WebhooksPerHour: o.WebhooksPerHour,
		UpdatedAt: s.Now()}
	_, err := s.DB.NewInsert().Model(row).On("CONFLICT (organization_id) DO UPDATE").
		Set("per_minute = EXCLUDED.per_minute, per_hour = EXCLUDED.per_hour, per_day = EXCLUDED.per_day").
		Set("concurrent_scans = EXCLUDED.concurrent_scans, monthly_scans = EXCLUDED.monthly_scans").
		Set("ai_explanations = EXCLUDED.ai_explanations, uploads_per_hour = EXCLUDED.uploads_per_hour").
		Set("results_per_minute = EXCLUDED.results_per_minute, webhooks_per_hour = EXCLUDED.webhooks_per_hour").
		Set("updated_at = EXCLUDED.updated_at").Exec(ctx)
	if err != nil {
		return fmt.Errorf("set plan overrides of organization %s: %w", orgID, err)
	}
	overridesCache.Delete(orgID)
	return nil
}

// overridesTTL is how long a process keeps an Enterprise organization's
// limits before reading them again: the rate limiter needs them on every
// request, and a change made by another process applies within it.
const overridesTTL = 10 * time.Second

type cachedLimits struct {
	limits  Limits
	expires time.Time
}

// overridesCache maps an Enterprise organization's id to its cachedLimits.
// Organization ids are unique UUIDs, so every Service of the process can
// share it.
var overridesCache sync.Map

// LimitsFor returns the limits of an organization on plan: the plan's
// table row, with the organization's overrides when the plan is Enterprise.
// Only Enterprise reads the database; with q nil the answer may come from a
// cache of overridesTTL, with q set (a transaction) it is always fresh.
func (s *Service) LimitsFor(ctx context.Context, q bun.IDB, orgID uuid.UUID, plan string) (Limits, error) {
	l := PlanLimits(plan)
	if plan != PlanEnterprise {
		return l, nil
	}
	if q == nil {
		if c, ok := overridesCache.Load(orgID); ok && time.Now().Before(c.(cachedLimits).expires) {
			return c.(cachedLimits).limits, nil
		}
		q = s.DB
	}
	row, err := db.GetPlanOverride(ctx, q, orgID)
	switch {
	case errors.Is(err, db.ErrNotFound):
	case err != nil:
		return l, fmt.Errorf("load plan overrides of organization %s: %w", orgID, err)
	default:
		l = PlanOverrides{PerMinute: row.PerMinute, PerHour: row.PerHour, PerDay: row.PerDay,
			ConcurrentScans: row.ConcurrentScans, MonthlyScans: row.MonthlyScans, AIExplanations: row.AIExplanations,
			UploadsPerHour: row.UploadsPerHour, ResultsPerMinute: row.ResultsPerMinute,
			WebhooksPerHour: row.WebhooksPerHour}.apply(l)
	}
	overridesCache.Store(orgID, cachedLimits{limits: l, expires: time.Now().Add(overridesTTL)})
	return l, nil
}
