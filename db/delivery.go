package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Delivery records one attempt to POST an event to a receiver: a webhook,
// or (WebhookID nil) the webhook_url of the event's scan.
type Delivery struct {
	bun.BaseModel `bun:"table:webhook_deliveries"`

	ID             uuid.UUID  `bun:"id,pk,type:uuid"`
	OrganizationID uuid.UUID  `bun:"organization_id,notnull,type:uuid"`
	WebhookID      *uuid.UUID `bun:"webhook_id,type:uuid"`
	ScanID         *uuid.UUID `bun:"scan_id,type:uuid"`
	EventID        uuid.UUID  `bun:"event_id,notnull,type:uuid"`
	EventType      string     `bun:"event_type,notnull"`
	URL            string     `bun:"url,notnull"`
	Status         string     `bun:"status,notnull"`
	ResponseCode   int        `bun:"response_code,notnull,default:0"`
	ResponseTimeMS int64      `bun:"response_time_ms,notnull,default:0"`
	Error          string     `bun:"error,notnull,default:''"`
	// RetryCount is the attempt's position in the retry schedule: 0 for
	// the first attempt, 6 for the last.
	RetryCount int `bun:"retry_count,notnull,default:0"`
	// Manual marks a test delivery or a redelivery asked for by a user.
	Manual       bool      `bun:"manual,notnull,default:false"`
	RequestBody  string    `bun:"request_body,notnull,default:''"`
	ResponseBody string    `bun:"response_body,notnull,default:''"`
	CreatedAt    time.Time `bun:"created_at,notnull"`
}
