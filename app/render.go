package app

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/google/go-github/v62/github"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// GitHub's limits: characters of a check run summary and of a comment,
// annotations per request and characters of an annotation title.
const (
	maxBody                  = 65535
	maxAnnotationsPerRequest = 50
	maxAnnotationTitle       = 255
	maxAnnotationMessage     = 4000
	// maxAnnotations bounds the annotations of one check run; the rest
	// are on the report page.
	maxAnnotations = 1000
	// listed bounds the findings a summary or comment lists.
	listed = 50
)

// verdict is what a run concludes: the check run's conclusion, the
// commit status's state and their words.
type verdict struct {
	conclusion, state, title, description string
	gate                                  string // passed, failed, none
	violations                            []db.GateViolation
}

var severities = []string{"critical", "high", "medium", "low"}

var severityRank = map[string]int{"critical": 4, "high": 3, "medium": 2, "low": 1, "info": 0}

// openFindings are the findings that count (core.Counted).
func openFindings(all []db.Vulnerability) []db.Vulnerability {
	var out []db.Vulnerability
	for _, v := range all {
		if core.Counted(&v) {
			out = append(out, v)
		}
	}
	return out
}

func counts(vs []db.Vulnerability) map[string]int {
	c := map[string]int{}
	for _, v := range vs {
		c[v.Severity]++
	}
	return c
}

func countLine(c map[string]int) string {
	parts := make([]string, 0, 4)
	for _, s := range severities {
		parts = append(parts, fmt.Sprintf("%d %s", c[s], s))
	}
	return strings.Join(parts, ", ")
}

// verdictOf decides a finished run: the quality gate's verdict when one
// applies, else .bulwark.yml's fail_on, else neutral.
func verdictOf(run *db.GitHubRun, rep *core.ScanReport) verdict {
	sc := rep.Scan
	if sc.Status != core.ScanCompleted {
		msg := "the scan " + sc.Status
		if sc.ErrorMessage != "" {
			msg += ": " + sc.ErrorMessage
		}
		return verdict{conclusion: "failure", state: "error", title: "Scan " + sc.Status, gate: "none",
			description: truncate("bulwark: "+msg, 140)}
	}
	open := openFindings(rep.Findings)
	c := countLine(counts(open))
	if ev := rep.Evaluation; ev != nil && ev.Status != core.GatePending {
		if ev.Passed {
			return verdict{conclusion: "success", state: "success", gate: "passed", title: "Quality gate passed: " + c,
				description: "Quality gate passed: " + c}
		}
		return verdict{conclusion: "failure", state: "failure", gate: "failed", violations: ev.Violations,
			title: "Quality gate failed: " + c, description: "Quality gate failed: " + c}
	}
	if run.FailOn != "" && run.FailOn != "none" {
		worst := 0
		for _, v := range open {
			worst = max(worst, severityRank[v.Severity])
		}
		if worst >= severityRank[run.FailOn] && worst > 0 {
			return verdict{conclusion: "failure", state: "failure", gate: "failed",
				title:       fmt.Sprintf("Findings at or above %s (fail_on): %s", run.FailOn, c),
				description: fmt.Sprintf("Failed: findings at or above %s; %s", run.FailOn, c)}
		}
		return verdict{conclusion: "success", state: "success", gate: "passed",
			title: fmt.Sprintf("No findings at or above %s (fail_on): %s", run.FailOn, c), description: "Passed fail_on " + run.FailOn + ": " + c}
	}
	return verdict{conclusion: "neutral", state: "success", gate: "none", title: "Scanned: " + c,
		description: "No quality gate configured: " + c}
}

// rendering writes a run's summary, annotations and comment.
type rendering struct {
	web  string
	run  *db.GitHubRun
	rep  *core.ScanReport
	v    verdict
	cmp  *comparison
	link string
}

// lineURL links a finding to its lines at the scanned commit.
func (r *rendering) lineURL(v db.Vulnerability) string {
	p := (&url.URL{Path: v.File}).EscapedPath()
	u := fmt.Sprintf("%s/%s/blob/%s/%s#L%d", r.web, r.run.FullName, r.run.HeadSHA, p, max(v.Line, 1))
	if v.EndLine > v.Line {
		u += fmt.Sprintf("-L%d", v.EndLine)
	}
	return u
}

