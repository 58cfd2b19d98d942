package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Membership places a user in an organization with a role: owner, admin,
// member or viewer.
type Membership struct {
	bun.BaseModel `bun:"table:memberships"`

	OrganizationID uuid.UUID `bun:"organization_id,pk,type:uuid"`
	UserID         uuid.UUID `bun:"user_id,pk,type:uuid"`
	Role           string    `bun:"role,notnull"`
	CreatedAt      time.Time `bun:"created_at,notnull"`
}

// GetMembership loads the user's membership in an organization.
func GetMembership(ctx context.Context, db bun.IDB, orgID, userID uuid.UUID) (*Membership, error) {
	m := new(Membership)
	err := db.NewSelect().Model(m).Where("organization_id = ? AND user_id = ?", orgID, userID).Scan(ctx)
	return m, notFound(err)
}
