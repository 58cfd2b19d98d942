package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// GateEvaluation is one application of a quality gate to a scan. A
// pending evaluation (its scan still queued or running) is resolved to
// passing or failing when the scan ends.
type GateEvaluation struct {
	bun.BaseModel `bun:"table:quality_gate_evaluations"`

	ID             uuid.UUID       `bun:"id,pk,type:uuid"`
	OrganizationID uuid.UUID       `bun:"organization_id,notnull,type:uuid"`
	ProjectID      uuid.UUID       `bun:"project_id,notnull,type:uuid"`
	QualityGateID  uuid.UUID       `bun:"quality_gate_id,notnull,type:uuid"`
	ScanID         uuid.UUID       `bun:"scan_id,notnull,type:uuid"`
	Status         string          `bun:"status,notnull"`
	Passed         bool            `bun:"passed,notnull"`
	Critical       int             `bun:"critical_count,notnull"`
	High           int             `bun:"high_count,notnull"`
	Medium         int             `bun:"medium_count,notnull"`
	Low            int             `bun:"low_count,notnull"`
	Violations     []GateViolation `bun:"violations,notnull,type:jsonb"`
	Note           string          `bun:"note,notnull"`
	TriggeredBy    string          `bun:"triggered_by,notnull"`
	CIContext      map[string]any  `bun:"ci_context,notnull,type:jsonb"`
	// Branch is ci_context.branch, kept in a column so that build-status,
	// history and the badge can filter on it with an index.
	Branch string `bun:"branch,notnull"`
	// NewCodeOnly marks an evaluation that counted only new findings:
	// those whose fingerprint BaselineScanID's scan lacks (every finding,
	// when no baseline scan was found). New, Fixed and Unchanged compare
	// the scan with the baseline.
	NewCodeOnly    bool       `bun:"new_code_only,notnull,default:false"`
	BaselineScanID *uuid.UUID `bun:"baseline_scan_id,type:uuid"`
	NewCount       int        `bun:"new_count,notnull,default:0"`
	FixedCount     int        `bun:"fixed_count,notnull,default:0"`
	UnchangedCount int        `bun:"unchanged_count,notnull,default:0"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
	EvaluatedAt    time.Time  `bun:"evaluated_at,notnull"`
}

// GateViolation is one rule a scan broke.
type GateViolation struct {
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Count     int    `json:"count"`
	Threshold int    `json:"threshold"`
	Message   string `json:"message"`
}

// LatestGateEvaluation returns the newest evaluation of a project (of
// org), on branch when branch is not empty.
func LatestGateEvaluation(ctx context.Context, db bun.IDB, orgID, projectID uuid.UUID, branch string) (*GateEvaluation, error) {
	e := new(GateEvaluation)
	q := db.NewSelect().Model(e).Where("organization_id = ? AND project_id = ?", orgID, projectID)
	if branch != "" {
		q = q.Where("branch = ?", branch)
	}
	err := q.OrderExpr("created_at DESC").OrderExpr("id DESC").Limit(1).Scan(ctx)
	return e, notFound(err)
}
