package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// EconomicExplanation is the one explanation of a scan's economic
// analysis: generated once, re-read for free.
type EconomicExplanation struct {
	bun.BaseModel `bun:"table:economic_explanations"`

	ScanID         uuid.UUID `bun:"scan_id,pk,type:uuid"`
	OrganizationID uuid.UUID `bun:"organization_id,notnull,type:uuid"`
	Explanation    string    `bun:"explanation,notnull"`
	Model          string    `bun:"model,notnull"`
	GeneratedAt    time.Time `bun:"generated_at,notnull"`
}
