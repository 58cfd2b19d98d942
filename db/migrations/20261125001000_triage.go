package migrations

import (
	"context"
	"fmt"
	"reflect"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"

	"github.com/bulwark-sec/bulwark/db"
)

// Triage by fingerprint: the verdict table, and the note and who/when a
// finding carries. A database created after this change already has the
// columns (the first migration creates vulnerabilities from the model),
// so they are added only where missing.
func init() {
	Migrations.MustRegister(func(ctx context.Context, bdb *bun.DB) error {
		return bdb.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			if err := createTables(ctx, tx, (*db.Triage)(nil)); err != nil {
				return err
			}
			return addColumns(ctx, tx, (*db.Vulnerability)(nil), "note", "triaged_by", "triaged_at")
		})
	}, func(ctx context.Context, bdb *bun.DB) error {
		for _, col := range []string{"note", "triaged_by", "triaged_at"} {
			if _, err := bdb.NewDropColumn().Model((*db.Vulnerability)(nil)).Column(col).Exec(ctx); err != nil {
				return err
			}
		}
		_, err := bdb.NewDropTable().Model((*db.Triage)(nil)).IfExists().Exec(ctx)
		return err
	})
}

// addColumns adds the model's columns that the table lacks, typed as
// CREATE TABLE would type them (NOT NULL columns need a default).
func addColumns(ctx context.Context, tx bun.Tx, model any, names ...string) error {
	t := tx.Dialect().Tables().Get(reflect.TypeOf(model).Elem())
	for _, name := range names {
		f := t.LookupField(name)
		if f == nil {
			return fmt.Errorf("add column %s.%s: no such field", t.Name, name)
		}
		var n int
		var err error
		switch tx.Dialect().Name() {
		case dialect.PG:
			err = tx.NewRaw("SELECT count(*) FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?",
				t.Name, name).Scan(ctx, &n)
		case dialect.SQLite:
			err = tx.NewRaw("SELECT count(*) FROM pragma_table_info(?) WHERE name = ?", t.Name, name).Scan(ctx, &n)
		default:
			err = fmt.Errorf("dialect %s", tx.Dialect().Name())
		}
		if err != nil {
			return fmt.Errorf("look up column %s.%s: %w", t.Name, name, err)
		}
		if n > 0 {
			continue
		}
		def := string(f.SQLName) + " " + f.CreateTableSQLType
		if f.NotNull {
			if f.SQLDefault == "" {
				return fmt.Errorf("add column %s.%s: NOT NULL without a default", t.Name, name)
			}
			def += " NOT NULL"
		}
		if f.SQLDefault != "" {
			def += " DEFAULT " + f.SQLDefault
		}
		if _, err := tx.NewAddColumn().Model(model).ColumnExpr(def).Exec(ctx); err != nil {
			return fmt.Errorf("add column %s.%s: %w", t.Name, name, err)
		}
	}
	return nil
}
