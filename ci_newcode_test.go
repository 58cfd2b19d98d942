package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/action/client"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

const txOriginWallet = `pragma solidity ^0.4.24;
contract Wallet {
    address owner;
    function withdraw() public {
        require(tx.origin == owner);
        msg.sender.transfer(this.balance);
    }
}
`

func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com",
		"-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// twoCommits is a repository whose first commit holds the vault (one
// critical, two highs) and whose second moves the vault's code 30 lines
// down (same findings, other lines) and adds a wallet with one new high.
// It returns the folder and both commits.
func twoCommits(t *testing.T) (ws, first, second string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	ws = workspace(t)
	gitIn(t, ws, "init", "-q", ".")
	gitIn(t, ws, "add", ".")
	gitIn(t, ws, "commit", "-qm", "vault")
	first = gitIn(t, ws, "rev-parse", "HEAD")
	path := filepath.Join(ws, "contracts", "Vault.sol")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Replace(string(src), "pragma solidity ^0.8.0;\n",
		"pragma solidity ^0.8.0;\n"+strings.Repeat("// an unrelated comment\n", 30), 1)
	if err := os.WriteFile(path, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "contracts", "Wallet.sol"), []byte(txOriginWallet), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, ws, "add", ".")
	gitIn(t, ws, "commit", "-qm", "wallet")
	second = gitIn(t, ws, "rev-parse", "HEAD")
	return ws, first, second
}

type jsonReport struct {
	GateStatus string `json:"gate_status"`
	Counts     struct {
		Critical, High, Total int
	} `json:"counts"`
	Baseline *struct {
		Ref                   string `json:"ref"`
		ScanID                string `json:"scan_id"`
		New, Fixed, Unchanged int
	} `json:"baseline"`
}

