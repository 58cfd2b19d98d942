package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Organization owns projects, members, keys and every other resource.
type Organization struct {
	bun.BaseModel `bun:"table:organizations"`

	ID            uuid.UUID `bun:"id,pk,type:uuid"`
	Name          string    `bun:"name,notnull"`
	Plan          string    `bun:"plan,notnull"`
	SigningSecret string    `bun:"signing_secret,notnull,default:''"`
	CreatedAt     time.Time `bun:"created_at,notnull"`
	UpdatedAt     time.Time `bun:"updated_at,notnull"`
}

// GetOrganization loads one organization by id.
func GetOrganization(ctx context.Context, db bun.IDB, id uuid.UUID) (*Organization, error) {
	o := new(Organization)
	err := db.NewSelect().Model(o).Where("id = ?", id).Scan(ctx)
	return o, notFound(err)
}

// GetOrganizationByName loads the organization with that name.
func GetOrganizationByName(ctx context.Context, db bun.IDB, name string) (*Organization, error) {
	o := new(Organization)
	err := db.NewSelect().Model(o).Where("name = ?", name).OrderExpr("created_at").Limit(1).Scan(ctx)
	return o, notFound(err)
}

// CountOrganizations counts every organization.
func CountOrganizations(ctx context.Context, db bun.IDB) (int, error) {
	n, err := db.NewSelect().Model((*Organization)(nil)).Count(ctx)
	return int(n), err
}
