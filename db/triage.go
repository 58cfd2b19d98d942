package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Triage is a person's verdict on a finding (status, note, who and when),
// kept per organization, project and fingerprint, so that the finding of
// every later scan of the project with that fingerprint takes it. The
// history of verdicts is in the audit log; this row holds the latest.
type Triage struct {
	bun.BaseModel `bun:"table:vulnerability_triages"`

	OrganizationID uuid.UUID  `bun:"organization_id,pk,type:uuid"`
	ProjectID      uuid.UUID  `bun:"project_id,pk,type:uuid"`
	Fingerprint    string     `bun:"fingerprint,pk"`
	Status         string     `bun:"status,notnull"`
	Note           string     `bun:"note,notnull"`
	UserID         *uuid.UUID `bun:"user_id,type:uuid"`
	APIKeyID       *uuid.UUID `bun:"api_key_id,type:uuid"`
	// VulnerabilityID is the finding the verdict was last given on.
	VulnerabilityID uuid.UUID `bun:"vulnerability_id,notnull,type:uuid"`
	CreatedAt       time.Time `bun:"created_at,notnull"`
	UpdatedAt       time.Time `bun:"updated_at,notnull"`
}
