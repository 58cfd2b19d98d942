package main

// Golden-path tests on reproduced project layouts (testdata/layouts): a
// Foundry repository (foundry.toml, src/, lib/forge-std, test/*.t.sol,
// script/*.s.sol, mocks, build output) and a Hardhat one (contracts/,
// contracts/test, contracts/mocks, node_modules/). Every source file
// holds a finding, so the files with findings show what was selected.
// `scan` must give the same repository-relative paths however it is
// called, and `ci` must upload the same files and report the same results.

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action/apitest"
	"github.com/bulwark-sec/bulwark/action/client"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bench"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

var update = flag.Bool("update", false, "rewrite golden files")

var layouts = []struct {
	name, src string
	files     []string // what scan and ci select
}{
	{"foundry", "src", []string{"src/Token.sol", "src/Vault.sol", "src/interfaces/IVault.sol"}},
	{"hardhat", "contracts", []string{"contracts/Bank.sol", "contracts/utils/Math.sol"}},
}

func layoutDir(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "layouts", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// findingLines renders a JSON report's findings one per line.
func findingLines(t *testing.T, out string) []string {
	t.Helper()
	var rep scanner.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json report: %v\n%s", err, out)
	}
	var lines []string
	for _, f := range rep.Findings {
		lines = append(lines, fmt.Sprintf("%s:%d %s %s", f.File, f.Line, f.DetectorID, f.Severity))
	}
	return lines
}

// sarifResult is what code hosts match a result by.
type sarifResult struct {
	Rule, URI, Base, Fingerprint string
	Line                         int
}

func sarifResults(t *testing.T, doc []byte) []sarifResult {
	t.Helper()
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(doc, &log); err != nil {
		t.Fatalf("sarif: %v", err)
	}
	var out []sarifResult
	for _, r := range log.Runs[0].Results {
		pl := r.Locations[0].PhysicalLocation
		out = append(out, sarifResult{r.RuleID, pl.ArtifactLocation.URI, pl.ArtifactLocation.URIBaseID,
			r.PartialFingerprints["bulwarkFingerprint/v1"], pl.Region.StartLine})
	}
	return out
}

func fileSet(lines []string) []string {
	var files []string
	for _, l := range lines {
		f, _, _ := strings.Cut(l, ":")
		if !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	slices.Sort(files)
	return files
}

// TestLayoutsScan: `scan .`, `scan src`, `scan .` from inside src/ and
// `scan /abs/path` from elsewhere report the same repository-relative
// findings, equal to the golden file; the exit code follows the findings.
func TestLayoutsScan(t *testing.T) {
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			dir := layoutDir(t, l.name)
			t.Chdir(dir)
			code, out, stderr := runCLIStreams(t, "scan", "-f", "json", ".")
			if code != 1 {
				t.Fatalf("scan .: exit %d, want 1 (high findings)\n%s", code, stderr)
			}
			got := findingLines(t, out)
			summary := strings.TrimSpace(stderr)
			golden := filepath.Join(dir, "..", l.name+".golden")
			doc := "# bulwark scan . (exit 1)\n# " + summary + "\n" + strings.Join(got, "\n") + "\n"
			if *update {
				if err := os.WriteFile(golden, []byte(doc), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test . -run TestLayoutsScan -update)", err)
			}
			if diff := cmp.Diff(string(want), doc); diff != "" {
				t.Errorf("scan . differs from %s (-want +got):\n%s", golden, diff)
			}
			if diff := cmp.Diff(l.files, fileSet(got)); diff != "" {
				t.Errorf("selected files (-want +got):\n%s", diff)
			}

			for _, call := range []struct {
				name, cwd string
				args      []string
			}{
				{"scan " + l.src, dir, []string{l.src}},
				{"scan ./" + l.src + "/", dir, []string{"./" + l.src + "/"}},
				{"scan . inside " + l.src, filepath.Join(dir, l.src), []string{"."}},
				{"scan /abs/path from elsewhere", t.TempDir(), []string{dir}},
			} {
				t.Chdir(call.cwd)
				code, out, stderr := runCLIStreams(t, append([]string{"scan", "-f", "json"}, call.args...)...)
				if code != 1 {
					t.Errorf("%s: exit %d\n%s", call.name, code, stderr)
				}
				if diff := cmp.Diff(got, findingLines(t, out)); diff != "" {
					t.Errorf("%s: findings differ from scan . (-want +got):\n%s", call.name, diff)
				}
			}
			t.Chdir(dir)

			code, out, _ = runCLIStreams(t, "scan", "-f", "sarif", "--fail-on", "none", ".")
			if code != 0 {
				t.Errorf("--fail-on none: exit %d", code)
			}
			apitest.ValidateSARIF(t, []byte(out))
			for _, r := range sarifResults(t, []byte(out)) {
				if !slices.Contains(l.files, r.URI) || r.Base != "%SRCROOT%" || r.Fingerprint == "" {
					t.Errorf("SARIF result %+v: want a repository-relative uri under %%SRCROOT%% with a fingerprint", r)
				}
			}
			code, out, _ = runCLIStreams(t, "scan", "--no-color", ".")
			if code != 1 || !strings.Contains(out, got[0][:strings.Index(got[0], " ")]) {
				t.Errorf("text: exit %d, lacks %s:\n%s", code, got[0], out)
			}
			if code, _, _ := runCLIStreams(t, "scan", "--fail-on", "critical", "."); code != 0 {
				t.Errorf("--fail-on critical with high findings only: exit %d, want 0", code)
			}
		})
	}
}

