// Package action is bulwark's GitHub Action mode: it reads the step's
// INPUT_* variables, runs the generic CI mode (package ci) and reports the
// GitHub way: masked key, grouped logs, step outputs, a job summary and at
// most ten error and ten warning annotations.
package action

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/sethvargo/go-githubactions"

	"github.com/bulwark-sec/bulwark/action/ci"
	"github.com/bulwark-sec/bulwark/action/client"
)

// Annotation limits: GitHub shows at most 10 of each level per step, so
// the rest go to the job summary and SARIF instead of being dropped
// silently.
const (
	MaxErrorAnnotations   = 10
	MaxWarningAnnotations = 10
	summaryFindings       = 20
)

// Config holds what Run needs besides the environment.
type Config struct {
	// Getenv reads the runner's environment (os.Getenv when nil).
	Getenv func(string) string
	// Stdout receives the log and workflow commands.
	Stdout io.Writer
	// MaxAttempts bounds API retries (the client default when 0).
	MaxAttempts int
	// PollInterval overrides the scan polling interval.
	PollInterval time.Duration
	// ToolVersion is bulwark's stamped version, written into SARIF.
	ToolVersion string
}

// Run executes the Action and returns the process exit code (see ci).
func Run(ctx context.Context, cfg Config) int {
	getenv := cfg.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	w := cfg.Stdout
	if w == nil {
		w = os.Stdout
	}
	a := githubactions.New(githubactions.WithWriter(w), githubactions.WithGetenv(getenv))
	in := func(name, def string) string {
		if v := a.GetInput(name); v != "" {
			return v
		}
		return def
	}
	key := in("api-key", getenv("BULWARK_API_KEY"))
	if key != "" {
		a.AddMask(key)
	}
	ciCtx := ci.DetectCI(getenv)
	o, err := options(in, key, getenv, ciCtx)
	if err != nil {
		a.Errorf("bulwark: %v", err)
		return ci.ExitError
	}
	o.Log, o.Progress, o.PollInterval, o.ToolVersion = w, ci.NewProgress(w, false), cfg.PollInterval, cfg.ToolVersion
	if cfg.MaxAttempts > 0 && !o.Local() {
		c, cerr := client.New(o.APIURL, o.APIKey)
		if cerr != nil {
			a.Errorf("bulwark: %v", cerr)
			return ci.ExitError
		}
		c.MaxAttempts = cfg.MaxAttempts
		c.UserAgent = "bulwark-action/" + client.Version
		o.Client = c
	}

	group := "bulwark: upload and scan"
	if o.Local() {
		group = "bulwark: local scan (no api-url or no api-key)"
	}
	a.Group(group)
	out, err := ci.Run(ctx, o)
	a.EndGroup()
	code := ci.ExitCode(out, err)
	if out == nil {
		out = &ci.Outcome{FailOn: o.FailOn}
	}
	if out.Scan != nil || out.Skipped != "" {
		ci.WriteSummary(w, out, summaryFindings)
	}
	setOutputs(a, getenv, out)
	if out.Results != nil {
		annotate(a, out)
	}
	if getenv("GITHUB_STEP_SUMMARY") != "" {
		a.AddStepSummary(Markdown(out, ciCtx, err))
	}
	switch {
	case err != nil:
		a.Errorf("bulwark: %v", err)
	case code == ci.ExitFail:
		a.Errorf("bulwark: quality gate %s: %s", out.GateStatus, strings.Join(out.Reasons, "; "))
	}
	return code
}

// options turns the inputs into ci.Options.
func options(in func(string, string) string, key string, getenv func(string) string, c ci.CIContext) (ci.Options, error) {
	o := ci.Options{
		APIURL: in("api-url", getenv("BULWARK_API_URL")), APIKey: key,
		Project: in("project", getenv("GITHUB_REPOSITORY")), Preset: in("preset", ""),
		FailOn: in("fail-on", ""), SARIFFile: in("sarif-file", ""), CI: c,
		TriggeredBy: "github-action",
	}
	o.Root = in("working-directory", getenv("GITHUB_WORKSPACE"))
	if o.Root == "" {
		o.Root = "."
	}
	o.Paths = splitList(in("path", "."))
	o.Excludes = splitList(in("exclude", ""))
	o.Includes = splitList(in("include", ""))
	o.Language = in("language", "")
	var err error
	if o.IncludeDeps, err = boolInput("include-deps", in("include-deps", "false")); err != nil {
		return o, err
	}
	if o.IncludeTests, err = boolInput("include-tests", in("include-tests", "false")); err != nil {
		return o, err
	}
	d, err := parseTimeout(in("wait-timeout", "10m"))
	if err != nil {
		return o, err
	}
	o.WaitTimeout = d
	if o.ChangedOnly, err = boolInput("changed-only", in("changed-only", "false")); err != nil {
		return o, err
	}
	o.Baseline = in("baseline", "")
	// sarif-file stays as given: a relative path names the same file in
	// this container (working directory /github/workspace) and in the
	// later steps on the host, where the workspace has another path.
	return o, nil
}

