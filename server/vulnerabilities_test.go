package server_test

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

type vulnList struct {
	Vulnerabilities []map[string]any `json:"vulnerabilities"`
	Total           int              `json:"total"`
	PageInfo        struct {
		HasNext     bool    `json:"has_next_page"`
		HasPrevious bool    `json:"has_previous_page"`
		Start       *string `json:"start_cursor"`
		End         *string `json:"end_cursor"`
		Total       *int    `json:"total_count"`
	} `json:"page_info"`
}

func listVulns(t *testing.T, env *servertest.Env, key, q string) vulnList {
	t.Helper()
	r := env.Do("GET", "/api/v1/vulnerabilities?"+q, key, nil)
	if r.Status != 200 {
		t.Fatalf("GET /vulnerabilities?%s = %d %s", q, r.Status, r.Body)
	}
	var l vulnList
	r.Decode(t, &l)
	return l
}

func ids(l vulnList) []string {
	out := []string{}
	for _, v := range l.Vulnerabilities {
		out = append(out, v["id"].(string))
	}
	return out
}

func TestVulnerabilityListFilters(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c1 := env.SeedContract(env.Key, map[string]string{"A.sol": vaultSol})
	c2 := env.SeedContract(env.Key, map[string]string{"B.sol": vaultSol})
	s1, s2 := env.SeedScan(c1, "completed"), env.SeedScan(c2, "completed")
	base := time.Now().UTC().Truncate(time.Microsecond)
	type spec struct {
		sev, status, scanner, cat string
		conf                      float64
		scan                      *db.Scan
	}
	specs := []spec{
		{"critical", "open", "bulwark-solidity", "reentrancy", 0.9, s1},
		{"high", "acknowledged", "bulwark-solidity", "access control", 0.6, s1},
		{"medium", "fixed", "bulwark-economic", "flash loan", 0.3, s1},
		{"low", "false_positive", "bulwark-vyper", "reentrancy", 1.0, s2},
		{"high", "open", "bulwark-economic", "oracle", 0.5, s2},
	}
	var rows []db.Vulnerability
	for i, sp := range specs {
		rows = append(rows, env.SeedVulnerabilities(sp.scan, 1, func(_ int, v *db.Vulnerability) {
			v.Severity, v.Status, v.Scanner, v.Category, v.Confidence = sp.sev, sp.status, sp.scanner, sp.cat, sp.conf
			v.DetectedAt = base.Add(time.Duration(i) * time.Second)
		})...)
	}
	pick := func(idx ...int) []string {
		out := []string{}
		for i := len(rows) - 1; i >= 0; i-- { // newest first
			for _, j := range idx {
				if i == j {
					out = append(out, rows[i].ID.String())
				}
			}
		}
		return out
	}
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"", pick(0, 1, 2, 3, 4)},
		{"severity=high", pick(1, 4)},
		{"status=open", pick(0, 4)},
		{"scanner_ids=bulwark-economic", pick(2, 4)},
		{"scanner_ids=bulwark-vyper,bulwark-solidity", pick(0, 1, 3)},
		{"categories=reentrancy", pick(0, 3)},
		{"categories=access%20control,oracle", pick(1, 4)},
		{"min_confidence=0.5", pick(0, 1, 3, 4)},
		{"min_confidence=1", pick(3)},
		{"min_confidence=0", pick(0, 1, 2, 3, 4)},
		{"contract_id=" + c2.ID.String(), pick(3, 4)},
		{"scan_id=" + s1.ID.String(), pick(0, 1, 2)},
		{"project_id=" + c1.ProjectID.String(), pick(0, 1, 2)},
		{"severity=high&status=open&scanner_ids=bulwark-economic&min_confidence=0.5&contract_id=" + c2.ID.String(), pick(4)},
		{"severity=low&scan_id=" + s1.ID.String(), pick()},
		{"scan_id=" + uuid.NewString(), pick()},
	} {
		l := listVulns(t, env, env.Key, tc.q)
		if diff := cmp.Diff(tc.want, ids(l)); diff != "" {
			t.Errorf("?%s (-want +got):\n%s", tc.q, diff)
		}
		if l.Total != len(tc.want) {
			t.Errorf("?%s total = %d", tc.q, l.Total)
		}
		// The cursor style returns the same set.
		if diff := cmp.Diff(tc.want, ids(listVulns(t, env, env.Key, tc.q+"&first=100"))); diff != "" {
			t.Errorf("?%s&first=100 (-want +got):\n%s", tc.q, diff)
		}
	}
	// Every documented field is present.
	v := listVulns(t, env, env.Key, "severity=critical").Vulnerabilities[0]
	var keys []string
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := []string{"category", "confidence", "contract_id", "cwe", "description", "detected_at", "detector_id", "end_line",
		"file", "fingerprint", "id", "line", "note", "project_id", "recommendation", "risk_score", "scan_id", "scanner", "severity",
		"snippet", "status", "swc", "title", "triaged_at", "triaged_by", "updated_at"}
	if diff := cmp.Diff(want, keys); diff != "" {
		t.Errorf("vulnerability JSON keys (-want +got):\n%s", diff)
	}
}

