// Package migrations holds bulwark's schema changes as bun Go migrations,
// written once for both PostgreSQL and SQLite.
package migrations

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/migrate"
)

// Migrations is the ordered set of schema changes.
var Migrations = migrate.NewMigrations()

// Up applies every pending migration.
func Up(ctx context.Context, bdb *bun.DB) error {
	m := migrate.NewMigrator(bdb, Migrations)
	if err := m.Init(ctx); err != nil {
		return fmt.Errorf("init migrations: %w", err)
	}
	if err := m.Lock(ctx); err != nil {
		return fmt.Errorf("lock migrations: %w", err)
	}
	defer m.Unlock(ctx) //nolint:errcheck
	if _, err := m.Migrate(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// createTables creates the tables of models with IF NOT EXISTS.
func createTables(ctx context.Context, tx bun.Tx, models ...any) error {
	for _, m := range models {
		if _, err := tx.NewCreateTable().Model(m).IfNotExists().Exec(ctx); err != nil {
			return fmt.Errorf("create table %T: %w", m, err)
		}
	}
	return nil
}

// index describes one index to create.
type index struct {
	model   any
	name    string
	columns []string
	unique  bool
}

func createIndexes(ctx context.Context, tx bun.Tx, idx ...index) error {
	for _, ix := range idx {
		q := tx.NewCreateIndex().Model(ix.model).Index(ix.name).Column(ix.columns...).IfNotExists()
		if ix.unique {
			q = q.Unique()
		}
		if _, err := q.Exec(ctx); err != nil {
			return fmt.Errorf("create index %s: %w", ix.name, err)
		}
	}
	return nil
}
