package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// sarifMultitool is the pinned @microsoft/sarif-multitool the test runs
// with npx (.ci/run fetches it first).
const sarifMultitool = "@microsoft/sarif-multitool@5.7.0"

// TestSARIFMultitool validates scan's SARIF with Microsoft's SARIF
// multitool, which checks what the JSON schema cannot (GitHub's and the
// SARIF spec's rules): zero errors and zero warnings. The document has
// findings, a suppressed one, a parse error (a tool execution
// notification) and, in a git checkout, versionControlProvenance. It
// skips with a message where npx is absent or cannot fetch the tool.
func TestSARIFMultitool(t *testing.T) {
	if testing.Short() {
		t.Skip("runs npx")
	}
	npx, err := exec.LookPath("npx")
	if err != nil {
		t.Skip("npx not found: scan's SARIF not validated by " + sarifMultitool)
	}
	dir := copyTree(t, layoutDir(t, "foundry"))
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("src/Broken.sol", "pragma solidity ^0.8.0;\ncontract Broken {\n    function f( public {\n}\n")
	write("src/Quiet.sol", "pragma solidity ^0.8.0;\ncontract Quiet {\n    address owner;\n    function f() external {\n"+
		"        // bulwark-disable-next-line SOL-TX-ORIGIN -- the test wants one suppressed finding\n"+
		"        require(tx.origin == owner);\n    }\n}\n")
	if _, err := exec.LookPath("git"); err == nil {
		for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"remote", "add", "origin", "git@github.com:acme/vault.git"}} {
			cmd := exec.Command("git", args...)
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
	}
	t.Chdir(dir)
	code, doc, stderr := runCLIStreams(t, "scan", "-q", "-f", "sarif", "--fail-on", "none", ".")
	if code != 0 {
		t.Fatalf("scan: exit %d\n%s", code, stderr)
	}
	for _, want := range []string{`"suppressions"`, `"toolExecutionNotifications"`, `"versionControlProvenance"`} {
		if !json.Valid([]byte(doc)) || !strings.Contains(doc, want) {
			t.Fatalf("the SARIF document lacks %s, which this test means to validate", want)
		}
	}
	work := t.TempDir()
	in, out := filepath.Join(work, "scan.sarif"), filepath.Join(work, "validation.sarif")
	if err := os.WriteFile(in, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, npx, "--yes", sarifMultitool, "validate", in, "--output", out,
		"--level", "Error", "Warning", "--log", "ForceOverwrite")
	cmd.Dir = work
	res, runErr := cmd.CombinedOutput()
	b, err := os.ReadFile(out)
	if err != nil {
		t.Skipf("%s did not run (offline, or npm could not fetch it): %v\n%s", sarifMultitool, runErr, res)
	}
	var v struct {
		Runs []struct {
			Results []struct {
				RuleID  string `json:"ruleId"`
				Level   string `json:"level"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("the multitool's output: %v", err)
	}
	for _, run := range v.Runs {
		for range run.Results {
			t.Errorf("%s finds errors or warnings:\n%s", sarifMultitool, res)
			break
		}
	}
	if runErr != nil {
		t.Errorf("the multitool failed: %v\n%s", runErr, res)
	}
}