func TestVulnerabilityFilterErrors(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	for _, tc := range []struct{ q, field, reason string }{
		{"severity=urgent", "severity", "invalid"},
		{"severity=", "severity", "invalid"},
		{"status=closed", "status", "invalid"},
		{"status=open&status=fixed", "status", "invalid"},
		{"scanner_ids=a,,b", "scanner_ids", "invalid"},
		{"scanner_ids=,", "scanner_ids", "invalid"},
		{"scanner_ids=" + strings.Repeat("s,", 50) + "s", "scanner_ids", "out_of_range"},
		{"scanner_ids=" + strings.Repeat("s", 101), "scanner_ids", "out_of_range"},
		{"scanner_ids=a;drop", "scanner_ids", "invalid"},
		{"categories=", "categories", "invalid"},
		{"categories=a,%20,b", "categories", "invalid"},
		{"categories=" + strings.Repeat("c,", 51), "categories", "out_of_range"},
		{"categories=%01", "categories", "invalid"},
		{"min_confidence=high", "min_confidence", "invalid"},
		{"min_confidence=NaN", "min_confidence", "invalid"},
		{"min_confidence=-Inf", "min_confidence", "invalid"},
		{"min_confidence=1.5", "min_confidence", "out_of_range"},
		{"min_confidence=-0.01", "min_confidence", "out_of_range"},
		{"min_confidence=", "min_confidence", "invalid"},
		{"contract_id=123", "contract_id", "invalid"},
		{"scan_id=not-a-uuid", "scan_id", "invalid"},
		{"project_id=01900000-0000-7000-8000-00000000000g", "project_id", "invalid"},
	} {
		r := env.Do("GET", "/api/v1/vulnerabilities?"+tc.q, env.Key, nil)
		det, _ := r.JSON()["error"].(map[string]any)["details"].(map[string]any)
		if r.Status != 422 || r.ErrorCode() != "INVALID_FIELD" || det["field"] != tc.field || det["reason"] != tc.reason {
			t.Errorf("?%.60s = %d %s, want 422 %s %s", tc.q, r.Status, r.Body, tc.field, tc.reason)
		}
	}
	for _, tc := range []struct {
		q      string
		status int
		code   string
	}{
		{"first=0", 422, "INVALID_FIELD"},
		{"first=10&skip=1", 400, "INVALID_REQUEST"},
		{"first=1&last=1", 400, "INVALID_REQUEST"},
		{"after=garbage", 400, "INVALID_CURSOR"},
		{"limit=1001", 422, "INVALID_FIELD"},
	} {
		if r := env.Do("GET", "/api/v1/vulnerabilities?"+tc.q, env.Key, nil); r.Status != tc.status || r.ErrorCode() != tc.code {
			t.Errorf("?%s = %d %s", tc.q, r.Status, r.Body)
		}
	}
}

