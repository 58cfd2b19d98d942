// Package ci is bulwark's generic CI mode: collect contract sources, zip and
// upload them, scan, wait, evaluate the project's quality gate with the CI's
// own context, and decide the exit code. The GitHub Action mode (package
// action) runs the same steps and adds GitHub's outputs and annotations.
package ci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/action/client"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

// Exit codes: a failed gate and a broken run must never look alike.
const (
	ExitPass   = 0 // gate passed (or nothing at or above --fail-on)
	ExitFail   = 1 // gate failed or findings at or above --fail-on
	ExitError  = 2 // usage, service or scan error, or the wait timed out
	FailOnGate = "gate"
	FailOnNone = "none"
)

// Gate statuses reported to CI (SonarSource's quality-gate action names).
const (
	StatusPassed  = "PASSED"
	StatusFailed  = "FAILED"
	StatusPending = "PENDING"
)

// severityRank orders severities; higher is worse.
var severityRank = map[string]int{"low": 1, "medium": 2, "high": 3, "critical": 4}

// Severities lists severities from worst to least.
var Severities = []string{"critical", "high", "medium", "low"}

// ErrTimeout is returned when the scan did not finish within WaitTimeout.
var ErrTimeout = errors.New("the scan did not finish within --wait-timeout")

// Options configure a run; the CLI flags and the Action inputs fill them.
type Options struct {
	APIURL  string
	APIKey  string
	Project string // id, or name (created when absent)
	CollectOptions
	ContractName string
	// Preset and FailOn left empty take .bulwark.yml's preset and
	// fail_on, else standard and gate: flags win over the file.
	Preset string
	FailOn string // none|low|medium|high|critical|gate
	// ToolVersion is bulwark's stamped version, written into SARIF.
	ToolVersion string
	SARIFFile   string
	JSONFile    string
	JUnitFile   string
	// GitLabSASTFile and CodeQualityFile are GitLab's own report formats.
	GitLabSASTFile  string
	CodeQualityFile string
	WaitTimeout     time.Duration
	PollInterval    time.Duration
	ChangedOnly     bool
	BaseRef         string // for ChangedOnly; defaults to the CI's base commit
	// Baseline counts only findings new against it: with the service a
	// scan id or a branch (its latest scan), locally a git ref.
	Baseline    string
	TriggeredBy string
	CI          CIContext
	// Log receives progress and notices; Progress renders the wait.
	Log      io.Writer
	Progress Progress
	// Client overrides the API client built from APIURL and APIKey.
	Client *client.Client
}

// Outcome is what a run found and decided.
type Outcome struct {
	Project    *client.Project
	Contract   *client.Contract
	Scan       *client.Scan
	Results    *client.ScanResults
	Evaluation *client.Evaluation // the server's, when the gate was evaluated
	// Counts are open and acknowledged findings by severity.
	Counts client.Summary
	// Triaged counts the findings left out of Counts because someone
	// triaged them false_positive or fixed (their fingerprint's triage is
	// carried to every new scan of the project).
	Triaged    int
	GateStatus string // PASSED, FAILED or PENDING: what decided the exit code
	Reasons    []string
	// Conditions are the rules the build was judged by, kept or broken.
	Conditions []Condition
	Files      []scanner.File
	Language   string
	Skipped    string // why nothing was scanned (changed-only with no change)
	// Local is the in-process scan's report when no service was used
	// (nil otherwise); Results then hold its findings.
	Local *scanner.Report
	// Baseline is set when only new findings counted (--baseline, or
	// a new_code_only gate).
	Baseline  *Baseline
	ReportURL string
	SARIFFile string
	FailOn    string
}

// ExitCode maps a run's result to the process exit code.
func ExitCode(o *Outcome, err error) int {
	if err != nil {
		return ExitError
	}
	if o != nil && o.GateStatus == StatusFailed {
		return ExitFail
	}
	return ExitPass
}

// Validate checks the options a user typed.
func (o *Options) Validate() error {
	if !o.Local() && o.Project == "" {
		return usagef("--project is required (a project id, or a name created when absent)")
	}
	o.FailOn = strings.ToLower(strings.TrimSpace(o.FailOn))
	if _, ok := severityRank[o.FailOn]; !ok && o.FailOn != "" && o.FailOn != FailOnGate && o.FailOn != FailOnNone {
		return usagef("--fail-on %q: want none, low, medium, high, critical or gate", o.FailOn)
	}
	switch o.Preset {
	case "", "quick", "standard", "deep", "economic":
	default:
		return usagef("--preset %q: want quick, standard, deep or economic", o.Preset)
	}
	if o.WaitTimeout <= 0 {
		return usagef("--wait-timeout must be positive")
	}
	return nil
}

