package core

import (
	"context"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/dbtest"
)

// TestMarkContractAnalyzed covers the hook the scan pipeline calls when a
// scan completes.
func TestMarkContractAnalyzed(t *testing.T) {
	ctx := context.Background()
	bdb := dbtest.New(t)
	t0 := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	now := t0
	s := &Service{DB: bdb, Clock: func() time.Time { return now }}
	ct := &db.Contract{ID: newID(), OrganizationID: newID(), ProjectID: newID(), Name: "a", Language: LangSolidity,
		Status: ContractUploaded, FileCount: 1, SHA256: "x", CreatedBy: newID(), CreatedAt: t0, UpdatedAt: t0}
	if _, err := bdb.NewInsert().Model(ct).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	load := func() *db.Contract {
		got := new(db.Contract)
		if err := bdb.NewSelect().Model(got).Where("id = ?", ct.ID).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		return got
	}
	now = t0.Add(time.Minute)
	if err := s.markContractAnalyzed(ctx, bdb, ct.ID); err != nil {
		t.Fatal(err)
	}
	if got := load(); got.Status != ContractAnalyzed || !got.UpdatedAt.Equal(now) {
		t.Errorf("after first scan: status %s updated_at %v", got.Status, got.UpdatedAt)
	}
	// A second completed scan leaves it as it is.
	now = t0.Add(time.Hour)
	if err := s.markContractAnalyzed(ctx, bdb, ct.ID); err != nil {
		t.Fatal(err)
	}
	if got := load(); got.Status != ContractAnalyzed || !got.UpdatedAt.Equal(t0.Add(time.Minute)) {
		t.Errorf("after second scan: status %s updated_at %v", got.Status, got.UpdatedAt)
	}
}