func TestVulnerabilityGetAndUpdate(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	sc := env.SeedScan(c, "completed")
	v := env.SeedVulnerabilities(sc, 1, func(_ int, v *db.Vulnerability) { v.CWE = "CWE-841" })[0]
	id := v.ID.String()
	path := "/api/v1/vulnerabilities/" + id
	r := env.Do("GET", path, env.Key, nil)
	if r.Status != 200 {
		t.Fatalf("GET = %d %s", r.Status, r.Body)
	}
	b := r.JSON()
	d := b["data"].(map[string]any)
	if b["id"] != id || b["status"] != "open" || d["scan_id"] != sc.ID.String() || d["cwe"] != "CWE-841" || d["swc"] != nil {
		t.Errorf("GET = %s", r.Body)
	}
	// Walk the allowed transitions, trying the forbidden ones at each step.
	steps := []struct{ to, from string }{
		{"acknowledged", "open"}, {"false_positive", "acknowledged"}, {"open", "false_positive"},
		{"fixed", "open"}, {"open", "fixed"}, {"acknowledged", "open"}, {"open", "acknowledged"},
	}
	forbidden := map[string][]string{
		"open":           {"open"},
		"acknowledged":   {"acknowledged"},
		"fixed":          {"fixed", "acknowledged", "false_positive"},
		"false_positive": {"false_positive", "acknowledged", "fixed"},
	}
	for _, st := range steps {
		for _, bad := range forbidden[st.from] {
			if r := env.Do("PATCH", path, env.Key, map[string]any{"status": bad}); r.Status != 409 || r.ErrorCode() != "CONFLICT" {
				t.Errorf("%s → %s = %d %s, want 409", st.from, bad, r.Status, r.Body)
			}
		}
		r := env.Do("PATCH", path, env.Key, map[string]any{"status": st.to})
		if r.Status != 200 || r.JSON()["status"] != st.to || r.JSON()["data"].(map[string]any)["status"] != st.to {
			t.Fatalf("%s → %s = %d %s", st.from, st.to, r.Status, r.Body)
		}
	}
	if n := countWhere(t, env, "SELECT count(*) FROM audit_logs WHERE action = 'vulnerability.updated' AND resource_id = ?", id); n != len(steps) {
		t.Errorf("audit entries = %d, want %d", n, len(steps))
	}
	var evs []db.Event
	if err := env.DB.NewSelect().Model(&evs).Where("type = 'vulnerability.updated'").OrderExpr("created_at, id").Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(evs) != len(steps) {
		t.Fatalf("vulnerability.updated events = %d", len(evs))
	}
	if e := evs[0]; e.Data["vulnerability_id"] != id || e.Data["scan_id"] != sc.ID.String() || e.Data["previous_status"] != "open" ||
		e.Data["status"] != "acknowledged" || e.ScanID == nil || *e.ScanID != sc.ID {
		t.Errorf("first event = %+v", e)
	}
	for _, tc := range []struct {
		name   string
		path   string
		body   any
		status int
		code   string
	}{
		{"missing status", path, `{}`, 422, "MISSING_FIELD"},
		{"null status", path, `{"status":null}`, 422, "MISSING_FIELD"},
		{"bad status", path, `{"status":"closed"}`, 422, "INVALID_FIELD"},
		{"wrong type", path, `{"status":1}`, 422, "INVALID_FIELD"},
		{"unknown field", path, `{"status":"open","severity":"low"}`, 422, "INVALID_FIELD"},
		{"malformed", path, `{"status":`, 400, "INVALID_REQUEST"},
		{"empty", path, ``, 400, "INVALID_REQUEST"},
		{"unknown id", "/api/v1/vulnerabilities/" + uuid.NewString(), `{"status":"open"}`, 404, "RESOURCE_NOT_FOUND"},
		{"bad id", "/api/v1/vulnerabilities/42", `{"status":"open"}`, 404, "RESOURCE_NOT_FOUND"},
	} {
		if r := env.Do("PATCH", tc.path, env.Key, tc.body); r.Status != tc.status || r.ErrorCode() != tc.code {
			t.Errorf("%s = %d %s, want %d %s", tc.name, r.Status, r.Body, tc.status, tc.code)
		}
	}
	if r := env.Do("GET", "/api/v1/vulnerabilities/"+uuid.NewString(), env.Key, nil); r.Status != 404 {
		t.Errorf("GET unknown = %d", r.Status)
	}
}