// Run performs the whole CI step. The outcome is returned whenever a scan
// was created, also with ErrTimeout, so callers can report its id.
func Run(ctx context.Context, o Options) (*Outcome, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.Root == "" {
		o.Root = "."
	}
	cfg, err := bundle.LoadConfig(o.Root)
	if err != nil {
		return nil, &UsageError{Msg: err.Error()}
	}
	if cfg != nil {
		o.Preset = first(o.Preset, cfg.Preset)
		o.FailOn = first(o.FailOn, cfg.FailOn)
	}
	o.Preset = first(o.Preset, "standard")
	o.FailOn = first(o.FailOn, FailOnGate)
	if o.Log == nil {
		o.Log = io.Discard
	}
	if o.Progress == nil {
		o.Progress = NewProgress(o.Log, false)
	}
	if o.PollInterval <= 0 {
		o.PollInterval = 2 * time.Second
	}
	local := o.Local()
	switch {
	case o.APIURL == "":
		fmt.Fprintln(o.Log, "bulwark: no --api-url (or BULWARK_API_URL): scanning locally, in-process; nothing is uploaded or recorded")
	case o.APIKey == "":
		fmt.Fprintf(o.Log, "bulwark: no API key (a pull request from a fork gets no secrets): scanning locally, in-process; nothing is sent to %s\n", o.APIURL)
	}
	c := o.Client
	if c == nil && !local {
		var err error
		if c, err = client.New(o.APIURL, o.APIKey); err != nil {
			return nil, &UsageError{Msg: err.Error()}
		}
		c.UserAgent = "bulwark-ci/" + client.Version + " (" + o.CI.Provider + ")"
	}
	out := &Outcome{FailOn: o.FailOn}

	files, lang, err := Collect(o.CollectOptions, cfg, o.Log)
	if err != nil {
		return nil, err
	}
	if o.ChangedOnly {
		files, err = onlyChanged(ctx, o, files)
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			out.Skipped = "no contract source changed"
			out.GateStatus = StatusPassed
			fmt.Fprintln(o.Log, "bulwark: no contract source changed; nothing to scan")
			return out, nil
		}
	}
	if len(files) == 0 {
		return nil, usagef("no contract sources (.sol, .vy, .rs, .move, .cairo) under %s", strings.Join(o.Paths, ", "))
	}
	out.Files, out.Language = files, lang
	if local {
		return runLocal(ctx, o, cfg, out)
	}
	archive, err := Zip(files)
	if err != nil {
		return nil, err
	}

	repoURL := ""
	if o.CI.Repository != "" && o.CI.ServerURL != "" && !strings.Contains(o.CI.Repository, "://") {
		repoURL = strings.TrimSuffix(o.CI.ServerURL, "/") + "/" + o.CI.Repository
	}
	p, created, err := c.EnsureProject(ctx, o.Project, repoURL)
	if err != nil {
		return nil, fmt.Errorf("find project %q: %w", o.Project, err)
	}
	out.Project = p
	if created {
		fmt.Fprintf(o.Log, "bulwark: created project %q (%s)\n", p.Name, p.ID)
	}

	name := o.ContractName
	if name == "" {
		name = contractName(o.CI, p.Name)
	}
	fmt.Fprintf(o.Log, "bulwark: uploading %d %s file(s), %d bytes zipped\n", len(files), lang, len(archive))
	ct, err := c.UploadContract(ctx, client.UploadInput{ProjectID: p.ID, Name: name, Language: lang,
		Files: []client.UploadFile{{Name: "sources.zip", Content: archive}}})
	if err != nil {
		return out, fmt.Errorf("upload: %w", err)
	}
	out.Contract = ct

	scan, err := c.CreateScan(ctx, client.ScanInput{ContractID: ct.ID, Preset: o.Preset})
	if err != nil {
		return out, fmt.Errorf("start scan of contract %s: %w", ct.ID, err)
	}
	out.Scan = scan
	fmt.Fprintf(o.Log, "bulwark: scan %s queued (preset %s)\n", scan.ID, first(scan.Preset, o.Preset, "standard"))

	scan, err = wait(ctx, c, o, scan)
	if scan != nil {
		out.Scan = scan
	}
	if errors.Is(err, ErrTimeout) {
		out.GateStatus = StatusPending
		// A pending evaluation resolves by itself when the scan ends, so
		// the build status and the badge catch up without this job.
		if ev, eerr := c.EvaluateQualityGate(ctx, p.ID, o.evaluateInput(scan.ID)); eerr == nil {
			out.Evaluation = ev
		}
		return out, fmt.Errorf("scan %s still %s after %s: %w", scan.ID, scan.Status, o.WaitTimeout, ErrTimeout)
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		// Interrupted (Ctrl-C, a cancelled CI job): do not leave a scan
		// running for nobody.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		if _, cerr := c.CancelScan(cctx, scan.ID); cerr == nil {
			fmt.Fprintf(o.Log, "bulwark: cancelled scan %s\n", scan.ID)
		}
		cancel()
	}
	if err != nil {
		return out, err
	}
	switch scan.Status {
	case client.ScanFailed:
		msg := "no reason given"
		if scan.Error != nil {
			msg = scan.Error.Code + ": " + scan.Error.Message
		}
		return out, fmt.Errorf("scan %s failed: %s", scan.ID, msg)
	case client.ScanCancelled:
		return out, fmt.Errorf("scan %s was cancelled", scan.ID)
	}

	res, err := c.ScanResults(ctx, scan.ID)
	if err != nil {
		return out, fmt.Errorf("read results of scan %s: %w", scan.ID, err)
	}
	if cfg != nil {
		override(cfg, res)
	}
	out.Results = res
	// The report page opens without a key, unlike the JSON API.
	out.ReportURL = res.ReportURL
	out.Counts = count(res)
	out.Triaged = triaged(res)
	if err := decide(ctx, c, o, out); err != nil {
		return out, err
	}
	return out, writeReports(o, out)
}

