package ci

import (
	"encoding/json"
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
		Conditions      []Condition            `json:"conditions"`
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
		Baseline        *Baseline              `json:"baseline,omitempty"`
	}{Baseline: out.Baseline, GateStatus: out.GateStatus, FailOn: out.FailOn, Reasons: out.Reasons, Conditions: out.Conditions, Counts: out.Counts, Triaged: out.Triaged,
		Project: out.Project, Contract: out.Contract, Scan: out.Scan, Evaluation: out.Evaluation,
		Vulnerabilities: []client.Vulnerability{}, Errors: []client.FileError{}, CIContext: ci, ReportURL: out.ReportURL}
	if out.Results != nil {
		doc.Vulnerabilities = append(doc.Vulnerabilities, out.Results.Vulnerabilities...)
		doc.Errors = append(doc.Errors, out.Results.Errors...)
	}
	if doc.Reasons == nil {
		doc.Reasons = []string{}
	}
	if doc.Conditions == nil {
		doc.Conditions = []Condition{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
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
		if out.Local != nil {
			fmt.Fprintf(w, "bulwark local scan: %s", out.Scan.Status)
		} else {
			fmt.Fprintf(w, "bulwark scan %s: %s", out.Scan.ID, out.Scan.Status)
		}
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
	if b := out.Baseline; b != nil {
		fmt.Fprintf(w, "  new code against %s: %d new, %d fixed, %d unchanged (only new findings count)\n",
			first(b.Ref, b.ScanID, "no baseline"), b.New, b.Fixed, b.Unchanged)
	}
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
		fmt.Fprintf(w, "\nreport: %s\n", out.ReportURL)
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