func TestVulnerabilityIsolationAndScopes(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	other := env.NewOrg("globex", "developer")
	reader := env.NewOrg("readers", "developer", "vulnerabilities:read")
	scansOnly := env.NewOrg("scanners", "developer", "scans:write")
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	sc := env.SeedScan(c, "completed")
	v := env.SeedVulnerabilities(sc, 3, nil)[0]
	path := "/api/v1/vulnerabilities/" + v.ID.String()
	for _, m := range []string{"GET", "PATCH"} {
		var body any
		if m == "PATCH" {
			body = map[string]any{"status": "fixed"}
		}
		if r := env.Do(m, path, other, body); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("%s by another org = %d %s", m, r.Status, r.Body)
		}
	}
	for _, q := range []string{"", "scan_id=" + sc.ID.String(), "contract_id=" + c.ID.String(), "first=5"} {
		if l := listVulns(t, env, other, q); len(l.Vulnerabilities) != 0 || l.Total != 0 {
			t.Errorf("another org lists %d findings with %q", len(l.Vulnerabilities), q)
		}
	}
	if r := env.Do("GET", path, env.Key, nil); r.JSON()["status"] != "open" {
		t.Errorf("status after another org's PATCH = %v", r.JSON()["status"])
	}
	rc := env.SeedContract(reader, map[string]string{"R.sol": vaultSol})
	rv := env.SeedVulnerabilities(env.SeedScan(rc, "completed"), 1, nil)[0]
	rpath := "/api/v1/vulnerabilities/" + rv.ID.String()
	for _, tc := range []struct {
		key, method, path string
		body              any
		status            int
	}{
		{reader, "GET", "/api/v1/vulnerabilities", nil, 200},
		{reader, "GET", rpath, nil, 200},
		{reader, "PATCH", rpath, map[string]any{"status": "fixed"}, 403},
		{scansOnly, "GET", "/api/v1/vulnerabilities", nil, 403},
		{scansOnly, "GET", rpath, nil, 403},
		{"", "GET", "/api/v1/vulnerabilities", nil, 401},
		{"", "PATCH", rpath, map[string]any{"status": "fixed"}, 401},
	} {
		if r := env.Do(tc.method, tc.path, tc.key, tc.body); r.Status != tc.status {
			t.Errorf("%s %s = %d %s, want %d", tc.method, tc.path, r.Status, r.Body, tc.status)
		}
	}
}

// TestVulnerabilityCursorStability walks the list page by page while other
// goroutines insert findings, newer and older than the walk's position:
// every finding present when the walk starts is seen exactly once.
func TestVulnerabilityCursorStability(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	sc := env.SeedScan(c, "completed")
	base := time.Now().UTC().Add(-time.Hour).Truncate(time.Microsecond)
	const n = 300
	// Pairs share a detected_at, so the id tie-breaker is exercised too.
	orig := env.SeedVulnerabilities(sc, n, func(i int, v *db.Vulnerability) {
		v.DetectedAt = base.Add(time.Duration(i/2) * time.Second)
	})
	stop := make(chan struct{})
	var wg sync.WaitGroup
	inserted := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			// Newest first in the list: half land before the walk's
			// position, half among the rows still to come.
			at := time.Now().UTC().Truncate(time.Microsecond)
			if i%2 == 1 {
				at = base.Add(time.Duration(i%n) * time.Second / 2).Add(time.Microsecond)
			}
			row := db.Vulnerability{ID: uuid.Must(uuid.NewV7()), OrganizationID: sc.OrganizationID, ProjectID: sc.ProjectID,
				ContractID: sc.ContractID, ScanID: sc.ID, DetectorID: "X", Scanner: "s", Title: "new", Severity: "low",
				Status: "open", Category: "c", Fingerprint: fmt.Sprint(i), DetectedAt: at, UpdatedAt: at}
			if _, err := env.DB.NewInsert().Model(&row).Exec(context.Background()); err != nil {
				t.Error(err)
				return
			}
			inserted++
			time.Sleep(2 * time.Millisecond)
		}
	}()
	seen := map[string]int{}
	q := "first=17"
	pages := 0
	for {
		l := listVulns(t, env, env.Key, q)
		for _, id := range ids(l) {
			seen[id]++
		}
		pages++
		if !l.PageInfo.HasNext {
			break
		}
		q = "first=17&after=" + url.QueryEscape(*l.PageInfo.End)
		time.Sleep(5 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	if inserted == 0 {
		t.Fatal("no concurrent inserts happened")
	}
	for id, k := range seen {
		if k != 1 {
			t.Errorf("finding %s seen %d times", id, k)
		}
	}
	for _, v := range orig {
		if seen[v.ID.String()] != 1 {
			t.Errorf("finding %s seen %d times, want once", v.ID, seen[v.ID.String()])
		}
	}
	t.Logf("%d pages, %d concurrent inserts, %d distinct seen", pages, inserted, len(seen))
}