// boolInput reads a true/false input.
func boolInput(name, v string) (bool, error) {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("input %s %q: want true or false", name, v)
	}
	return b, nil
}

// parseTimeout accepts a Go duration ("10m", "90s") or whole seconds.
func parseTimeout(v string) (time.Duration, error) {
	if n, err := strconv.Atoi(v); err == nil {
		return time.Duration(n) * time.Second, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("input wait-timeout %q: want a duration such as 10m or a number of seconds", v)
	}
	return d, nil
}

// splitList reads a multi-line or comma-separated input.
func splitList(v string) []string {
	var out []string
	for _, line := range strings.FieldsFunc(v, func(r rune) bool { return r == '\n' || r == ',' }) {
		if s := strings.TrimSpace(line); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// setOutputs writes the step outputs; without GITHUB_OUTPUT (a local run)
// it logs them instead of letting the library fail on an empty path.
func setOutputs(a *githubactions.Action, getenv func(string) string, out *ci.Outcome) {
	scanID := ""
	if out.Scan != nil {
		scanID = out.Scan.ID
	}
	kv := [][2]string{
		{"scan-id", scanID}, {"gate-status", out.GateStatus},
		{"critical", strconv.Itoa(out.Counts.Critical)}, {"high", strconv.Itoa(out.Counts.High)},
		{"medium", strconv.Itoa(out.Counts.Medium)}, {"low", strconv.Itoa(out.Counts.Low)},
		{"total", strconv.Itoa(out.Counts.Total)}, {"sarif-file", out.SARIFFile}, {"report-url", out.ReportURL},
	}
	if b := out.Baseline; b != nil {
		kv = append(kv, [2]string{"new", strconv.Itoa(b.New)}, [2]string{"fixed", strconv.Itoa(b.Fixed)},
			[2]string{"unchanged", strconv.Itoa(b.Unchanged)})
	}
	if getenv("GITHUB_OUTPUT") == "" {
		for _, p := range kv {
			a.Infof("bulwark: output %s=%s\n", p[0], p[1])
		}
		return
	}
	for _, p := range kv {
		a.SetOutput(p[0], p[1])
	}
}

// annotate emits the worst findings as annotations: critical and high as
// errors, medium and low as warnings, at most ten of each.
func annotate(a *githubactions.Action, out *ci.Outcome) {
	errs, warns := 0, 0
	for _, v := range ci.Worst(out.Results) {
		isErr := v.Severity == "critical" || v.Severity == "high"
		if (isErr && errs == MaxErrorAnnotations) || (!isErr && warns == MaxWarningAnnotations) {
			continue
		}
		f := map[string]string{"title": fmt.Sprintf("%s: %s (%s)", strings.ToUpper(v.Severity), v.Title, ruleOf(v))}
		if v.File != "" {
			f["file"] = v.File
		}
		if v.Line > 0 {
			f["line"] = strconv.Itoa(v.Line)
			if v.EndLine >= v.Line {
				f["endLine"] = strconv.Itoa(v.EndLine)
			}
		}
		msg := v.Title
		if v.Recommendation != "" {
			msg += ". " + v.Recommendation
		}
		if isErr {
			a.WithFieldsMap(f).Errorf("%s", msg)
			errs++
		} else {
			a.WithFieldsMap(f).Warningf("%s", msg)
			warns++
		}
	}
}

func ruleOf(v client.Vulnerability) string {
	if v.DetectorID != "" {
		return v.DetectorID
	}
	return v.Scanner
}

var gateIcon = map[string]string{ci.StatusPassed: "✅", ci.StatusFailed: "❌", ci.StatusPending: "⏳"}

// Markdown renders the job summary: counts by severity, the gate's verdict
// and the worst findings linked to their lines at the scanned commit.
func Markdown(out *ci.Outcome, c ci.CIContext, runErr error) string {
	var b strings.Builder
	status := out.GateStatus
	if status == "" {
		status = "ERROR"
	}
	fmt.Fprintf(&b, "## bulwark: quality gate %s %s\n\n", status, gateIcon[status])
	if out.Skipped != "" {
		fmt.Fprintf(&b, "Nothing scanned: %s.\n", md(out.Skipped))
		return b.String()
	}
	if runErr != nil {
		fmt.Fprintf(&b, "> [!WARNING]\n> %s\n\n", md(runErr.Error()))
		if errors.Is(runErr, ci.ErrTimeout) {
			b.WriteString("The scan goes on; its pending gate evaluation resolves when it ends.\n\n")
		}
	}
	if out.Scan == nil {
		return b.String()
	}
	b.WriteString("| Severity | Findings |\n|---|---:|\n")
	icons := map[string]string{"critical": "🔴", "high": "🟠", "medium": "🟡", "low": "🔵"}
	counts := map[string]int{"critical": out.Counts.Critical, "high": out.Counts.High, "medium": out.Counts.Medium, "low": out.Counts.Low}
	for _, sev := range ci.Severities {
		fmt.Fprintf(&b, "| %s %s | %d |\n", icons[sev], sev, counts[sev])
	}
	fmt.Fprintf(&b, "| **total** | **%d** |\n\n", out.Counts.Total)
	if bl := out.Baseline; bl != nil {
		fmt.Fprintf(&b, "New code against `%s`: **%d new**, %d fixed, %d unchanged; only new findings count.\n\n",
			md(cmp.Or(bl.Ref, bl.ScanID, "no baseline")), bl.New, bl.Fixed, bl.Unchanged)
	}
	if out.Triaged > 0 {
		fmt.Fprintf(&b, "Skipped %d triaged finding(s) (false positive or fixed).\n\n", out.Triaged)
	}
	fmt.Fprintf(&b, "Decided by `fail-on: %s`.", md(out.FailOn))
	if len(out.Reasons) > 0 {
		b.WriteString(" Why it failed:\n")
		for _, r := range out.Reasons {
			fmt.Fprintf(&b, "- %s\n", md(r))
		}
	}
	b.WriteString("\n")
	if out.Scan != nil {
		if out.Local != nil {
			fmt.Fprintf(&b, "\nLocal scan, in the runner without a service (%s, preset %s, %d files", out.Scan.Status, md(out.Scan.Preset), len(out.Files))
		} else {
			fmt.Fprintf(&b, "\nScan `%s` (%s, preset %s, %d files", out.Scan.ID, out.Scan.Status, md(out.Scan.Preset), len(out.Files))
		}
		if out.Scan.DurationSeconds > 0 {
			fmt.Fprintf(&b, ", %ds", out.Scan.DurationSeconds)
		}
		b.WriteString(")")
		if out.ReportURL != "" {
			fmt.Fprintf(&b, " · [report](%s)", out.ReportURL)
		}
		b.WriteString("\n")
	}
	worst := ci.Worst(out.Results)
	if len(worst) == 0 {
		if out.Results != nil {
			b.WriteString("\nNo open findings.\n")
		}
		return b.String()
	}
	b.WriteString("\n### Worst findings\n\n| Severity | Location | Finding | Rule |\n|---|---|---|---|\n")
	for i, v := range worst {
		if i == summaryFindings {
			break
		}
		fmt.Fprintf(&b, "| %s | %s | %s | `%s` |\n", v.Severity, link(c, v), md(v.Title), md(ruleOf(v)))
	}
	if n := len(worst) - summaryFindings; n > 0 {
		fmt.Fprintf(&b, "\n%d more finding(s)", n)
		if out.SARIFFile != "" {
			fmt.Fprintf(&b, " are in `%s`", md(out.SARIFFile))
		}
		b.WriteString(".\n")
	}
	if ann := countAnnotated(worst); ann < len(worst) {
		fmt.Fprintf(&b, "\nAnnotations show the worst %d; every finding is listed in the SARIF report.\n", ann)
	}
	return b.String()
}

func countAnnotated(vs []client.Vulnerability) int {
	e, w := 0, 0
	for _, v := range vs {
		if v.Severity == "critical" || v.Severity == "high" {
			e++
		} else {
			w++
		}
	}
	return min(e, MaxErrorAnnotations) + min(w, MaxWarningAnnotations)
}

// link points at file:line in the repository at the scanned commit.
func link(c ci.CIContext, v client.Vulnerability) string {
	text := v.File
	if v.Line > 0 {
		text = fmt.Sprintf("%s:%d", v.File, v.Line)
	}
	if c.Provider != "github-actions" || c.Repository == "" || c.Commit == "" || v.File == "" {
		return "`" + md(text) + "`"
	}
	u := fmt.Sprintf("%s/%s/blob/%s/%s", strings.TrimSuffix(c.ServerURL, "/"), c.Repository, c.Commit,
		(&url.URL{Path: v.File}).EscapedPath())
	if v.Line > 0 {
		u += "#L" + strconv.Itoa(v.Line)
		if v.EndLine > v.Line {
			u += "-L" + strconv.Itoa(v.EndLine)
		}
	}
	return fmt.Sprintf("[%s](%s)", md(text), u)
}

// md escapes text for a markdown table cell.
func md(s string) string {
	r := strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ", "<", "&lt;", ">", "&gt;", "`", "'", "[", `\[`, "]", `\]`)
	return r.Replace(s)
}
