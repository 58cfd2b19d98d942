package migrations

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Wallet sign-in: the issued nonces (hashed) and the sessions sign-ins
// issue (hashed), with the indexes verify, unlink and authentication use.
func init() {
	models := []any{(*db.WalletNonce)(nil), (*db.Session)(nil)}
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if err := createTables(ctx, tx, models...); err != nil {
				return err
			}
			return createIndexes(ctx, tx,
				// Issuing a nonce deletes the expired ones.
				index{(*db.WalletNonce)(nil), "wallet_nonces_expires_idx", []string{"expires_at"}, false},
				// Unlinking revokes the user's sessions of one method.
				index{(*db.Session)(nil), "sessions_user_method_idx", []string{"user_id", "method"}, false},
			)
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		for _, m := range models {
			if _, err := bdb.NewDropTable().Model(m).IfExists().Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}
