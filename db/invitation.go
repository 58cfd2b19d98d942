package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Invitation asks someone, by e-mail, to join an organization with a role.
// Only the SHA-256 of its token is stored; the token is shown once to the
// inviter. AcceptedAt makes it single-use.
type Invitation struct {
	bun.BaseModel `bun:"table:invitations"`

	ID             uuid.UUID  `bun:"id,pk,type:uuid"`
	OrganizationID uuid.UUID  `bun:"organization_id,notnull,type:uuid"`
	Email          string     `bun:"email,notnull"`
	Role           string     `bun:"role,notnull"`
	TokenHash      string     `bun:"token_hash,notnull,unique"`
	InvitedBy      uuid.UUID  `bun:"invited_by,notnull,type:uuid"`
	ExpiresAt      time.Time  `bun:"expires_at,notnull"`
	AcceptedAt     *time.Time `bun:"accepted_at"`
	AcceptedBy     *uuid.UUID `bun:"accepted_by,type:uuid"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
}

// Member is a membership joined with its user, as the members list shows
// it. Its id column is the user's, which keyset pagination orders on.
type Member struct {
	bun.BaseModel `bun:"table:memberships,alias:m"`

	UserID   uuid.UUID `bun:"id,type:uuid"`
	Email    string    `bun:"email"`
	Name     string    `bun:"name"`
	Role     string    `bun:"role"`
	JoinedAt time.Time `bun:"created_at"`
}

// MembersQuery selects the members of an organization into rows; page it
// with SelectPage on "m.created_at".
func MembersQuery(db bun.IDB, orgID uuid.UUID, rows *[]Member) *bun.SelectQuery {
	return db.NewSelect().Model(rows).
		ColumnExpr("u.id AS id, u.email AS email, u.name AS name, m.role AS role, m.created_at AS created_at").
		Join("JOIN users AS u ON u.id = m.user_id").
		Where("m.organization_id = ?", orgID)
}

// MemberOrganization is an organization seen by one of its members, with
// that member's role.
type MemberOrganization struct {
	bun.BaseModel `bun:"table:organizations,alias:o"`

	ID        uuid.UUID `bun:"id,type:uuid"`
	Name      string    `bun:"name"`
	Plan      string    `bun:"plan"`
	Role      string    `bun:"role"`
	CreatedAt time.Time `bun:"created_at"`
	UpdatedAt time.Time `bun:"updated_at"`
}

// UserOrganizationsQuery selects the organizations userID belongs to; page
// it with SelectPage on "o.created_at".
func UserOrganizationsQuery(db bun.IDB, userID uuid.UUID, rows *[]MemberOrganization) *bun.SelectQuery {
	return db.NewSelect().Model(rows).
		ColumnExpr("o.id AS id, o.name AS name, o.plan AS plan, m.role AS role, o.created_at AS created_at, o.updated_at AS updated_at").
		Join("JOIN memberships AS m ON m.organization_id = o.id").
		Where("m.user_id = ?", userID)
}
