package migrations

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Plans and limits: Enterprise per-organization overrides and the monthly
// usage counters kept in the database (AI explanations). Request counts
// and rate windows live in Redis.
func init() {
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if err := createTables(ctx, tx, (*db.PlanOverride)(nil), (*db.UsageCounter)(nil)); err != nil {
				return err
			}
			// admitScan counts an organization's active scans and its scans
			// of the month on every POST /scans.
			return createIndexes(ctx, tx,
				index{(*db.Scan)(nil), "scans_org_status_idx", []string{"organization_id", "status"}, false},
			)
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		if _, err := bdb.NewDropIndex().Model((*db.Scan)(nil)).Index("scans_org_status_idx").IfExists().Exec(ctx); err != nil {
			return err
		}
		for _, m := range []any{(*db.UsageCounter)(nil), (*db.PlanOverride)(nil)} {
			if _, err := bdb.NewDropTable().Model(m).IfExists().Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}
