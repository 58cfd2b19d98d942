package server_test

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// The -update flag rewrites golden files. Another test file of this
// package may declare it first; then this one reads that flag.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

func updateGolden() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// gateEnv is a server with a project of acme's.
type gateEnv struct {
	*servertest.Env
	project string
}

func newGateEnv(t *testing.T) *gateEnv {
	t.Helper()
	env := servertest.New(t, servertest.Options{NoWorker: true})
	r := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "vaults"})
	if r.Status != 201 {
		t.Fatalf("create project: %d %s", r.Status, r.Body)
	}
	return &gateEnv{Env: env, project: r.JSON()["id"].(string)}
}

func (e *gateEnv) path(suffix string) string {
	return "/api/v1/quality-gates/projects/" + e.project + suffix
}

// vuln is a finding to seed.
type vuln struct {
	severity, status string
	suppressed       bool
}

// seedScan inserts a contract and a scan of project in status, with
// findings, straight through bun: uploads and the scan pipeline are built
// by other work in parallel. createdAt orders "latest scan".
func seedScan(t *testing.T, env *servertest.Env, orgID, project, status string, findings ...vuln) string {
	t.Helper()
	ctx := context.Background()
	now := env.Svc.Now()
	org, pr, user := uuid.MustParse(orgID), uuid.MustParse(project), uuid.MustParse(env.UserID)
	c := &db.Contract{ID: uuid.Must(uuid.NewV7()), OrganizationID: org, ProjectID: pr, Name: "Vault",
		Language: "solidity", Status: "uploaded", FileCount: 1, CreatedBy: user, CreatedAt: now, UpdatedAt: now}
	s := &db.Scan{ID: uuid.Must(uuid.NewV7()), OrganizationID: org, ProjectID: pr, ContractID: c.ID,
		Status: status, Preset: "standard", ScannersUsed: []string{"bulwark"}, FileErrors: []db.FileError{},
		CreatedBy: user, CreatedAt: now, UpdatedAt: now}
	if status == "completed" {
		s.CompletedAt = &now
	}
	err := env.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(c).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(s).Exec(ctx); err != nil {
			return err
		}
		for i, f := range findings {
			v := &db.Vulnerability{ID: uuid.Must(uuid.NewV7()), OrganizationID: org, ProjectID: pr, ContractID: c.ID,
				ScanID: s.ID, DetectorID: "SOL-TEST", Scanner: "bulwark", Title: "test finding", Severity: f.severity,
				Status: f.status, Category: "test", Confidence: 0.9, File: "Vault.sol", Line: i + 1,
				Fingerprint: uuid.NewString(), Suppressed: f.suppressed, DetectedAt: now, UpdatedAt: now}
			if _, err := tx.NewInsert().Model(v).Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("seed scan: %v", err)
	}
	// Scans seeded one after another must not share a created_at.
	time.Sleep(2 * time.Millisecond)
	return s.ID.String()
}