// TestLayoutsCI: `bulwark ci` against the real server uploads exactly the
// files `bulwark scan` selects and writes the same SARIF results (rule,
// path, line, fingerprint); its exit code follows the findings too.
func TestLayoutsCI(t *testing.T) {
	env := servertest.New(t)
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			dir := layoutDir(t, l.name)
			out := t.TempDir()
			scan := runBin(t, dir, nil, "scan", "-f", "sarif", "--fail-on", "none", "-o", filepath.Join(out, "scan.sarif"), ".")
			if scan.code != 0 {
				t.Fatalf("scan: exit %d\n%s", scan.code, scan.stderr)
			}
			run := func(failOn string) result {
				return runBin(t, dir, map[string]string{"BULWARK_API_URL": env.URL, "BULWARK_API_KEY": env.Key},
					"ci", "--project", "layout-"+l.name, "--fail-on", failOn, "--poll-interval", "100ms",
					"--wait-timeout", "90s", "--sarif-file", filepath.Join(out, "ci.sarif"), "--json-file", filepath.Join(out, "ci.json"))
			}
			r := run("high")
			if r.code != 1 {
				t.Fatalf("ci --fail-on high: exit %d, want 1\n%s\n%s", r.code, r.stdout, r.stderr)
			}
			if !strings.Contains(r.stderr+r.stdout, "scanned "+fmt.Sprint(len(l.files))+" file(s)") {
				t.Errorf("ci does not print the selection summary:\n%s\n%s", r.stdout, r.stderr)
			}
			b, err := os.ReadFile(filepath.Join(out, "ci.json"))
			if err != nil {
				t.Fatal(err)
			}
			var rep struct {
				Contract client.Contract `json:"contract"`
			}
			if err := json.Unmarshal(b, &rep); err != nil {
				t.Fatal(err)
			}
			var uploaded []string
			for _, f := range rep.Contract.Files {
				uploaded = append(uploaded, f.Path)
			}
			if rep.Contract.ID != "" && len(uploaded) == 0 {
				c, err := client.New(env.URL, env.Key)
				if err != nil {
					t.Fatal(err)
				}
				ct, err := c.GetContract(context.Background(), rep.Contract.ID)
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range ct.Files {
					uploaded = append(uploaded, f.Path)
				}
			}
			slices.Sort(uploaded)
			if diff := cmp.Diff(l.files, uploaded); diff != "" {
				t.Errorf("ci uploaded (-scan selects +ci uploaded):\n%s", diff)
			}
			scanDoc, err := os.ReadFile(filepath.Join(out, "scan.sarif"))
			if err != nil {
				t.Fatal(err)
			}
			ciDoc, err := os.ReadFile(filepath.Join(out, "ci.sarif"))
			if err != nil {
				t.Fatal(err)
			}
			apitest.ValidateSARIF(t, ciDoc)
			if len(sarifResults(t, scanDoc)) < len(l.files) {
				t.Errorf("scan's SARIF has fewer results than files with findings:\n%s", scanDoc)
			}
			if diff := cmp.Diff(sarifResults(t, scanDoc), sarifResults(t, ciDoc)); diff != "" {
				t.Errorf("SARIF results (-scan +ci):\n%s", diff)
			}
			if r := run("none"); r.code != 0 {
				t.Errorf("ci --fail-on none: exit %d\n%s", r.code, r.stderr)
			}
		})
	}
}

