package db

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Contract is one uploaded bundle: one or several source files of one
// language. Status runs pending → uploaded → analyzed.
type Contract struct {
	bun.BaseModel `bun:"table:contracts"`

	ID             uuid.UUID  `bun:"id,pk,type:uuid"`
	OrganizationID uuid.UUID  `bun:"organization_id,notnull,type:uuid"`
	ProjectID      uuid.UUID  `bun:"project_id,notnull,type:uuid"`
	Name           string     `bun:"name,notnull"`
	Language       string     `bun:"language,notnull"`
	Status         string     `bun:"status,notnull"`
	FileCount      int        `bun:"file_count,notnull"`
	TotalBytes     int64      `bun:"total_bytes,notnull"`
	SHA256         string     `bun:"sha256,notnull"`
	CreatedBy      uuid.UUID  `bun:"created_by,notnull,type:uuid"`
	CreatedAt      time.Time  `bun:"created_at,notnull"`
	UpdatedAt      time.Time  `bun:"updated_at,notnull"`
	DeletedAt      *time.Time `bun:"deleted_at"`

	Files []*ContractFile `bun:"rel:has-many,join:id=contract_id"`
}

// ContractFile is one source file of a contract, stored in the database so
// that a worker on another machine can read it.
type ContractFile struct {
	bun.BaseModel `bun:"table:contract_files"`

	ID         uuid.UUID `bun:"id,pk,type:uuid"`
	ContractID uuid.UUID `bun:"contract_id,notnull,type:uuid"`
	Path       string    `bun:"path,notnull"`
	Size       int64     `bun:"size,notnull"`
	SHA256     string    `bun:"sha256,notnull"`
	Content    []byte    `bun:"content,notnull"`
}