func (r *rendering) item(v db.Vulnerability) string {
	return fmt.Sprintf("- **%s** [%s](%s) `%s:%d` (%s)", titleCase(v.Severity), mdEscape(v.Title), r.lineURL(v),
		mdEscape(v.File), max(v.Line, 1), mdEscape(v.DetectorID))
}

func (r *rendering) gateLine() string {
	switch r.v.gate {
	case "passed":
		return "**Quality gate: passed**"
	case "failed":
		s := "**Quality gate: failed**"
		for _, vi := range r.v.violations {
			s += "\n- " + mdEscape(vi.Message)
		}
		return s
	}
	return "No quality gate applies (configure one with `PUT /api/v1/quality-gates/projects/{id}`, or set `fail_on` in `.bulwark.yml`)."
}

// summary is the check run's summary (markdown, at most maxBody).
func (r *rendering) summary() string {
	var b strings.Builder
	open := openFindings(r.rep.Findings)
	c := counts(open)
	fmt.Fprintf(&b, "### bulwark scanned %s\n\n", shortSHA(r.run.HeadSHA))
	b.WriteString("| Critical | High | Medium | Low |\n|---:|---:|---:|---:|\n")
	fmt.Fprintf(&b, "| %d | %d | %d | %d |\n\n", c["critical"], c["high"], c["medium"], c["low"])
	b.WriteString(r.gateLine() + "\n\n")
	if r.rep.Scan.EconomicRiskScore > 0 {
		fmt.Fprintf(&b, "Economic risk score: **%d**/100\n\n", r.rep.Scan.EconomicRiskScore)
	}
	if r.cmp != nil {
		b.WriteString(r.compareLine() + "\n\n")
	}
	if n := len(r.rep.Findings) - len(open); n > 0 {
		fmt.Fprintf(&b, "%d finding(s) not counted: suppressed in the source or triaged as false positive or fixed.\n\n", n)
	}
	if len(r.rep.Scan.FileErrors) > 0 {
		fmt.Fprintf(&b, "%d file(s) could not be fully parsed; their findings may be incomplete.\n\n", len(r.rep.Scan.FileErrors))
	}
	if len(open) > 0 {
		b.WriteString("#### Worst findings\n\n")
	}
	tail := r.footer()
	return fit(&b, open, r.item, tail, r.link)
}

func (r *rendering) footer() string {
	var b strings.Builder
	if len(r.run.Notes) > 0 {
		b.WriteString("\n" + notesMarkdown(r.run.Notes))
	}
	if r.link != "" {
		fmt.Fprintf(&b, "\n[Full report](%s)\n", r.link)
	}
	return b.String()
}

func (r *rendering) compareLine() string {
	c := r.cmp
	if c.Missing {
		return fmt.Sprintf("The base branch `%s` has not been scanned yet, so every finding is listed as new.", mdEscape(c.BaseRef))
	}
	if len(c.New) == 0 && len(c.Fixed) == 0 {
		return fmt.Sprintf("No new findings and none fixed against `%s` (%s).", mdEscape(c.BaseRef), shortSHA(c.BaseSHA))
	}
	return fmt.Sprintf("**%d new**, **%d fixed** and %d unchanged against `%s` (%s).", len(c.New), len(c.Fixed), c.Unchanged,
		mdEscape(c.BaseRef), shortSHA(c.BaseSHA))
}

