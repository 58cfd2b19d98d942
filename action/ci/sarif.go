package ci

import (
	"io"
	"strings"

	"github.com/bulwark-sec/bulwark/action/client"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/scanner/sarif"
)

// ruleID is the detector id, or a stable stand-in when a scanner gave none.
func ruleID(v client.Vulnerability) string {
	if v.DetectorID != "" {
		return v.DetectorID
	}
	if v.Category != "" {
		return v.Scanner + "/" + v.Category
	}
	return v.Scanner + "/" + v.Title
}

// SARIFInfo is what the SARIF log says of the run besides the findings.
type SARIFInfo struct {
	ToolVersion string
	CI          CIContext
}

// WriteSARIF writes the scan's findings (every status; fixed and false
// positive ones are marked in properties) as a SARIF 2.1.0 log, through
// scanner/sarif as `bulwark scan` does: same rules, fingerprints and paths.
func WriteSARIF(w io.Writer, r *client.ScanResults, info SARIFInfo) error {
	rep := &scanner.Report{Findings: []scanner.Finding{}}
	o := sarif.Options{ToolVersion: first(info.ToolVersion, client.Version), Rules: registry.Default().Rules()}
	if r != nil {
		for _, v := range r.Vulnerabilities {
			rep.Findings = append(rep.Findings, scanner.Finding{DetectorID: ruleID(v), Scanner: v.Scanner, Title: v.Title,
				Severity: scanner.Severity(v.Severity), Confidence: v.Confidence, Category: v.Category, File: v.File,
				Line: v.Line, EndLine: v.EndLine, Snippet: v.Snippet, Description: v.Description,
				Recommendation: v.Recommendation, CWE: v.CWE, SWC: v.SWC, Fingerprint: v.Fingerprint})
		}
		for _, e := range r.Errors {
			rep.Errors = append(rep.Errors, scanner.FileError{File: e.File, Line: e.Line, Message: e.Message})
		}
		o.Properties = func(i int) map[string]any {
			v := r.Vulnerabilities[i]
			return map[string]any{"status": v.Status, "risk_score": v.RiskScore, "vulnerability_id": v.ID}
		}
		o.RunProperties = map[string]any{"scan_id": r.ID, "preset": r.Preset, "scanners_used": r.ScannersUsed}
		o.Incomplete = r.Status != client.ScanCompleted
	}
	if c := info.CI; c.Repository != "" && c.ServerURL != "" && !strings.Contains(c.Repository, "://") {
		o.RepositoryURI = strings.TrimSuffix(c.ServerURL, "/") + "/" + c.Repository
		o.Revision, o.Branch = c.Commit, c.Branch
	}
	return sarif.Write(w, rep, o)
}
