package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// PlanOverride holds an Enterprise organization's custom limits. A NULL
// column keeps the plan's value; -1 is unlimited.
type PlanOverride struct {
	bun.BaseModel `bun:"table:plan_overrides"`

	OrganizationID   uuid.UUID `bun:"organization_id,pk,type:uuid"`
	PerMinute        *int      `bun:"per_minute"`
	PerHour          *int      `bun:"per_hour"`
	PerDay           *int      `bun:"per_day"`
	ConcurrentScans  *int      `bun:"concurrent_scans"`
	MonthlyScans     *int      `bun:"monthly_scans"`
	AIExplanations   *int      `bun:"ai_explanations"`
	UploadsPerHour   *int      `bun:"uploads_per_hour"`
	ResultsPerMinute *int      `bun:"results_per_minute"`
	WebhooksPerHour  *int      `bun:"webhooks_per_hour"`
	UpdatedAt        time.Time `bun:"updated_at,notnull"`
}

// GetPlanOverride loads the overrides of an organization.
func GetPlanOverride(ctx context.Context, db bun.IDB, orgID uuid.UUID) (*PlanOverride, error) {
	o := new(PlanOverride)
	err := db.NewSelect().Model(o).Where("organization_id = ?", orgID).Scan(ctx)
	return o, notFound(err)
}
