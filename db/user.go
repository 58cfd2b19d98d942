package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// User is a person or service identity; keys belong to a user.
type User struct {
	bun.BaseModel `bun:"table:users"`

	ID            uuid.UUID  `bun:"id,pk,type:uuid"`
	Email         string     `bun:"email,notnull,unique"`
	Name          string     `bun:"name,notnull,default:''"`
	WalletAddress *string    `bun:"wallet_address,unique"`
	WalletNonce   *string    `bun:"wallet_nonce"`
	WalletLinked  *time.Time `bun:"wallet_linked_at"`
	CreatedAt     time.Time  `bun:"created_at,notnull"`
	UpdatedAt     time.Time  `bun:"updated_at,notnull"`
}

// GetUser loads one user by id.
func GetUser(ctx context.Context, db bun.IDB, id uuid.UUID) (*User, error) {
	u := new(User)
	err := db.NewSelect().Model(u).Where("id = ?", id).Scan(ctx)
	return u, notFound(err)
}

// GetUserByEmail loads one user by e-mail address.
func GetUserByEmail(ctx context.Context, db bun.IDB, email string) (*User, error) {
	u := new(User)
	err := db.NewSelect().Model(u).Where("email = ?", email).Scan(ctx)
	return u, notFound(err)
}
