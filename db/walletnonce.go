package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// WalletNonce is a sign-in challenge issued to one wallet address. Only
// the SHA-256 of the nonce is stored; the rest is what the issued message
// said, so that a signed message can be checked against it field by field.
type WalletNonce struct {
	bun.BaseModel `bun:"table:wallet_nonces"`

	ID         uuid.UUID  `bun:"id,pk,type:uuid"`
	Hash       string     `bun:"hash,notnull,unique"`
	Chain      string     `bun:"chain,notnull"`
	Address    string     `bun:"address,notnull"`
	IssuedAt   time.Time  `bun:"issued_at,notnull"`
	ExpiresAt  time.Time  `bun:"expires_at,notnull"`
	ConsumedAt *time.Time `bun:"consumed_at"`
}

// GetWalletNonceByHash loads the nonce whose SHA-256 hex is hash.
func GetWalletNonceByHash(ctx context.Context, db bun.IDB, hash string) (*WalletNonce, error) {
	n := new(WalletNonce)
	err := db.NewSelect().Model(n).Where("hash = ?", hash).Scan(ctx)
	return n, notFound(err)
}

// ConsumeWalletNonce marks the nonce used if it is still unused and
// unexpired at now. It reports whether this call consumed it: of
// concurrent calls exactly one does (PostgreSQL re-checks the condition
// after the row lock; SQLite runs one writer at a time).
func ConsumeWalletNonce(ctx context.Context, db bun.IDB, id uuid.UUID, now time.Time) (bool, error) {
	res, err := db.NewUpdate().Model((*WalletNonce)(nil)).Set("consumed_at = ?", now).
		Where("id = ? AND consumed_at IS NULL AND expires_at > ?", id, now).Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DeleteWalletNoncesBefore removes nonces that expired before t.
func DeleteWalletNoncesBefore(ctx context.Context, db bun.IDB, t time.Time) error {
	_, err := db.NewDelete().Model((*WalletNonce)(nil)).Where("expires_at < ?", t).Exec(ctx)
	return err
}

// GetUserByWallet loads the user whose linked wallet is address.
func GetUserByWallet(ctx context.Context, db bun.IDB, address string) (*User, error) {
	u := new(User)
	err := db.NewSelect().Model(u).Where("wallet_address = ?", address).Scan(ctx)
	return u, notFound(err)
}
