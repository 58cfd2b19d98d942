package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Event is one entry of the outbox: written in the same transaction as the
// change that caused it, then fanned out to webhooks. DispatchedAt is set
// once every delivery for it has been queued.
type Event struct {
	bun.BaseModel `bun:"table:events"`

	ID             uuid.UUID      `bun:"id,pk,type:uuid"`
	OrganizationID uuid.UUID      `bun:"organization_id,notnull,type:uuid"`
	Type           string         `bun:"type,notnull"`
	Data           map[string]any `bun:"data,notnull,type:jsonb"`
	// ScanID links scan and vulnerability events to their scan, whose
	// webhook_url also receives them.
	ScanID       *uuid.UUID `bun:"scan_id,type:uuid"`
	CreatedAt    time.Time  `bun:"created_at,notnull"`
	DispatchedAt *time.Time `bun:"dispatched_at"`
}
