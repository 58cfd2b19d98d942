package migrations_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"
	"github.com/uptrace/bun/migrate"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/dbtest"
	"github.com/bulwark-sec/bulwark/db/migrations"
)

const triageMigration = "20261125001000"

func columnCount(t *testing.T, bdb *bun.DB, table, column string) int {
	t.Helper()
	q := "SELECT count(*) FROM pragma_table_info(?) WHERE name = ?"
	if bdb.Dialect().Name() == dialect.PG {
		q = "SELECT count(*) FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?"
	}
	var n int
	if err := bdb.NewRaw(q, table, column).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func tableCount(t *testing.T, bdb *bun.DB, table string) int {
	t.Helper()
	q := "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?"
	if bdb.Dialect().Name() == dialect.PG {
		q = "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?"
	}
	var n int
	if err := bdb.NewRaw(q, table).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestTriageMigrationOnAnOlderDatabase takes a database back to before the
// triage migration (no table, no columns, a finding already stored), runs
// the migrations again, and checks the finding gained an empty triage;
// then rolls the migration back and forward once more.
func TestTriageMigrationOnAnOlderDatabase(t *testing.T) {
	ctx := context.Background()
	bdb := dbtest.New(t)
	now := time.Now().UTC()
	v := &db.Vulnerability{ID: uuid.New(), OrganizationID: uuid.New(), ProjectID: uuid.New(), ContractID: uuid.New(),
		ScanID: uuid.New(), DetectorID: "SOL-X", Scanner: "s", Title: "t", Severity: "low", Status: "open",
		Category: "c", File: "A.sol", Line: 1, EndLine: 1, Fingerprint: "fp", DetectedAt: now, UpdatedAt: now}
	if _, err := bdb.NewInsert().Model(v).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{"note", "triaged_by", "triaged_at"} {
		if _, err := bdb.NewDropColumn().Model((*db.Vulnerability)(nil)).Column(col).Exec(ctx); err != nil {
			t.Fatalf("drop %s: %v", col, err)
		}
	}
	if _, err := bdb.NewDropTable().Model((*db.Triage)(nil)).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := bdb.NewDelete().Table("bun_migrations").Where("name = ?", triageMigration).Exec(ctx); err != nil {
		t.Fatal(err)
	}

	check := func(want int) {
		t.Helper()
		for _, col := range []string{"note", "triaged_by", "triaged_at"} {
			if n := columnCount(t, bdb, "vulnerabilities", col); n != want {
				t.Errorf("vulnerabilities.%s: %d columns, want %d", col, n, want)
			}
		}
		if n := tableCount(t, bdb, "vulnerability_triages"); n != want {
			t.Errorf("vulnerability_triages: %d tables, want %d", n, want)
		}
	}
	check(0)
	if err := migrations.Up(ctx, bdb); err != nil {
		t.Fatal(err)
	}
	check(1)
	got := new(db.Vulnerability)
	if err := bdb.NewSelect().Model(got).Where("id = ?", v.ID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if got.Note != "" || got.TriagedBy != nil || got.TriagedAt != nil {
		t.Errorf("an older finding after the migration: note %q, by %v, at %v", got.Note, got.TriagedBy, got.TriagedAt)
	}
	tr := &db.Triage{OrganizationID: v.OrganizationID, ProjectID: v.ProjectID, Fingerprint: v.Fingerprint,
		Status: "false_positive", Note: "n", VulnerabilityID: v.ID, CreatedAt: now, UpdatedAt: now}
	if _, err := bdb.NewInsert().Model(tr).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	// The same verdict twice for a project and fingerprint is refused.
	if _, err := bdb.NewInsert().Model(tr).Exec(ctx); err == nil {
		t.Error("a second triage row for the same project and fingerprint was accepted")
	}

	m := migrate.NewMigrator(bdb, migrations.Migrations)
	group, err := m.Rollback(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if ms := group.Migrations; len(ms) != 1 || ms[0].Name != triageMigration {
		t.Fatalf("rolled back %v, want only %s", ms, triageMigration)
	}
	check(0)
	if err := migrations.Up(ctx, bdb); err != nil {
		t.Fatal(err)
	}
	check(1)
}