func readJSONReport(t *testing.T, path string) jsonReport {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r jsonReport
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCIBaselineLocal: on the two-commit fixture, --baseline HEAD~1
// counts only the wallet's new high: --fail-on critical passes (the
// vault's critical is old) and --fail-on high fails on one finding;
// without --baseline both fail. The outputs show new, fixed and
// unchanged counts.
func TestCIBaselineLocal(t *testing.T) {
	ws, _, _ := twoCommits(t)
	run := func(args ...string) result {
		return runBin(t, ws, nil, append([]string{"ci", "--path", "contracts", "--json-file", "report.json"}, args...)...)
	}
	if r := run("--fail-on", "critical"); r.code != 1 {
		t.Fatalf("without a baseline: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if rep := readJSONReport(t, filepath.Join(ws, "report.json")); rep.Baseline != nil || rep.Counts.Total != 4 {
		t.Errorf("without a baseline: %+v", rep)
	}
	r := run("--fail-on", "critical", "--baseline", "HEAD~1")
	if r.code != 0 || !strings.Contains(r.stdout, "new code against HEAD~1: 1 new, 0 fixed, 3 unchanged") {
		t.Fatalf("--baseline, fail-on critical: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = run("--fail-on", "high", "--baseline", "HEAD~1")
	if r.code != 1 || !strings.Contains(r.stdout, "1 finding(s) of severity high or higher") ||
		!strings.Contains(r.stdout, "contracts/Wallet.sol:5") || strings.Contains(r.stdout, "Vault.sol") {
		t.Fatalf("--baseline, fail-on high: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readJSONReport(t, filepath.Join(ws, "report.json"))
	if rep.Counts.Total != 1 || rep.Counts.High != 1 || rep.Baseline == nil || rep.Baseline.New != 1 ||
		rep.Baseline.Fixed != 0 || rep.Baseline.Unchanged != 3 || rep.Baseline.Ref != "HEAD~1" {
		t.Errorf("JSON report %+v baseline %+v", rep, rep.Baseline)
	}
	if r := run("--baseline", "no-such-ref"); r.code != 2 || !strings.Contains(r.stderr, "not a commit") {
		t.Errorf("bad ref: exit %d\n%s", r.code, r.stderr)
	}
}

// TestCIEndToEndNewCode: main's run records the baseline; the feature
// branch's run (base branch main) under a new_code_only gate counts only
// the new high, so block_on_critical passes, and block_on_high fails on
// it; --baseline with a scan id does the same under a gate that is not
// new_code_only. The evaluation reports new, fixed and unchanged counts.
func TestCIEndToEndNewCode(t *testing.T) {
	env := servertest.New(t)
	c := apiClient(t, env)
	ctx := context.Background()
	p, err := c.CreateProject(ctx, client.ProjectInput{Name: "vault"})
	if err != nil {
		t.Fatal(err)
	}
	ws, first, second := twoCommits(t)
	run := func(branch, commit string, extra map[string]string, args ...string) result {
		gitIn(t, ws, "checkout", "-q", commit)
		e := map[string]string{"BULWARK_API_URL": env.URL, "BULWARK_API_KEY": env.Key,
			"GITLAB_CI": "true", "CI_COMMIT_REF_NAME": branch, "CI_COMMIT_SHA": commit}
		for k, v := range extra {
			e[k] = v
		}
		return runBin(t, ws, e, append([]string{"ci", "--project", "vault", "--path", "contracts", "--poll-interval", "100ms",
			"--wait-timeout", "90s", "--json-file", "report.json"}, args...)...)
	}
	if _, err := c.PutQualityGate(ctx, p.ID, client.QualityGateInput{Name: ptr("new criticals"), BlockOnCritical: ptr(true),
		NewCodeOnly: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	g, err := c.GetQualityGate(ctx, p.ID)
	if err != nil || !g.NewCodeOnly {
		t.Fatalf("gate %+v, %v", g, err)
	}
	// main, no base branch: no baseline, so every finding is new.
	if r := run("main", first, nil); r.code != 1 || !strings.Contains(r.stderr, "every finding counts as new") {
		t.Fatalf("main: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	mainScan := readJSONScanID(t, filepath.Join(ws, "report.json"))

	mr := map[string]string{"CI_MERGE_REQUEST_IID": "7", "CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "main"}
	r := run("feature", second, mr)
	if r.code != 0 || !strings.Contains(r.stdout, "quality gate: PASSED") ||
		!strings.Contains(r.stdout, "1 new, 0 fixed, 3 unchanged") {
		t.Fatalf("feature, new-code gate: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	rep := readJSONReport(t, filepath.Join(ws, "report.json"))
	if rep.Baseline == nil || rep.Baseline.ScanID != mainScan || rep.Counts.Critical != 0 || rep.Counts.High != 1 {
		t.Errorf("feature report %+v baseline %+v (main's scan %s)", rep, rep.Baseline, mainScan)
	}
	bs, err := c.BuildStatus(ctx, p.ID)
	if err != nil || !bs.NewCodeOnly || bs.BaselineScanID != mainScan || bs.NewCount == nil || *bs.NewCount != 1 ||
		*bs.FixedCount != 0 || *bs.UnchangedCount != 3 || bs.CriticalCount != 0 || bs.HighCount != 1 {
		t.Fatalf("build status %+v, %v", bs, err)
	}

	// A new high fails a new-code gate that blocks highs.
	if _, err := c.PutQualityGate(ctx, p.ID, client.QualityGateInput{BlockOnHigh: ptr(true), NewCodeOnly: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	if r := run("feature", second, mr); r.code != 1 || !strings.Contains(r.stdout, "1 high vulnerability found") {
		t.Fatalf("feature, block_on_high: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}

	// The same gate counting every finding fails on the old critical;
	// --baseline <scan id> makes this evaluation new-code.
	if _, err := c.PutQualityGate(ctx, p.ID, client.QualityGateInput{}); err != nil {
		t.Fatal(err)
	}
	if r := run("feature", second, mr); r.code != 1 || !strings.Contains(r.stdout, "critical") {
		t.Fatalf("feature, whole-code gate: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if r := run("feature", second, mr, "--baseline", mainScan); r.code != 0 || !strings.Contains(r.stdout, "1 new, 0 fixed, 3 unchanged") {
		t.Fatalf("feature, --baseline %s: exit %d\n%s\n%s", mainScan, r.code, r.stdout, r.stderr)
	}
	if r := run("feature", second, nil, "--baseline", "main", "--fail-on", "high"); r.code != 1 ||
		!strings.Contains(r.stdout, "1 finding(s) of severity high or higher") {
		t.Fatalf("feature, --baseline main --fail-on high: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

func readJSONScanID(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Scan struct {
			ID string `json:"id"`
		} `json:"scan"`
	}
	if err := json.Unmarshal(b, &doc); err != nil || doc.Scan.ID == "" {
		t.Fatalf("scan id in %s: %v", b, err)
	}
	return doc.Scan.ID
}

// TestCIEndToEndFirstRunRecordsDefaultGate: a project without a gate
// gets the documented default gate on its first CI run, so its history,
// build status and badge are filled at once; PUT replaces it. An
// evaluation by the GitHub App still finds no gate.
func TestCIEndToEndFirstRunRecordsDefaultGate(t *testing.T) {
	env := servertest.New(t)
	c := apiClient(t, env)
	ctx := context.Background()
	p, err := c.CreateProject(ctx, client.ProjectInput{Name: "fresh"})
	if err != nil {
		t.Fatal(err)
	}
	if r := env.Do("GET", "/api/v1/quality-gates/projects/"+p.ID+"/badge.svg", "", nil); !strings.Contains(string(r.Body), "unknown") {
		t.Fatalf("badge before the first run: %d %s", r.Status, r.Body)
	}
	ws := workspace(t)
	r := runBin(t, ws, map[string]string{"BULWARK_API_URL": env.URL, "BULWARK_API_KEY": env.Key,
		"GITLAB_CI": "true", "CI_COMMIT_REF_NAME": "main", "CI_COMMIT_SHA": "0123456789abcdef0123"},
		"ci", "--project", "fresh", "--path", "contracts", "--poll-interval", "100ms", "--wait-timeout", "90s")
	if r.code != 1 || !strings.Contains(r.stdout, "quality gate: FAILED (fail-on gate)") ||
		strings.Contains(r.stderr, "the project has no quality gate") {
		t.Fatalf("first run: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	// The output links to the report page, which opens without a key.
	link := regexp.MustCompile(`(?m)^report: (\S+)$`).FindStringSubmatch(r.stdout)
	if link == nil || !strings.HasPrefix(link[1], env.URL+"/r/") {
		t.Fatalf("no report link:\n%s", r.stdout)
	}
	if page := env.Do("GET", strings.TrimPrefix(link[1], env.URL), "", nil); page.Status != 200 ||
		!strings.Contains(string(page.Body), "Reentrancy") {
		t.Errorf("report page: %d %.300s", page.Status, page.Body)
	}
	g, err := c.GetQualityGate(ctx, p.ID)
	if err != nil || g.Name != "Default quality gate" || !g.BlockOnCritical || g.BlockOnHigh || g.MaxCritical != 0 ||
		g.MaxHigh != -1 || g.MaxMedium != -1 || g.MaxLow != -1 || !g.IsActive || g.NewCodeOnly {
		t.Fatalf("stored gate %+v, %v", g, err)
	}
	n := 0
	for ev, err := range c.GateHistory(ctx, p.ID, nil) {
		if err != nil {
			t.Fatal(err)
		}
		if ev.Status != client.GateFailing {
			t.Errorf("history entry %+v", ev)
		}
		n++
	}
	if n != 1 {
		t.Errorf("history has %d evaluations, want 1", n)
	}
	if bs, err := c.BuildStatus(ctx, p.ID); err != nil || bs.Status != client.GateFailing || bs.CriticalCount != 1 {
		t.Errorf("build status %+v, %v", bs, err)
	}
	if r := env.Do("GET", "/api/v1/quality-gates/projects/"+p.ID+"/badge.svg?branch=main", "", nil); r.Status != 200 ||
		!strings.Contains(string(r.Body), "failing") {
		t.Errorf("badge: %d %s", r.Status, r.Body)
	}
	audit := env.Do("GET", "/api/v1/audit-logs?action=quality_gate.updated", env.Key, nil)
	if audit.Status != 200 || !strings.Contains(string(audit.Body), `"default":true`) {
		t.Errorf("audit: %d %s", audit.Status, audit.Body)
	}

	// PUT replaces the default gate.
	if _, err := c.PutQualityGate(ctx, p.ID, client.QualityGateInput{Name: ptr("lenient"), BlockOnCritical: ptr(false)}); err != nil {
		t.Fatal(err)
	}
	if g, err := c.GetQualityGate(ctx, p.ID); err != nil || g.Name != "lenient" || g.BlockOnCritical || g.ID == "" {
		t.Errorf("after PUT: %+v, %v", g, err)
	}

	// The GitHub App's evaluations keep "no gate" neutral: nothing is
	// stored for them.
	other, err := c.CreateProject(ctx, client.ProjectInput{Name: "app-only"})
	if err != nil {
		t.Fatal(err)
	}
	ct := env.Do("POST", "/api/v1/quality-gates/projects/"+other.ID+"/evaluate", env.Key,
		map[string]any{"triggered_by": "github-app", "ci_context": map[string]any{"branch": "main"}})
	if ct.Status != 404 && ct.Status != 409 {
		t.Errorf("github-app evaluation without a gate: %d %s", ct.Status, ct.Body)
	}
	if _, err := c.GetQualityGate(ctx, other.ID); !client.IsCode(err, "RESOURCE_NOT_FOUND") {
		t.Errorf("a gate was stored for the App's evaluation: %v", err)
	}
}

// TestActionBaselineLocal: the Action's baseline input on the two-commit
// fixture, without a service: outputs and job summary show new, fixed
// and unchanged counts, and only the new high is annotated and counted.
func TestActionBaselineLocal(t *testing.T) {
	ws, _, _ := twoCommits(t)
	env, outPath, sumPath := actionEnv(t, ws, "", "")
	env["INPUT_BASELINE"] = "HEAD~1"
	env["INPUT_FAIL-ON"] = "critical"
	r := runBin(t, ws, env, "action")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	out := readOutputs(t, outPath)
	if out["new"] != "1" || out["fixed"] != "0" || out["unchanged"] != "3" || out["total"] != "1" || out["high"] != "1" ||
		out["critical"] != "0" || out["gate-status"] != "PASSED" {
		t.Errorf("outputs %v", out)
	}
	sum, _ := os.ReadFile(sumPath)
	if !strings.Contains(string(sum), "New code against `HEAD~1`: **1 new**, 0 fixed, 3 unchanged") {
		t.Errorf("summary:\n%s", sum)
	}
	if strings.Count(r.stdout, "::error ") != 1 || !strings.Contains(r.stdout, "file=contracts/Wallet.sol") {
		t.Errorf("annotations:\n%s", r.stdout)
	}
}