func setScanStatus(t *testing.T, env *servertest.Env, id, status string) {
	t.Helper()
	if _, err := env.DB.NewUpdate().Model((*db.Scan)(nil)).Set("status = ?", status).Where("id = ?", id).
		Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func countAudit(t *testing.T, env *servertest.Env, action string) int {
	t.Helper()
	var n int
	if err := env.DB.NewRaw("SELECT count(*) FROM audit_logs WHERE action = ? AND organization_id = ?", action, env.OrgID).
		Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// gateData is the gate part of a response.
type gateData struct {
	ID              string `json:"id"`
	ProjectID       string `json:"project_id"`
	OrganizationID  string `json:"organization_id"`
	Name            string `json:"name"`
	BlockOnCritical bool   `json:"block_on_critical"`
	BlockOnHigh     bool   `json:"block_on_high"`
	MaxCritical     int    `json:"max_critical"`
	MaxHigh         int    `json:"max_high"`
	MaxMedium       int    `json:"max_medium"`
	MaxLow          int    `json:"max_low"`
	IsActive        bool   `json:"is_active"`
	CreatedBy       string `json:"created_by"`
}

type gateResp struct {
	ID     string   `json:"id"`
	Status string   `json:"status"`
	Data   gateData `json:"data"`
}

type violation struct {
	Rule      string `json:"rule"`
	Severity  string `json:"severity"`
	Count     int    `json:"count"`
	Threshold int    `json:"threshold"`
	Message   string `json:"message"`
}

type evalData struct {
	ID            string         `json:"id"`
	QualityGateID string         `json:"quality_gate_id"`
	ScanID        string         `json:"scan_id"`
	ProjectID     string         `json:"project_id"`
	Status        string         `json:"status"`
	Passed        bool           `json:"passed"`
	Critical      int            `json:"critical_count"`
	High          int            `json:"high_count"`
	Medium        int            `json:"medium_count"`
	Low           int            `json:"low_count"`
	Violations    []violation    `json:"violations"`
	Note          *string        `json:"note"`
	TriggeredBy   string         `json:"triggered_by"`
	CIContext     map[string]any `json:"ci_context"`
	CreatedAt     time.Time      `json:"created_at"`
	EvaluatedAt   time.Time      `json:"evaluated_at"`
	// build-status only
	Branch *string `json:"branch"`
	Scan   *struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	} `json:"scan"`
}

type evalResp struct {
	ID     string   `json:"id"`
	Status string   `json:"status"`
	Data   evalData `json:"data"`
}

func (e *gateEnv) evaluate(t *testing.T, body any) evalData {
	t.Helper()
	r := e.Do("POST", e.path("/evaluate"), e.Key, body)
	if r.Status != 201 {
		t.Fatalf("evaluate %v = %d %s", body, r.Status, r.Body)
	}
	var out evalResp
	r.Decode(t, &out)
	if out.ID != out.Data.ID || out.Status != out.Data.Status {
		t.Errorf("envelope %s/%s does not match data %s/%s", out.ID, out.Status, out.Data.ID, out.Data.Status)
	}
	return out.Data
}

func (e *gateEnv) putGate(t *testing.T, body any) {
	t.Helper()
	if r := e.Do("PUT", e.path(""), e.Key, body); r.Status != 201 && r.Status != 200 {
		t.Fatalf("put gate = %d %s", r.Status, r.Body)
	}
}

func TestGateConfig(t *testing.T) {
	e := newGateEnv(t)
	if r := e.Do("GET", e.path(""), e.Key, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
		t.Fatalf("GET before PUT = %d %s", r.Status, r.Body)
	}
	r := e.Do("PUT", e.path(""), e.Key, map[string]any{})
	if r.Status != 201 {
		t.Fatalf("PUT {} = %d %s", r.Status, r.Body)
	}
	var created gateResp
	r.Decode(t, &created)
	want := gateData{ID: created.ID, ProjectID: e.project, OrganizationID: e.OrgID, Name: "Default quality gate",
		BlockOnCritical: true, BlockOnHigh: false, MaxCritical: 0, MaxHigh: -1, MaxMedium: -1, MaxLow: -1,
		IsActive: true, CreatedBy: e.UserID}
	if diff := cmp.Diff(want, created.Data); diff != "" || created.Status != "active" {
		t.Errorf("defaults (-want +got):\n%s status %s", diff, created.Status)
	}
	var got gateResp
	e.Do("GET", e.path(""), e.Key, nil).Decode(t, &got)
	if diff := cmp.Diff(created, got); diff != "" {
		t.Errorf("GET after PUT (-put +get):\n%s", diff)
	}

	// PUT replaces: given fields change, absent ones return to defaults.
	r = e.Do("PUT", e.path(""), e.Key, map[string]any{"name": "  strict  ", "block_on_critical": false,
		"block_on_high": true, "max_critical": 2, "max_high": 0, "max_medium": 5, "max_low": 100, "is_active": false})
	if r.Status != 200 {
		t.Fatalf("second PUT = %d %s", r.Status, r.Body)
	}
	var replaced gateResp
	r.Decode(t, &replaced)
	want = gateData{ID: created.ID, ProjectID: e.project, OrganizationID: e.OrgID, Name: "strict",
		BlockOnCritical: false, BlockOnHigh: true, MaxCritical: 2, MaxHigh: 0, MaxMedium: 5, MaxLow: 100,
		IsActive: false, CreatedBy: e.UserID}
	if diff := cmp.Diff(want, replaced.Data); diff != "" || replaced.Status != "inactive" || replaced.ID != created.ID {
		t.Errorf("replaced (-want +got):\n%s status %s id %s", diff, replaced.Status, replaced.ID)
	}
	e.Do("PUT", e.path(""), e.Key, map[string]any{"max_low": 3}).Decode(t, &replaced)
	want = gateData{ID: created.ID, ProjectID: e.project, OrganizationID: e.OrgID, Name: "Default quality gate",
		BlockOnCritical: true, MaxCritical: 0, MaxHigh: -1, MaxMedium: -1, MaxLow: 3, IsActive: true, CreatedBy: e.UserID}
	if diff := cmp.Diff(want, replaced.Data); diff != "" {
		t.Errorf("PUT with one field (-want +got):\n%s", diff)
	}
	// Edge values are accepted.
	e.putGate(t, map[string]any{"name": strings.Repeat("é", 255), "max_critical": -1, "max_high": 1000000})
	if n := countAudit(t, e.Env, "quality_gate.updated"); n != 4 {
		t.Errorf("quality_gate.updated entries = %d, want 4", n)
	}
}

func TestGateBadInput(t *testing.T) {
	e := newGateEnv(t)
	other := e.Do("POST", "/api/v1/projects", e.Key, map[string]any{"name": "other"}).JSON()["id"].(string)
	otherScan := seedScan(t, e.Env, e.OrgID, other, "completed")
	empty := e.Do("POST", "/api/v1/projects", e.Key, map[string]any{"name": "empty"}).JSON()["id"].(string)
	noGate := e.Do("POST", "/api/v1/projects", e.Key, map[string]any{"name": "nogate"}).JSON()["id"].(string)
	seedScan(t, e.Env, e.OrgID, noGate, "completed")
	for _, p := range []string{e.project, empty} {
		if r := e.Do("PUT", "/api/v1/quality-gates/projects/"+p, e.Key, map[string]any{}); r.Status != 201 {
			t.Fatalf("put: %d %s", r.Status, r.Body)
		}
	}
	failed := seedScan(t, e.Env, e.OrgID, e.project, "failed")
	cancelled := seedScan(t, e.Env, e.OrgID, e.project, "cancelled")

	manyKeys := map[string]any{}
	for i := range 51 {
		manyKeys[fmt.Sprintf("k%d", i)] = "v"
	}
	huge := map[string]any{}
	for i := range 9 {
		huge[fmt.Sprintf("k%d", i)] = strings.Repeat("x", 1000)
	}
	gates := "/api/v1/quality-gates/projects/"
	cases := []struct {
		name, method, path string
		body               any
		status             int
		code, field        string
	}{
		{"malformed json", "PUT", e.path(""), `{"name":`, 400, "INVALID_REQUEST", ""},
		{"array body", "PUT", e.path(""), `[]`, 400, "INVALID_REQUEST", ""},
		{"empty put body", "PUT", e.path(""), ``, 400, "INVALID_REQUEST", ""},
		{"unknown field", "PUT", e.path(""), `{"max_info":1}`, 422, "INVALID_FIELD", "max_info"},
		{"empty name", "PUT", e.path(""), `{"name":"  "}`, 422, "INVALID_FIELD", "name"},
		{"long name", "PUT", e.path(""), map[string]any{"name": strings.Repeat("n", 256)}, 422, "INVALID_FIELD", "name"},
		{"name not a string", "PUT", e.path(""), `{"name":7}`, 422, "INVALID_FIELD", "name"},
		{"max below -1", "PUT", e.path(""), `{"max_high":-2}`, 422, "INVALID_FIELD", "max_high"},
		{"max too large", "PUT", e.path(""), `{"max_low":1000001}`, 422, "INVALID_FIELD", "max_low"},
		{"max fraction", "PUT", e.path(""), `{"max_medium":1.5}`, 422, "INVALID_FIELD", "max_medium"},
		{"max as string", "PUT", e.path(""), `{"max_critical":"3"}`, 422, "INVALID_FIELD", "max_critical"},
		{"max overflow", "PUT", e.path(""), `{"max_critical":1e30}`, 422, "INVALID_FIELD", "max_critical"},
		{"boolean as string", "PUT", e.path(""), `{"block_on_high":"true"}`, 422, "INVALID_FIELD", "block_on_high"},
		{"boolean as number", "PUT", e.path(""), `{"is_active":1}`, 422, "INVALID_FIELD", "is_active"},
		{"null boolean", "PUT", e.path(""), `{"is_active":null}`, 422, "MISSING_FIELD", "is_active"},
		{"bad project id", "PUT", gates + "nope", `{}`, 404, "RESOURCE_NOT_FOUND", ""},
		{"unknown project", "PUT", gates + uuid.NewString(), `{}`, 404, "RESOURCE_NOT_FOUND", ""},
		{"get unknown project", "GET", gates + uuid.NewString(), nil, 404, "RESOURCE_NOT_FOUND", ""},

		{"evaluate malformed", "POST", e.path("/evaluate"), `{"scan_id":`, 400, "INVALID_REQUEST", ""},
		{"evaluate unknown field", "POST", e.path("/evaluate"), `{"scan":"x"}`, 422, "INVALID_FIELD", "scan"},
		{"scan_id not a uuid", "POST", e.path("/evaluate"), `{"scan_id":"abc"}`, 422, "INVALID_FIELD", "scan_id"},
		{"scan_id not a string", "POST", e.path("/evaluate"), `{"scan_id":5}`, 422, "INVALID_FIELD", "scan_id"},
		{"unknown scan", "POST", e.path("/evaluate"), map[string]any{"scan_id": uuid.NewString()}, 404, "RESOURCE_NOT_FOUND", ""},
		{"scan of another project", "POST", e.path("/evaluate"), map[string]any{"scan_id": otherScan}, 422, "INVALID_FIELD", "scan_id"},
		{"failed scan", "POST", e.path("/evaluate"), map[string]any{"scan_id": failed}, 409, "SCAN_FAILED", ""},
		{"cancelled scan", "POST", e.path("/evaluate"), map[string]any{"scan_id": cancelled}, 409, "SCAN_FAILED", ""},
		{"latest scan cancelled", "POST", e.path("/evaluate"), nil, 409, "SCAN_FAILED", ""},
		{"project without scans", "POST", gates + empty + "/evaluate", nil, 409, "CONFLICT", ""},
		{"project without a gate", "POST", gates + noGate + "/evaluate", nil, 404, "RESOURCE_NOT_FOUND", ""},
		{"unknown project evaluate", "POST", gates + uuid.NewString() + "/evaluate", nil, 404, "RESOURCE_NOT_FOUND", ""},
		{"ci_context a string", "POST", e.path("/evaluate"), `{"ci_context":"main"}`, 422, "INVALID_FIELD", "ci_context"},
		{"ci_context an array", "POST", e.path("/evaluate"), `{"ci_context":["main"]}`, 422, "INVALID_FIELD", "ci_context"},
		{"ci_context nested", "POST", e.path("/evaluate"), `{"ci_context":{"pr":{"n":1}}}`, 422, "INVALID_FIELD", "ci_context.pr"},
		{"ci_context bad key", "POST", e.path("/evaluate"), `{"ci_context":{"Branch":"main"}}`, 422, "INVALID_FIELD", "ci_context"},
		{"ci_context too many keys", "POST", e.path("/evaluate"), map[string]any{"ci_context": manyKeys}, 422, "INVALID_FIELD", "ci_context"},
		{"ci_context too large", "POST", e.path("/evaluate"), map[string]any{"ci_context": huge}, 422, "INVALID_FIELD", "ci_context"},
		{"ci_context long value", "POST", e.path("/evaluate"), map[string]any{"ci_context": map[string]any{"actor": strings.Repeat("a", 1025)}}, 422, "INVALID_FIELD", "ci_context.actor"},
		{"ci_context bad commit", "POST", e.path("/evaluate"), `{"ci_context":{"commit":"HEAD"}}`, 422, "INVALID_FIELD", "ci_context.commit"},
		{"ci_context bad build_url", "POST", e.path("/evaluate"), `{"ci_context":{"build_url":"javascript:x"}}`, 422, "INVALID_FIELD", "ci_context.build_url"},
		{"ci_context pull_request 0", "POST", e.path("/evaluate"), `{"ci_context":{"pull_request":0}}`, 422, "INVALID_FIELD", "ci_context.pull_request"},
		{"ci_context branch number", "POST", e.path("/evaluate"), `{"ci_context":{"branch":1}}`, 422, "INVALID_FIELD", "ci_context.branch"},
		{"triggered_by too long", "POST", e.path("/evaluate"), map[string]any{"triggered_by": strings.Repeat("t", 51)}, 422, "INVALID_FIELD", "triggered_by"},
		{"triggered_by empty", "POST", e.path("/evaluate"), `{"triggered_by":""}`, 422, "INVALID_FIELD", "triggered_by"},
		{"triggered_by control character", "POST", e.path("/evaluate"), `{"triggered_by":"c\u0007i"}`, 422, "INVALID_FIELD", "triggered_by"},
		{"triggered_by number", "POST", e.path("/evaluate"), `{"triggered_by":5}`, 422, "INVALID_FIELD", "triggered_by"},

		{"build-status never evaluated", "GET", e.path("/build-status"), nil, 404, "RESOURCE_NOT_FOUND", ""},
		{"build-status unknown project", "GET", gates + uuid.NewString() + "/build-status", nil, 404, "RESOURCE_NOT_FOUND", ""},
		{"history bad status", "GET", e.path("/history?status=green"), nil, 422, "INVALID_FIELD", "status"},
		{"history mixed pagination", "GET", e.path("/history?first=1&skip=1"), nil, 400, "INVALID_REQUEST", ""},
		{"history bad cursor", "GET", e.path("/history?after=abc"), nil, 400, "INVALID_CURSOR", ""},
		{"history limit too big", "GET", e.path("/history?limit=1001"), nil, 422, "INVALID_FIELD", "limit"},
		{"history unknown project", "GET", gates + uuid.NewString() + "/history", nil, 404, "RESOURCE_NOT_FOUND", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := e.Do(tc.method, tc.path, e.Key, tc.body)
			if r.Status != tc.status || r.ErrorCode() != tc.code {
				t.Fatalf("= %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
			if tc.field != "" {
				var b struct {
					Error struct {
						Details struct {
							Field string `json:"field"`
						} `json:"details"`
					} `json:"error"`
				}
				r.Decode(t, &b)
				if b.Error.Details.Field != tc.field {
					t.Errorf("details.field = %q, want %q", b.Error.Details.Field, tc.field)
				}
			}
		})
	}
	// Nothing above recorded an evaluation.
	if n := countAudit(t, e.Env, "quality_gate.evaluated"); n != 0 {
		t.Errorf("%d evaluations recorded by bad requests", n)
	}
	var rows int
	if err := e.DB.NewRaw("SELECT count(*) FROM quality_gate_evaluations").Scan(context.Background(), &rows); err != nil || rows != 0 {
		t.Errorf("evaluations stored = %d (%v), want 0", rows, err)
	}
}

func TestGatePlanAndScopes(t *testing.T) {
	e := newGateEnv(t)
	e.putGate(t, map[string]any{})
	seedScan(t, e.Env, e.OrgID, e.project, "completed")
	e.evaluate(t, nil)
	free := e.NewOrg("cheap", "free")
	freeProject := e.Do("POST", "/api/v1/projects", free, map[string]any{"name": "p"}).JSON()["id"].(string)
	readOnly := e.NewOrg("acme", "developer", "quality_gates:read")
	projectsOnly := e.NewOrg("acme", "developer", "projects:write")
	routes := []struct {
		method, suffix string
		body           any
		write          bool
	}{
		{"GET", "", nil, false},
		{"PUT", "", map[string]any{}, true},
		{"POST", "/evaluate", map[string]any{}, true},
		{"GET", "/build-status", nil, false},
		{"GET", "/history", nil, false},
	}
	for _, rt := range routes {
		t.Run(rt.method+rt.suffix, func(t *testing.T) {
			// Free plan: PERMISSION_DENIED even on its own project.
			r := e.Do(rt.method, "/api/v1/quality-gates/projects/"+freeProject+rt.suffix, free, rt.body)
			if r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
				t.Errorf("free plan = %d %s", r.Status, r.Body)
			}
			if r := e.Do(rt.method, e.path(rt.suffix), "", rt.body); r.Status != 401 || r.ErrorCode() != "UNAUTHORIZED" {
				t.Errorf("no key = %d %s", r.Status, r.Body)
			}
			if r := e.Do(rt.method, e.path(rt.suffix), projectsOnly, rt.body); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
				t.Errorf("without quality_gates scope = %d %s", r.Status, r.Body)
			}
			r = e.Do(rt.method, e.path(rt.suffix), readOnly, rt.body)
			if rt.write && (r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED") {
				t.Errorf("write with read scope = %d %s", r.Status, r.Body)
			}
			if !rt.write && r.Status != 200 {
				t.Errorf("read with read scope = %d %s", r.Status, r.Body)
			}
		})
	}
}

