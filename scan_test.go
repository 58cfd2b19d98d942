package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/bulwark-sec/bulwark/scanner"
)

// runCLI runs the command and returns its exit code and what it wrote to
// stdout and stderr, in that order.
func runCLI(t *testing.T, args ...string) (int, string) {
	t.Helper()
	code, stdout, stderr := runCLIStreams(t, args...)
	return code, stdout + stderr
}

// runCLIStreams runs the command and returns its exit code, stdout and
// stderr apart (reports go to stdout, notices and summaries to stderr).
func runCLIStreams(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	root := &cobra.Command{Use: "bulwark", SilenceUsage: true, SilenceErrors: true}
	root.AddCommand(newScanCmd(), newBenchCmd())
	var out, errOut bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	code := executeRoot(root)
	return code, out.String(), errOut.String()
}

const vulnerable = `pragma solidity ^0.4.24;
contract Wallet {
    address owner;
    function withdraw() public {
        require(tx.origin == owner);
        msg.sender.transfer(this.balance);
    }
}
`

const clean = `pragma solidity ^0.8.0;
contract Counter {
    uint256 public n;
    function inc() external { n += 1; }
}
`

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestScanExitCodes(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"vuln/Wallet.sol": vulnerable,
		"clean/Count.sol": clean,
		"broken/Bad.sol":  "pragma solidity ^0.8.0;\ncontract Bad { function f( { }\n",
		// Two errors in one file: the notice counts files, not errors.
		"broken2/Bad.sol": "pragma solidity ^0.8.0;\ncontract Bad {\n function f( { }\n function g() public { uint x = ; }\n function h() public { x =; }\n}\n",
		// A parse error elsewhere in the file does not hide this finding.
		"brokenvuln/W.sol": strings.Replace(vulnerable, "contract Wallet {", "contract Wallet {\n    function broken( { }", 1),
		"move/pool.move":   "module 0x1::pool {}\n",
		"mixed/A.sol":      clean,
		"mixed/pool.move":  "module 0x1::pool {}\n",
		"mixed/x.sol":      "\x7fELF\x00\x00\x00binary",
		"sized/Big.sol":    vulnerable + strings.Repeat("// padding\n", 200),
		"sized/Small.sol":  clean,
		"empty/README.md":  "no contracts here",
		"suppressed/S.sol": strings.Replace(vulnerable, "        require(tx.origin", "        // bulwark-disable-next-line SOL-TX-ORIGIN -- test\n        require(tx.origin", 1),
	})
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	w, _ := zw.Create("src/Wallet.sol")
	w.Write([]byte(vulnerable))
	zw.Close()
	zipPath := filepath.Join(dir, "bundle.zip")
	if err := os.WriteFile(zipPath, zbuf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"file with findings", []string{"scan", filepath.Join(dir, "vuln", "Wallet.sol")}, 1, "SOL-TX-ORIGIN"},
		{"folder", []string{"scan", dir + "/vuln", dir + "/clean"}, 1, "2 files"},
		{"zip", []string{"scan", zipPath}, 1, "bundle.zip/src/Wallet.sol:5"},
		{"clean", []string{"scan", filepath.Join(dir, "clean")}, 0, "0 high"},
		{"below threshold", []string{"scan", "--fail-on", "critical", filepath.Join(dir, "vuln")}, 0, "1 high"},
		{"fail-on none", []string{"scan", "--fail-on", "none", filepath.Join(dir, "vuln")}, 0, ""},
		{"suppressed", []string{"scan", filepath.Join(dir, "suppressed")}, 0, "1 suppressed"},
		// A parse error is a diagnostic: the exit code follows the findings.
		{"broken input", []string{"scan", filepath.Join(dir, "broken")}, 0, "parse error"},
		{"errors counted by file", []string{"scan", filepath.Join(dir, "broken2")}, 0, "notice: 1 file(s) did not parse cleanly"},
		{"broken input with a finding", []string{"scan", filepath.Join(dir, "brokenvuln")}, 1, "SOL-TX-ORIGIN"},
		// Every language the API accepts has a scanner: a lone Move module
		// is scanned (the notice for languages without one is bundle's,
		// tested there with an engine that lacks them).
		{"only another language", []string{"scan", filepath.Join(dir, "move")}, 0, "scanned 1 file(s)"},
		{"other language and binary noticed", []string{"scan", filepath.Join(dir, "mixed")}, 0, "skipped 1 file(s) that are not text"},
		{"other language scanned", []string{"scan", filepath.Join(dir, "mixed")}, 0, "2 files"},
		{"oversize skipped, rest scanned", []string{"scan", "--max-file-size", "1KiB", filepath.Join(dir, "sized")}, 0,
			"over the 1 KiB file limit: Big.sol (raise it with --max-file-size)"},
		{"oversize raised", []string{"scan", "--max-file-size", "1MiB", filepath.Join(dir, "sized")}, 1, "SOL-TX-ORIGIN"},
		{"bad max-file-size", []string{"scan", "--max-file-size", "lots", filepath.Join(dir, "sized")}, 2, ""},
		{"no sources", []string{"scan", filepath.Join(dir, "empty")}, 2, ""},
		{"missing path", []string{"scan", filepath.Join(dir, "nope.sol")}, 2, ""},
		{"no args", []string{"scan"}, 2, ""},
		{"bad format", []string{"scan", "--format", "xml", dir}, 2, ""},
		{"bad preset", []string{"scan", "--preset", "turbo", dir}, 2, ""},
		{"bad fail-on", []string{"scan", "--fail-on", "info", dir}, 2, ""},
		{"unknown flag", []string{"scan", "--nope", dir}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out := runCLI(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; output:\n%s", code, tt.code, out)
			}
			if !strings.Contains(out, tt.out) {
				t.Errorf("output lacks %q:\n%s", tt.out, out)
			}
			if strings.Contains(out, "\x1b[") {
				t.Error("colour escape codes written to a non-terminal")
			}
		})
	}
}

