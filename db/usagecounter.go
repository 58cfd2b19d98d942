package db

import (
	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// UsageCounter is a monthly counter of a metered feature of an organization
// (e.g. AI explanations). Period is the UTC month, "2006-01".
type UsageCounter struct {
	bun.BaseModel `bun:"table:usage_counters"`

	OrganizationID uuid.UUID `bun:"organization_id,pk,type:uuid"`
	Period         string    `bun:"period,pk"`
	Metric         string    `bun:"metric,pk"`
	Used           int       `bun:"used,notnull,default:0"`
}