// TestScanParseRateRealWorld measures the parse rate of `bulwark scan` on
// ../shared/bench/realworld/solidity (OpenZeppelin Contracts): every file
// must be scanned and parse without an error. The README quotes it.
func TestScanParseRateRealWorld(t *testing.T) {
	shared, err := bench.SharedDir()
	if err != nil {
		t.Skipf("../shared not found (%v): parse rate of the real-world corpus not measured", err)
	}
	dir := filepath.Join(shared, "bench", "realworld", "solidity")
	var want int
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sol") {
			want++
		}
		return err
	})
	if err != nil || want == 0 {
		t.Skipf("no Solidity files under %s (%v): parse rate not measured", dir, err)
	}
	code, out, stderr := runCLIStreams(t, "scan", "-f", "json", "--fail-on", "none", "--include-deps", "--include-tests", dir)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var rep scanner.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	broken := map[string]bool{}
	for _, e := range rep.Errors {
		broken[e.File] = true
	}
	t.Logf("parse rate: %d of %d files (%.1f%%), %d lines", rep.Files-len(broken), rep.Files,
		100*float64(rep.Files-len(broken))/float64(rep.Files), rep.Lines)
	if rep.Files != want || len(broken) > 0 {
		t.Errorf("scanned %d of %d files; %d with parse errors: %v", rep.Files, want, len(broken), broken)
	}
}

// textPaths lists the "path:line" of each finding of a text report.
func textPaths(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if m := textFinding.FindStringSubmatch(l); m != nil {
			lines = append(lines, m[1])
		}
	}
	return lines
}

var textFinding = regexp.MustCompile(`^(\S+:\d+): \[`)

