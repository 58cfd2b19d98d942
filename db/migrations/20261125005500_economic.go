package migrations

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Economic analysis: the cached explanation of each scan.
func init() {
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if err := createTables(ctx, tx, (*db.EconomicExplanation)(nil)); err != nil {
				return err
			}
			return createIndexes(ctx, tx,
				index{(*db.EconomicExplanation)(nil), "economic_explanations_org_idx", []string{"organization_id"}, false},
				// The economic findings of a scan, by scanner.
				index{(*db.Vulnerability)(nil), "vulnerabilities_scan_scanner_idx", []string{"scan_id", "scanner"}, false},
			)
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		if _, err := bdb.NewDropIndex().Model((*db.Vulnerability)(nil)).Index("vulnerabilities_scan_scanner_idx").IfExists().Exec(ctx); err != nil {
			return err
		}
		_, err := bdb.NewDropTable().Model((*db.EconomicExplanation)(nil)).IfExists().Exec(ctx)
		return err
	})
}