// comment is the pull request's sticky comment.
func (r *rendering) comment() string {
	var b strings.Builder
	b.WriteString(CommentMarker + "\n")
	verdictWord := map[string]string{"passed": "quality gate passed", "failed": "quality gate failed", "none": "no quality gate"}[r.v.gate]
	if r.rep.Scan.Status != core.ScanCompleted {
		verdictWord = "scan " + r.rep.Scan.Status
	}
	c := r.cmp
	if c != nil && !c.Missing && len(c.New) == 0 && len(c.Fixed) == 0 && r.rep.Scan.Status == core.ScanCompleted {
		fmt.Fprintf(&b, "**bulwark** (%s): %s. No new findings and none fixed against `%s`.", shortSHA(r.run.HeadSHA),
			verdictWord, mdEscape(c.BaseRef))
		if r.link != "" {
			fmt.Fprintf(&b, " [Report](%s)", r.link)
		}
		return b.String() + "\n"
	}
	fmt.Fprintf(&b, "### bulwark: %s (%s)\n\n", verdictWord, shortSHA(r.run.HeadSHA))
	if c != nil {
		b.WriteString(r.compareLine() + "\n\n")
	}
	b.WriteString(r.gateLine() + "\n\n")
	var items []db.Vulnerability
	if c != nil && len(c.New) > 0 {
		b.WriteString("#### New findings\n\n")
		items = c.New
	}
	var fixed strings.Builder
	if c != nil && len(c.Fixed) > 0 {
		fixed.WriteString("\n#### Fixed by this pull request\n\n")
		for i, v := range c.Fixed {
			if i == listed {
				fmt.Fprintf(&fixed, "- and %d more\n", len(c.Fixed)-listed)
				break
			}
			fmt.Fprintf(&fixed, "- ~~%s~~ `%s` (%s)\n", mdEscape(v.Title), mdEscape(v.File), mdEscape(v.DetectorID))
		}
	}
	tail := fixed.String()
	if r.link != "" {
		tail += fmt.Sprintf("\n[Full report](%s)\n", r.link)
	}
	return fit(&b, items, r.item, tail, r.link)
}

// fit appends up to listed items and the tail to b, keeping the whole
// within maxBody; what does not fit is counted in a note.
func fit(b *strings.Builder, items []db.Vulnerability, item func(db.Vulnerability) string, tail, link string) string {
	head := b.String()
	var lines []string
	for i, v := range items {
		if i == listed {
			break
		}
		lines = append(lines, item(v))
	}
	for {
		body := head + strings.Join(lines, "\n")
		if len(lines) > 0 {
			body += "\n"
		}
		if left := len(items) - len(lines); left > 0 {
			more := fmt.Sprintf("\n_…and %d more finding(s)", left)
			if link != "" {
				more += " in the [full report](" + link + ")"
			}
			body += more + "._\n"
		}
		body += tail
		if len(body) <= maxBody {
			return body
		}
		if len(lines) == 0 {
			return truncate(body, maxBody-40) + "\n\n_(truncated to GitHub's limit)_"
		}
		lines = lines[:len(lines)/2]
	}
}

// annotations are the open findings as check run annotations, worst
// first, at most maxAnnotations.
func (r *rendering) annotations() []*github.CheckRunAnnotation {
	open := openFindings(r.rep.Findings)
	out := make([]*github.CheckRunAnnotation, 0, min(len(open), maxAnnotations))
	for _, v := range open {
		if len(out) == maxAnnotations {
			break
		}
		level := "notice"
		switch v.Severity {
		case "critical", "high":
			level = "failure"
		case "medium":
			level = "warning"
		}
		start := max(v.Line, 1)
		end := max(v.EndLine, start)
		msg := v.Description
		if v.Recommendation != "" {
			msg += "\n\nRecommendation: " + v.Recommendation
		}
		if strings.TrimSpace(msg) == "" {
			msg = v.Title
		}
		out = append(out, &github.CheckRunAnnotation{Path: github.String(v.File), StartLine: github.Int(start),
			EndLine: github.Int(end), AnnotationLevel: github.String(level),
			Title:   github.String(truncate(fmt.Sprintf("[%s] %s", v.Severity, v.Title), maxAnnotationTitle)),
			Message: github.String(truncate(msg, maxAnnotationMessage)), RawDetails: github.String(truncate(v.Snippet, 4000))})
	}
	return out
}

func notesMarkdown(notes []string) string {
	if len(notes) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<details><summary>What was scanned</summary>\n\n")
	for _, n := range notes {
		b.WriteString("- " + mdEscape(n) + "\n")
	}
	b.WriteString("\n</details>\n")
	return b.String()
}

// truncate cuts s to at most n bytes on a rune boundary, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// mdEscape keeps text from a repository (titles, paths) from turning
// into markup or mentions in GitHub's markdown.
func mdEscape(s string) string {
	return strings.NewReplacer("\\", "\\\\", "`", "\\`", "*", "\\*", "_", "\\_", "[", "\\[", "]", "\\]",
		"<", "&lt;", ">", "&gt;", "@", "@\u200b", "\n", " ", "\r", " ", "|", "\\|").Replace(s)
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
