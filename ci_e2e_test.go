package main

// End-to-end tests of `bulwark ci` and `bulwark action`: the real binary,
// built once with the Dockerfile's flags, run as a CI system runs it.
//
// TestCIBinary* and TestActionBinary* run against apitest, a loopback
// stand-in of the API that can be told to fail, stall or rate-limit.
// TestCIEndToEnd* and TestActionEndToEnd* run against the real server
// (servertest) and need the contracts, scans, vulnerabilities and
// quality-gate endpoints.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/action/apitest"
	"github.com/bulwark-sec/bulwark/action/client"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

var (
	binDir    string
	buildOnce sync.Once
	buildErr  error
)

// TestMain only owns the folder of the binary; the binary is built on first
// use, so other tests of this package do not pay for the build.
func TestMain(m *testing.M) {
	runChild()
	dir, err := os.MkdirTemp("", "bulwark-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// bulwarkBin builds the binary once, with the Dockerfile's command.
func bulwarkBin(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(binDir, "bulwark")
	buildOnce.Do(func() {
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", bin, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("build bulwark: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return bin
}

type result struct {
	code           int
	stdout, stderr string
}

// runBin runs the binary in dir with only env (plus PATH and HOME), so the
// test machine's own CI variables cannot leak in.
func runBin(t *testing.T, dir string, env map[string]string, args ...string) result {
	t.Helper()
	// Build first: the first call compiles the binary (its cgo grammars
	// too), which is not the run the timeout is for.
	bin := bulwarkBin(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	err := cmd.Run()
	r := result{stdout: so.String(), stderr: se.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		t.Fatalf("run bulwark: %v", err)
	}
	return r
}

// workspace copies action/testdata/contracts into a new folder.
func workspace(t *testing.T) string {
	t.Helper()
	ws := t.TempDir()
	src, err := os.ReadFile(filepath.Join("action", "testdata", "contracts", "Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(ws, "contracts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "contracts", "Vault.sol"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	return ws
}

func closedPort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr
}

var reentrancy = client.Vulnerability{ID: "v1", Title: "Reentrancy", Severity: "critical", Status: "open",
	DetectorID: "SOL-REENTRANCY-ETH", Scanner: "bulwark-solidity", File: "contracts/Vault.sol", Line: 21, EndLine: 22,
	RiskScore: 90, Fingerprint: "fp1"}

func TestCIBinary(t *testing.T) {
	gate := &client.QualityGate{BlockOnCritical: true, MaxHigh: -1, MaxMedium: -1, MaxLow: -1}
	tests := []struct {
		name     string
		setup    func(*apitest.Server)
		args     []string
		url      string // overrides the stand-in's
		wantCode int
		wantOut  string // in stdout
		wantErr  string // in stderr
	}{
		{"pass", func(s *apitest.Server) { s.Gate = gate }, nil, "", 0, "quality gate: PASSED (fail-on gate)", "bulwark: scan "},
		{"gate fails", func(s *apitest.Server) { s.Gate, s.Findings = gate, []client.Vulnerability{reentrancy} }, nil, "", 1,
			"CRITICAL  contracts/Vault.sol:21  Reentrancy", ""},
		{"fail-on high", func(s *apitest.Server) { s.Findings = []client.Vulnerability{reentrancy} }, []string{"--fail-on", "high"}, "", 1,
			"quality gate: FAILED (fail-on high)", ""},
		{"fail-on none reports only", func(s *apitest.Server) { s.Findings = []client.Vulnerability{reentrancy} }, []string{"--fail-on", "none"}, "", 0,
			"quality gate: PASSED (fail-on none)", ""},
		{"rate limited then fine", func(s *apitest.Server) { s.Gate, s.RateLimitFirst = gate, 2 }, nil, "", 0, "PASSED", ""},
		{"timeout", func(s *apitest.Server) { s.Gate, s.Statuses = gate, []string{"queued"} }, []string{"--wait-timeout", "300ms"}, "", 2,
			"quality gate: PENDING", "did not finish within --wait-timeout"},
		{"scan failed", func(s *apitest.Server) {
			s.Statuses, s.ScanError = []string{"failed"}, &client.ScanError{Code: "SCAN_FAILED", Message: "contract too large"}
		}, nil, "", 2, "", "SCAN_FAILED: contract too large"},
		{"server down", nil, []string{"--max-attempts", "2"}, "closed", 2, "", "connection refused"},
		{"bad key", func(s *apitest.Server) { s.Key = "other" }, nil, "", 2, "", "401 UNAUTHORIZED"},
		{"usage: fail-on", nil, []string{"--fail-on", "often"}, "", 2, "", "--fail-on \"often\""},
		{"usage: unknown flag", nil, []string{"--nope"}, "", 2, "", "unknown flag: --nope"},
		{"usage: no sources", nil, []string{"--path", "missing"}, "", 2, "", "missing: no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := apitest.New(t)
			key := srv.Key
			if tt.setup != nil {
				tt.setup(srv)
			}
			url := srv.URL
			if tt.url == "closed" {
				url = closedPort(t)
			}
			ws := workspace(t)
			sarif := filepath.Join(ws, "out", "bulwark.sarif")
			args := append([]string{"ci", "--project", "demo", "--path", "contracts", "--poll-interval", "20ms",
				"--sarif-file", sarif, "--junit-file", filepath.Join(ws, "junit.xml")}, tt.args...)
			r := runBin(t, ws, map[string]string{"BULWARK_API_URL": url, "BULWARK_API_KEY": key, "GITLAB_CI": "true",
				"CI_COMMIT_REF_NAME": "main", "CI_COMMIT_SHA": "abc1234def"}, args...)
			if r.code != tt.wantCode || !strings.Contains(r.stdout, tt.wantOut) || !strings.Contains(r.stderr, tt.wantErr) {
				t.Fatalf("exit %d (want %d)\nstdout:\n%s\nstderr:\n%s", r.code, tt.wantCode, r.stdout, r.stderr)
			}
			if strings.Contains(r.stdout+r.stderr, key) {
				t.Error("the API key was printed")
			}
			if r.code == 2 {
				return
			}
			b, err := os.ReadFile(sarif)
			if err != nil {
				t.Fatal(err)
			}
			apitest.ValidateSARIF(t, b)
			if _, err := os.Stat(filepath.Join(ws, "junit.xml")); err != nil {
				t.Error(err)
			}
		})
	}
}

// actionEnv is a simulated runner environment for a Docker action step.
func actionEnv(t *testing.T, ws, url, key string) (map[string]string, string, string) {
	files := t.TempDir()
	out, sum := filepath.Join(files, "output"), filepath.Join(files, "summary")
	return map[string]string{
		"GITHUB_ACTIONS": "true", "CI": "true", "GITHUB_WORKSPACE": ws, "GITHUB_REPOSITORY": "Codertocat/Hello-World",
		"GITHUB_SHA": "mergesha", "GITHUB_REF_NAME": "2/merge", "GITHUB_HEAD_REF": "changes", "GITHUB_BASE_REF": "master",
		"GITHUB_EVENT_NAME": "pull_request", "GITHUB_RUN_ID": "1", "GITHUB_SERVER_URL": "https://github.com",
		"GITHUB_EVENT_PATH": filepath.Join(apitest.SharedDir(t), "fixtures", "github-webhooks", "pull_request.opened.json"),
		"GITHUB_OUTPUT":     out, "GITHUB_STEP_SUMMARY": sum,
		"INPUT_API-URL": url, "INPUT_API-KEY": key, "INPUT_PATH": "contracts", "INPUT_FAIL-ON": "gate",
		"INPUT_SARIF-FILE": "bulwark.sarif", "INPUT_WAIT-TIMEOUT": "60s", "INPUT_PRESET": "standard",
		"INPUT_CHANGED-ONLY": "false", "BULWARK_POLL_INTERVAL": "50ms", "BULWARK_MAX_ATTEMPTS": "2",
	}, out, sum
}

func readOutputs(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	lines := strings.Split(string(b), "\n")
	for i := 0; i < len(lines); i++ {
		name, delim, ok := strings.Cut(lines[i], "<<")
		if !ok {
			continue
		}
		var val []string
		for i++; i < len(lines) && lines[i] != delim; i++ {
			val = append(val, lines[i])
		}
		out[name] = strings.Join(val, "\n")
	}
	return out
}

func TestActionBinary(t *testing.T) {
	srv := apitest.New(t)
	srv.Gate = &client.QualityGate{BlockOnCritical: true, MaxHigh: -1, MaxMedium: -1, MaxLow: -1}
	srv.Findings = []client.Vulnerability{reentrancy}
	ws := workspace(t)
	env, outPath, sumPath := actionEnv(t, ws, srv.URL, srv.Key)
	r := runBin(t, ws, env, "action")
	if r.code != 1 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	out := readOutputs(t, outPath)
	if out["gate-status"] != "FAILED" || out["critical"] != "1" || out["scan-id"] == "" || out["sarif-file"] != "bulwark.sarif" {
		t.Errorf("outputs %v", out)
	}
	if !strings.HasPrefix(r.stdout, "::add-mask::"+srv.Key) || strings.Count(r.stdout, srv.Key) != 1 {
		t.Errorf("key not masked first:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "::error endLine=22,file=contracts/Vault.sol,line=21,title=CRITICAL%3A Reentrancy (SOL-REENTRANCY-ETH)::Reentrancy") {
		t.Errorf("no annotation:\n%s", r.stdout)
	}
	sum, _ := os.ReadFile(sumPath)
	if !strings.Contains(string(sum), "(https://github.com/Codertocat/Hello-World/blob/ec26c3e57ca3a959ca5aad62de7213c562f8c821/contracts/Vault.sol#L21-L22)") {
		t.Errorf("summary:\n%s", sum)
	}
	b, err := os.ReadFile(filepath.Join(ws, out["sarif-file"]))
	if err != nil {
		t.Fatal(err)
	}
	apitest.ValidateSARIF(t, b)

	// Server down: exit 2, no scan.
	env, outPath, _ = actionEnv(t, ws, closedPort(t), "k")
	if r := runBin(t, ws, env, "action"); r.code != 2 || !strings.Contains(r.stdout, "::error::bulwark: ") {
		t.Fatalf("server down: exit %d\n%s", r.code, r.stdout)
	}
	if out := readOutputs(t, outPath); out["scan-id"] != "" || out["gate-status"] != "" {
		t.Errorf("server down outputs %v", out)
	}
}

// --- against the real server (needs the merged endpoints) ---

func apiClient(t *testing.T, env *servertest.Env) *client.Client {
	c, err := client.New(env.URL, env.Key)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func ptr[T any](v T) *T { return &v }

func TestCIEndToEndPassAndFail(t *testing.T) {
	env := servertest.New(t)
	c := apiClient(t, env)
	ctx := context.Background()
	p, err := c.CreateProject(ctx, client.ProjectInput{Name: "vault"})
	if err != nil {
		t.Fatal(err)
	}
	ws := workspace(t)
	run := func(args ...string) result {
		return runBin(t, ws, map[string]string{"BULWARK_API_URL": env.URL, "BULWARK_API_KEY": env.Key,
			"GITLAB_CI": "true", "CI_COMMIT_REF_NAME": "feature", "CI_COMMIT_SHA": "0123456789abcdef0123",
			"CI_MERGE_REQUEST_IID": "5", "CI_JOB_URL": "https://gitlab.example/j/1"},
			append([]string{"ci", "--project", "vault", "--path", "contracts", "--poll-interval", "100ms",
				"--wait-timeout", "90s", "--sarif-file", "bulwark.sarif"}, args...)...)
	}

	// A gate nothing can fail.
	if _, err := c.PutQualityGate(ctx, p.ID, client.QualityGateInput{Name: ptr("lenient"), BlockOnCritical: ptr(false),
		BlockOnHigh: ptr(false), MaxCritical: ptr(-1), MaxHigh: ptr(-1), MaxMedium: ptr(-1), MaxLow: ptr(-1)}); err != nil {
		t.Fatal(err)
	}
	r := run()
	if r.code != 0 || !strings.Contains(r.stdout, "quality gate: PASSED") {
		t.Fatalf("lenient gate: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	b, err := os.ReadFile(filepath.Join(ws, "bulwark.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	apitest.ValidateSARIF(t, b)
	if !strings.Contains(string(b), `"uri": "contracts/Vault.sol"`) {
		t.Errorf("SARIF has no finding in contracts/Vault.sol: the vault is vulnerable\n%s", b)
	}
	bs, err := c.BuildStatus(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	var cictx map[string]any
	_ = json.Unmarshal(bs.CIContext, &cictx)
	if bs.Status != client.GatePassing || cictx["provider"] != "gitlab" || cictx["branch"] != "feature" || cictx["pull_request"] != float64(5) {
		t.Errorf("build status %+v ci_context %v", bs, cictx)
	}

	// A gate any finding fails.
	if _, err := c.PutQualityGate(ctx, p.ID, client.QualityGateInput{Name: ptr("strict"), BlockOnCritical: ptr(true),
		BlockOnHigh: ptr(true), MaxCritical: ptr(0), MaxHigh: ptr(0), MaxMedium: ptr(0), MaxLow: ptr(0)}); err != nil {
		t.Fatal(err)
	}
	r = run()
	if r.code != 1 || !strings.Contains(r.stdout, "quality gate: FAILED") {
		t.Fatalf("strict gate: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if r = run("--fail-on", "low"); r.code != 1 {
		t.Fatalf("--fail-on low: exit %d\n%s", r.code, r.stdout)
	}
	if r = run("--fail-on", "none"); r.code != 0 {
		t.Fatalf("--fail-on none: exit %d\n%s", r.code, r.stdout)
	}
}

// TestCIEndToEndTriage: the vault's critical fails the gate; marked a
// false positive through the API, it is carried to the next run's scan,
// which passes and says it skipped it. A change that moves the code 30
// lines down keeps it skipped.
func TestCIEndToEndTriage(t *testing.T) {
	env := servertest.New(t)
	c := apiClient(t, env)
	ctx := context.Background()
	p, err := c.CreateProject(ctx, client.ProjectInput{Name: "vault"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.PutQualityGate(ctx, p.ID, client.QualityGateInput{Name: ptr("criticals"), BlockOnCritical: ptr(true),
		BlockOnHigh: ptr(false), MaxCritical: ptr(0), MaxHigh: ptr(-1), MaxMedium: ptr(-1), MaxLow: ptr(-1)}); err != nil {
		t.Fatal(err)
	}
	ws := workspace(t)
	run := func() result {
		return runBin(t, ws, map[string]string{"BULWARK_API_URL": env.URL, "BULWARK_API_KEY": env.Key},
			"ci", "--project", "vault", "--path", "contracts", "--poll-interval", "100ms", "--wait-timeout", "90s",
			"--json-file", "bulwark.json")
	}
	r := run()
	if r.code != 1 || !strings.Contains(r.stdout, "quality gate: FAILED") || strings.Contains(r.stdout, "triaged") {
		t.Fatalf("before triage: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	lr := env.Do("GET", "/api/v1/vulnerabilities?severity=critical&project_id="+p.ID, env.Key, nil)
	var l struct {
		Vulnerabilities []struct {
			ID string `json:"id"`
		} `json:"vulnerabilities"`
	}
	lr.Decode(t, &l)
	if len(l.Vulnerabilities) != 1 {
		t.Fatalf("critical findings = %s", lr.Body)
	}
	if pr := env.Do("PATCH", "/api/v1/vulnerabilities/"+l.Vulnerabilities[0].ID, env.Key,
		map[string]any{"status": "false_positive", "note": "only in the test deployment"}); pr.Status != 200 {
		t.Fatalf("PATCH = %d %s", pr.Status, pr.Body)
	}
	check := func(what string) {
		t.Helper()
		r := run()
		if r.code != 0 || !strings.Contains(r.stdout, "quality gate: PASSED") ||
			!strings.Contains(r.stdout, "skipped 1 triaged finding(s) (false positive or fixed)") {
			t.Fatalf("%s: exit %d\n%s\n%s", what, r.code, r.stdout, r.stderr)
		}
		b, err := os.ReadFile(filepath.Join(ws, "bulwark.json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Triaged int `json:"triaged"`
			Counts  struct {
				Critical int `json:"critical"`
				High     int `json:"high"`
			} `json:"counts"`
			Vulnerabilities []client.Vulnerability `json:"vulnerabilities"`
		}
		if err := json.Unmarshal(b, &doc); err != nil || doc.Triaged != 1 || doc.Counts.Critical != 0 || doc.Counts.High != 2 {
			t.Errorf("%s: JSON report triaged %d, counts %+v (%v)", what, doc.Triaged, doc.Counts, err)
		}
		for _, v := range doc.Vulnerabilities {
			if v.Severity == "critical" && (v.Status != "false_positive" || v.Note != "only in the test deployment") {
				t.Errorf("%s: the critical in the JSON report is %s with note %q", what, v.Status, v.Note)
			}
		}
	}
	check("same code")

	// 30 lines of unrelated comments above the contract.
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
	check("code moved 30 lines down")
}

func TestCIEndToEndTimeout(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true}) // scans stay queued
	ws := workspace(t)
	r := runBin(t, ws, map[string]string{"BULWARK_API_URL": env.URL, "BULWARK_API_KEY": env.Key},
		"ci", "--project", "stuck", "--path", "contracts", "--wait-timeout", "1s", "--poll-interval", "100ms")
	if r.code != 2 || !strings.Contains(r.stderr, "still queued") || !strings.Contains(r.stdout, "PENDING") {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

func TestActionEndToEnd(t *testing.T) {
	env := servertest.New(t)
	c := apiClient(t, env)
	ctx := context.Background()
	p, err := c.CreateProject(ctx, client.ProjectInput{Name: "Codertocat/Hello-World"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.PutQualityGate(ctx, p.ID, client.QualityGateInput{BlockOnCritical: ptr(true), BlockOnHigh: ptr(true),
		MaxCritical: ptr(0), MaxHigh: ptr(0), MaxMedium: ptr(0), MaxLow: ptr(0)}); err != nil {
		t.Fatal(err)
	}
	ws := workspace(t)
	aenv, outPath, sumPath := actionEnv(t, ws, env.URL, env.Key)
	r := runBin(t, ws, aenv, "action")
	if r.code != 1 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	out := readOutputs(t, outPath)
	if out["gate-status"] != "FAILED" || out["total"] == "0" || out["scan-id"] == "" {
		t.Errorf("outputs %v", out)
	}
	if !regexp.MustCompile(`(?m)^::(error|warning) [^:]*file=contracts/Vault.sol,line=\d+`).MatchString(r.stdout) {
		t.Errorf("no finding annotation:\n%s", r.stdout)
	}
	s, err := c.GetScan(ctx, out["scan-id"])
	if err != nil || s.ProjectID != p.ID || s.Status != client.ScanCompleted {
		t.Fatalf("scan %+v %v", s, err)
	}
	sum, _ := os.ReadFile(sumPath)
	if !strings.Contains(string(sum), "quality gate FAILED") || !strings.Contains(string(sum), "blob/ec26c3e57ca3a959ca5aad62de7213c562f8c821/contracts/Vault.sol#L") {
		t.Errorf("summary:\n%s", sum)
	}
	// The summary and the report-url output link to the report page,
	// which opens without a key, never to the JSON API.
	if !strings.HasPrefix(out["report-url"], env.URL+"/r/") || !strings.Contains(string(sum), "[report]("+out["report-url"]+")") ||
		strings.Contains(string(sum), "/api/v1/") {
		t.Errorf("report-url %q; summary:\n%s", out["report-url"], sum)
	}
	if page := env.Do("GET", strings.TrimPrefix(out["report-url"], env.URL), "", nil); page.Status != 200 ||
		!strings.Contains(string(page.Body), out["scan-id"]) {
		t.Errorf("report page without a key: %d %.300s", page.Status, page.Body)
	}
	b, err := os.ReadFile(filepath.Join(ws, out["sarif-file"]))
	if err != nil {
		t.Fatal(err)
	}
	apitest.ValidateSARIF(t, b)
	bs, err := c.BuildStatus(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	var cictx map[string]any
	_ = json.Unmarshal(bs.CIContext, &cictx)
	if cictx["pull_request"] != float64(2) || cictx["commit"] != "ec26c3e57ca3a959ca5aad62de7213c562f8c821" || cictx["provider"] != "github-actions" {
		t.Errorf("ci_context %v", cictx)
	}
}

func TestActionEndToEndTimeout(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true}) // scans stay queued
	ws := workspace(t)
	aenv, outPath, sumPath := actionEnv(t, ws, env.URL, env.Key)
	aenv["INPUT_WAIT-TIMEOUT"] = "1"
	r := runBin(t, ws, aenv, "action")
	if r.code != 2 {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	out := readOutputs(t, outPath)
	if out["gate-status"] != "PENDING" || out["scan-id"] == "" {
		t.Errorf("outputs %v", out)
	}
	sum, _ := os.ReadFile(sumPath)
	if !strings.Contains(string(sum), "quality gate PENDING") {
		t.Errorf("summary:\n%s", sum)
	}
}
