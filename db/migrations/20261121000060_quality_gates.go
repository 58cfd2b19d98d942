package migrations

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

func init() {
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if err := createTables(ctx, tx, (*db.QualityGate)(nil), (*db.GateEvaluation)(nil)); err != nil {
				return err
			}
			return createIndexes(ctx, tx,
				// One gate per project; PUT relies on it to stay an upsert.
				index{(*db.QualityGate)(nil), "quality_gates_project_idx", []string{"project_id"}, true},
				// History and build-status walk a project's evaluations
				// newest first, with or without a branch.
				index{(*db.GateEvaluation)(nil), "gate_evaluations_project_created_idx", []string{"project_id", "created_at", "id"}, false},
				index{(*db.GateEvaluation)(nil), "gate_evaluations_project_branch_idx", []string{"project_id", "branch", "created_at", "id"}, false},
				// A finished scan resolves its pending evaluations.
				index{(*db.GateEvaluation)(nil), "gate_evaluations_scan_status_idx", []string{"scan_id", "status"}, false},
			)
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		for _, m := range []any{(*db.GateEvaluation)(nil), (*db.QualityGate)(nil)} {
			if _, err := bdb.NewDropTable().Model(m).IfExists().Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}