func TestScanFormats(t *testing.T) {
	dir := writeFiles(t, map[string]string{"Wallet.sol": vulnerable})
	code, out, _ := runCLIStreams(t, "scan", "--format", "json", dir)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var rep scanner.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if len(rep.Findings) == 0 || rep.Findings[0].Fingerprint == "" || rep.ScannersUsed[0] != "bulwark-solidity" {
		t.Errorf("report = %+v", rep)
	}

	code, out, _ = runCLIStreams(t, "scan", "--format", "sarif", "--fail-on", "none", dir)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID         string         `json:"id"`
						Properties map[string]any `json:"properties"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("sarif: %v", err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Fatalf("sarif = %+v", log)
	}
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		if r.Properties["security-severity"] == nil {
			t.Errorf("rule %s lacks security-severity", r.ID)
		}
	}
}

func TestBenchSkipsWithoutCorpus(t *testing.T) {
	t.Setenv("BULWARK_SHARED_DIR", t.TempDir())
	code, out := runCLI(t, "bench")
	if code != 0 || !strings.Contains(out, "skipped") {
		t.Errorf("exit %d, output %q", code, out)
	}
}

// TestScanConfig: the root's .bulwark.yml sets paths, fail_on, detector
// overrides and exclusions; flags win over it; a mistake in it is exit 2
// naming its line.
func TestScanConfig(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		".git/HEAD":       "ref: refs/heads/main\n",
		"src/Wallet.sol":  vulnerable,
		"src/old/Old.sol": vulnerable,
		"other/Other.sol": vulnerable,
		".bulwark.yml":    "paths: [src]\nexclude: [src/old/]\nfail_on: critical\n",
	})
	code, out := runCLI(t, "scan", "-f", "json", dir)
	if code != 0 || !strings.Contains(out, `"src/Wallet.sol"`) || strings.Contains(out, "Old.sol") || strings.Contains(out, "Other.sol") {
		t.Errorf("with config: exit %d, output:\n%s", code, out)
	}
	if code, _ := runCLI(t, "scan", "--fail-on", "high", dir); code != 1 {
		t.Errorf("--fail-on high over fail_on critical: exit %d, want 1", code)
	}
	if err := os.WriteFile(filepath.Join(dir, ".bulwark.yml"), []byte("fail_on: high\ndetectors:\n  SOL-TX-ORIGIN: {severity: low}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out := runCLI(t, "scan", filepath.Join(dir, "src")); code != 0 || !strings.Contains(out, "low") {
		t.Errorf("severity override: exit %d, output:\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(dir, ".bulwark.yml"), []byte("paths: [src]\nfailOn: high\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _ := runCLI(t, "scan", dir); code != 2 {
		t.Errorf("unknown key: exit %d, want 2", code)
	}
}

// TestScanFileReadsItsImports: a file scanned alone reads what it imports
// by relative path, so a base contract's guard and state resolve, as a
// compiler would see them; the imported file is named in a notice and
// nothing in it is reported or counted.
func TestScanFileReadsItsImports(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"src/Base.sol": `pragma solidity ^0.8.0;
contract Base {
    address internal owner;
    modifier onlyOwner() { require(msg.sender == owner); _; }
    function sweep() external onlyOwner { payable(owner).transfer(address(this).balance); }
    function kill(address payable to) external { selfdestruct(to); }
}
`,
		"src/Child.sol": `pragma solidity ^0.8.0;
import {Base} from "./Base.sol";
contract Child is Base {
    function setOwner(address o) public { owner = o; }
}
`,
	})
	code, stdout, stderr := runCLIStreams(t, "scan", "--format", "json", filepath.Join(dir, "src", "Child.sol"))
	if code != 1 {
		t.Fatalf("exit %d, want 1 (a finding); stderr: %s", code, stderr)
	}
	var rep struct {
		Files    int
		Findings []struct {
			File       string
			DetectorID string `json:"detector_id"`
			Line       int
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Findings {
		got = append(got, fmt.Sprintf("%s:%d %s", filepath.Base(f.File), f.Line, f.DetectorID))
	}
	if want := []string{"Child.sol:4 SOL-UNPROTECTED-OWNER-WRITE"}; !slices.Equal(want, got) {
		t.Errorf("findings %q, want %q (Base.sol's selfdestruct is not the scan's to report)", got, want)
	}
	if rep.Files != 1 {
		t.Errorf("files = %d, want 1", rep.Files)
	}
	if !strings.Contains(stderr, "read 1 imported file(s)") || !strings.Contains(stderr, "Base.sol") {
		t.Errorf("no notice naming the imported file: %q", stderr)
	}
}