func TestGateIsolation(t *testing.T) {
	e := newGateEnv(t)
	e.putGate(t, map[string]any{})
	scan := seedScan(t, e.Env, e.OrgID, e.project, "completed", vuln{"critical", "open", false})
	e.evaluate(t, map[string]any{"ci_context": map[string]any{"branch": "main"}})
	other := e.NewOrg("globex", "developer")
	for _, rt := range []struct {
		method, suffix string
		body           any
	}{
		{"GET", "", nil}, {"PUT", "", map[string]any{"max_critical": -1, "block_on_critical": false}},
		{"POST", "/evaluate", nil}, {"GET", "/build-status", nil}, {"GET", "/history", nil},
	} {
		if r := e.Do(rt.method, e.path(rt.suffix), other, rt.body); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("%s %s by another org = %d %s", rt.method, rt.suffix, r.Status, r.Body)
		}
	}
	// Another org's scan cannot be evaluated against one's own gate.
	theirs := e.Do("POST", "/api/v1/projects", other, map[string]any{"name": "theirs"}).JSON()["id"].(string)
	if r := e.Do("PUT", "/api/v1/quality-gates/projects/"+theirs, other, map[string]any{}); r.Status != 201 {
		t.Fatalf("their gate = %d %s", r.Status, r.Body)
	}
	if r := e.Do("POST", "/api/v1/quality-gates/projects/"+theirs+"/evaluate", other, map[string]any{"scan_id": scan}); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
		t.Errorf("evaluating another org's scan = %d %s", r.Status, r.Body)
	}
	// The gate is unchanged and acme's history has one entry only.
	var g gateResp
	e.Do("GET", e.path(""), e.Key, nil).Decode(t, &g)
	if !g.Data.BlockOnCritical || g.Data.MaxCritical != 0 {
		t.Errorf("gate changed by another org: %+v", g.Data)
	}
	var h struct {
		Evaluations []evalData `json:"evaluations"`
	}
	e.Do("GET", e.path("/history"), e.Key, nil).Decode(t, &h)
	if len(h.Evaluations) != 1 {
		t.Errorf("history has %d evaluations, want 1", len(h.Evaluations))
	}
}

