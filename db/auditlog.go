package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// AuditLog records one mutating request.
type AuditLog struct {
	bun.BaseModel `bun:"table:audit_logs"`

	ID             uuid.UUID      `bun:"id,pk,type:uuid"`
	OrganizationID uuid.UUID      `bun:"organization_id,notnull,type:uuid"`
	Action         string         `bun:"action,notnull"`
	ResourceType   string         `bun:"resource_type,notnull"`
	ResourceID     string         `bun:"resource_id,notnull,default:''"`
	UserID         *uuid.UUID     `bun:"user_id,type:uuid"`
	APIKeyID       *uuid.UUID     `bun:"api_key_id,type:uuid"`
	IP             string         `bun:"ip,notnull,default:''"`
	UserAgent      string         `bun:"user_agent,notnull,default:''"`
	RequestID      string         `bun:"request_id,notnull,default:''"`
	Metadata       map[string]any `bun:"metadata,type:jsonb"`
	CreatedAt      time.Time      `bun:"created_at,notnull"`
}

// InsertAuditLog writes one entry.
func InsertAuditLog(ctx context.Context, db bun.IDB, e *AuditLog) error {
	_, err := db.NewInsert().Model(e).Exec(ctx)
	return err
}
