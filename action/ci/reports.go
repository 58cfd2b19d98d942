package ci

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/bulwark-sec/bulwark/action/client"
)

// WriteJSON writes the run's outcome as one JSON document.
func WriteJSON(w io.Writer, out *Outcome, ci CIContext) error {
	doc := struct {
		GateStatus      string                 `json:"gate_status"`
		FailOn          string                 `json:"fail_on"`
		Reasons         []string               `json:"reasons"`
		Counts          client.Summary         `json:"counts"`
		Triaged         int                    `json:"triaged"`
		Project         *client.Project        `json:"project"`
		Contract        *client.Contract       `json:"contract"`
		Scan            *client.Scan           `json:"scan"`
		Evaluation      *client.Evaluation     `json:"evaluation"`
		Vulnerabilities []client.Vulnerability `json:"vulnerabilities"`
		Errors          []client.FileError     `json:"errors"`
		CIContext       CIContext              `json:"ci_context"`
		ReportURL       string                 `json:"report_url,omitempty"`
	}{GateStatus: out.GateStatus, FailOn: out.FailOn, Reasons: out.Reasons, Counts: out.Counts, Triaged: out.Triaged,
		Project: out.Project, Contract: out.Contract, Scan: out.Scan, Evaluation: out.Evaluation,
		Vulnerabilities: []client.Vulnerability{}, Errors: []client.FileError{}, CIContext: ci, ReportURL: out.ReportURL}
	if out.Results != nil {
		doc.Vulnerabilities = append(doc.Vulnerabilities, out.Results.Vulnerabilities...)
		doc.Errors = append(doc.Errors, out.Results.Errors...)
	}
	if doc.Reasons == nil {
		doc.Reasons = []string{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitFailure `xml:"failure,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// WriteJUnit writes a JUnit XML report (GitLab, Jenkins and CircleCI show
// it as test results): one failing test case per open or acknowledged
// finding, and a "quality gate" case that fails exactly when the build does.
func WriteJUnit(w io.Writer, out *Outcome) error {
	s := junitSuite{Name: "bulwark"}
	if out.Scan != nil {
		s.Time = fmt.Sprintf("%d", out.Scan.DurationSeconds)
	}
	gate := junitCase{Name: "quality gate (fail-on " + out.FailOn + ")", Classname: "bulwark.gate"}
	if out.GateStatus == StatusFailed {
		gate.Failure = &junitFailure{Message: "quality gate " + out.GateStatus, Type: "gate",
			Text: strings.Join(out.Reasons, "\n")}
	}
	s.Cases = append(s.Cases, gate)
	for _, v := range Worst(out.Results) {
		s.Cases = append(s.Cases, junitCase{
			Name:      fmt.Sprintf("%s: %s (%s)", ruleID(v), v.Title, where(v.File, v.Line)),
			Classname: "bulwark." + v.Severity, File: v.File, Line: v.Line,
			Failure: &junitFailure{Message: v.Title, Type: v.Severity,
				Text: strings.TrimSpace(where(v.File, v.Line) + "\n" + v.Description + "\n" + v.Recommendation)},
		})
	}
	for _, c := range s.Cases {
		s.Tests++
		if c.Failure != nil {
			s.Failures++
		}
	}
	doc := junitSuites{Name: "bulwark", Tests: s.Tests, Failures: s.Failures, Suites: []junitSuite{s}}
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

// WriteSummary prints the human summary: counts by severity, the gate and
// the worst findings (at most limit).
func WriteSummary(w io.Writer, out *Outcome, limit int) {
	if out.Skipped != "" {
		fmt.Fprintf(w, "\nbulwark: %s. Gate: %s\n", out.Skipped, out.GateStatus)
		return
	}
	fmt.Fprintln(w)
	if out.Scan != nil {
		fmt.Fprintf(w, "bulwark scan %s: %s", out.Scan.ID, out.Scan.Status)
		if out.Scan.DurationSeconds > 0 {
			fmt.Fprintf(w, " in %ds", out.Scan.DurationSeconds)
		}
		fmt.Fprintf(w, " (preset %s)\n", first(out.Scan.Preset, "standard"))
	}
	if out.Project != nil {
		fmt.Fprintf(w, "project %s, %d %s file(s)\n", out.Project.Name, len(out.Files), out.Language)
	}
	fmt.Fprintf(w, "\n  %-10s %8s\n", "severity", "findings")
	for _, sev := range Severities {
		fmt.Fprintf(w, "  %-10s %8d\n", sev, sevCount(out.Counts, sev))
	}
	fmt.Fprintf(w, "  %-10s %8d\n", "total", out.Counts.Total)
	if out.Triaged > 0 {
		fmt.Fprintf(w, "  skipped %d triaged finding(s) (false positive or fixed)\n", out.Triaged)
	}
	fmt.Fprintf(w, "\nquality gate: %s (fail-on %s)\n", out.GateStatus, out.FailOn)
	for _, r := range out.Reasons {
		fmt.Fprintf(w, "  - %s\n", r)
	}
	worst := Worst(out.Results)
	if len(worst) > 0 {
		fmt.Fprintln(w, "\nworst findings:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for i, v := range worst {
			if i == limit {
				fmt.Fprintf(tw, "  …\t%d more in the reports\t\t\n", len(worst)-limit)
				break
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", strings.ToUpper(v.Severity), where(v.File, v.Line), v.Title, ruleID(v))
		}
		tw.Flush()
	}
	if out.Results != nil && len(out.Results.Errors) > 0 {
		fmt.Fprintf(w, "\n%d file(s) could not be fully analysed:\n", len(out.Results.Errors))
		for _, e := range out.Results.Errors {
			fmt.Fprintf(w, "  %s %s\n", where(e.File, e.Line), e.Message)
		}
	}
	if out.ReportURL != "" {
		fmt.Fprintf(w, "\nresults: %s\n", out.ReportURL)
	}
}

func sevCount(s client.Summary, sev string) int {
	switch sev {
	case "critical":
		return s.Critical
	case "high":
		return s.High
	case "medium":
		return s.Medium
	case "low":
		return s.Low
	}
	return 0
}

// where is file:line, or the file alone when the line is unknown.
func where(file string, line int) string {
	if line < 1 {
		return file
	}
	return fmt.Sprintf("%s:%d", file, line)
}
