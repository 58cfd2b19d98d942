package ci_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/bulwark-sec/bulwark/action/apitest"
	"github.com/bulwark-sec/bulwark/action/ci"
	"github.com/bulwark-sec/bulwark/action/client"
)

// schema compiles one of testdata's schemas of GitLab's report formats.
func schema(t testing.TB, name string) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(name, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(s *jsonschema.Schema, doc []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return s.Validate(inst)
}

// timedResults are results() with the times a finished scan has.
func timedResults() *client.ScanResults {
	r := results()
	start := time.Date(2026, 3, 4, 10, 0, 1, 0, time.UTC)
	end := start.Add(3 * time.Second)
	r.CreatedAt, r.StartedAt, r.CompletedAt = start.Add(-time.Second), &start, &end
	return r
}

// without returns doc with the member at path (dot-separated keys and
// array indexes) removed.
func without(t *testing.T, doc []byte, path string) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	keys := strings.Split(path, ".")
	cur := v
	for i, k := range keys {
		last := i == len(keys)-1
		switch c := cur.(type) {
		case map[string]any:
			if _, ok := c[k]; !ok {
				t.Fatalf("%s: no %q in the report", path, k)
			}
			if last {
				delete(c, k)
			}
			cur = c[k]
		case []any:
			n, err := strconv.Atoi(k)
			if err != nil || n >= len(c) {
				t.Fatalf("%s: bad index %q", path, k)
			}
			cur = c[n]
		default:
			t.Fatalf("%s: %q is not an object or array", path, k)
		}
	}
	b, _ := json.Marshal(v)
	return b
}

