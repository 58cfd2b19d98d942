package migrations

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

func init() {
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if err := createTables(ctx, tx, (*db.Webhook)(nil), (*db.Delivery)(nil)); err != nil {
				return err
			}
			return createIndexes(ctx, tx,
				index{(*db.Webhook)(nil), "webhooks_org_created_idx", []string{"organization_id", "created_at", "id"}, false},
				index{(*db.Delivery)(nil), "webhook_deliveries_webhook_created_idx", []string{"webhook_id", "created_at", "id"}, false},
				index{(*db.Delivery)(nil), "webhook_deliveries_event_idx", []string{"event_id"}, false},
			)
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		for _, m := range []any{(*db.Delivery)(nil), (*db.Webhook)(nil)} {
			if _, err := bdb.NewDropTable().Model(m).IfExists().Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}
