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

// KeyAuth is what authenticating a key needs, read in one query: the key,
// its organization's plan and its user's role there ("" when the user is
// no longer a member).
type KeyAuth struct {
	ID             uuid.UUID  `bun:"id"`
	OrganizationID uuid.UUID  `bun:"organization_id"`
	UserID         uuid.UUID  `bun:"user_id"`
	Scopes         []string   `bun:"scopes"`
	ExpiresAt      *time.Time `bun:"expires_at"`
	RevokedAt      *time.Time `bun:"revoked_at"`
	LastUsedAt     *time.Time `bun:"last_used_at"`
	Plan           string     `bun:"plan"`
	Role           *string    `bun:"role"`
}

// GetKeyAuth loads the key with hash joined to its organization and its
// user's membership: one round trip per uncached authentication.
func GetKeyAuth(ctx context.Context, db bun.IDB, hash string) (*KeyAuth, error) {
	k := new(KeyAuth)
	err := db.NewSelect().TableExpr("api_keys AS k").
		ColumnExpr("k.id, k.organization_id, k.user_id, k.scopes, k.expires_at, k.revoked_at, k.last_used_at").
		ColumnExpr("o.plan, m.role").
		Join("JOIN organizations AS o ON o.id = k.organization_id").
		Join("LEFT JOIN memberships AS m ON m.organization_id = k.organization_id AND m.user_id = k.user_id").
		Where("k.hash = ?", hash).Limit(1).Scan(ctx, k)
	return k, notFound(err)
}