func TestGitLabSAST(t *testing.T) {
	var buf bytes.Buffer
	if err := ci.WriteGitLabSAST(&buf, timedResults(), "1.2.3"); err != nil {
		t.Fatal(err)
	}
	golden(t, "gitlab-sast.golden", buf.Bytes())
	s := schema(t, "gitlab-sast-15.schema.json")
	if err := validate(s, buf.Bytes()); err != nil {
		t.Fatalf("the report breaks GitLab's required fields: %v", err)
	}
	// Every field the schema requires is present and checked: taking any
	// one away must fail validation.
	for _, path := range []string{
		"version", "scan", "vulnerabilities",
		"scan.analyzer", "scan.analyzer.id", "scan.analyzer.name", "scan.analyzer.version", "scan.analyzer.vendor",
		"scan.analyzer.vendor.name",
		"scan.scanner", "scan.scanner.id", "scan.scanner.name", "scan.scanner.version", "scan.scanner.vendor",
		"scan.scanner.vendor.name",
		"scan.start_time", "scan.end_time", "scan.status", "scan.type",
		"scan.messages.0.level", "scan.messages.0.value",
		"vulnerabilities.0.id", "vulnerabilities.0.identifiers", "vulnerabilities.0.location",
		"vulnerabilities.0.location.file", "vulnerabilities.0.name", "vulnerabilities.0.description",
		"vulnerabilities.0.severity",
		"vulnerabilities.0.identifiers.0.type", "vulnerabilities.0.identifiers.0.name",
		"vulnerabilities.0.identifiers.0.value",
	} {
		if err := validate(s, without(t, buf.Bytes(), path)); err == nil {
			t.Errorf("a report without %s still validates", path)
		}
	}
	var rep struct {
		Version string `json:"version"`
		Scan    struct {
			StartTime string `json:"start_time"`
			EndTime   string `json:"end_time"`
		} `json:"scan"`
		Vulnerabilities []struct {
			ID       string `json:"id"`
			Severity string `json:"severity"`
			Location struct {
				File      string `json:"file"`
				StartLine int    `json:"start_line"`
			} `json:"location"`
			Identifiers []struct{ Type, Value string } `json:"identifiers"`
		} `json:"vulnerabilities"`
	}
	if err := json.Unmarshal(buf.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	// The false positive stays out, the finding listed twice is written
	// once, and the rest come worst first.
	if len(rep.Vulnerabilities) != 3 || rep.Scan.StartTime != "2026-03-04T10:00:01" || rep.Scan.EndTime != "2026-03-04T10:00:04" {
		t.Fatalf("report:\n%s", buf.String())
	}
	v := rep.Vulnerabilities[0]
	if v.Severity != "Critical" || v.Location.File != "src/Vault.sol" || v.Location.StartLine != 12 ||
		v.Identifiers[0].Value != "SOL-REENTRANCY-ETH" || v.Identifiers[1].Type != "cwe" || v.Identifiers[1].Value != "841" ||
		v.Identifiers[2].Value != "SWC-107" {
		t.Errorf("first vulnerability %+v", v)
	}
}

func TestGitLabSASTEmpty(t *testing.T) {
	s := schema(t, "gitlab-sast-15.schema.json")
	for _, r := range []*client.ScanResults{nil, {Scan: client.Scan{ID: "s", Status: client.ScanCompleted}}} {
		var buf bytes.Buffer
		if err := ci.WriteGitLabSAST(&buf, r, ""); err != nil {
			t.Fatal(err)
		}
		if err := validate(s, buf.Bytes()); err != nil {
			t.Errorf("%v\n%s", err, buf.String())
		}
		if !strings.Contains(buf.String(), `"vulnerabilities": []`) {
			t.Errorf("no findings must be an empty array:\n%s", buf.String())
		}
	}
}

func TestCodeQuality(t *testing.T) {
	var buf bytes.Buffer
	if err := ci.WriteCodeQuality(&buf, timedResults()); err != nil {
		t.Fatal(err)
	}
	golden(t, "codequality.golden", buf.Bytes())
	s := schema(t, "gitlab-codequality.schema.json")
	if err := validate(s, buf.Bytes()); err != nil {
		t.Fatalf("the report breaks GitLab's required fields: %v", err)
	}
	for _, path := range []string{"0.description", "0.check_name", "0.fingerprint", "0.severity", "0.location",
		"0.location.path", "0.location.lines", "0.location.lines.begin"} {
		if err := validate(s, without(t, buf.Bytes(), path)); err == nil {
			t.Errorf("a report without %s still validates", path)
		}
	}
	var issues []struct {
		CheckName   string `json:"check_name"`
		Fingerprint string `json:"fingerprint"`
		Severity    string `json:"severity"`
		Location    struct {
			Path  string              `json:"path"`
			Lines struct{ Begin int } `json:"lines"`
		} `json:"location"`
	}
	if err := json.Unmarshal(buf.Bytes(), &issues); err != nil {
		t.Fatal(err)
	}
	if len(issues) != 4 || issues[0].Severity != "blocker" || issues[2].Severity != "critical" || issues[3].Severity != "minor" {
		t.Fatalf("issues:\n%s", buf.String())
	}
	// The two reports of one finding share a fingerprint (GitLab shows
	// them once); different findings never do.
	if issues[0].Fingerprint != issues[1].Fingerprint || issues[0].Fingerprint == issues[2].Fingerprint {
		t.Errorf("fingerprints %s %s %s", issues[0].Fingerprint, issues[1].Fingerprint, issues[2].Fingerprint)
	}
	// GitLab needs a line: a finding without one is put on line 1.
	if last := issues[3]; last.Location.Path != "src/a b/Token.sol" || last.Location.Lines.Begin != 1 {
		t.Errorf("finding without a line: %+v", last)
	}
	buf.Reset()
	if err := ci.WriteCodeQuality(&buf, nil); err != nil || strings.TrimSpace(buf.String()) != "[]" {
		t.Errorf("no findings: %q %v", buf.String(), err)
	}
}

// The CLI flags write both reports from a real run.
func TestRunWritesGitLabReports(t *testing.T) {
	srv := apitest.New(t)
	srv.Findings, srv.Gate = []client.Vulnerability{critical, high}, defaultGate
	srv.FileErrors = []client.FileError{{File: "src/Broken.sol", Line: 2, Message: "parse error"}}
	o := options(t, srv, sources(t))
	dir := t.TempDir()
	o.GitLabSASTFile, o.CodeQualityFile = filepath.Join(dir, "gl-sast-report.json"), filepath.Join(dir, "cq", "gl-code-quality-report.json")
	if _, err := ci.Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	for file, name := range map[string]string{o.GitLabSASTFile: "gitlab-sast-15.schema.json", o.CodeQualityFile: "gitlab-codequality.schema.json"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := validate(schema(t, name), b); err != nil {
			t.Errorf("%s: %v\n%s", file, err, b)
		}
		if !strings.Contains(string(b), "SOL-UNCHECKED-CALL") {
			t.Errorf("%s lacks the high finding:\n%s", file, b)
		}
	}
}
