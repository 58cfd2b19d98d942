package core

import (
	"context"
	"encoding/json"
	"slices"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/dbtest"
)

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestEventPayloads checks api.md's fields of scan.completed, scan.failed
// and vulnerability.critical, and that every builder's data survives the
// trip through the events table.
func TestEventPayloads(t *testing.T) {
	sc := &db.Scan{ID: newID(), ContractID: newID(), ProjectID: newID(), Status: ScanCompleted, Preset: "standard",
		Critical: 1, High: 2, Low: 4, DurationSeconds: 9, ScannersUsed: []string{"solidity"}}
	v := &db.Vulnerability{ID: newID(), OrganizationID: newID(), ScanID: sc.ID, ContractID: sc.ContractID, Title: "Reentrancy",
		Severity: "critical", Category: "reentrancy", File: "Vault.sol", Line: 42, Scanner: "solidity", RiskScore: 90}
	for _, tc := range []struct {
		name string
		data map[string]any
		want []string
	}{
		{"scan.completed", scanCompletedData(sc, "Vault"), []string{"scan_id", "contract_id", "contract_name", "status",
			"preset", "summary", "duration_seconds", "scanners_used", "economic_risk_score"}},
		{"scan.failed", scanFailedData(sc), []string{"scan_id", "contract_id", "error", "error_details", "duration_seconds"}},
		{"vulnerability.critical", vulnerabilityData(v), []string{"vulnerability_id", "scan_id", "title", "severity",
			"category", "file", "line", "scanner", "risk_score"}},
	} {
		got := keys(tc.data)
		for _, k := range tc.want {
			if !slices.Contains(got, k) {
				t.Errorf("%s data lacks %s: %v", tc.name, k, got)
			}
		}
	}
	sum := scanCompletedData(sc, "Vault")["summary"].(map[string]any)
	if diff := cmp.Diff(map[string]any{"critical": 1, "high": 2, "medium": 0, "low": 4, "total": 7}, sum); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}

	ctx := context.Background()
	s := &Service{DB: dbtest.New(t)}
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.emitFinding(ctx, tx, v); err != nil {
			return err
		}
		hi := *v
		hi.ID, hi.Severity = newID(), "high"
		if err := s.emitFinding(ctx, tx, &hi); err != nil {
			return err
		}
		lo := *v
		lo.ID, lo.Severity = newID(), "low"
		return s.emitFinding(ctx, tx, &lo)
	})
	if err != nil {
		t.Fatal(err)
	}
	var evs []db.Event
	if err := s.DB.NewSelect().Model(&evs).OrderExpr("created_at, id").Scan(ctx); err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, e := range evs {
		types = append(types, e.Type)
		if e.ScanID == nil || *e.ScanID != sc.ID || e.OrganizationID != v.OrganizationID {
			t.Errorf("%s: scan %v org %v", e.Type, e.ScanID, e.OrganizationID)
		}
	}
	want := []string{EventVulnerabilityFound, EventVulnerabilityCritical, EventVulnerabilityFound, EventVulnerabilityHigh,
		EventVulnerabilityFound}
	if diff := cmp.Diff(want, types); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	stored, _ := json.Marshal(evs[1].Data)
	built, _ := json.Marshal(vulnerabilityData(v))
	if string(stored) != string(built) {
		t.Errorf("stored data %s, built %s", stored, built)
	}
	// The remaining builders render without surprises.
	for _, d := range []map[string]any{scanStartedData(sc), vulnerabilityUpdatedData(v, VulnOpen),
		contractData(&db.Contract{ID: newID()}), memberData(newID(), nil, "a@b.test", RoleMember)} {
		if _, err := json.Marshal(d); err != nil || len(d) == 0 {
			t.Errorf("builder data %v: %v", d, err)
		}
	}
}
