package ci_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action/apitest"
	"github.com/bulwark-sec/bulwark/action/ci"
	"github.com/bulwark-sec/bulwark/action/client"
	"github.com/bulwark-sec/bulwark/scanner/sarif"
)

func results() *client.ScanResults {
	noLine := client.Vulnerability{ID: "v4", Title: "Floating pragma", Severity: "low", Status: "open",
		Scanner: "bulwark-solidity", Category: "pragma", File: "src/a b/Token.sol"}
	medium := client.Vulnerability{ID: "v5", Title: "Timestamp dependence", Severity: "medium", Status: "false_positive",
		DetectorID: "SOL-TIMESTAMP", File: "src/Vault.sol", Line: 30, Snippet: "block.timestamp"}
	return &client.ScanResults{
		Scan:            client.Scan{ID: "s1", Status: client.ScanCompleted, Preset: "standard", ScannersUsed: []string{"bulwark-solidity"}},
		Vulnerabilities: []client.Vulnerability{critical, high, noLine, medium, critical},
		Errors:          []client.FileError{{File: "src/Broken.sol", Line: 4, Message: "parse error"}},
	}
}

func TestSARIFIsValidAndComplete(t *testing.T) {
	var buf bytes.Buffer
	if err := ci.WriteSARIF(&buf, results(), ci.SARIFInfo{ToolVersion: "1.2.3",
		CI: ci.CIContext{Repository: "o/r", ServerURL: "https://github.com", Commit: "abc", Branch: "main"}}); err != nil {
		t.Fatal(err)
	}
	apitest.ValidateSARIF(t, buf.Bytes())
	var log struct {
		Runs []struct {
			VersionControlProvenance []struct {
				RepositoryURI string `json:"repositoryUri"`
			} `json:"versionControlProvenance"`
			Tool struct {
				Driver struct {
					Version string `json:"version"`
					Rules   []struct {
						ID         string         `json:"id"`
						Properties map[string]any `json:"properties"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           *struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
			Invocations []struct {
				Notifications []any `json:"toolExecutionNotifications"`
			} `json:"invocations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	rules := map[string]string{}
	for _, r := range run.Tool.Driver.Rules {
		rules[r.ID] = r.Properties["security-severity"].(string)
	}
	// Every rule of the engine is listed with its own metadata
	// (SOL-UNCHECKED-CALL is medium there), and rules the engine does not
	// know (the service's other scanners) are built from their findings.
	for id, sev := range map[string]string{"SOL-TX-ORIGIN": "8.0", "SOL-REENTRANCY-ETH": "9.5", "SOL-TIMESTAMP": "5.5",
		"SOL-UNCHECKED-CALL": "5.5", "bulwark-solidity/pragma": "3.0"} {
		if rules[id] != sev {
			t.Errorf("rule %s: security-severity %q, want %q", id, rules[id], sev)
		}
	}
	for _, r := range run.Results {
		if got := run.Tool.Driver.Rules[r.RuleIndex].ID; got != r.RuleID {
			t.Errorf("result of %s points to rule %s", r.RuleID, got)
		}
	}
	if run.Tool.Driver.Version != "1.2.3" || run.VersionControlProvenance[0].RepositoryURI != "https://github.com/o/r" {
		t.Errorf("driver version %q, provenance %+v", run.Tool.Driver.Version, run.VersionControlProvenance)
	}
	type res struct {
		Rule, Level, URI string
		Line             int
	}
	var got []res
	for _, r := range run.Results {
		line := 0
		if reg := r.Locations[0].PhysicalLocation.Region; reg != nil {
			line = reg.StartLine
		}
		got = append(got, res{r.RuleID, r.Level, r.Locations[0].PhysicalLocation.ArtifactLocation.URI, line})
	}
	wantRes := []res{
		{"SOL-UNCHECKED-CALL", "error", "src/Token.sol", 3},
		{"SOL-REENTRANCY-ETH", "error", "src/Vault.sol", 12},
		{"SOL-REENTRANCY-ETH", "error", "src/Vault.sol", 12},
		{"SOL-TIMESTAMP", "warning", "src/Vault.sol", 30},
		{"bulwark-solidity/pragma", "note", "src/a%20b/Token.sol", 0},
	}
	if diff := cmp.Diff(wantRes, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	if run.Results[2].PartialFingerprints[sarif.FingerprintKey] != "fp1" || len(run.Invocations[0].Notifications) != 1 {
		t.Errorf("fingerprints %v notifications %v", run.Results[1].PartialFingerprints, run.Invocations[0].Notifications)
	}
}

func TestSARIFEmptyIsValid(t *testing.T) {
	for _, r := range []*client.ScanResults{nil, {Scan: client.Scan{ID: "s", Status: client.ScanCompleted}}} {
		var buf bytes.Buffer
		if err := ci.WriteSARIF(&buf, r, ci.SARIFInfo{}); err != nil {
			t.Fatal(err)
		}
		apitest.ValidateSARIF(t, buf.Bytes())
	}
}

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

type junitDoc struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Suite    struct {
		Failures   int `xml:"failures,attr"`
		Properties []struct {
			Name  string `xml:"name,attr"`
			Value string `xml:"value,attr"`
		} `xml:"properties>property"`
		Cases []struct {
			Name    string `xml:"name,attr"`
			Failure *struct {
				Type string `xml:"type,attr"`
				Text string `xml:",chardata"`
			} `xml:"failure"`
			SystemOut string `xml:"system-out"`
		} `xml:"testcase"`
		SystemOut string `xml:"system-out"`
	} `xml:"testsuite"`
}

// runJUnit runs the CI step against the stand-in API with gate g and
// returns the JUnit file it wrote, with the server's address made stable.
func runJUnit(t *testing.T, g *client.QualityGate, failOn string, findings ...client.Vulnerability) ([]byte, junitDoc) {
	t.Helper()
	srv := apitest.New(t)
	srv.Findings, srv.Gate = findings, g
	o := options(t, srv, sources(t))
	o.FailOn = failOn
	o.JUnitFile = filepath.Join(t.TempDir(), "junit.xml")
	var log bytes.Buffer
	o.Log = &log
	if _, err := ci.Run(context.Background(), o); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	b, err := os.ReadFile(o.JUnitFile)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.ReplaceAll(b, []byte(srv.URL), []byte("http://bulwark.test"))
	var doc junitDoc
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return b, doc
}

func TestJUnitPassingGate(t *testing.T) {
	low := client.Vulnerability{ID: "v6", Title: "Floating pragma", Severity: "low", Status: "open",
		DetectorID: "SOL-PRAGMA", File: "src/Token.sol", Line: 1}
	b, doc := runJUnit(t, defaultGate, "gate", high, low, fixedCritical)
	golden(t, "junit-passed.golden", b)
	// One case per rule of the gate (block_on_critical, max_critical), none
	// failing: the high and the low finding are reported, not failed.
	if doc.Tests != 2 || doc.Failures != 0 || doc.Suite.Failures != 0 {
		t.Errorf("tests %d failures %d:\n%s", doc.Tests, doc.Failures, b)
	}
	if out := doc.Suite.SystemOut; !strings.Contains(out, "HIGH SOL-UNCHECKED-CALL src/Token.sol:3") ||
		!strings.Contains(out, "LOW SOL-PRAGMA src/Token.sol:1") || strings.Contains(out, "SOL-OLD") {
		t.Errorf("suite output lists the counted findings, not the fixed one:\n%s", out)
	}
}

func TestJUnitFailingGate(t *testing.T) {
	gate := &client.QualityGate{Name: "strict", BlockOnCritical: true, BlockOnHigh: false,
		MaxCritical: 0, MaxHigh: 0, MaxMedium: 5, MaxLow: -1, IsActive: true}
	medium := client.Vulnerability{ID: "v7", Title: "Timestamp dependence", Severity: "medium", Status: "open",
		DetectorID: "SOL-TIMESTAMP", File: "src/Vault.sol", Line: 30}
	b, doc := runJUnit(t, gate, "gate", critical, high, medium)
	golden(t, "junit-failed.golden", b)
	type tc struct {
		Name, Failure string
	}
	var got []tc
	for _, c := range doc.Suite.Cases {
		f := ""
		if c.Failure != nil {
			f = c.Failure.Type
		}
		got = append(got, tc{c.Name, f})
	}
	want := []tc{
		{"block_on_critical: no critical finding", "block_on_critical"},
		{"max_critical: at most 0 critical finding(s)", "max_critical"},
		{"max_high: at most 0 high finding(s)", "max_high"},
		{"max_medium: at most 5 medium finding(s)", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cases (-want +got):\n%s", diff)
	}
	if doc.Failures != 3 || !strings.Contains(doc.Suite.Cases[2].Failure.Text, "SOL-UNCHECKED-CALL src/Token.sol:3") ||
		!strings.Contains(doc.Suite.Cases[3].SystemOut, "SOL-TIMESTAMP src/Vault.sol:30") {
		t.Errorf("failures %d:\n%s", doc.Failures, b)
	}
}

func TestJUnitConditions(t *testing.T) {
	tests := []struct {
		name     string
		gate     *client.QualityGate
		failOn   string
		findings []client.Vulnerability
		want     []string // case name, then "FAIL" when it fails
	}{
		{"no gate: the default gate", nil, "gate", []client.Vulnerability{critical},
			[]string{"default gate: no critical finding FAIL"}},
		{"fail-on high with a high", defaultGate, "high", []client.Vulnerability{high},
			[]string{"--fail-on high: no finding of severity high or higher FAIL"}},
		{"fail-on critical with a high", defaultGate, "critical", []client.Vulnerability{high},
			[]string{"--fail-on critical: no finding of severity critical or higher"}},
		{"fail-on none", defaultGate, "none", []client.Vulnerability{critical},
			[]string{"--fail-on none: report only"}},
		{"inactive gate", &client.QualityGate{Name: "off", BlockOnCritical: true, MaxCritical: 0, MaxHigh: -1, MaxMedium: -1, MaxLow: -1},
			"gate", nil, []string{`quality gate "off" is inactive: no rule enforced`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, doc := runJUnit(t, tt.gate, tt.failOn, tt.findings...)
			var got []string
			for _, c := range doc.Suite.Cases {
				if c.Failure != nil {
					got = append(got, c.Name+" FAIL")
				} else {
					got = append(got, c.Name)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("cases (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSummary(t *testing.T) {
	out := &ci.Outcome{Results: results(), GateStatus: ci.StatusFailed, FailOn: "gate", Language: "solidity",
		Counts:  client.Summary{Critical: 2, High: 1, Low: 1, Total: 4},
		Reasons: []string{"2 critical finding(s), block_on_critical"}, Project: &client.Project{Name: "demo"},
		Scan: &client.Scan{ID: "s1", Status: "completed", DurationSeconds: 3, Preset: "deep"}, ReportURL: "http://x/r"}
	var buf bytes.Buffer
	ci.WriteSummary(&buf, out, 2)
	s := buf.String()
	for _, want := range []string{"bulwark scan s1: completed in 3s (preset deep)", "  critical          2\n",
		"  total             4\n", "quality gate: FAILED (fail-on gate)", "  - 2 critical finding(s), block_on_critical",
		"CRITICAL  src/Vault.sol:12", "2 more in the reports", "src/Broken.sol:4 parse error", "report: http://x/r"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
}

// The validator itself must reject what GitHub would reject.
func TestSARIFValidatorRejects(t *testing.T) {
	for _, doc := range []string{
		`{"version":"2.0.0","runs":[]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{}}}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"level":"fatal"}]}]}`,
	} {
		if err := apitest.SARIFError(t, []byte(doc)); err == nil {
			t.Errorf("accepted %s", doc)
		}
	}
}

// Findings carry text from scanned sources; every report must stay
// well-formed whatever it holds.
func FuzzReports(f *testing.F) {
	f.Add("Reentrancy", "src/Vault.sol", "SOL-X", "critical", 12, "a | b\n<c>")
	f.Add("", "", "", "weird", -1, "\x00\xff")
	sast, cq := schema(f, "gitlab-sast-15.schema.json"), schema(f, "gitlab-codequality.schema.json")
	f.Fuzz(func(t *testing.T, title, file, rule, sev string, line int, text string) {
		v := client.Vulnerability{Title: title, File: file, DetectorID: rule, Severity: sev, Status: "open",
			Line: line, EndLine: line + 1, Description: text, Recommendation: text, Snippet: text}
		res := &client.ScanResults{Scan: client.Scan{ID: "s", Status: client.ScanCompleted},
			Vulnerabilities: []client.Vulnerability{v}, Errors: []client.FileError{{File: file, Line: line, Message: text}}}
		var buf bytes.Buffer
		if err := ci.WriteSARIF(&buf, res, ci.SARIFInfo{}); err != nil || !json.Valid(buf.Bytes()) {
			t.Fatalf("SARIF: %v\n%s", err, buf.String())
		}
		buf.Reset()
		if err := ci.WriteGitLabSAST(&buf, res, "1.0.0"); err != nil || validate(sast, buf.Bytes()) != nil {
			t.Fatalf("GitLab SAST: %v %v\n%s", err, validate(sast, buf.Bytes()), buf.String())
		}
		buf.Reset()
		if err := ci.WriteCodeQuality(&buf, res); err != nil || validate(cq, buf.Bytes()) != nil {
			t.Fatalf("Code Quality: %v %v\n%s", err, validate(cq, buf.Bytes()), buf.String())
		}
		buf.Reset()
		out := &ci.Outcome{Results: res, GateStatus: ci.StatusFailed, Reasons: []string{text}}
		if err := ci.WriteJUnit(&buf, out); err != nil {
			t.Fatal(err)
		}
		var doc struct{}
		if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
			t.Fatalf("JUnit does not parse: %v\n%q", err, buf.String())
		}
	})
}