// wait polls the scan until it ends, the timeout passes or ctx ends.
func wait(ctx context.Context, c *client.Client, o Options, s *client.Scan) (*client.Scan, error) {
	start := time.Now()
	deadline := start.Add(o.WaitTimeout)
	defer o.Progress.Done()
	for {
		o.Progress.Update(s.ID, s.Status, time.Since(start))
		if s.Done() {
			return s, nil
		}
		left := time.Until(deadline)
		if left <= 0 {
			return s, ErrTimeout
		}
		t := time.NewTimer(min(o.PollInterval, left))
		select {
		case <-ctx.Done():
			t.Stop()
			return s, ctx.Err()
		case <-t.C:
		}
		ns, err := c.GetScan(ctx, s.ID)
		if err != nil {
			return s, fmt.Errorf("poll scan %s: %w", s.ID, err)
		}
		s = ns
	}
}

// override applies .bulwark.yml's detectors and min_confidence settings
// to the service's findings, as `bulwark scan` applies them to the
// engine's: they decide --fail-on severities and the reports. The
// project's quality gate is evaluated by the service on its own findings.
func override(cfg *bundle.Config, r *client.ScanResults) {
	kept := r.Vulnerabilities[:0]
	for _, v := range r.Vulnerabilities {
		sev, keep := cfg.Override(v.DetectorID, v.Confidence, v.Severity)
		if keep {
			v.Severity = sev
			kept = append(kept, v)
		}
	}
	r.Vulnerabilities = kept
	r.Summary = tally(kept)
}

// count tallies open and acknowledged findings by severity: fixed and
// false-positive ones do not fail a build, as in the quality gate.
func count(r *client.ScanResults) client.Summary {
	if len(r.Vulnerabilities) == 0 {
		return r.Summary
	}
	return tally(r.Vulnerabilities)
}

func tally(vs []client.Vulnerability) client.Summary {
	var s client.Summary
	for _, v := range vs {
		if v.InBaseline || v.Status != "" && v.Status != "open" && v.Status != "acknowledged" {
			continue
		}
		switch v.Severity {
		case "critical":
			s.Critical++
		case "high":
			s.High++
		case "medium":
			s.Medium++
		case "low":
			s.Low++
		}
	}
	s.Total = s.Critical + s.High + s.Medium + s.Low
	return s
}

