package server_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/action/apitest"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

func getCSV(t *testing.T, env *servertest.Env, key, path string) (*servertest.Response, [][]string) {
	t.Helper()
	r := env.Do("GET", path, key, nil)
	if r.Status != 200 {
		return r, nil
	}
	rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
	if err != nil {
		t.Fatalf("%s is not RFC 4180 CSV: %v\n%s", path, err, r.Body)
	}
	return r, rows
}

// TestVulnerabilityExportCSV: hostile cells come back quoted and with
// formulas defused (exact rows), more than one keyset page streams whole,
// filters apply, another organization's rows never appear, and each
// export is audited.
func TestVulnerabilityExportCSV(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract Vault {}"})
	sc := env.SeedScan(c, "completed")
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	hostile := []string{`=HYPERLINK("http://evil","x")`, `+1+1`, `-2`, `@SUM(A1)`, "\tTAB", "quote \" and, comma",
		"new\nline", "ünïcödé ✓ 漢字"}
	env.SeedVulnerabilities(sc, len(hostile), func(i int, v *db.Vulnerability) {
		v.ID = uuid.MustParse(fmt.Sprintf("00000000-0000-7000-8000-%012d", i))
		v.Title, v.Note, v.Fingerprint = hostile[i], hostile[len(hostile)-1-i], fmt.Sprintf("fp%d", i)
		v.DetectedAt, v.UpdatedAt = at.Add(time.Duration(i)*time.Second), at
	})
	r, rows := getCSV(t, env, env.Key, "/api/v1/vulnerabilities/export.csv?scan_id="+sc.ID.String())
	if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") ||
		!strings.Contains(r.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("export: %d %v", r.Status, r.Header)
	}
	if len(rows) != 1+len(hostile) || strings.Join(rows[0], ",") != "id,detected_at,severity,status,title,detector_id,scanner,category,confidence,risk_score,file,line,end_line,cwe,swc,fingerprint,suppressed,note,project_id,contract_id,scan_id,updated_at" {
		t.Fatalf("header or row count: %v", rows)
	}
	want := []string{`'=HYPERLINK("http://evil","x")`, `'+1+1`, `'-2`, `'@SUM(A1)`, "'\tTAB", "quote \" and, comma", "new\nline", "ünïcödé ✓ 漢字"}
	for i, row := range rows[1:] {
		k := len(hostile) - 1 - i // newest first
		if row[0] != fmt.Sprintf("00000000-0000-7000-8000-%012d", k) || row[4] != want[k] || row[17] != want[len(hostile)-1-k] ||
			row[1] != at.Add(time.Duration(k)*time.Second).Format(time.RFC3339Nano) {
			t.Errorf("row %d = %q", i, row)
		}
	}

	// 2,500 more findings of another scan: three keyset pages, every row once.
	sc2 := env.SeedScan(c, "completed")
	env.SeedVulnerabilities(sc2, 2500, nil)
	_, rows = getCSV(t, env, env.Key, "/api/v1/vulnerabilities/export.csv?scan_id="+sc2.ID.String())
	seen := map[string]bool{}
	for _, row := range rows[1:] {
		seen[row[0]] = true
	}
	if len(rows) != 2501 || len(seen) != 2500 {
		t.Fatalf("%d rows (%d distinct), want 2500", len(rows)-1, len(seen))
	}
	_, rows = getCSV(t, env, env.Key, "/api/v1/vulnerabilities/export.csv?severity=critical")
	if len(rows) != 1 {
		t.Fatalf("severity=critical exported %d rows, want none", len(rows)-1)
	}

	// Another organization exports nothing of acme's.
	other := env.NewOrg("other", "developer")
	_, rows = getCSV(t, env, other, "/api/v1/vulnerabilities/export.csv")
	if len(rows) != 1 {
		t.Fatalf("another organization exported %d of acme's rows", len(rows)-1)
	}
	// Errors before the file: a bad filter, a key without exports:read.
	if r := env.Do("GET", "/api/v1/vulnerabilities/export.csv?severity=", env.Key, nil); r.Status != 422 {
		t.Fatalf("empty filter: %d %s", r.Status, r.Body)
	}
	narrow := env.NewOrg("narrow", "developer", "vulnerabilities:read")
	if r := env.Do("GET", "/api/v1/vulnerabilities/export.csv", narrow, nil); r.Status != 403 {
		t.Fatalf("without exports:read: %d %s", r.Status, r.Body)
	}
	a := env.Do("GET", "/api/v1/audit-logs?action=export.created", env.Key, nil)
	if n := len(a.JSON()["audit_logs"].([]any)); n != 3 {
		t.Fatalf("%d export.created entries, want 3", n)
	}
}

// TestScanAndAuditExportCSV: the two other exports, with their filters.
func TestScanAndAuditExportCSV(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract Vault {}"})
	env.SeedScan(c, "completed")
	env.SeedScan(c, "failed")
	_, rows := getCSV(t, env, env.Key, "/api/v1/scans/export.csv?status=failed")
	if len(rows) != 2 || rows[1][2] != "failed" || rows[0][0] != "id" {
		t.Fatalf("scans export: %v", rows)
	}
	env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "=cmd|' /C calc'!A0"})
	r, rows := getCSV(t, env, env.Key, "/api/v1/audit-logs/export.csv?action=project.created")
	if r.Status != 200 || len(rows) != 2 || !strings.Contains(rows[1][10], `"name":"=cmd`) || rows[1][2] != "project.created" {
		t.Fatalf("audit export: %d %v", r.Status, rows)
	}
	req, _ := http.NewRequest("GET", env.URL+"/api/v1/scans/export.csv", nil)
	if res := env.Send(req); res.Status != 401 {
		t.Fatalf("no key: %d", res.Status)
	}
}

// TestScanSARIFExport: a completed scan's SARIF through the API is valid
// SARIF 2.1.0 (../shared/schemas) with the scan's findings; a queued scan
// is 409 SCAN_IN_PROGRESS and another organization's scan 404.
func TestScanSARIFExport(t *testing.T) {
	env := servertest.New(t)
	pid := ctProject(t, env, env.Key, "sarif")
	src := "pragma solidity ^0.4.24;\ncontract Proxy {\n    function forward(address callee, bytes data) public {\n        require(callee.delegatecall(data));\n    }\n}\n"
	up := env.Upload(env.Key, servertest.FilePart{Field: "project_id", Body: []byte(pid)},
		servertest.FilePart{Field: "files", Filename: "Proxy.sol", Body: []byte(src)})
	sc := createScan(t, env, env.Key, map[string]any{"contract_id": up.JSON()["id"]})
	waitScan(t, env, sc.ID)
	r := env.Do("GET", "/api/v1/scans/"+sc.ID+"/report.sarif", env.Key, nil)
	if r.Status != 200 || r.Header.Get("Content-Type") != "application/sarif+json" {
		t.Fatalf("sarif: %d %s", r.Status, r.Body)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	r.Decode(t, &log)
	if len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 || log.Runs[0].Results[0].RuleID != "SOL-CONTROLLED-DELEGATECALL" {
		t.Fatalf("sarif results: %s", r.Body)
	}
	if r := env.Do("GET", "/api/v1/scans/"+sc.ID+"/report.sarif", env.NewOrg("other", "developer"), nil); r.Status != 404 {
		t.Fatalf("another organization: %d", r.Status)
	}
	apitest.ValidateSARIF(t, r.Body) // skips, saying so, without ../shared
}
