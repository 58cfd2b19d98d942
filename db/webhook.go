package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Webhook is an organization's subscription of a URL to event types. The
// secret is kept in clear because every delivery is signed with it.
type Webhook struct {
	bun.BaseModel `bun:"table:webhooks"`

	ID             uuid.UUID `bun:"id,pk,type:uuid"`
	OrganizationID uuid.UUID `bun:"organization_id,notnull,type:uuid"`
	URL            string    `bun:"url,notnull"`
	Events         []string  `bun:"events,notnull,type:jsonb"`
	Secret         string    `bun:"secret,notnull"`
	Description    string    `bun:"description,notnull,default:''"`
	Active         bool      `bun:"active,notnull"`
	// DisabledReason says why delivery stopped on its own (a 410 Gone);
	// empty while active or when the owner switched it off.
	DisabledReason string     `bun:"disabled_reason,notnull,default:''"`
	DisabledAt     *time.Time `bun:"disabled_at"`
	CreatedBy      uuid.UUID  `bun:"created_by,notnull,type:uuid"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
	UpdatedAt      time.Time  `bun:"updated_at,notnull"`
}