// triaged counts the findings count leaves out: triaged false_positive
// or fixed.
func triaged(r *client.ScanResults) int {
	n := 0
	for _, v := range r.Vulnerabilities {
		if v.Status == "false_positive" || v.Status == "fixed" {
			n++
		}
	}
	return n
}

func countAtLeast(s client.Summary, sev string) int {
	n := 0
	for sv, c := range map[string]int{"critical": s.Critical, "high": s.High, "medium": s.Medium, "low": s.Low} {
		if severityRank[sv] >= severityRank[sev] {
			n += c
		}
	}
	return n
}

func (o Options) evaluateInput(scanID string) client.EvaluateInput {
	tb := o.TriggeredBy
	if tb == "" {
		tb = "ci:" + o.CI.Provider
	}
	return client.EvaluateInput{ScanID: scanID, CIContext: o.CI, TriggeredBy: tb, Baseline: o.Baseline}
}

// decide sets GateStatus. With --fail-on gate the project's gate decides; a
// project without a gate (404), or a plan without gates (403), falls back to
// the service's default gate (block on any critical) computed here, and no
// gate is created: gate configuration belongs to the project's admins.
// With a severity the findings decide and the gate is still evaluated, to
// record the build with its ci_context; with none nothing fails the build.
func decide(ctx context.Context, c *client.Client, o Options, out *Outcome) error {
	ev, err := c.EvaluateQualityGate(ctx, out.Project.ID, o.evaluateInput(out.Scan.ID))
	noGate := client.IsCode(err, "RESOURCE_NOT_FOUND", "PERMISSION_DENIED")
	if err != nil && !noGate {
		if o.FailOn == FailOnGate {
			return fmt.Errorf("evaluate the quality gate of project %s: %w", out.Project.ID, err)
		}
		fmt.Fprintf(o.Log, "bulwark: warning: gate not recorded: %v\n", err)
	}
	out.Evaluation = ev
	switch {
	case ev != nil && ev.NewCodeOnly:
		if err := serviceBaseline(ctx, c, o, out, ev.BaselineScanID); err != nil {
			return err
		}
	case o.Baseline != "" && isUUID(o.Baseline):
		if err := serviceBaseline(ctx, c, o, out, o.Baseline); err != nil {
			return err
		}
	case o.Baseline != "":
		fmt.Fprintf(o.Log, "bulwark: warning: --baseline %s: the service found no baseline without a quality gate; every finding counts\n", o.Baseline)
	}
	if out.Baseline != nil {
		fmt.Fprintf(o.Log, "bulwark: baseline %s: %d new, %d fixed, %d unchanged finding(s); only new ones count\n",
			first(out.Baseline.ScanID, out.Baseline.Ref, "none"), out.Baseline.New, out.Baseline.Fixed, out.Baseline.Unchanged)
	}
	switch o.FailOn {
	case FailOnNone:
		out.Conditions = []Condition{failOnCondition(o.FailOn, out.Counts)}
	case FailOnGate:
		if noGate {
			why := "the project has no quality gate"
			if client.IsCode(err, "PERMISSION_DENIED") {
				why = "the plan or key cannot use quality gates"
			}
			fmt.Fprintf(o.Log, "bulwark: %s; applying the service's default gate: fail on any critical finding "+
				"(configure one with PUT /api/v1/quality-gates/projects/%s)\n", why, out.Project.ID)
			out.Conditions = []Condition{defaultGateCondition(out.Counts)}
			break
		}
		switch ev.Status {
		case client.GatePassing, client.GateFailing:
			out.Conditions = gateConditions(readGate(ctx, c, o, out.Project.ID), ev, out.Counts)
		default:
			out.GateStatus = StatusPending
			return fmt.Errorf("the quality gate of project %s is still %q for the finished scan %s", out.Project.ID, ev.Status, out.Scan.ID)
		}
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
	return nil
}

// contractName names the upload after the change it scans.
func contractName(ci CIContext, project string) string {
	name := project
	if ci.Branch != "" {
		name += "@" + ci.Branch
	}
	if len(ci.Commit) >= 7 {
		name += " " + ci.Commit[:7]
	}
	if len(name) > 200 {
		name = name[:200]
	}
	return name
}

// onlyChanged keeps the files git reports as changed since the base commit.
// Without a usable base (a shallow clone, no git) it warns and keeps all:
// scanning too much is safer than scanning nothing.
func onlyChanged(ctx context.Context, o Options, files []scanner.File) ([]scanner.File, error) {
	base := first(o.BaseRef, o.CI.BaseCommit)
	if base == "" {
		fmt.Fprintln(o.Log, "bulwark: warning: --changed-only without a base commit (no pull request, no --base-ref); scanning every file")
		return files, nil
	}
	changed, err := gitChanged(ctx, o.Root, base)
	if err != nil {
		fmt.Fprintf(o.Log, "bulwark: warning: --changed-only: %v; scanning every file (fetch history, e.g. actions/checkout with fetch-depth: 0)\n", err)
		return files, nil
	}
	var kept []scanner.File
	for _, f := range files {
		if changed[f.Path] {
			kept = append(kept, f)
		}
	}
	fmt.Fprintf(o.Log, "bulwark: --changed-only: %d of %d file(s) changed since %s\n", len(kept), len(files), short(base))
	return kept, nil
}

// gitChanged lists paths (relative to root) added, copied, modified or
// renamed between base and the working tree's HEAD.
func gitChanged(ctx context.Context, root, base string) (map[string]bool, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "git", "-c", "safe.directory="+abs, "diff", "--name-only",
		"--diff-filter=ACMR", "--relative", "-z", base+"...HEAD")
	cmd.Dir = abs
	b, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("git diff %s...HEAD: %s", short(base), strings.TrimSpace(string(ee.Stderr)))
		}
		return nil, fmt.Errorf("git diff: %w", err)
	}
	m := map[string]bool{}
	for _, p := range strings.Split(string(b), "\x00") {
		if p != "" {
			m[filepath.ToSlash(p)] = true
		}
	}
	return m, nil
}

