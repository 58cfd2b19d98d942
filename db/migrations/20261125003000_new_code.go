package migrations

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// New-code gates: a gate option, and what an evaluation compared its scan
// with. Added only where missing (a database created after this change has
// them from the models).
func init() {
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if err := addColumns(ctx, tx, (*db.QualityGate)(nil), "new_code_only"); err != nil {
				return err
			}
			return addColumns(ctx, tx, (*db.GateEvaluation)(nil),
				"new_code_only", "baseline_scan_id", "new_count", "fixed_count", "unchanged_count")
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		for _, col := range []string{"new_code_only", "baseline_scan_id", "new_count", "fixed_count", "unchanged_count"} {
			if _, err := bdb.NewDropColumn().Model((*db.GateEvaluation)(nil)).Column(col).Exec(ctx); err != nil {
				return err
			}
		}
		_, err := bdb.NewDropColumn().Model((*db.QualityGate)(nil)).Column("new_code_only").Exec(ctx)
		return err
	})
}
