package ci

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/action/client"
)

// GitLabSASTVersion is the GitLab security report schema the SAST report
// declares. GitLab validates a report against the version it names and
// ingests only versions it supports; 15.0.x is accepted by every GitLab
// release since 15.4, the first to know schema 15.
const GitLabSASTVersion = "15.0.6"

// gitlabTime is the schema's yyyy-mm-ddThh:mm:ss (UTC, no zone).
const gitlabTime = "2006-01-02T15:04:05"

type glReport struct {
	Schema          string   `json:"schema"`
	Version         string   `json:"version"`
	Scan            glScan   `json:"scan"`
	Vulnerabilities []glVuln `json:"vulnerabilities"`
}

type glScan struct {
	Analyzer  glTool      `json:"analyzer"`
	Scanner   glTool      `json:"scanner"`
	Type      string      `json:"type"`
	StartTime string      `json:"start_time"`
	EndTime   string      `json:"end_time"`
	Status    string      `json:"status"`
	Messages  []glMessage `json:"messages,omitempty"`
}

type glTool struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	URL     string   `json:"url,omitempty"`
	Version string   `json:"version"`
	Vendor  glVendor `json:"vendor"`
}

type glVendor struct {
	Name string `json:"name"`
}

type glMessage struct {
	Level string `json:"level"`
	Value string `json:"value"`
}

type glVuln struct {
	ID          string         `json:"id"`
	Category    string         `json:"category"`
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Severity    string         `json:"severity"`
	Solution    string         `json:"solution,omitempty"`
	Location    glLocation     `json:"location"`
	Identifiers []glIdentifier `json:"identifiers"`
	RawSource   string         `json:"raw_source_code_extract,omitempty"`
}

type glLocation struct {
	File      string `json:"file"`
	StartLine int    `json:"start_line,omitempty"`
	EndLine   int    `json:"end_line,omitempty"`
}

type glIdentifier struct {
	Type  string `json:"type"`
	Name  string `json:"name"`
	Value string `json:"value"`
	URL   string `json:"url,omitempty"`
}

// glSeverity maps bulwark's severities onto the schema's enum.
func glSeverity(sev string) string {
	switch sev {
	case "critical":
		return "Critical"
	case "high":
		return "High"
	case "medium":
		return "Medium"
	case "low":
		return "Low"
	case "info":
		return "Info"
	}
	return "Unknown"
}

