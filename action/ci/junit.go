package ci

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bulwark-sec/bulwark/action/client"
)

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
	SystemOut  *junitText      `xml:"system-out,omitempty"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut *junitText    `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"`
}

// junitText is element text kept readable: CDATA, not &#xA; per newline.
type junitText struct {
	Text string `xml:",cdata"`
}

// text wraps s for the report, or nil when it is empty.
func text(s string) *junitText {
	if s == "" {
		return nil
	}
	return &junitText{Text: xmlSafe(s)}
}

// xmlSafe replaces what XML 1.0 cannot hold (control characters, invalid
// UTF-8): encoding/xml escapes attribute values and character data but
// writes CDATA as it is.
func xmlSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case r < 0x20, r == utf8.RuneError, r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF:
			return '\uFFFD'
		}
		return r
	}, s)
}

// WriteJUnit writes a JUnit XML report (GitLab, Jenkins and CircleCI show
// it as test results). Each condition the build was judged by is one test
// case, failing exactly when that rule broke, so a passing gate has no
// failure however many findings there are. Findings are not test cases:
// each case's output lists the findings its rule counts, the suite's
// output lists every counted finding, and the counts are properties.
func WriteJUnit(w io.Writer, out *Outcome) error {
	secs := "0"
	if out.Scan != nil {
		secs = strconv.Itoa(out.Scan.DurationSeconds)
	}
	s := junitSuite{Name: "bulwark quality gate", Time: secs, Properties: junitProperties(out)}
	conds := out.Conditions
	if len(conds) == 0 {
		// An outcome decided without conditions (a skipped run): one case
		// carries the verdict.
		conds = []Condition{{Rule: "quality_gate", Passed: out.GateStatus != StatusFailed,
			Title:   "quality gate " + strings.ToLower(first(out.GateStatus, StatusPassed)),
			Message: strings.Join(out.Reasons, "; ")}}
	}
	worst := Worst(out.Results)
	for _, c := range conds {
		var counted []client.Vulnerability
		for _, v := range worst {
			if c.Counts(v.Severity) {
				counted = append(counted, v)
			}
		}
		tc := junitCase{Name: c.Title, Classname: "bulwark.gate", Time: "0"}
		if c.Passed {
			tc.SystemOut = text(findingsText(counted))
		} else {
			tc.Failure = &junitFailure{Message: first(c.Message, c.Title), Type: c.Rule, Text: xmlSafe(findingsText(counted))}
			s.Failures++
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	s.SystemOut = text(suiteText(out, worst))
	doc := junitSuites{Name: "bulwark", Tests: s.Tests, Failures: s.Failures, Time: secs, Suites: []junitSuite{s}}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func junitProperties(out *Outcome) []junitProperty {
	var ps []junitProperty
	add := func(name, value string) {
		if value != "" {
			ps = append(ps, junitProperty{Name: "bulwark." + name, Value: value})
		}
	}
	if out.Scan != nil {
		add("scan_id", out.Scan.ID)
		add("preset", out.Scan.Preset)
	}
	if out.Project != nil {
		add("project", out.Project.Name)
	}
	add("fail_on", out.FailOn)
	add("gate_status", out.GateStatus)
	for _, sev := range Severities {
		add("findings."+sev, strconv.Itoa(sevCount(out.Counts, sev)))
	}
	add("findings.total", strconv.Itoa(out.Counts.Total))
	add("report_url", out.ReportURL)
	return ps
}

// findingsText lists findings one per paragraph, worst first.
func findingsText(vs []client.Vulnerability) string {
	var b strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&b, "%s %s %s: %s\n", strings.ToUpper(v.Severity), ruleID(v), where(v.File, v.Line), v.Title)
		if d := strings.TrimSpace(v.Description); d != "" {
			fmt.Fprintf(&b, "  %s\n", d)
		}
		if r := strings.TrimSpace(v.Recommendation); r != "" {
			fmt.Fprintf(&b, "  Fix: %s\n", r)
		}
	}
	return b.String()
}

func suiteText(out *Outcome, worst []client.Vulnerability) string {
	var b strings.Builder
	fmt.Fprintf(&b, "quality gate: %s (fail-on %s)\n", first(out.GateStatus, StatusPassed), first(out.FailOn, FailOnGate))
	fmt.Fprintf(&b, "%d counted finding(s): %d critical, %d high, %d medium, %d low\n",
		out.Counts.Total, out.Counts.Critical, out.Counts.High, out.Counts.Medium, out.Counts.Low)
	if len(worst) > 0 {
		b.WriteString("\n")
		b.WriteString(findingsText(worst))
	}
	if out.Results != nil && len(out.Results.Errors) > 0 {
		fmt.Fprintf(&b, "\n%d file(s) could not be fully analysed:\n", len(out.Results.Errors))
		for _, e := range out.Results.Errors {
			fmt.Fprintf(&b, "%s %s\n", where(e.File, e.Line), e.Message)
		}
	}
	return b.String()
}
