package server

import (
	"fmt"
	"html/template"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// GET /r/{token}: a scan's report as an HTML page, opened by a signed,
// expiring, scan-bound link (core.ReportLinks) rather than an API key, so
// a check run, a commit status or a CI log can link to it. Server-side
// templates, no JavaScript; a forged, edited or expired token is 404.

var reportPage = template.Must(template.New("report").Funcs(template.FuncMap{
	"title": func(s string) string {
		if s == "" {
			return s
		}
		return strings.ToUpper(s[:1]) + s[1:]
	},
}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex">
<title>bulwark report · {{.Name}}</title>
<style>
:root{--fg:#1f2328;--bg:#fff;--muted:#59636e;--line:#d1d9e0;--code:#f6f8fa;--crit:#a40e26;--high:#d1242f;--med:#9a6700;--low:#0969da;--ok:#1a7f37}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--line:#3d444d;--code:#161b22;--crit:#ff7b72;--high:#f85149;--med:#d29922;--low:#4493f8;--ok:#3fb950}}
body{font:15px/1.5 system-ui,-apple-system,sans-serif;color:var(--fg);background:var(--bg);max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.15rem;margin-top:1.6rem;border-bottom:1px solid var(--line)}
.muted{color:var(--muted)}table{border-collapse:collapse}td,th{padding:.2rem .8rem;border:1px solid var(--line);text-align:right}
.verdict{font-weight:600;padding:.4rem .6rem;border-radius:.4rem;display:inline-block;border:1px solid var(--line)}
.passed{color:var(--ok)}.failed{color:var(--high)}
.finding{border:1px solid var(--line);border-radius:.4rem;padding:.6rem .8rem;margin:.6rem 0}
.sev{font-weight:700;text-transform:uppercase;font-size:.8rem}.critical{color:var(--crit)}.high{color:var(--high)}.medium{color:var(--med)}.low,.info{color:var(--low)}
pre{background:var(--code);padding:.5rem;overflow-x:auto;font-size:.85rem;border-radius:.3rem;white-space:pre-wrap;word-break:break-word}
a{color:var(--low)}
</style></head><body>
<p class="muted">bulwark scan report</p>
<h1>{{.Name}}</h1>
<p class="muted">Scan {{.Scan.ID}} · {{.Scan.Status}} · preset {{.Scan.Preset}} · {{.Scan.CreatedAt.UTC.Format "2006-01-02 15:04 UTC"}}{{if .Commit}} · commit {{.Commit}}{{end}}{{if .Branch}} · branch {{.Branch}}{{end}}</p>
{{if .Gate}}<p class="verdict {{.GateClass}}" id="verdict">{{.Gate}}</p>{{range .Violations}}<p>· {{.Message}}</p>{{end}}{{else}}<p class="verdict" id="verdict">No quality gate was evaluated for this scan.</p>{{end}}
{{if .Failed}}<p class="failed">The scan did not complete: {{.Scan.ErrorMessage}}</p>{{end}}
<table aria-label="Open findings by severity"><tr><th>Critical</th><th>High</th><th>Medium</th><th>Low</th></tr>
<tr><td>{{.Counts.critical}}</td><td>{{.Counts.high}}</td><td>{{.Counts.medium}}</td><td>{{.Counts.low}}</td></tr></table>
{{if .Economic}}<p>Economic risk score: {{.Economic}}</p>{{end}}
{{range .Groups}}<h2 class="{{.Severity}}">{{title .Severity}} ({{len .Findings}})</h2>
{{range .Findings}}<div class="finding"><span class="sev {{.Severity}}">{{.Severity}}</span> <strong>{{.Title}}</strong>
<div class="muted">{{if .Link}}<a href="{{.Link}}">{{.File}}:{{.Line}}</a>{{else}}{{.File}}:{{.Line}}{{end}} · {{.DetectorID}} · confidence {{printf "%.2f" .Confidence}}{{if .Status}} · {{.Status}}{{end}}</div>
{{if .Snippet}}<pre>{{.Snippet}}</pre>{{end}}{{if .Description}}<p>{{.Description}}</p>{{end}}{{if .Recommendation}}<p><em>Recommendation:</em> {{.Recommendation}}</p>{{end}}</div>
{{end}}{{end}}
{{if not .Groups}}{{if not .Failed}}<h2>No findings</h2><p>The scan found nothing to report.</p>{{end}}{{end}}
</body></html>`))

type reportFinding struct {
	db.Vulnerability
	Link   string
	Status string
}

type reportGroup struct {
	Severity string
	Findings []reportFinding
}

func (s *Server) handleReportPage(c *fiber.Ctx) error {
	c.Set("Referrer-Policy", "no-referrer")
	c.Set("X-Robots-Tag", "noindex")
	c.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	c.Set("Cache-Control", "private, no-store")
	ctx := c.UserContext()
	id, err := s.svc.Reports.Verify(c.Params("token"), s.svc.Now())
	if err != nil {
		return reportNotFound(c)
	}
	org, err := s.svc.ScanOrganization(ctx, id)
	if core.IsCode(err, core.CodeNotFound) {
		return reportNotFound(c)
	}
	if err != nil {
		return err
	}
	rep, err := s.svc.ScanReportOf(ctx, org, id)
	if core.IsCode(err, core.CodeNotFound) {
		return reportNotFound(c)
	}
	if err != nil {
		return err
	}
	data := map[string]any{"Scan": rep.Scan, "Name": rep.Contract,
		"Counts": map[string]int{"critical": 0, "high": 0, "medium": 0, "low": 0},
		"Failed": rep.Scan.Status == core.ScanFailed || rep.Scan.Status == core.ScanCancelled}
	if rep.Project != nil {
		data["Name"] = rep.Project.Name + " · " + rep.Contract
	}
	if rep.Scan.EconomicRiskScore > 0 {
		data["Economic"] = rep.Scan.EconomicRiskScore
	}
	var lineBase string
	if ev := rep.Evaluation; ev != nil {
		switch ev.Status {
		case core.GatePassing:
			data["Gate"], data["GateClass"] = "Quality gate passed", "passed"
		case core.GateFailing:
			data["Gate"], data["GateClass"] = "Quality gate failed", "failed"
		default:
			data["Gate"] = "Quality gate " + ev.Status
		}
		data["Violations"] = ev.Violations
		commit, _ := ev.CIContext["commit"].(string)
		branch, _ := ev.CIContext["branch"].(string)
		data["Commit"], data["Branch"] = commit, branch
		lineBase = repoLineBase(ev.CIContext)
	}
	counts := data["Counts"].(map[string]int)
	groups := map[string]*reportGroup{}
	var order []*reportGroup
	for _, v := range rep.Findings {
		f := reportFinding{Vulnerability: v}
		if v.Suppressed {
			f.Status = "suppressed in source"
		} else if v.Status != core.VulnOpen {
			f.Status = strings.ReplaceAll(v.Status, "_", " ")
		}
		if core.Counted(&v) {
			counts[v.Severity]++
		}
		if lineBase != "" {
			f.Link = fmt.Sprintf("%s/%s#L%d", lineBase, (&url.URL{Path: v.File}).EscapedPath(), max(v.Line, 1))
		}
		g := groups[v.Severity]
		if g == nil {
			g = &reportGroup{Severity: v.Severity}
			groups[v.Severity] = g
			order = append(order, g)
		}
		g.Findings = append(g.Findings, f)
	}
	data["Groups"] = order
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return reportPage.Execute(c.Response().BodyWriter(), data)
}

// repoLineBase is the URL of the scanned tree on GitHub
// (https://github.com/o/r/blob/sha) when ci_context names a GitHub
// repository and commit; its host comes from build_url, so GitHub
// Enterprise Server links go to the right place.
func repoLineBase(ci map[string]any) string {
	repo, _ := ci["repository"].(string)
	commit, _ := ci["commit"].(string)
	provider, _ := ci["provider"].(string)
	if repo == "" || commit == "" || !strings.HasPrefix(provider, "github") || strings.Count(repo, "/") != 1 {
		return ""
	}
	root := "https://github.com"
	if b, _ := ci["build_url"].(string); b != "" {
		if u, err := url.Parse(b); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" {
			root = u.Scheme + "://" + u.Host
		}
	}
	return root + "/" + repo + "/blob/" + url.PathEscape(commit)
}

func reportNotFound(c *fiber.Ctx) error {
	c.Status(fiber.StatusNotFound)
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return c.SendString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>Report not found</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>Report not found</h1><p>This report link is invalid or has expired. Ask for a new link from the check run, the CI log or the API.</p></body></html>`)
}