func short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

// Worst returns the counted findings, worst first (severity, risk score,
// then file and line for a stable order).
func Worst(r *client.ScanResults) []client.Vulnerability {
	if r == nil {
		return nil
	}
	var vs []client.Vulnerability
	for _, v := range r.Vulnerabilities {
		if !v.InBaseline && (v.Status == "" || v.Status == "open" || v.Status == "acknowledged") {
			vs = append(vs, v)
		}
	}
	sort.SliceStable(vs, func(i, j int) bool {
		a, b := vs[i], vs[j]
		if severityRank[a.Severity] != severityRank[b.Severity] {
			return severityRank[a.Severity] > severityRank[b.Severity]
		}
		if a.RiskScore != b.RiskScore {
			return a.RiskScore > b.RiskScore
		}
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return vs
}

// writeReports writes the files the user asked for.
func writeReports(o Options, out *Outcome) error {
	type report struct {
		path  string
		write func(io.Writer) error
	}
	var reports []report
	if o.SARIFFile != "" {
		out.SARIFFile = o.SARIFFile
		reports = append(reports, report{o.SARIFFile, func(w io.Writer) error {
			if out.Local != nil {
				return writeLocalSARIF(w, out.Local, SARIFInfo{ToolVersion: o.ToolVersion, CI: o.CI})
			}
			return WriteSARIF(w, out.Results, SARIFInfo{ToolVersion: o.ToolVersion, CI: o.CI})
		}})
	}
	if o.JSONFile != "" {
		reports = append(reports, report{o.JSONFile, func(w io.Writer) error { return WriteJSON(w, out, o.CI) }})
	}
	if o.JUnitFile != "" {
		reports = append(reports, report{o.JUnitFile, func(w io.Writer) error { return WriteJUnit(w, out) }})
	}
	if o.GitLabSASTFile != "" {
		reports = append(reports, report{o.GitLabSASTFile, func(w io.Writer) error {
			return WriteGitLabSAST(w, out.Results, o.ToolVersion)
		}})
	}
	if o.CodeQualityFile != "" {
		reports = append(reports, report{o.CodeQualityFile, func(w io.Writer) error { return WriteCodeQuality(w, out.Results) }})
	}
	for _, r := range reports {
		if err := writeFile(r.path, r.write); err != nil {
			return err
		}
		fmt.Fprintf(o.Log, "bulwark: wrote %s\n", r.path)
	}
	return nil
}

func writeFile(path string, write func(io.Writer) error) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("create %s: %w", dir, err)
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	return f.Close()
}

func isUUID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil
}
