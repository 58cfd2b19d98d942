package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// APIKey is a bearer credential. Only the SHA-256 of the key is stored.
type APIKey struct {
	bun.BaseModel `bun:"table:api_keys"`

	ID             uuid.UUID  `bun:"id,pk,type:uuid"`
	OrganizationID uuid.UUID  `bun:"organization_id,notnull,type:uuid"`
	UserID         uuid.UUID  `bun:"user_id,notnull,type:uuid"`
	Name           string     `bun:"name,notnull"`
	Prefix         string     `bun:"prefix,notnull"`
	Hash           string     `bun:"hash,notnull,unique"`
	Scopes         []string   `bun:"scopes,notnull,type:jsonb"`
	ExpiresAt      *time.Time `bun:"expires_at"`
	LastUsedAt     *time.Time `bun:"last_used_at"`
	RevokedAt      *time.Time `bun:"revoked_at"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
}

// GetAPIKeyByHash loads the key whose SHA-256 hex is hash.
func GetAPIKeyByHash(ctx context.Context, db bun.IDB, hash string) (*APIKey, error) {
	k := new(APIKey)
	err := db.NewSelect().Model(k).Where("hash = ?", hash).Scan(ctx)
	return k, notFound(err)
}

// TouchInterval is how often a key's last_used_at is refreshed.
const TouchInterval = time.Minute

// TouchAPIKey records a use of the key, at most once per TouchInterval.
func TouchAPIKey(ctx context.Context, db bun.IDB, id uuid.UUID, at time.Time) error {
	_, err := db.NewUpdate().Model((*APIKey)(nil)).Set("last_used_at = ?", at).
		Where("id = ?", id).Where("last_used_at IS NULL OR last_used_at < ?", at.Add(-TouchInterval)).Exec(ctx)
	return err
}
