package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/jobs"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// triageVault holds one finding of each severity the gate blocks on: a
// critical unprotected selfdestruct (line 29) and two highs (reentrancy on
// line 18, tx.origin on line 24).
const triageVault = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Vault {
    mapping(address => uint256) public balances;
    address public owner;

    constructor() {
        owner = msg.sender;
    }

    function deposit() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send failed");
        balances[msg.sender] = 0;
    }

    function transferOwnership(address next) external {
        require(tx.origin == owner, "not owner");
        owner = next;
    }

    function kill() external {
        selfdestruct(payable(msg.sender));
    }
}
`

// shiftVault is triageVault with exactly 30 unrelated lines (comments and
// a contract of its own) inserted after the pragma, so every finding sits
// 30 lines lower.
func shiftVault() string {
	var b strings.Builder
	for i := range 23 {
		fmt.Fprintf(&b, "// unrelated note %d, added by another change\n", i+1)
	}
	b.WriteString("contract Counter {\n    uint256 private count;\n    function bump() external {\n" +
		"        count += 1;\n    }\n}\n\n")
	block := b.String()
	if n := strings.Count(block, "\n"); n != 30 {
		panic(fmt.Sprintf("shift block has %d lines", n))
	}
	head, tail, _ := strings.Cut(triageVault, "pragma solidity ^0.8.0;\n")
	return head + "pragma solidity ^0.8.0;\n" + block + tail
}

type triageFinding struct {
	ID          string  `json:"id"`
	DetectorID  string  `json:"detector_id"`
	Severity    string  `json:"severity"`
	Status      string  `json:"status"`
	Line        int     `json:"line"`
	Fingerprint string  `json:"fingerprint"`
	Note        *string `json:"note"`
	TriagedBy   *string `json:"triaged_by"`
	TriagedAt   *string `json:"triaged_at"`
}

// scanSource uploads files to project through POST /contracts/upload,
// scans them through POST /scans and the real worker, and returns the
// scan id and its findings by detector.
func scanSource(t *testing.T, env *servertest.Env, key, project string, files map[string]string) (string, map[string]triageFinding) {
	t.Helper()
	parts := []servertest.FilePart{ctField("project_id", project)}
	for name, src := range files {
		parts = append(parts, ctFile(name, []byte(src)))
	}
	r := env.Upload(key, parts...)
	if r.Status != 201 {
		t.Fatalf("upload = %d %s", r.Status, r.Body)
	}
	contract := r.JSON()["id"].(string)
	r = env.Do("POST", "/api/v1/scans", key, map[string]any{"contract_id": contract})
	if r.Status != 202 {
		t.Fatalf("POST /scans = %d %s", r.Status, r.Body)
	}
	scan := r.JSON()["id"].(string)
	deadline := time.Now().Add(60 * time.Second)
	for {
		b := getScan(t, env, key, scan, "")
		if b.Status == "completed" {
			break
		}
		if b.Status != "queued" && b.Status != "running" {
			t.Fatalf("scan %s ended %s: %+v", scan, b.Status, b.Data.Error)
		}
		if time.Now().After(deadline) {
			t.Fatalf("scan %s still %s after 60s", scan, b.Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return scan, findingsOf(t, env, key, "scan_id="+scan)
}

// findingsOf lists findings through GET /vulnerabilities with query q, by
// detector id.
func findingsOf(t *testing.T, env *servertest.Env, key, q string) map[string]triageFinding {
	t.Helper()
	r := env.Do("GET", "/api/v1/vulnerabilities?limit=1000&"+q, key, nil)
	if r.Status != 200 {
		t.Fatalf("GET /vulnerabilities?%s = %d %s", q, r.Status, r.Body)
	}
	var l struct {
		Vulnerabilities []triageFinding `json:"vulnerabilities"`
	}
	r.Decode(t, &l)
	out := map[string]triageFinding{}
	for _, v := range l.Vulnerabilities {
		if _, dup := out[v.DetectorID]; dup {
			t.Fatalf("two findings of %s: the fixture should have one", v.DetectorID)
		}
		out[v.DetectorID] = v
	}
	return out
}

func triage(t *testing.T, env *servertest.Env, key, id string, body map[string]any) triageFinding {
	t.Helper()
	r := env.Do("PATCH", "/api/v1/vulnerabilities/"+id, key, body)
	if r.Status != 200 {
		t.Fatalf("PATCH %s %v = %d %s", id, body, r.Status, r.Body)
	}
	var b struct {
		Status string        `json:"status"`
		Data   triageFinding `json:"data"`
	}
	r.Decode(t, &b)
	if b.Status != b.Data.Status {
		t.Errorf("envelope status %s, data status %s", b.Status, b.Data.Status)
	}
	return b.Data
}

// gateStatus evaluates project's gate on scan through the API.
func gateStatus(t *testing.T, env *servertest.Env, key, project, scan string) (string, map[string]int) {
	t.Helper()
	r := env.Do("POST", "/api/v1/quality-gates/projects/"+project+"/evaluate", key, map[string]any{"scan_id": scan})
	if r.Status != 201 {
		t.Fatalf("evaluate = %d %s", r.Status, r.Body)
	}
	d := data(r)
	counts := map[string]int{}
	for _, k := range []string{"critical", "high", "medium", "low"} {
		counts[k] = int(d[k+"_count"].(float64))
	}
	return d["status"].(string), counts
}

const (
	selfdestruct = "SOL-UNPROTECTED-SELFDESTRUCT"
	reentrancy   = "SOL-REENTRANCY"
	txOrigin     = "SOL-TX-ORIGIN"
)

// TestTriageSurvivesRescan: a critical marked false_positive with a note
// comes back false_positive with the note (and who and when) on the next
// scan of the same code, so the gate that failed on it passes; the status
// filter of GET /vulnerabilities sees the carried triage; the audit log
// keeps the history.
func TestTriageSurvivesRescan(t *testing.T) {
	env := servertest.New(t)
	project := ctProject(t, env, env.Key, "vaults")
	if r := env.Do("PUT", "/api/v1/quality-gates/projects/"+project, env.Key, map[string]any{"block_on_critical": true}); r.Status != 201 {
		t.Fatalf("PUT gate = %d %s", r.Status, r.Body)
	}
	scan1, first := scanSource(t, env, env.Key, project, map[string]string{"Vault.sol": triageVault})
	if len(first) != 3 || first[selfdestruct].Severity != "critical" || first[selfdestruct].Line != 29 {
		t.Fatalf("first scan findings = %+v", first)
	}
	for _, f := range first {
		if f.Status != "open" || f.Note != nil || f.TriagedBy != nil || f.TriagedAt != nil {
			t.Errorf("untriaged finding = %+v", f)
		}
	}
	if st, c := gateStatus(t, env, env.Key, project, scan1); st != "failing" || c["critical"] != 1 {
		t.Fatalf("gate before triage = %s %v", st, c)
	}

	const note = "kill() is only reachable in the test deployment; see audit AUD-12"
	got := triage(t, env, env.Key, first[selfdestruct].ID, map[string]any{"status": "false_positive", "note": note})
	if got.Status != "false_positive" || got.Note == nil || *got.Note != note || got.TriagedBy == nil ||
		*got.TriagedBy != env.UserID || got.TriagedAt == nil {
		t.Fatalf("PATCH answer = %+v", got)
	}
	// The same scan re-evaluated no longer counts it.
	if st, c := gateStatus(t, env, env.Key, project, scan1); st != "passing" || c["critical"] != 0 {
		t.Errorf("gate of the triaged scan = %s %v", st, c)
	}

	scan2, second := scanSource(t, env, env.Key, project, map[string]string{"Vault.sol": triageVault})
	sd := second[selfdestruct]
	if sd.ID == first[selfdestruct].ID || sd.Fingerprint != first[selfdestruct].Fingerprint {
		t.Fatalf("rescan finding = %+v, first = %+v", sd, first[selfdestruct])
	}
	if sd.Status != "false_positive" || sd.Note == nil || *sd.Note != note || sd.TriagedBy == nil ||
		*sd.TriagedBy != env.UserID || sd.TriagedAt == nil || *sd.TriagedAt != *got.TriagedAt {
		t.Errorf("rescan took no triage: %+v (given %+v)", sd, got)
	}
	for _, id := range []string{reentrancy, txOrigin} {
		if f := second[id]; f.Status != "open" || f.Note != nil {
			t.Errorf("untouched %s = %+v", id, f)
		}
	}
	if st, c := gateStatus(t, env, env.Key, project, scan2); st != "passing" || c["critical"] != 0 || c["high"] != 2 {
		t.Errorf("gate of the rescan = %s %v", st, c)
	}
	// GET /vulnerabilities?status= filters on the carried triage.
	for q, want := range map[string][]string{
		"status=false_positive&scan_id=" + scan2: {selfdestruct},
		"status=open&scan_id=" + scan2:           {reentrancy, txOrigin},
		"status=false_positive":                  {selfdestruct, selfdestruct}, // both scans
	} {
		r := env.Do("GET", "/api/v1/vulnerabilities?"+q, env.Key, nil)
		var l struct {
			Vulnerabilities []triageFinding `json:"vulnerabilities"`
		}
		r.Decode(t, &l)
		var got []string
		for _, v := range l.Vulnerabilities {
			got = append(got, v.DetectorID)
		}
		if diff := cmp.Diff(want, sortedStrings(got)); diff != "" {
			t.Errorf("?%s (-want +got):\n%s", q, diff)
		}
	}
	// The history is in the audit log, readable through the API.
	r := env.Do("GET", "/api/v1/audit-logs?action=vulnerability.updated", env.Key, nil)
	var logs struct {
		AuditLogs []struct {
			ResourceID string         `json:"resource_id"`
			UserID     *string        `json:"user_id"`
			Metadata   map[string]any `json:"metadata"`
		} `json:"audit_logs"`
	}
	r.Decode(t, &logs)
	if len(logs.AuditLogs) != 1 {
		t.Fatalf("audit entries = %s", r.Body)
	}
	e := logs.AuditLogs[0]
	if e.ResourceID != first[selfdestruct].ID || e.UserID == nil || *e.UserID != env.UserID ||
		e.Metadata["previous_status"] != "open" || e.Metadata["status"] != "false_positive" ||
		e.Metadata["note"] != note || e.Metadata["previous_note"] != "" || e.Metadata["fingerprint"] != sd.Fingerprint {
		t.Errorf("audit entry = %+v", e)
	}
	if n := countWhere(t, env, "SELECT count(*) FROM audit_logs WHERE action = 'scan.completed' AND resource_id = ?", scan2); n != 1 {
		t.Errorf("scan.completed audit entries of the rescan = %d", n)
	}
}

// TestTriageSurvivesShift: 30 unrelated lines inserted above the findings
// (comments and another contract) move them 30 lines down and keep their
// fingerprints, so the next scan keeps their triage. Acknowledged is
// carried too, and still counts against the gate (decisions.md: only open
// and acknowledged findings count).
func TestTriageSurvivesShift(t *testing.T) {
	env := servertest.New(t)
	project := ctProject(t, env, env.Key, "vaults")
	if r := env.Do("PUT", "/api/v1/quality-gates/projects/"+project, env.Key,
		map[string]any{"block_on_critical": true, "block_on_high": true}); r.Status != 201 {
		t.Fatalf("PUT gate = %d %s", r.Status, r.Body)
	}
	_, first := scanSource(t, env, env.Key, project, map[string]string{"Vault.sol": triageVault})
	triage(t, env, env.Key, first[selfdestruct].ID, map[string]any{"status": "false_positive", "note": "test-only"})
	triage(t, env, env.Key, first[reentrancy].ID, map[string]any{"status": "acknowledged", "note": "guarded upstream"})

	scan2, moved := scanSource(t, env, env.Key, project, map[string]string{"Vault.sol": shiftVault()})
	for _, tc := range []struct{ id, status, note string }{
		{selfdestruct, "false_positive", "test-only"},
		{reentrancy, "acknowledged", "guarded upstream"},
		{txOrigin, "open", ""},
	} {
		was, now := first[tc.id], moved[tc.id]
		if now.Line != was.Line+30 {
			t.Errorf("%s moved from line %d to %d, want %d", tc.id, was.Line, now.Line, was.Line+30)
		}
		if now.Fingerprint != was.Fingerprint {
			t.Errorf("%s fingerprint changed with the shift: %s → %s", tc.id, was.Fingerprint, now.Fingerprint)
		}
		note := ""
		if now.Note != nil {
			note = *now.Note
		}
		if now.Status != tc.status || note != tc.note {
			t.Errorf("%s after the shift = %s %q, want %s %q", tc.id, now.Status, note, tc.status, tc.note)
		}
	}
	if st, c := gateStatus(t, env, env.Key, project, scan2); st != "failing" || c["critical"] != 0 || c["high"] != 2 {
		t.Errorf("gate after the shift = %s %v, want failing on 2 highs (one acknowledged, one open)", st, c)
	}
}

// TestTriageIsPerProjectAndOrganization: the same code scanned in another
// organization, or in another project of the same organization, has the
// same fingerprints and none of the triage.
func TestTriageIsPerProjectAndOrganization(t *testing.T) {
	env := servertest.New(t)
	project := ctProject(t, env, env.Key, "vaults")
	_, first := scanSource(t, env, env.Key, project, map[string]string{"Vault.sol": triageVault})
	triage(t, env, env.Key, first[selfdestruct].ID, map[string]any{"status": "false_positive", "note": "ours only"})

	other := env.NewOrg("globex", "developer")
	otherProject := ctProject(t, env, other, "vaults")
	_, theirs := scanSource(t, env, other, otherProject, map[string]string{"Vault.sol": triageVault})
	sibling := ctProject(t, env, env.Key, "vaults-fork")
	_, fork := scanSource(t, env, env.Key, sibling, map[string]string{"Vault.sol": triageVault})
	for name, got := range map[string]map[string]triageFinding{"another organization": theirs, "another project": fork} {
		f := got[selfdestruct]
		if f.Fingerprint != first[selfdestruct].Fingerprint {
			t.Fatalf("%s: fingerprint %s, want %s", name, f.Fingerprint, first[selfdestruct].Fingerprint)
		}
		if f.Status != "open" || f.Note != nil || f.TriagedBy != nil || f.TriagedAt != nil {
			t.Errorf("%s took our triage: %+v", name, f)
		}
	}
	// Nor can the other organization triage ours, or see it.
	if r := env.Do("PATCH", "/api/v1/vulnerabilities/"+first[selfdestruct].ID, other,
		map[string]any{"status": "open"}); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
		t.Errorf("PATCH by another organization = %d %s", r.Status, r.Body)
	}
	if got := findingsOf(t, env, other, "status=false_positive"); len(got) != 0 {
		t.Errorf("another organization lists our false positives: %+v", got)
	}
	// Its own triage does not touch ours either.
	triage(t, env, other, theirs[selfdestruct].ID, map[string]any{"status": "acknowledged", "note": "theirs"})
	_, again := scanSource(t, env, env.Key, project, map[string]string{"Vault.sol": triageVault})
	if f := again[selfdestruct]; f.Status != "false_positive" || f.Note == nil || *f.Note != "ours only" {
		t.Errorf("our rescan after their triage = %+v", f)
	}
}

// TestTriageFixedComesBackOpen: a finding triaged fixed that the next scan
// still finds is a regression: it comes back open, without the note.
func TestTriageFixedComesBackOpen(t *testing.T) {
	env := servertest.New(t)
	project := ctProject(t, env, env.Key, "vaults")
	_, first := scanSource(t, env, env.Key, project, map[string]string{"Vault.sol": triageVault})
	triage(t, env, env.Key, first[txOrigin].ID, map[string]any{"status": "fixed", "note": "fixed in #12"})
	scan2, second := scanSource(t, env, env.Key, project, map[string]string{"Vault.sol": triageVault})
	if f := second[txOrigin]; f.Status != "open" || f.Note != nil || f.TriagedBy != nil {
		t.Errorf("re-detected fixed finding = %+v", f)
	}
	r := env.Do("GET", "/api/v1/audit-logs?action=scan.completed", env.Key, nil)
	var logs struct {
		AuditLogs []struct {
			ResourceID string `json:"resource_id"`
			Metadata   struct {
				Applied  int `json:"triage_applied"`
				Reopened int `json:"triage_reopened"`
			} `json:"metadata"`
		} `json:"audit_logs"`
	}
	r.Decode(t, &logs)
	found := false
	for _, e := range logs.AuditLogs {
		if e.ResourceID != scan2 {
			continue
		}
		found = true
		if e.Metadata.Applied != 0 || e.Metadata.Reopened != 1 {
			t.Errorf("scan.completed audit of the rescan: triage applied %d, reopened %d; want 0 and 1",
				e.Metadata.Applied, e.Metadata.Reopened)
		}
	}
	if !found {
		t.Errorf("no scan.completed audit entry for %s in %s", scan2, r.Body)
	}
}

// TestTriagePatchBody: the note's limit (2,000 characters, not bytes), a
// note alone, and the errors of the PATCH body in the spec's envelope.
func TestTriagePatchBody(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	v := env.SeedVulnerabilities(env.SeedScan(c, "completed"), 1, nil)[0]
	path := "/api/v1/vulnerabilities/" + v.ID.String()

	r := env.Do("PATCH", path, env.Key, map[string]any{"status": "false_positive", "note": strings.Repeat("n", 2001)})
	var e struct {
		Error struct {
			Code      string         `json:"code"`
			Message   string         `json:"message"`
			Details   map[string]any `json:"details"`
			RequestID string         `json:"request_id"`
		} `json:"error"`
	}
	r.Decode(t, &e)
	if r.Status != 422 || e.Error.Code != "INVALID_FIELD" || e.Error.Details["field"] != "note" ||
		e.Error.Details["reason"] != "out_of_range" || !strings.Contains(e.Error.Message, "2000") ||
		e.Error.RequestID == "" || e.Error.RequestID != r.Header.Get("X-Request-Id") {
		t.Fatalf("note of 2,001 characters = %d %s", r.Status, r.Body)
	}
	if got := findingsOf(t, env, env.Key, "status=open")["SOL-TEST"]; got.Status != "open" || got.Note != nil {
		t.Errorf("a refused PATCH changed the finding: %+v", got)
	}
	if n := countWhere(t, env, "SELECT count(*) FROM vulnerability_triages"); n != 0 {
		t.Errorf("a refused PATCH stored %d triage rows", n)
	}

	// 2,000 characters of two bytes each are within the limit.
	long := strings.Repeat("é", 2000)
	got := triage(t, env, env.Key, v.ID.String(), map[string]any{"status": "acknowledged", "note": long})
	if got.Status != "acknowledged" || got.Note == nil || *got.Note != long {
		t.Fatalf("note of 2,000 characters: %+v", got)
	}
	events := countWhere(t, env, "SELECT count(*) FROM events WHERE type = 'vulnerability.updated'")
	// A note alone keeps the status, is audited, and is not a status event.
	got = triage(t, env, env.Key, v.ID.String(), map[string]any{"note": "re-checked"})
	if got.Status != "acknowledged" || got.Note == nil || *got.Note != "re-checked" {
		t.Errorf("note alone: %+v", got)
	}
	if n := countWhere(t, env, "SELECT count(*) FROM events WHERE type = 'vulnerability.updated'"); n != events {
		t.Errorf("a note alone emitted vulnerability.updated (%d → %d events)", events, n)
	}
	if n := countWhere(t, env, "SELECT count(*) FROM audit_logs WHERE action = 'vulnerability.updated' AND resource_id = ?", v.ID.String()); n != 2 {
		t.Errorf("audit entries = %d, want 2", n)
	}
	// An empty note clears it; the stored verdict follows.
	got = triage(t, env, env.Key, v.ID.String(), map[string]any{"note": ""})
	if got.Note != nil || got.Status != "acknowledged" {
		t.Errorf("empty note: %+v", got)
	}
	if n := countWhere(t, env, "SELECT count(*) FROM vulnerability_triages WHERE fingerprint = ? AND status = 'acknowledged' AND note = ''", v.Fingerprint); n != 1 {
		t.Errorf("stored triage rows matching = %d, want 1", n)
	}
	for _, tc := range []struct {
		name, body, code, field string
		status                  int
	}{
		{"neither field", `{}`, "MISSING_FIELD", "status", 422},
		{"null note", `{"note":null}`, "MISSING_FIELD", "note", 422},
		{"note of the wrong type", `{"note":7}`, "INVALID_FIELD", "note", 422},
		{"unknown field", `{"note":"x","reason":"y"}`, "INVALID_FIELD", "reason", 422},
		{"same status with a note", `{"status":"acknowledged","note":"x"}`, "CONFLICT", "", 409},
	} {
		r := env.Do("PATCH", path, env.Key, tc.body)
		det, _ := r.JSON()["error"].(map[string]any)["details"].(map[string]any)
		if r.Status != tc.status || r.ErrorCode() != tc.code || (tc.field != "" && det["field"] != tc.field) {
			t.Errorf("%s = %d %s, want %d %s %s", tc.name, r.Status, r.Body, tc.status, tc.code, tc.field)
		}
	}
	// Deleting the project deletes its triage.
	if r := env.Do("DELETE", "/api/v1/projects/"+c.ProjectID.String(), env.Key, nil); r.Status != 204 {
		t.Fatalf("DELETE project = %d %s", r.Status, r.Body)
	}
	if n := countWhere(t, env, "SELECT count(*) FROM vulnerability_triages"); n != 0 {
		t.Errorf("%d triage rows outlive their project", n)
	}
}

// TestTriageLookupDoesNotGrowWithFindings: a rescan of a project whose
// every finding is triaged runs no more statements for 300 findings than
// for 5 beyond the multi-row batches, and every finding takes its triage.
func TestTriageLookupDoesNotGrowWithFindings(t *testing.T) {
	count := func(n int) (queries int64, carried int) {
		env := servertest.New(t, servertest.Options{NoWorker: true})
		c := env.SeedContract(env.Key, map[string]string{"Many.sol": manyFindings(n)})
		run := func() (string, int64) {
			r := env.Do("POST", "/api/v1/scans", env.Key, map[string]any{"contract_id": c.ID.String()})
			if r.Status != 202 {
				t.Fatalf("POST /scans = %d %s", r.Status, r.Body)
			}
			id := uuid.MustParse(r.JSON()["id"].(string))
			task, _, err := jobs.NewScanRunTask(id, c.OrganizationID)
			if err != nil {
				t.Fatal(err)
			}
			q := &countQueries{}
			//lint:ignore SA1019 the hook must see the queries of the service that shares this *bun.DB; WithQueryHook returns a copy
			env.DB.AddQueryHook(q)
			if err := (&jobs.ScanRunner{Service: env.Svc}).ProcessTask(context.Background(), task); err != nil {
				t.Fatalf("scan task: %v", err)
			}
			return id.String(), q.n.Load()
		}
		first, _ := run()
		// Triage every finding through the API: half false positives, half
		// acknowledged.
		all := findingsOfScan(t, env, first)
		if len(all) != n {
			t.Fatalf("first scan found %d, want %d", len(all), n)
		}
		for i, v := range all {
			st := "false_positive"
			if i%2 == 1 {
				st = "acknowledged"
			}
			triage(t, env, env.Key, v.ID, map[string]any{"status": st, "note": "bulk " + v.Fingerprint[:8]})
		}
		second, queries := run()
		for _, v := range findingsOfScan(t, env, second) {
			if v.Status != "open" && v.Note != nil && *v.Note == "bulk "+v.Fingerprint[:8] {
				carried++
			}
		}
		return queries, carried
	}
	fewQ, few := count(5)
	manyQ, many := count(300)
	if few != 5 || many != 300 {
		t.Fatalf("findings that kept their triage: %d of 5 and %d of 300", few, many)
	}
	if manyQ > fewQ+2 {
		t.Errorf("a triaged rescan with 300 findings ran %d statements, one with 5 ran %d: the lookup grows with findings", manyQ, fewQ)
	}
	t.Logf("statements per triaged rescan: %d (5 findings), %d (300 findings)", fewQ, manyQ)
}

// findingsOfScan lists every finding of a scan (not keyed by detector: the
// fixture repeats one).
func findingsOfScan(t *testing.T, env *servertest.Env, scan string) []triageFinding {
	t.Helper()
	r := env.Do("GET", "/api/v1/vulnerabilities?limit=1000&scan_id="+scan, env.Key, nil)
	if r.Status != 200 {
		t.Fatalf("GET /vulnerabilities = %d %s", r.Status, r.Body)
	}
	var l struct {
		Vulnerabilities []triageFinding `json:"vulnerabilities"`
	}
	r.Decode(t, &l)
	return l.Vulnerabilities
}
