package core_test

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/db/dbtest"
)

// gateFixture is a developer-plan organization with one project.
type gateFixture struct {
	svc     *core.Service
	p       *core.Principal
	project uuid.UUID
}

func newGateFixture(t *testing.T) *gateFixture {
	t.Helper()
	ctx := context.Background()
	svc := &core.Service{DB: dbtest.New(t), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Cursors: core.Cursors{Secret: []byte("test-secret-test-secret-test-secret!")}}
	b, err := svc.CreateOwnerKey(ctx, "acme", "developer", "owner@acme.test", nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := svc.Authenticate(ctx, b.APIKey)
	if err != nil {
		t.Fatal(err)
	}
	name := "vaults"
	pr, err := svc.CreateProject(ctx, p, core.ProjectInput{Name: &name})
	if err != nil {
		t.Fatal(err)
	}
	return &gateFixture{svc: svc, p: p, project: pr.ID}
}

// finding is a vulnerability to seed: severity, status and suppression.
type gateFinding struct {
	severity, status string
	suppressed       bool
}

// scan inserts a contract and a scan in status with findings, straight
// through bun: uploads and the scan pipeline are built elsewhere.
func (f *gateFixture) scan(t *testing.T, status string, findings ...gateFinding) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	now := f.svc.Now()
	c := &db.Contract{ID: uuid.Must(uuid.NewV7()), OrganizationID: f.p.OrgID, ProjectID: f.project, Name: "Vault",
		Language: "solidity", Status: "uploaded", FileCount: 1, CreatedBy: f.p.UserID, CreatedAt: now, UpdatedAt: now}
	s := &db.Scan{ID: uuid.Must(uuid.NewV7()), OrganizationID: f.p.OrgID, ProjectID: f.project, ContractID: c.ID,
		Status: status, Preset: "standard", ScannersUsed: []string{}, FileErrors: []db.FileError{},
		CreatedBy: f.p.UserID, CreatedAt: now, UpdatedAt: now}
	err := f.svc.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(c).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(s).Exec(ctx); err != nil {
			return err
		}
		for i, fd := range findings {
			v := &db.Vulnerability{ID: uuid.Must(uuid.NewV7()), OrganizationID: f.p.OrgID, ProjectID: f.project,
				ContractID: c.ID, ScanID: s.ID, DetectorID: "SOL-TEST", Scanner: "bulwark", Title: "test finding",
				Severity: fd.severity, Status: fd.status, Category: "test", Confidence: 0.9, File: "Vault.sol",
				Line: i + 1, Fingerprint: uuid.NewString(), Suppressed: fd.suppressed, DetectedAt: now, UpdatedAt: now}
			if _, err := tx.NewInsert().Model(v).Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("seed scan: %v", err)
	}
	return s.ID
}

