package action_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action"
	"github.com/bulwark-sec/bulwark/action/apitest"
	"github.com/bulwark-sec/bulwark/action/ci"
	"github.com/bulwark-sec/bulwark/action/client"
)

// runner simulates a GitHub-hosted runner's environment for one step.
type runner struct {
	env       map[string]string
	out, summ string
	stdout    bytes.Buffer
}

func newRunner(t *testing.T, srv *apitest.Server) *runner {
	t.Helper()
	ws := t.TempDir()
	for p, c := range map[string]string{"contracts/Vault.sol": "contract Vault {}", "contracts/Token.sol": "contract Token {}"} {
		abs := filepath.Join(ws, p)
		_ = os.MkdirAll(filepath.Dir(abs), 0o755)
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files := t.TempDir()
	r := &runner{out: filepath.Join(files, "output"), summ: filepath.Join(files, "summary")}
	r.env = map[string]string{
		"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": ws, "GITHUB_REPOSITORY": "Codertocat/Hello-World",
		"GITHUB_SHA": "mergecommit", "GITHUB_REF_NAME": "2/merge", "GITHUB_HEAD_REF": "changes",
		"GITHUB_EVENT_NAME": "pull_request", "GITHUB_RUN_ID": "77", "GITHUB_SERVER_URL": "https://github.com",
		"GITHUB_EVENT_PATH": filepath.Join(apitest.SharedDir(t), "fixtures", "github-webhooks", "pull_request.opened.json"),
		"GITHUB_OUTPUT":     r.out, "GITHUB_STEP_SUMMARY": r.summ,
		"INPUT_API-URL": srv.URL, "INPUT_API-KEY": srv.Key, "INPUT_PATH": "contracts",
		"INPUT_FAIL-ON": "gate", "INPUT_SARIF-FILE": "bulwark.sarif", "INPUT_WAIT-TIMEOUT": "5s",
		"INPUT_PRESET": "standard",
	}
	// A Docker action runs in the workspace.
	t.Chdir(ws)
	return r
}

func (r *runner) run() int {
	return action.Run(context.Background(), action.Config{Getenv: func(k string) string { return r.env[k] },
		Stdout: &r.stdout, MaxAttempts: 2, PollInterval: 5 * time.Millisecond})
}

// outputs parses the GITHUB_OUTPUT file (name<<delimiter … delimiter).
func (r *runner) outputs(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(r.out)
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

func findings(n int, sev string) []client.Vulnerability {
	var vs []client.Vulnerability
	for i := range n {
		vs = append(vs, client.Vulnerability{ID: fmt.Sprintf("%s-%d", sev, i), Title: "Finding " + sev, Severity: sev,
			Status: "open", DetectorID: "SOL-" + strings.ToUpper(sev), File: "contracts/Vault.sol", Line: i + 1, EndLine: i + 2,
			RiskScore: 100 - i, Fingerprint: fmt.Sprintf("fp-%s-%d", sev, i)})
	}
	return vs
}

var annotation = regexp.MustCompile(`(?m)^::(error|warning) ([^:]*file=[^:]*)::(.*)$`)

func TestActionFailingGate(t *testing.T) {
	srv := apitest.New(t)
	srv.Findings = append(append(findings(15, "critical"), findings(3, "high")...), findings(14, "low")...)
	srv.Gate = &client.QualityGate{BlockOnCritical: true, MaxHigh: -1, MaxMedium: -1, MaxLow: -1}
	r := newRunner(t, srv)
	if code := r.run(); code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, r.stdout.String())
	}
	log := r.stdout.String()
	got := r.outputs(t)
	scanID := got["scan-id"]
	want := map[string]string{"scan-id": scanID, "gate-status": "FAILED", "critical": "15", "high": "3", "medium": "0",
		"low": "14", "total": "32", "sarif-file": "bulwark.sarif",
		"report-url": srv.URL + "/r/report-of-" + scanID}
	if diff := cmp.Diff(want, got); diff != "" || scanID == "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	// The key is masked before anything else is printed.
	if !strings.HasPrefix(log, "::add-mask::"+srv.Key+"\n") {
		t.Errorf("log does not start with the mask:\n%.200s", log)
	}
	if strings.Count(log, srv.Key) != 1 {
		t.Errorf("the key appears %d times in the log", strings.Count(log, srv.Key))
	}
	if !strings.Contains(log, "::group::bulwark: upload and scan") || !strings.Contains(log, "::endgroup::") {
		t.Error("no log group")
	}
	levels := map[string]int{}
	for _, m := range annotation.FindAllStringSubmatch(log, -1) {
		levels[m[1]]++
	}
	if diff := cmp.Diff(map[string]int{"error": 10, "warning": 10}, levels); diff != "" {
		t.Errorf("finding annotations (-want +got):\n%s", diff)
	}
	if !strings.Contains(log, "::error endLine=2,file=contracts/Vault.sol,line=1,title=CRITICAL%3A Finding critical (SOL-CRITICAL)::Finding critical\n") {
		t.Errorf("worst finding not annotated first:\n%s", log)
	}
	if !strings.Contains(log, "::error::bulwark: quality gate FAILED: 15 critical finding(s), block_on_critical") {
		t.Error("no gate failure message")
	}
	sum, err := os.ReadFile(r.summ)
	if err != nil {
		t.Fatal(err)
	}
	s := string(sum)
	for _, want := range []string{"## bulwark: quality gate FAILED ❌", "| 🔴 critical | 15 |", "| **total** | **32** |",
		"[contracts/Vault.sol:1](https://github.com/Codertocat/Hello-World/blob/ec26c3e57ca3a959ca5aad62de7213c562f8c821/contracts/Vault.sol#L1-L2)",
		"12 more finding(s) are in `", "Annotations show the worst 20"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	sarif, err := os.ReadFile(filepath.Join(r.env["GITHUB_WORKSPACE"], "bulwark.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	apitest.ValidateSARIF(t, sarif)
	if n := strings.Count(string(sarif), `"ruleId"`); n != 32 {
		t.Errorf("SARIF holds %d results, want all 32", n)
	}
	// The evaluation carried the pull request from the event payload.
	srv.Lock()
	ctx := srv.Evaluations[0]["ci_context"].(map[string]any)
	srv.Unlock()
	if ctx["pull_request"] != float64(2) || ctx["commit"] != "ec26c3e57ca3a959ca5aad62de7213c562f8c821" || ctx["branch"] != "changes" {
		t.Errorf("ci_context %v", ctx)
	}
}

func TestActionPassingGate(t *testing.T) {
	srv := apitest.New(t)
	srv.Findings = findings(2, "medium")
	srv.Gate = &client.QualityGate{BlockOnCritical: true, MaxHigh: -1, MaxMedium: -1, MaxLow: -1}
	r := newRunner(t, srv)
	if code := r.run(); code != 0 {
		t.Fatalf("exit %d\n%s", code, r.stdout.String())
	}
	got := r.outputs(t)
	if got["gate-status"] != "PASSED" || got["medium"] != "2" {
		t.Errorf("outputs %v", got)
	}
	if n := len(annotation.FindAllString(r.stdout.String(), -1)); n != 2 {
		t.Errorf("%d annotations, want 2 warnings", n)
	}
	sum, _ := os.ReadFile(r.summ)
	if !strings.Contains(string(sum), "quality gate PASSED ✅") {
		t.Errorf("summary:\n%s", sum)
	}
}

func TestActionTimeoutIsPending(t *testing.T) {
	srv := apitest.New(t)
	srv.Gate = &client.QualityGate{BlockOnCritical: true}
	srv.Statuses = []string{client.ScanRunning}
	r := newRunner(t, srv)
	r.env["INPUT_WAIT-TIMEOUT"] = "1"
	if code := r.run(); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	got := r.outputs(t)
	if got["gate-status"] != "PENDING" || got["scan-id"] == "" {
		t.Errorf("outputs %v", got)
	}
	sum, _ := os.ReadFile(r.summ)
	if !strings.Contains(string(sum), "quality gate PENDING ⏳") || !strings.Contains(string(sum), "pending gate evaluation") {
		t.Errorf("summary:\n%s", sum)
	}
	if !strings.Contains(r.stdout.String(), "::error::bulwark: scan ") {
		t.Errorf("no error annotation:\n%s", r.stdout.String())
	}
}

func TestActionServerDown(t *testing.T) {
	srv := apitest.New(t)
	r := newRunner(t, srv)
	srv.Close()
	if code := r.run(); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	got := r.outputs(t)
	if got["gate-status"] != "" || got["scan-id"] != "" {
		t.Errorf("outputs %v", got)
	}
	if !strings.Contains(r.stdout.String(), "connection refused") {
		t.Errorf("log:\n%s", r.stdout.String())
	}
	sum, _ := os.ReadFile(r.summ)
	if !strings.Contains(string(sum), "quality gate ERROR") {
		t.Errorf("summary:\n%s", sum)
	}
}

func TestActionWithoutRunnerFiles(t *testing.T) {
	srv := apitest.New(t)
	srv.Gate = &client.QualityGate{BlockOnCritical: true}
	r := newRunner(t, srv)
	delete(r.env, "GITHUB_OUTPUT")
	delete(r.env, "GITHUB_STEP_SUMMARY")
	if code := r.run(); code != 0 {
		t.Fatalf("exit %d\n%s", code, r.stdout.String())
	}
	if !strings.Contains(r.stdout.String(), "bulwark: output gate-status=PASSED") {
		t.Errorf("outputs not logged:\n%s", r.stdout.String())
	}
}

func TestActionBadInputs(t *testing.T) {
	for name, env := range map[string][2]string{
		"fail-on":      {"INPUT_FAIL-ON", "sometimes"},
		"wait-timeout": {"INPUT_WAIT-TIMEOUT", "soon"},
		"changed-only": {"INPUT_CHANGED-ONLY", "maybe"},
		"api-url":      {"INPUT_API-URL", "not a url"},
	} {
		t.Run(name, func(t *testing.T) {
			srv := apitest.New(t)
			r := newRunner(t, srv)
			r.env[env[0]] = env[1]
			if code := r.run(); code != ci.ExitError {
				t.Fatalf("exit %d", code)
			}
			if !strings.Contains(r.stdout.String(), "::error::bulwark: ") {
				t.Errorf("log:\n%s", r.stdout.String())
			}
			srv.Lock()
			defer srv.Unlock()
			if len(srv.Requests) != 0 {
				t.Errorf("bad input still called %v", srv.Requests)
			}
		})
	}
}