// TestGateCounts checks which vulnerabilities count: open and acknowledged
// only, and never suppressed ones.
func TestGateCounts(t *testing.T) {
	e := newGateEnv(t)
	e.putGate(t, map[string]any{"block_on_critical": false, "max_critical": -1})
	for _, tc := range []struct {
		name     string
		findings []vuln
		want     [4]int
	}{
		{"none", nil, [4]int{}},
		{"open counts", []vuln{{"critical", "open", false}, {"high", "open", false}, {"medium", "open", false}, {"low", "open", false}}, [4]int{1, 1, 1, 1}},
		{"acknowledged counts", []vuln{{"critical", "acknowledged", false}, {"low", "acknowledged", false}, {"low", "open", false}}, [4]int{1, 0, 0, 2}},
		{"fixed does not count", []vuln{{"critical", "fixed", false}, {"high", "fixed", false}}, [4]int{}},
		{"false_positive does not count", []vuln{{"critical", "false_positive", false}, {"medium", "false_positive", false}}, [4]int{}},
		{"suppressed does not count", []vuln{{"critical", "open", true}, {"high", "acknowledged", true}, {"high", "open", false}}, [4]int{0, 1, 0, 0}},
		{"mixed", []vuln{{"high", "open", false}, {"high", "acknowledged", false}, {"high", "fixed", false}, {"high", "false_positive", false}}, [4]int{0, 2, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			scan := seedScan(t, e.Env, e.OrgID, e.project, "completed", tc.findings...)
			ev := e.evaluate(t, map[string]any{"scan_id": scan})
			if got := [4]int{ev.Critical, ev.High, ev.Medium, ev.Low}; got != tc.want {
				t.Errorf("counts = %v, want %v", got, tc.want)
			}
			if ev.Status != "passing" || !ev.Passed || ev.ScanID != scan {
				t.Errorf("evaluation = %+v", ev)
			}
		})
	}
}

