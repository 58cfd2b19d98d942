package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// QualityGate is a project's CI gate: the blocking and threshold rules an
// evaluation applies to a scan. A project has at most one.
//
// No field carries a bun default tag: bun writes DEFAULT for zero values of
// such fields, and false and 0 are meaningful here.
type QualityGate struct {
	bun.BaseModel `bun:"table:quality_gates"`

	ID              uuid.UUID `bun:"id,pk,type:uuid"`
	OrganizationID  uuid.UUID `bun:"organization_id,notnull,type:uuid"`
	ProjectID       uuid.UUID `bun:"project_id,notnull,type:uuid"`
	Name            string    `bun:"name,notnull"`
	BlockOnCritical bool      `bun:"block_on_critical,notnull"`
	BlockOnHigh     bool      `bun:"block_on_high,notnull"`
	MaxCritical     int       `bun:"max_critical,notnull"`
	MaxHigh         int       `bun:"max_high,notnull"`
	MaxMedium       int       `bun:"max_medium,notnull"`
	MaxLow          int       `bun:"max_low,notnull"`
	IsActive        bool      `bun:"is_active,notnull"`
	// NewCodeOnly counts only findings whose fingerprint the baseline
	// scan (the base branch's latest) lacks.
	NewCodeOnly bool      `bun:"new_code_only,notnull,default:false"`
	CreatedBy   uuid.UUID `bun:"created_by,notnull,type:uuid"`
	CreatedAt   time.Time `bun:"created_at,notnull"`
	UpdatedAt   time.Time `bun:"updated_at,notnull"`
}

// GetQualityGate loads the gate of a project of org.
func GetQualityGate(ctx context.Context, db bun.IDB, orgID, projectID uuid.UUID) (*QualityGate, error) {
	g := new(QualityGate)
	err := db.NewSelect().Model(g).Where("organization_id = ? AND project_id = ?", orgID, projectID).Scan(ctx)
	return g, notFound(err)
}
