package ci

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/bulwark-sec/bulwark/action/client"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bundle"
	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/scanner/sarif"
)

// StatusSuppressed marks, in a local run's results, a finding suppressed
// by a bulwark-disable comment: reported, never counted.
const StatusSuppressed = "suppressed"

// Local reports whether the run scans in-process: no service URL was
// given, or no key came with it (a pull request from a fork gets no
// secrets, and must not fail for lack of one).
func (o *Options) Local() bool { return o.APIURL == "" || o.APIKey == "" }

// runLocal scans files with the detectors `bulwark scan` runs, applies
// .bulwark.yml as scan does and decides the gate here: --fail-on gate
// applies the service's documented default gate (no critical finding).
func runLocal(ctx context.Context, o Options, cfg *bundle.Config, out *Outcome) (*Outcome, error) {
	eng := registry.Default()
	start := time.Now()
	rep, err := eng.Run(ctx, out.Files, scanner.Options{Preset: o.Preset})
	if err != nil {
		return out, fmt.Errorf("local scan: %w", err)
	}
	if cfg != nil {
		rep.Findings = cfg.Apply(rep.Findings)
	}
	out.Local = rep
	secs := int(time.Since(start).Seconds())
	res := &client.ScanResults{Scan: client.Scan{Status: client.ScanCompleted, Preset: o.Preset,
		DurationSeconds: secs, ScannersUsed: rep.ScannersUsed}}
	res.Vulnerabilities = vulnerabilitiesOf(rep.Findings)
	for _, e := range rep.Errors {
		res.Errors = append(res.Errors, client.FileError{File: e.File, Line: e.Line, Message: e.Message})
	}
	res.Summary = tally(res.Vulnerabilities)
	out.Scan = &res.Scan
	out.Results = res
	out.Counts = res.Summary
	if o.Baseline != "" {
		if err := localBaseline(ctx, o, cfg, out); err != nil {
			return out, err
		}
		fmt.Fprintf(o.Log, "bulwark: baseline %s: %d new, %d fixed, %d unchanged finding(s); only new ones count\n",
			o.Baseline, out.Baseline.New, out.Baseline.Fixed, out.Baseline.Unchanged)
	}
	switch o.FailOn {
	case FailOnGate:
		fmt.Fprintln(o.Log, "bulwark: --fail-on gate without a service: applying the service's default gate (fail on any critical finding)")
		out.Conditions = []Condition{defaultGateCondition(out.Counts)}
	default:
		out.Conditions = []Condition{failOnCondition(o.FailOn, out.Counts)}
	}
	out.GateStatus = StatusPassed
	for _, cd := range out.Conditions {
		if !cd.Passed {
			out.GateStatus = StatusFailed
			out.Reasons = append(out.Reasons, first(cd.Message, cd.Title))
		}
	}
	return out, writeReports(o, out)
}

// writeLocalSARIF writes a local run's report exactly as `bulwark scan
// --format sarif` writes it, plus the repository when the CI names it.
func writeLocalSARIF(w io.Writer, rep *scanner.Report, info SARIFInfo) error {
	o := sarif.Options{ToolVersion: first(info.ToolVersion, client.Version), Rules: registry.Default().Rules()}
	if c := info.CI; c.Repository != "" && c.ServerURL != "" && !strings.Contains(c.Repository, "://") {
		o.RepositoryURI = strings.TrimSuffix(c.ServerURL, "/") + "/" + c.Repository
		o.Revision, o.Branch = c.Commit, c.Branch
	}
	return sarif.Write(w, rep, o)
}