func TestGateEndToEnd(t *testing.T) {
	e := newGateEnv(t)
	e.putGate(t, map[string]any{"name": "release gate", "block_on_high": true, "max_medium": 1})

	// A completed scan with findings fails the gate.
	scan1 := seedScan(t, e.Env, e.OrgID, e.project, "completed",
		vuln{"critical", "open", false}, vuln{"high", "acknowledged", false},
		vuln{"medium", "open", false}, vuln{"medium", "open", false}, vuln{"low", "fixed", false})
	ci := map[string]any{"branch": "refs/heads/main", "commit": "9fceb02d0ae598e95dc970b74767f19372d61af8",
		"pull_request": 12, "provider": "github", "build_url": "https://github.com/acme/vaults/actions/runs/7",
		"repository": "acme/vaults", "actor": "octocat"}
	ev1 := e.evaluate(t, map[string]any{"ci_context": ci, "triggered_by": "github-action"})
	wantViolations := []violation{
		{"block_on_critical", "critical", 1, 0, "1 critical vulnerability found; block_on_critical allows none"},
		{"block_on_high", "high", 1, 0, "1 high vulnerability found; block_on_high allows none"},
		{"max_critical", "critical", 1, 0, "1 critical vulnerability exceeds max_critical 0"},
		{"max_medium", "medium", 2, 1, "2 medium vulnerabilities exceed max_medium 1"},
	}
	if diff := cmp.Diff(wantViolations, ev1.Violations); diff != "" {
		t.Errorf("violations (-want +got):\n%s", diff)
	}
	wantCI := map[string]any{"branch": "refs/heads/main", "commit": "9fceb02d0ae598e95dc970b74767f19372d61af8",
		"pull_request": float64(12), "provider": "github", "build_url": "https://github.com/acme/vaults/actions/runs/7",
		"repository": "acme/vaults", "actor": "octocat"}
	if diff := cmp.Diff(wantCI, ev1.CIContext); diff != "" {
		t.Errorf("ci_context (-want +got):\n%s", diff)
	}
	if ev1.Status != "failing" || ev1.Passed || ev1.ScanID != scan1 || ev1.ProjectID != e.project ||
		ev1.TriggeredBy != "github-action" || [4]int{ev1.Critical, ev1.High, ev1.Medium, ev1.Low} != [4]int{1, 1, 2, 0} ||
		ev1.Note != nil || ev1.QualityGateID == "" {
		t.Errorf("first evaluation = %+v", ev1)
	}

	// A clean scan on a feature branch passes; triggered_by defaults to api.
	scan2 := seedScan(t, e.Env, e.OrgID, e.project, "completed", vuln{"low", "open", false}, vuln{"critical", "false_positive", false})
	ev2 := e.evaluate(t, map[string]any{"ci_context": map[string]any{"branch": "feature/x", "pull_request": "13"}})
	if ev2.Status != "passing" || !ev2.Passed || ev2.ScanID != scan2 || len(ev2.Violations) != 0 || ev2.TriggeredBy != "api" {
		t.Errorf("second evaluation = %+v", ev2)
	}

	// Build status: the latest overall, or the latest on a branch (a full
	// ref and its short name are the same branch).
	status := func(q string) evalData {
		t.Helper()
		r := e.Do("GET", e.path("/build-status"+q), e.Key, nil)
		if r.Status != 200 {
			t.Fatalf("build-status%s = %d %s", q, r.Status, r.Body)
		}
		var out evalResp
		r.Decode(t, &out)
		if out.ID != out.Data.ID || out.Status != out.Data.Status {
			t.Errorf("build-status envelope %s/%s, data %s/%s", out.ID, out.Status, out.Data.ID, out.Data.Status)
		}
		return out.Data
	}
	if bs := status(""); bs.ID != ev2.ID || bs.Status != "passing" || bs.Scan == nil || bs.Scan.ID != scan2 ||
		bs.Scan.Status != "completed" || bs.Branch == nil || *bs.Branch != "feature/x" {
		t.Errorf("build-status = %+v", bs)
	}
	for _, q := range []string{"?branch=main", "?branch=refs/heads/main"} {
		if bs := status(q); bs.ID != ev1.ID || bs.Status != "failing" || bs.Critical != 1 || len(bs.Violations) != 4 ||
			bs.CIContext["commit"] != ci["commit"] || !bs.EvaluatedAt.Equal(ev1.EvaluatedAt) {
			t.Errorf("build-status%s = %+v", q, bs)
		}
	}
	if r := e.Do("GET", e.path("/build-status?branch=nope"), e.Key, nil); r.Status != 404 {
		t.Errorf("build-status of a branch never evaluated = %d %s", r.Status, r.Body)
	}

	// A running scan records a pending evaluation (the latest scan by default).
	scan3 := seedScan(t, e.Env, e.OrgID, e.project, "running", vuln{"high", "open", false})
	ev3 := e.evaluate(t, map[string]any{"ci_context": map[string]any{"branch": "main"}, "triggered_by": "github-action"})
	if ev3.Status != "pending" || ev3.Passed || ev3.ScanID != scan3 || len(ev3.Violations) != 0 {
		t.Errorf("evaluation of a running scan = %+v", ev3)
	}
	if bs := status("?branch=main"); bs.ID != ev3.ID || bs.Status != "pending" || bs.Scan.Status != "running" {
		t.Errorf("build-status while pending = %+v", bs)
	}

	// History: newest first, both pagination styles, filters.
	type histPage struct {
		Evaluations []evalData `json:"evaluations"`
		PageInfo    *struct {
			HasNext bool    `json:"has_next_page"`
			End     *string `json:"end_cursor"`
			Total   *int    `json:"total_count"`
		} `json:"page_info"`
		Total    *int `json:"total"`
		Page     int  `json:"page"`
		PageSize int  `json:"page_size"`
	}
	history := func(q string) histPage {
		t.Helper()
		r := e.Do("GET", e.path("/history"+q), e.Key, nil)
		if r.Status != 200 {
			t.Fatalf("history%s = %d %s", q, r.Status, r.Body)
		}
		var p histPage
		r.Decode(t, &p)
		return p
	}
	ids := func(p histPage) []string {
		var out []string
		for _, ev := range p.Evaluations {
			out = append(out, ev.ID)
		}
		return out
	}
	all := history("")
	if diff := cmp.Diff([]string{ev3.ID, ev2.ID, ev1.ID}, ids(all)); diff != "" || all.Total == nil || *all.Total != 3 || all.Page != 1 || all.PageSize != 100 {
		t.Errorf("history (-want +got):\n%s %+v", diff, all)
	}
	p1 := history("?first=2&include_total=true")
	if diff := cmp.Diff([]string{ev3.ID, ev2.ID}, ids(p1)); diff != "" || !p1.PageInfo.HasNext || *p1.PageInfo.Total != 3 {
		t.Errorf("first page (-want +got):\n%s", diff)
	}
	p2 := history("?first=2&after=" + url.QueryEscape(*p1.PageInfo.End))
	if diff := cmp.Diff([]string{ev1.ID}, ids(p2)); diff != "" || p2.PageInfo.HasNext {
		t.Errorf("second page (-want +got):\n%s", diff)
	}
	// A cursor is bound to its filters.
	if r := e.Do("GET", e.path("/history?status=failing&after="+url.QueryEscape(*p1.PageInfo.End)), e.Key, nil); r.Status != 400 || r.ErrorCode() != "INVALID_CURSOR" {
		t.Errorf("cursor with other filters = %d %s", r.Status, r.Body)
	}
	if diff := cmp.Diff([]string{ev3.ID, ev1.ID}, ids(history("?branch=main"))); diff != "" {
		t.Errorf("history on main (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{ev1.ID}, ids(history("?branch=main&status=failing"))); diff != "" {
		t.Errorf("failing history on main (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{ev2.ID}, ids(history("?status=passing&skip=0&limit=5"))); diff != "" {
		t.Errorf("passing history (-want +got):\n%s", diff)
	}

	// The badge needs no key and follows the latest evaluation.
	badge := func(q string, headers ...string) *servertest.Response {
		t.Helper()
		return e.Do("GET", e.path("/badge.svg"+q), "", nil, headers...)
	}
	if r := badge("?branch=main"); r.Status != 200 || !strings.Contains(string(r.Body), ">pending<") {
		t.Errorf("badge on main while pending = %d %s", r.Status, r.Body)
	}
	if r := badge("?branch=feature/x"); !strings.Contains(string(r.Body), ">passing<") {
		t.Errorf("badge on feature/x = %s", r.Body)
	}

	// The scan completes; the hook the scan pipeline runs resolves it.
	setScanStatus(t, e.Env, scan3, "completed")
	if err := e.Svc.ResolvePendingEvaluations(context.Background(), uuid.MustParse(scan3)); err != nil {
		t.Fatal(err)
	}
	var stored db.GateEvaluation
	if err := e.DB.NewSelect().Model(&stored).Where("id = ?", ev3.ID).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if stored.Status != "failing" || stored.High != 1 || len(stored.Violations) != 1 || stored.Violations[0].Rule != "block_on_high" {
		t.Errorf("resolved evaluation = %+v", stored)
	}
	bs := status("?branch=main")
	if bs.ID != ev3.ID || bs.Status != "failing" || bs.Passed || bs.High != 1 || bs.Scan.Status != "completed" ||
		bs.EvaluatedAt.Before(ev3.EvaluatedAt) || !bs.CreatedAt.Equal(ev3.CreatedAt) {
		t.Errorf("build-status after the scan finished = %+v", bs)
	}
	r := badge("?branch=main")
	if r.Status != 200 || !strings.Contains(string(r.Body), ">failing<") {
		t.Errorf("badge after resolution = %d %s", r.Status, r.Body)
	}
	etag := r.Header.Get("ETag")
	if r := badge("?branch=main", "If-None-Match", etag); r.Status != 304 || len(r.Body) != 0 {
		t.Errorf("badge with its ETag = %d %q", r.Status, r.Body)
	}
	if n := countAudit(t, e.Env, "quality_gate.evaluated"); n != 4 {
		t.Errorf("quality_gate.evaluated entries = %d, want 4 (three requests, one resolution)", n)
	}
}

// TestGateSettlesMissedResolution checks the backstop: a pending
// evaluation whose scan finished without the hook running is resolved by
// the next read of build-status.
func TestGateSettlesMissedResolution(t *testing.T) {
	e := newGateEnv(t)
	e.putGate(t, map[string]any{})
	scan := seedScan(t, e.Env, e.OrgID, e.project, "queued", vuln{"critical", "open", false})
	ev := e.evaluate(t, nil)
	if ev.Status != "pending" {
		t.Fatalf("status = %s", ev.Status)
	}
	setScanStatus(t, e.Env, scan, "failed")
	var out evalResp
	e.Do("GET", e.path("/build-status"), e.Key, nil).Decode(t, &out)
	want := []violation{{Rule: "scan_failed", Message: fmt.Sprintf("scan %s ended failed; there is no result to pass", scan)}}
	if diff := cmp.Diff(want, out.Data.Violations); diff != "" || out.Status != "failing" || out.Data.Critical != 0 {
		t.Errorf("settled evaluation (-want +got):\n%s %+v", diff, out)
	}
}

func TestGateBadge(t *testing.T) {
	e := newGateEnv(t)
	badge := func(path string, headers ...string) *servertest.Response {
		t.Helper()
		r := e.Do("GET", path, "", nil, headers...)
		if ct := r.Header.Get("Content-Type"); r.Status != 304 && ct != "image/svg+xml" {
			t.Errorf("%s: Content-Type %q", path, ct)
		}
		if cc := r.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q", path, cc)
		}
		if et := r.Header.Get("ETag"); len(et) < 3 || et[0] != '"' || et[len(et)-1] != '"' {
			t.Errorf("%s: ETag %q not quoted", path, et)
		}
		return r
	}
	golden := func(name string, got []byte) {
		t.Helper()
		path := filepath.Join("testdata", "badges", name+".svg")
		if updateGolden() {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("read golden (run with -update): %v", err)
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("%s badge differs from %s (-want +got):\n%s", name, path, diff)
		}
	}

	// Unknown project, malformed id: grey unknown with 404, nothing else.
	unknown := badge("/api/v1/quality-gates/projects/" + uuid.NewString() + "/badge.svg")
	malformed := badge("/api/v1/quality-gates/projects/not-a-uuid/badge.svg")
	for _, r := range []*servertest.Response{unknown, malformed} {
		if r.Status != 404 {
			t.Errorf("unknown project badge = %d", r.Status)
		}
		golden("unknown", r.Body)
	}
	// A project never evaluated: unknown with 200, the same bytes.
	r := badge(e.path("/badge.svg"))
	if r.Status != 200 || string(r.Body) != string(unknown.Body) {
		t.Errorf("badge of a project without evaluations = %d %s", r.Status, r.Body)
	}

	e.putGate(t, map[string]any{})
	passScan := seedScan(t, e.Env, e.OrgID, e.project, "completed", vuln{"high", "open", false})
	failScan := seedScan(t, e.Env, e.OrgID, e.project, "completed", vuln{"critical", "open", false})
	runScan := seedScan(t, e.Env, e.OrgID, e.project, "running")
	var etags []string
	for _, tc := range []struct{ scan, status string }{{passScan, "passing"}, {failScan, "failing"}, {runScan, "pending"}} {
		e.evaluate(t, map[string]any{"scan_id": tc.scan, "ci_context": map[string]any{"branch": tc.status}})
		r := badge(e.path("/badge.svg"))
		if r.Status != 200 {
			t.Fatalf("%s badge = %d", tc.status, r.Status)
		}
		golden(tc.status, r.Body)
		etags = append(etags, r.Header.Get("ETag"))
		// A branch keeps its own badge.
		if r := badge(e.path("/badge.svg?branch=" + tc.status)); !strings.Contains(string(r.Body), ">"+tc.status+"<") {
			t.Errorf("badge of branch %s = %s", tc.status, r.Body)
		}
	}
	if etags[0] == etags[1] || etags[1] == etags[2] {
		t.Errorf("ETags do not follow the status: %v", etags)
	}
	if r := badge(e.path("/badge.svg?branch=never")); r.Status != 200 || !strings.Contains(string(r.Body), ">unknown<") {
		t.Errorf("badge of a branch never evaluated = %d %s", r.Status, r.Body)
	}
	if r := badge(e.path("/badge.svg?branch=" + strings.Repeat("b", 300))); r.Status != 200 || !strings.Contains(string(r.Body), ">unknown<") {
		t.Errorf("badge of an overlong branch = %d", r.Status)
	}

	// Conditional requests.
	cur := etags[2]
	for _, tc := range []struct {
		header string
		status int
	}{
		{cur, 304}, {"W/" + cur, 304}, {`"other", ` + cur, 304}, {"*", 304},
		{`"other"`, 200}, {etags[0], 200}, {strings.Trim(cur, `"`), 200},
	} {
		r := badge(e.path("/badge.svg"), "If-None-Match", tc.header)
		if r.Status != tc.status {
			t.Errorf("If-None-Match %s = %d, want %d", tc.header, r.Status, tc.status)
		}
		if tc.status == 304 && (len(r.Body) != 0 || r.Header.Get("ETag") != cur) {
			t.Errorf("304 with body %q ETag %q", r.Body, r.Header.Get("ETag"))
		}
	}
	// A 404 badge is never 304.
	if r := badge("/api/v1/quality-gates/projects/"+uuid.NewString()+"/badge.svg", "If-None-Match", "*"); r.Status != 404 {
		t.Errorf("unknown project with If-None-Match = %d", r.Status)
	}
	// Credentials change nothing, even broken ones: the route is public.
	if r := e.Do("GET", e.path("/badge.svg"), "", nil, "Authorization", "Bearer nonsense"); r.Status != 200 {
		t.Errorf("badge with a bad key = %d", r.Status)
	}
	// The badge reveals the status word only.
	for _, secret := range []string{e.project, e.OrgID, "vaults", "Default quality gate"} {
		if strings.Contains(string(r.Body), secret) {
			t.Errorf("badge leaks %q", secret)
		}
	}
}

// TestGateProjectDelete checks that deleting a project takes its gate and
// evaluations along.
func TestGateProjectDelete(t *testing.T) {
	e := newGateEnv(t)
	e.putGate(t, map[string]any{})
	seedScan(t, e.Env, e.OrgID, e.project, "completed")
	e.evaluate(t, nil)
	if r := e.Do("DELETE", "/api/v1/projects/"+e.project, e.Key, nil); r.Status != 204 {
		t.Fatalf("delete project = %d %s", r.Status, r.Body)
	}
	for _, table := range []string{"quality_gates", "quality_gate_evaluations"} {
		var n int
		if err := e.DB.NewRaw("SELECT count(*) FROM "+table).Scan(context.Background(), &n); err != nil || n != 0 {
			t.Errorf("%s rows after project delete = %d (%v)", table, n, err)
		}
	}
	if r := e.Do("GET", e.path("/badge.svg"), "", nil); r.Status != 404 {
		t.Errorf("badge of a deleted project = %d", r.Status)
	}
}

// TestGateInactive checks that an inactive gate passes every completed
// scan, says so in a note, and still records the counts.
func TestGateInactive(t *testing.T) {
	e := newGateEnv(t)
	e.putGate(t, map[string]any{"is_active": false, "block_on_high": true})
	seedScan(t, e.Env, e.OrgID, e.project, "completed", vuln{"critical", "open", false}, vuln{"high", "open", false})
	ev := e.evaluate(t, nil)
	if ev.Status != "passing" || !ev.Passed || len(ev.Violations) != 0 || ev.Critical != 1 || ev.High != 1 ||
		ev.Note == nil || *ev.Note != "the quality gate is inactive; no rule was enforced" {
		t.Errorf("evaluation under an inactive gate = %+v", ev)
	}
	// Activated again, the same scan fails.
	e.putGate(t, map[string]any{"is_active": true, "block_on_high": true})
	if ev := e.evaluate(t, nil); ev.Status != "failing" || ev.Note != nil || len(ev.Violations) != 3 {
		t.Errorf("evaluation under the active gate = %+v", ev)
	}
}

// TestGateBadgeHead checks HEAD answers like GET without a body.
func TestGateBadgeHead(t *testing.T) {
	e := newGateEnv(t)
	get := e.Do("GET", e.path("/badge.svg"), "", nil)
	head := e.Do("HEAD", e.path("/badge.svg"), "", nil)
	if head.Status != 200 || len(head.Body) != 0 || head.Header.Get("ETag") != get.Header.Get("ETag") ||
		head.Header.Get("Content-Type") != "image/svg+xml" {
		t.Errorf("HEAD = %d %q %v", head.Status, head.Body, head.Header)
	}
}

// TestGateEvaluateCompressedBodyRefused: the optional evaluate body is
// never inflated; a compressed one is refused like any JSON body.
func TestGateEvaluateCompressedBodyRefused(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	pr := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "gz"})
	id := pr.JSON()["id"].(string)
	r := env.Do("POST", "/api/v1/quality-gates/projects/"+id+"/evaluate", env.Key,
		[]byte{0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0}, "Content-Encoding", "gzip")
	if r.Status != 400 || r.ErrorCode() != "INVALID_REQUEST" {
		t.Errorf("gzip evaluate body = %d %s, want 400 INVALID_REQUEST", r.Status, r.Body)
	}
}
