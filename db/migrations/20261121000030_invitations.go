package migrations

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

func init() {
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if err := createTables(ctx, tx, (*db.Invitation)(nil)); err != nil {
				return err
			}
			return createIndexes(ctx, tx,
				index{(*db.Invitation)(nil), "invitations_org_created_idx", []string{"organization_id", "created_at"}, false},
				// The members list pages on (organization, joined, user).
				index{(*db.Membership)(nil), "memberships_org_created_idx", []string{"organization_id", "created_at", "user_id"}, false},
				// GET /api-keys lists one user's keys of one organization.
				index{(*db.APIKey)(nil), "api_keys_org_user_created_idx", []string{"organization_id", "user_id", "created_at", "id"}, false},
			)
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		for _, ix := range []string{"memberships_org_created_idx", "api_keys_org_user_created_idx"} {
			if _, err := bdb.NewDropIndex().Index(ix).IfExists().Exec(ctx); err != nil {
				return err
			}
		}
		_, err := bdb.NewDropTable().Model((*db.Invitation)(nil)).IfExists().Exec(ctx)
		return err
	})
}