// TestLayoutsPathsGolden records, for each way of calling scan on the
// layouts (a folder, the root, two folders, a zip of the repository, the
// root from inside a sub-folder), the paths the text, JSON and SARIF
// reports give, in testdata/layouts/<layout>.paths.golden (rewrite with
// -update). Every path is repository-relative; a zip's are
// archive.zip/path.
func TestLayoutsPathsGolden(t *testing.T) {
	for _, l := range layouts {
		t.Run(l.name, func(t *testing.T) {
			dir := layoutDir(t, l.name)
			zdir := t.TempDir()
			if err := os.WriteFile(filepath.Join(zdir, l.name+".zip"), zipTree(t, dir, ""), 0o644); err != nil {
				t.Fatal(err)
			}
			var doc strings.Builder
			for _, call := range []struct {
				name, cwd string
				args      []string
			}{
				{"scan " + l.src + "/", dir, []string{l.src + "/"}},
				{"scan .", dir, []string{"."}},
				{"scan " + l.src + " test", dir, []string{l.src, "test"}},
				{"scan " + l.name + ".zip (a zip of the repository)", zdir, []string{l.name + ".zip"}},
				{"scan . from inside " + l.src + "/interfaces", filepath.Join(dir, l.src, "interfaces"), []string{"."}},
				{"scan .. from inside " + l.src, filepath.Join(dir, l.src), []string{".."}},
			} {
				if _, err := os.Stat(call.cwd); err != nil {
					continue // the layout has no such folder
				}
				t.Chdir(call.cwd)
				fmt.Fprintf(&doc, "## %s\n", call.name)
				_, text, stderr := runCLIStreams(t, append([]string{"scan", "--no-color", "--fail-on", "none"}, call.args...)...)
				fmt.Fprintf(&doc, "stderr: %s\n", strings.TrimSpace(stderr))
				fmt.Fprintf(&doc, "text:  %s\n", strings.Join(textPaths(text), " "))
				_, js, _ := runCLIStreams(t, append([]string{"scan", "-q", "-f", "json", "--fail-on", "none"}, call.args...)...)
				var jl []string
				for _, f := range findingLines(t, js) {
					p, _, _ := strings.Cut(f, " ")
					jl = append(jl, p)
				}
				fmt.Fprintf(&doc, "json:  %s\n", strings.Join(jl, " "))
				_, sf, _ := runCLIStreams(t, append([]string{"scan", "-q", "-f", "sarif", "--fail-on", "none"}, call.args...)...)
				apitest.ValidateSARIF(t, []byte(sf))
				var sl []string
				for _, r := range sarifResults(t, []byte(sf)) {
					sl = append(sl, fmt.Sprintf("%s:%d@%s", r.URI, r.Line, r.Base))
					if strings.HasPrefix(r.URI, "/") || strings.Contains(r.URI, "..") {
						t.Errorf("%s: SARIF uri %q is not repository-relative", call.name, r.URI)
					}
				}
				fmt.Fprintf(&doc, "sarif: %s\n\n", strings.Join(sl, " "))
			}
			golden := filepath.Join(dir, "..", l.name+".paths.golden")
			if *update {
				if err := os.WriteFile(golden, []byte(doc.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test . -run TestLayoutsPathsGolden -update)", err)
			}
			if diff := cmp.Diff(string(want), doc.String()); diff != "" {
				t.Errorf("paths differ from %s (-want +got):\n%s", golden, diff)
			}
		})
	}
}

// measureParse scans dir with every file included and returns the files
// scanned, the .sol files under dir and those with parse errors.
func measureParse(t *testing.T, dir string) (scanned, want int, broken map[string]bool) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sol") {
			want++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLIStreams(t, "scan", "-q", "-f", "json", "--fail-on", "none", "--include-deps", "--include-tests", dir)
	if code != 0 {
		t.Fatalf("scan %s: exit %d\n%s", dir, code, stderr)
	}
	var rep scanner.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	broken = map[string]bool{}
	for _, e := range rep.Errors {
		broken[fmt.Sprintf("%s:%d %s", e.File, e.Line, e.Message)] = true
	}
	return rep.Files, want, broken
}

// TestParseRateLayouts: the syntax of forge-std, solmate, solady, Uniswap
// v4-core and OpenZeppelin 5.x, reproduced in testdata/parse (our own
// code in their shape: cheatcode interfaces, file-level using-for with
// operators, free functions, $-named storage pointers, Yul functions and
// Cancun opcodes, transient variables, layout at, fallback with bytes),
// parses without an error in every file.
func TestParseRateLayouts(t *testing.T) {
	for _, name := range []string{"forge-std", "solmate", "solady", "v4-core", "openzeppelin5"} {
		t.Run(name, func(t *testing.T) {
			scanned, want, broken := measureParse(t, filepath.Join("testdata", "parse", name))
			if want == 0 || scanned != want || len(broken) > 0 {
				t.Errorf("scanned %d of %d files; parse errors: %v", scanned, want, broken)
			}
		})
	}
}

// TestScanParseRateSmartBugs: every file of SmartBugs Curated (Solidity
// 0.4 to 0.8: throw, var, constructor-named functions, suicide) parses
// without an error. It skips with a message where ../shared is absent.
func TestScanParseRateSmartBugs(t *testing.T) {
	shared, err := bench.SharedDir()
	if err != nil {
		t.Skipf("../shared not found (%v): parse rate of SmartBugs not measured", err)
	}
	dir := filepath.Join(shared, "bench", "smartbugs-curated", "dataset")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s: %v: parse rate of SmartBugs not measured", dir, err)
	}
	scanned, want, broken := measureParse(t, dir)
	t.Logf("parse rate: %d of %d files", scanned-len(broken), scanned)
	if scanned != want || len(broken) > 0 {
		t.Errorf("scanned %d of %d files; parse errors: %v", scanned, want, broken)
	}
}
