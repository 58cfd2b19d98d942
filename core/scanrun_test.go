package core_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

func TestRiskScore(t *testing.T) {
	for _, tc := range []struct {
		sev  string
		conf float64
		want int
	}{
		{"critical", 1, 100}, {"critical", 0.9, 90}, {"high", 1, 75}, {"high", 0.5, 38}, {"medium", 0.5, 25},
		{"low", 0.3, 8}, {"low", 1, 25}, {"critical", 0, 0}, {"high", 2, 75}, {"high", -1, 0}, {"bogus", 1, 0},
	} {
		if got := core.RiskScore(tc.sev, tc.conf); got != tc.want {
			t.Errorf("RiskScore(%s, %v) = %d, want %d", tc.sev, tc.conf, got, tc.want)
		}
	}
}

func finding(sev scanner.Severity, conf float64, line int) scanner.Finding {
	return scanner.Finding{DetectorID: "SOL-" + string(sev), Scanner: "bulwark-solidity", Title: "t " + string(sev),
		Severity: sev, Confidence: conf, Category: "reentrancy", File: "Vault.sol", Line: line, Snippet: "x()"}
}

func suppressed(f scanner.Finding) scanner.Finding { f.Suppressed = true; return f }

// TestCompleteScanStoresFindings stores a report with findings of every
// severity and checks the rows, the summary and the events.
func TestCompleteScanStoresFindings(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	ctx := context.Background()
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract V {}"})
	sc, err := env.Svc.StartScanForTest(ctx, env.SeedScan(c, "queued").ID)
	if err != nil || sc == nil || sc.Status != "running" {
		t.Fatalf("start = %+v, %v", sc, err)
	}
	rep := &scanner.Report{
		Findings: []scanner.Finding{finding("critical", 0.9, 10), finding("high", 1, 20), finding("medium", 0.5, 30),
			finding("low", 0.3, 40), finding("info", 1, 50), suppressed(finding("critical", 1, 60))},
		Errors:       []scanner.FileError{{File: "Lib.sol", Line: 2, Message: "unexpected token"}},
		ScannersUsed: []string{"bulwark-solidity"},
	}
	done, err := env.Svc.CompleteScanForTest(ctx, sc, rep, 1500*time.Millisecond)
	if err != nil || !done {
		t.Fatalf("complete = %v, %v", done, err)
	}
	var rows []db.Vulnerability
	if err := env.DB.NewSelect().Model(&rows).Where("scan_id = ?", sc.ID).OrderExpr("line").Scan(ctx); err != nil {
		t.Fatal(err)
	}
	type got struct {
		Severity, Status string
		Risk             int
		Line             int
	}
	var g []got
	for _, v := range rows {
		g = append(g, got{v.Severity, v.Status, v.RiskScore, v.Line})
		if v.ContractID != c.ID || v.ProjectID != c.ProjectID || v.OrganizationID != c.OrganizationID || v.Fingerprint == "" {
			t.Errorf("row %+v", v)
		}
	}
	want := []got{{"critical", "open", 90, 10}, {"high", "open", 75, 20}, {"medium", "open", 25, 30}, {"low", "open", 8, 40}, {"low", "open", 25, 50}}
	if diff := cmp.Diff(want, g); diff != "" {
		t.Errorf("stored findings (-want +got):\n%s", diff)
	}
	var s db.Scan
	if err := env.DB.NewSelect().Model(&s).Where("id = ?", sc.ID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if s.Status != "completed" || s.Critical != 1 || s.High != 1 || s.Medium != 1 || s.Low != 2 || s.DurationSeconds != 2 ||
		!cmp.Equal(s.ScannersUsed, []string{"bulwark-solidity"}) || len(s.FileErrors) != 1 {
		t.Errorf("scan = %+v", s)
	}
	var evs []db.Event
	if err := env.DB.NewSelect().Model(&evs).Where("scan_id = ?", sc.ID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	types := map[string]int{}
	for _, e := range evs {
		types[e.Type]++
		if e.Type == "vulnerability.critical" {
			var keys []string
			for k := range e.Data {
				keys = append(keys, k)
			}
			want := []string{"category", "file", "line", "risk_score", "scan_id", "scanner", "severity", "title", "vulnerability_id"}
			if diff := cmp.Diff(want, sorted(keys)); diff != "" {
				t.Errorf("vulnerability.critical keys (-want +got):\n%s", diff)
			}
		}
		if e.Type == "scan.completed" {
			sum := e.Data["summary"].(map[string]any)
			if sum["total"] != float64(5) && sum["total"] != 5 {
				t.Errorf("scan.completed summary = %v", sum)
			}
		}
	}
	if diff := cmp.Diff(map[string]int{"scan.started": 1, "scan.completed": 1, "vulnerability.found": 5,
		"vulnerability.critical": 1, "vulnerability.high": 1}, types); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	// The HTTP view agrees.
	r := env.Do("GET", "/api/v1/scans/"+sc.ID.String(), env.Key, nil)
	sum := r.JSON()["data"].(map[string]any)["summary"].(map[string]any)
	if diff := cmp.Diff(map[string]any{"critical": 1.0, "high": 1.0, "medium": 1.0, "low": 2.0, "total": 5.0}, sum); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
}

// TestCompleteScanAfterCancelDiscards: a scan cancelled while its worker
// ran stays cancelled, and the worker's findings are dropped.
func TestCompleteScanAfterCancelDiscards(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	ctx := context.Background()
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract V {}"})
	sc, err := env.Svc.StartScanForTest(ctx, env.SeedScan(c, "queued").ID)
	if err != nil {
		t.Fatal(err)
	}
	if r := env.Do("POST", "/api/v1/scans/"+sc.ID.String()+"/cancel", env.Key, nil); r.Status != 200 {
		t.Fatalf("cancel = %d %s", r.Status, r.Body)
	}
	done, err := env.Svc.CompleteScanForTest(ctx, sc, &scanner.Report{Findings: []scanner.Finding{finding("high", 1, 1)}}, time.Second)
	if err != nil || done {
		t.Fatalf("complete after cancel = %v, %v", done, err)
	}
	n, _ := env.DB.NewSelect().Model((*db.Vulnerability)(nil)).Where("scan_id = ?", sc.ID).Count(ctx)
	var status string
	_ = env.DB.NewSelect().Model((*db.Scan)(nil)).Column("status").Where("id = ?", sc.ID).Scan(ctx, &status)
	if n != 0 || status != "cancelled" {
		t.Errorf("after cancel: %d findings, status %s", n, status)
	}
}

// TestCompleteScanStaleAttempt: a worker whose attempt was superseded (its
// lease expired and the scan restarted) cannot store its results.
func TestCompleteScanStaleAttempt(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	ctx := context.Background()
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract V {}"})
	id := env.SeedScan(c, "queued").ID
	first, err := env.Svc.StartScanForTest(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.Svc.StartScanForTest(ctx, id); err != nil {
		t.Fatal(err)
	}
	done, err := env.Svc.CompleteScanForTest(ctx, first, &scanner.Report{Findings: []scanner.Finding{finding("high", 1, 1)}}, time.Second)
	if err != nil || done {
		t.Errorf("stale attempt stored its results: %v, %v", done, err)
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}
