package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Project groups an organization's contracts.
type Project struct {
	bun.BaseModel `bun:"table:projects"`

	ID             uuid.UUID `bun:"id,pk,type:uuid"`
	OrganizationID uuid.UUID `bun:"organization_id,notnull,type:uuid"`
	Name           string    `bun:"name,notnull"`
	Description    string    `bun:"description,notnull,default:''"`
	RepositoryURL  string    `bun:"repository_url,notnull,default:''"`
	CreatedBy      uuid.UUID `bun:"created_by,notnull,type:uuid"`
	CreatedAt      time.Time `bun:"created_at,notnull"`
	UpdatedAt      time.Time `bun:"updated_at,notnull"`
}