// WriteGitLabSAST writes the counted findings (open and acknowledged) as a
// GitLab SAST report (security report schema 15), which GitLab shows in the
// merge request's security widget and the pipeline's Security tab when a
// job declares it as artifacts:reports:sast. Files the scanners could not
// fully read become scan messages.
func WriteGitLabSAST(w io.Writer, res *client.ScanResults, toolVersion string) error {
	tool := glTool{ID: "bulwark", Name: "bulwark", URL: "https://github.com/bulwark-sec/bulwark",
		Version: first(toolVersion, client.Version), Vendor: glVendor{Name: "bulwark"}}
	rep := glReport{
		Schema: "https://gitlab.com/gitlab-org/security-products/security-report-schemas/-/raw/v" +
			GitLabSASTVersion + "/dist/sast-report-format.json",
		Version:         GitLabSASTVersion,
		Scan:            glScan{Analyzer: tool, Scanner: tool, Type: "sast", Status: "success"},
		Vulnerabilities: []glVuln{},
	}
	var start, end time.Time
	if res != nil {
		start, end = scanTimes(res.Scan)
		if res.Status != "" && res.Status != client.ScanCompleted {
			rep.Scan.Status = "failure"
		}
		for _, e := range res.Errors {
			rep.Scan.Messages = append(rep.Scan.Messages, glMessage{Level: "warn",
				Value: strings.TrimSpace(where(e.File, e.Line) + " " + e.Message)})
		}
	} else {
		start = time.Now()
		end = start
	}
	rep.Scan.StartTime, rep.Scan.EndTime = start.UTC().Format(gitlabTime), end.UTC().Format(gitlabTime)
	seen := map[string]bool{}
	for _, v := range Worst(res) {
		// Ids are unique in a report: a finding listed twice is one.
		gv := glVulnerability(v)
		if !seen[gv.ID] {
			seen[gv.ID] = true
			rep.Vulnerabilities = append(rep.Vulnerabilities, gv)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// scanTimes are when the scan started and ended, as near as the API says.
func scanTimes(s client.Scan) (start, end time.Time) {
	start, end = s.CreatedAt, s.CreatedAt
	if s.StartedAt != nil {
		start = *s.StartedAt
	}
	if s.CompletedAt != nil {
		end = *s.CompletedAt
	}
	if start.IsZero() {
		start = time.Now()
	}
	if end.Before(start) {
		end = start
	}
	return start, end
}

func glVulnerability(v client.Vulnerability) glVuln {
	rule := ruleID(v)
	gv := glVuln{
		ID:       vulnUUID(v),
		Category: "sast",
		Name:     truncRunes(first(v.Title, rule), 255),
		// GitLab shows the description as the finding's body; a finding
		// without one gets its title rather than an empty page.
		Description: truncRunes(first(strings.TrimSpace(v.Description), v.Title, rule), 1<<20),
		Severity:    glSeverity(v.Severity),
		Solution:    truncRunes(strings.TrimSpace(v.Recommendation), 7000),
		Location:    glLocation{File: repoPath(v.File)},
		Identifiers: []glIdentifier{{Type: "bulwark_rule_id", Name: "bulwark " + rule, Value: rule}},
		RawSource:   v.Snippet,
	}
	if v.Line >= 1 {
		gv.Location.StartLine = v.Line
		if v.EndLine >= v.Line {
			gv.Location.EndLine = v.EndLine
		}
	}
	if n := strings.TrimPrefix(strings.ToUpper(v.CWE), "CWE-"); n != "" {
		gv.Identifiers = append(gv.Identifiers, glIdentifier{Type: "cwe", Name: "CWE-" + n, Value: n,
			URL: "https://cwe.mitre.org/data/definitions/" + n + ".html"})
	}
	if v.SWC != "" {
		gv.Identifiers = append(gv.Identifiers, glIdentifier{Type: "swc", Name: v.SWC, Value: v.SWC,
			URL: "https://swcregistry.io/docs/" + v.SWC})
	}
	return gv
}

// vulnUUID is the finding's id when it is a UUID (the service's are),
// else a UUID derived from what identifies the finding.
func vulnUUID(v client.Vulnerability) string {
	if u, err := uuid.Parse(v.ID); err == nil {
		return u.String()
	}
	return uuid.NewSHA1(uuid.NameSpaceURL, []byte("bulwark:"+fingerprint(v))).String()
}

// fingerprint identifies one finding across runs: the service's
// fingerprint (which survives edits elsewhere in the file) with the rule
// and file, or the rule, file and line when the service gave none.
func fingerprint(v client.Vulnerability) string {
	key := ruleID(v) + "\x00" + v.File + "\x00"
	if v.Fingerprint != "" {
		key += v.Fingerprint
	} else {
		key += where("", v.Line) + "\x00" + v.Title
	}
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16])
}

// repoPath is a finding's path as GitLab wants it: relative to the
// repository, with forward slashes.
func repoPath(p string) string {
	return first(strings.TrimLeft(strings.ReplaceAll(p, "\\", "/"), "/"), ".")
}

func truncRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// Code Climate issue, the subset GitLab's Code Quality reads.
type ccIssue struct {
	Type        string     `json:"type"`
	CheckName   string     `json:"check_name"`
	Description string     `json:"description"`
	Content     *ccContent `json:"content,omitempty"`
	Categories  []string   `json:"categories"`
	Location    ccLocation `json:"location"`
	Severity    string     `json:"severity"`
	Fingerprint string     `json:"fingerprint"`
}

type ccContent struct {
	Body string `json:"body"`
}

type ccLocation struct {
	Path  string  `json:"path"`
	Lines ccLines `json:"lines"`
}

type ccLines struct {
	Begin int `json:"begin"`
	End   int `json:"end,omitempty"`
}

// ccSeverity maps bulwark's severities onto Code Climate's five levels.
func ccSeverity(sev string) string {
	switch sev {
	case "critical":
		return "blocker"
	case "high":
		return "critical"
	case "medium":
		return "major"
	case "low":
		return "minor"
	}
	return "info"
}

// WriteCodeQuality writes the counted findings as a GitLab Code Quality
// report (a Code Climate JSON array), which GitLab shows in the merge
// request widget and, on Ultimate, beside the changed lines. A finding
// without a line is placed on line 1: GitLab requires one.
func WriteCodeQuality(w io.Writer, res *client.ScanResults) error {
	issues := []ccIssue{}
	for _, v := range Worst(res) {
		rule := ruleID(v)
		is := ccIssue{Type: "issue", CheckName: rule, Categories: []string{"Security"},
			Description: strings.TrimSpace(first(v.Title, rule) + " (" + rule + ")"),
			Location:    ccLocation{Path: repoPath(v.File), Lines: ccLines{Begin: max(v.Line, 1)}},
			Severity:    ccSeverity(v.Severity), Fingerprint: fingerprint(v)}
		if v.EndLine > is.Location.Lines.Begin {
			is.Location.Lines.End = v.EndLine
		}
		if body := strings.TrimSpace(v.Description + "\n\n" + v.Recommendation); body != "" {
			is.Content = &ccContent{Body: body}
		}
		issues = append(issues, is)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(issues)
}