func (f *gateFixture) setScanStatus(t *testing.T, id uuid.UUID, status string) {
	t.Helper()
	if _, err := f.svc.DB.NewUpdate().Model((*db.Scan)(nil)).Set("status = ?", status).Where("id = ?", id).
		Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func (f *gateFixture) evaluation(t *testing.T, id uuid.UUID) *db.GateEvaluation {
	t.Helper()
	ev := new(db.GateEvaluation)
	if err := f.svc.DB.NewSelect().Model(ev).Where("id = ?", id).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	return ev
}

func (f *gateFixture) audits(t *testing.T, action string) int {
	t.Helper()
	n, err := f.svc.DB.NewSelect().Model((*db.AuditLog)(nil)).Where("action = ?", action).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// outcome is the part of an evaluation a resolution decides.
type outcome struct {
	Status                      string
	Passed                      bool
	Critical, High, Medium, Low int
	Rules                       []string
	Note                        string
}

func outcomeOf(ev *db.GateEvaluation) outcome {
	o := outcome{Status: ev.Status, Passed: ev.Passed, Critical: ev.Critical, High: ev.High, Medium: ev.Medium,
		Low: ev.Low, Note: ev.Note, Rules: []string{}}
	for _, v := range ev.Violations {
		o.Rules = append(o.Rules, v.Rule)
	}
	return o
}

func TestOnScanFinishedResolvesPending(t *testing.T) {
	ctx := context.Background()
	f := newGateFixture(t)
	if _, _, err := f.svc.PutQualityGate(ctx, f.p, f.project, core.GateInput{}); err != nil {
		t.Fatal(err)
	}
	scan := f.scan(t, core.ScanRunning,
		gateFinding{"critical", "open", false}, gateFinding{"high", "acknowledged", false},
		gateFinding{"medium", "fixed", false}, gateFinding{"low", "false_positive", false})
	ev, err := f.svc.EvaluateQualityGate(ctx, f.p, f.project, core.EvaluateInput{})
	if err != nil {
		t.Fatal(err)
	}
	if ev.Status != core.GatePending || ev.Passed || ev.ScanID != scan {
		t.Fatalf("evaluation of a running scan = %+v, want pending on %s", outcomeOf(ev), scan)
	}

	// Still running: the hook changes nothing.
	core.OnScanFinished(f.svc, ctx, scan)
	if got := f.evaluation(t, ev.ID); got.Status != core.GatePending {
		t.Fatalf("after the hook on a running scan: status %s", got.Status)
	}

	f.setScanStatus(t, scan, core.ScanCompleted)
	core.OnScanFinished(f.svc, ctx, scan)
	got := f.evaluation(t, ev.ID)
	want := outcome{Status: core.GateFailing, Critical: 1, High: 1, Rules: []string{"block_on_critical", "max_critical"}}
	if diff := cmp.Diff(want, outcomeOf(got)); diff != "" {
		t.Errorf("resolved evaluation (-want +got):\n%s", diff)
	}
	if !got.EvaluatedAt.After(ev.EvaluatedAt) && !got.EvaluatedAt.Equal(ev.EvaluatedAt) {
		t.Errorf("evaluated_at went back: %v < %v", got.EvaluatedAt, ev.EvaluatedAt)
	}
	if n := f.audits(t, "quality_gate.evaluated"); n != 2 {
		t.Errorf("quality_gate.evaluated entries = %d, want 2 (request and resolution)", n)
	}
	// Running the hook again is harmless.
	core.OnScanFinished(f.svc, ctx, scan)
	if n := f.audits(t, "quality_gate.evaluated"); n != 2 {
		t.Errorf("after a second hook: %d entries, want 2", n)
	}
	// An unknown scan is ignored.
	core.OnScanFinished(f.svc, ctx, uuid.New())
}

func TestOnScanFinishedOutcomes(t *testing.T) {
	off := false
	for _, tc := range []struct {
		name     string
		gate     core.GateInput
		final    string
		findings []gateFinding
		want     outcome
	}{
		{"completed clean scan passes", core.GateInput{}, core.ScanCompleted,
			[]gateFinding{{"high", "open", false}, {"critical", "fixed", false}},
			outcome{Status: core.GatePassing, Passed: true, High: 1, Rules: []string{}}},
		{"suppressed critical does not count", core.GateInput{}, core.ScanCompleted,
			[]gateFinding{{"critical", "open", true}},
			outcome{Status: core.GatePassing, Passed: true, Rules: []string{}}},
		{"failed scan fails the gate", core.GateInput{}, core.ScanFailed, nil,
			outcome{Status: core.GateFailing, Rules: []string{"scan_failed"}}},
		{"cancelled scan fails the gate", core.GateInput{}, core.ScanCancelled, nil,
			outcome{Status: core.GateFailing, Rules: []string{"scan_failed"}}},
		{"inactive gate passes with a note", core.GateInput{IsActive: &off}, core.ScanCompleted,
			[]gateFinding{{"critical", "open", false}},
			outcome{Status: core.GatePassing, Passed: true, Critical: 1, Rules: []string{},
				Note: "the quality gate is inactive; no rule was enforced"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			f := newGateFixture(t)
			if _, _, err := f.svc.PutQualityGate(ctx, f.p, f.project, tc.gate); err != nil {
				t.Fatal(err)
			}
			scan := f.scan(t, core.ScanQueued, tc.findings...)
			ev, err := f.svc.EvaluateQualityGate(ctx, f.p, f.project, core.EvaluateInput{ScanID: &scan})
			if err != nil || ev.Status != core.GatePending {
				t.Fatalf("evaluate = %v, %v; want pending", ev, err)
			}
			f.setScanStatus(t, scan, tc.final)
			core.OnScanFinished(f.svc, ctx, scan)
			if diff := cmp.Diff(tc.want, outcomeOf(f.evaluation(t, ev.ID))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
