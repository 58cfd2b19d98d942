package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/action/apitest"
)

// localWorkspace is a repository root (with .git) holding Vault.sol, whose
// findings are one critical and two highs, and an optional .bulwark.yml.
func localWorkspace(t *testing.T, config string) string {
	t.Helper()
	ws := workspace(t)
	if err := os.MkdirAll(filepath.Join(ws, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if config != "" {
		if err := os.WriteFile(filepath.Join(ws, ".bulwark.yml"), []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ws
}

// sarifWithoutProvenance parses a SARIF log and drops what only a CI run
// knows (the repository, commit and branch), leaving what was found.
func sarifWithoutProvenance(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	apitest.ValidateSARIF(t, b)
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	for _, r := range doc["runs"].([]any) {
		delete(r.(map[string]any), "versionControlProvenance")
	}
	out, _ := json.MarshalIndent(doc, "", " ")
	return string(out)
}

// TestServerlessSameAsScan: `bulwark ci` and `bulwark action` without an
// API URL scan in-process and give the SARIF and exit code `bulwark scan`
// gives with the same fail-on, .bulwark.yml included; the log says so.
func TestServerlessSameAsScan(t *testing.T) {
	cases := []struct {
		name, config, failOn string
		want                 int
	}{
		{"fail-on high", "", "high", 1},
		{"fail-on critical", "", "critical", 1},
		{"fail-on none", "", "none", 0},
		// .bulwark.yml drops the critical detector and lowers a high:
		// fail_on high then sees one high.
		{"bulwark.yml", "fail_on: high\ndetectors:\n  SOL-UNPROTECTED-SELFDESTRUCT: {disable: true}\n  SOL-TX-ORIGIN: {severity: low}\n", "", 1},
		{"bulwark.yml passes", "fail_on: critical\ndetectors:\n  SOL-UNPROTECTED-SELFDESTRUCT: {disable: true}\n", "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := localWorkspace(t, tc.config)
			var flag []string
			if tc.failOn != "" {
				flag = []string{"--fail-on", tc.failOn}
			}
			scan := runBin(t, ws, nil, append([]string{"scan", "contracts", "-f", "sarif", "-o", "scan.sarif"}, flag...)...)
			if scan.code != tc.want {
				t.Fatalf("scan: exit %d, want %d\n%s", scan.code, tc.want, scan.stderr)
			}
			want := sarifWithoutProvenance(t, filepath.Join(ws, "scan.sarif"))
			if !strings.Contains(want, `"ruleId"`) {
				t.Fatalf("the fixture has no findings:\n%s", want)
			}

			r := runBin(t, ws, nil, append([]string{"ci", "--path", "contracts", "--sarif-file", "ci.sarif"}, flag...)...)
			if r.code != tc.want || !strings.Contains(r.stderr, "scanning locally, in-process") {
				t.Fatalf("ci: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tc.want, r.stdout, r.stderr)
			}
			ciSARIF, _ := os.ReadFile(filepath.Join(ws, "ci.sarif"))
			scanSARIF, _ := os.ReadFile(filepath.Join(ws, "scan.sarif"))
			if string(ciSARIF) != string(scanSARIF) {
				t.Errorf("ci's SARIF differs from scan's:\nci:\n%s\nscan:\n%s", ciSARIF, scanSARIF)
			}

			env, outPath, sumPath := actionEnv(t, ws, "", "")
			env["INPUT_FAIL-ON"] = tc.failOn
			env["INPUT_SARIF-FILE"] = "action.sarif"
			a := runBin(t, ws, env, "action")
			if a.code != tc.want || !strings.Contains(a.stdout, "scanning locally, in-process") {
				t.Fatalf("action: exit %d, want %d\n%s\n%s", a.code, tc.want, a.stdout, a.stderr)
			}
			if got := sarifWithoutProvenance(t, filepath.Join(ws, "action.sarif")); got != want {
				t.Errorf("action's SARIF differs from scan's:\naction:\n%s\nscan:\n%s", got, want)
			}
			out := readOutputs(t, outPath)
			if wantStatus := map[int]string{0: "PASSED", 1: "FAILED"}[tc.want]; out["gate-status"] != wantStatus {
				t.Errorf("outputs %v", out)
			}
			sum, _ := os.ReadFile(sumPath)
			if !strings.Contains(string(sum), "Local scan, in the runner without a service") ||
				!strings.Contains(string(sum), "](https://github.com/Codertocat/Hello-World/blob/") {
				t.Errorf("summary:\n%s", sum)
			}
			if tc.want == 1 && !strings.Contains(a.stdout, "::error ") {
				t.Errorf("no annotation:\n%s", a.stdout)
			}
		})
	}
}

// TestServerlessDefaultGate: without a service, --fail-on gate (the
// default) applies the documented default gate: any critical fails.
func TestServerlessDefaultGate(t *testing.T) {
	ws := localWorkspace(t, "")
	r := runBin(t, ws, nil, "ci", "--path", "contracts", "--junit-file", "junit.xml")
	if r.code != 1 || !strings.Contains(r.stderr, "applying the service's default gate") ||
		!strings.Contains(r.stdout, "quality gate: FAILED (fail-on gate)") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if b, err := os.ReadFile(filepath.Join(ws, "junit.xml")); err != nil || !strings.Contains(string(b), "default gate") {
		t.Errorf("junit: %v\n%s", err, b)
	}
}

// TestActionForkWithoutKey: a fork's pull request gets no secrets; with
// an api-url but no key the Action scans locally, sends nothing to the
// service and decides by the findings, never failing for lack of a key.
func TestActionForkWithoutKey(t *testing.T) {
	srv := apitest.New(t)
	ws := localWorkspace(t, "")
	env, outPath, _ := actionEnv(t, ws, srv.URL, "")
	env["INPUT_FAIL-ON"] = "none"
	r := runBin(t, ws, env, "action")
	if r.code != 0 || !strings.Contains(r.stdout, "no API key (a pull request from a fork gets no secrets): scanning locally") {
		t.Fatalf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if out := readOutputs(t, outPath); out["gate-status"] != "PASSED" || out["critical"] != "1" || out["high"] != "2" {
		t.Errorf("outputs %v", out)
	}
	srv.Lock()
	defer srv.Unlock()
	if len(srv.Requests) != 0 {
		t.Errorf("the service was called: %v", srv.Requests)
	}
}
