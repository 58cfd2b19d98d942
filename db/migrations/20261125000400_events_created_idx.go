package migrations

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// The relay's delivery recovery walks dispatched events in (created_at, id)
// order; without this index PostgreSQL sorted the whole events table first
// (about 34 s at start-up on a large table, and now it runs periodically).
func init() {
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			return createIndexes(ctx, tx,
				index{(*db.Event)(nil), "events_created_idx", []string{"created_at", "id"}, false})
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		_, err := bdb.NewDropIndex().Model((*db.Event)(nil)).Index("events_created_idx").IfExists().Exec(ctx)
		return err
	})
}
