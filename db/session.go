package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Session is a bearer credential issued by a sign-in (wallet sign-in
// today). Like an API key only its SHA-256 is stored; unlike one it has no
// scopes of its own: it acts in one organization with the user's role
// there, read at every authentication.
type Session struct {
	bun.BaseModel `bun:"table:sessions"`

	ID             uuid.UUID `bun:"id,pk,type:uuid"`
	UserID         uuid.UUID `bun:"user_id,notnull,type:uuid"`
	OrganizationID uuid.UUID `bun:"organization_id,notnull,type:uuid"`
	Hash           string    `bun:"hash,notnull,unique"`
	// Method names the sign-in that issued it ("wallet:solana") and
	// Subject what was proven (the wallet address).
	Method     string     `bun:"method,notnull"`
	Subject    string     `bun:"subject,notnull"`
	ExpiresAt  time.Time  `bun:"expires_at,notnull"`
	RevokedAt  *time.Time `bun:"revoked_at"`
	LastUsedAt *time.Time `bun:"last_used_at"`
	CreatedAt  time.Time  `bun:"created_at,notnull"`
}

// SessionAuth is what authenticating a session needs, read in one query:
// the session, its organization's plan and the user's role there (nil
// once the user left the organization).
type SessionAuth struct {
	ID             uuid.UUID  `bun:"id"`
	OrganizationID uuid.UUID  `bun:"organization_id"`
	UserID         uuid.UUID  `bun:"user_id"`
	ExpiresAt      time.Time  `bun:"expires_at"`
	RevokedAt      *time.Time `bun:"revoked_at"`
	LastUsedAt     *time.Time `bun:"last_used_at"`
	Plan           string     `bun:"plan"`
	Role           *string    `bun:"role"`
}

// GetSessionAuth loads the session with hash joined to its organization
// and its user's membership there.
func GetSessionAuth(ctx context.Context, db bun.IDB, hash string) (*SessionAuth, error) {
	a := new(SessionAuth)
	err := db.NewSelect().TableExpr("sessions AS s").
		ColumnExpr("s.id, s.organization_id, s.user_id, s.expires_at, s.revoked_at, s.last_used_at").
		ColumnExpr("o.plan, m.role").
		Join("JOIN organizations AS o ON o.id = s.organization_id").
		Join("LEFT JOIN memberships AS m ON m.organization_id = s.organization_id AND m.user_id = s.user_id").
		Where("s.hash = ?", hash).Limit(1).Scan(ctx, a)
	return a, notFound(err)
}

// TouchSession records a use of the session, at most once per
// TouchInterval.
func TouchSession(ctx context.Context, db bun.IDB, id uuid.UUID, at time.Time) error {
	_, err := db.NewUpdate().Model((*Session)(nil)).Set("last_used_at = ?", at).
		Where("id = ?", id).Where("last_used_at IS NULL OR last_used_at < ?", at.Add(-TouchInterval)).Exec(ctx)
	return err
}

// RevokeSessions revokes the live sessions of user issued by method and
// returns the organizations they acted in.
func RevokeSessions(ctx context.Context, db bun.IDB, userID uuid.UUID, method string, at time.Time) ([]uuid.UUID, error) {
	var orgs []uuid.UUID
	err := db.NewSelect().Model((*Session)(nil)).Distinct().Column("organization_id").
		Where("user_id = ? AND method = ? AND revoked_at IS NULL", userID, method).Scan(ctx, &orgs)
	if err != nil {
		return nil, err
	}
	_, err = db.NewUpdate().Model((*Session)(nil)).Set("revoked_at = ?", at).
		Where("user_id = ? AND method = ? AND revoked_at IS NULL", userID, method).Exec(ctx)
	return orgs, err
}
