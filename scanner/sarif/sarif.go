// Package sarif renders a scan report as SARIF 2.1.0, the format code
// hosts (GitHub code scanning) ingest: rule metadata with
// security-severity and a link to the rule's documentation, results with
// stable fingerprints, in-source suppressions and parse errors as tool
// notifications. It is bulwark's only SARIF writer: `bulwark scan`,
// `bulwark ci`, the GitHub Action and the API all write through it.
package sarif

import (
	"cmp"
	"encoding/json"
	"io"
	"net/url"
	"sort"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// Version and schema of the documents Write produces.
const (
	Version = "2.1.0"
	Schema  = "https://json.schemastore.org/sarif-2.1.0.json"
)

// FingerprintKey names the finding's fingerprint in partialFingerprints.
// Code hosts match results across runs by it: it never changes.
const FingerprintKey = "bulwarkFingerprint/v1"

// SourceRoot is the uriBaseId of every artifact: URIs are relative to the
// repository root.
const SourceRoot = "%SRCROOT%"

// DocsURL is where rules are documented; a rule's helpUri is its section.
const DocsURL = "https://github.com/bulwark-sec/bulwark/blob/main/docs/DETECTORS.md"

// Options describe the run beyond its findings.
type Options struct {
	// ToolVersion is bulwark's version, stamped at build time.
	ToolVersion string
	// Rules is every rule the engine knows, listed so code hosts show
	// metadata for any id. A finding of a rule not listed gets a rule
	// built from the finding.
	Rules []scanner.Rule
	// Properties, when set, adds properties to the result of finding i
	// (the service's status, risk score, ids).
	Properties func(i int) map[string]any
	// RunProperties are the run's own properties.
	RunProperties map[string]any
	// Incomplete marks a run that did not finish (a failed scan).
	Incomplete bool
	// RepositoryURI, Revision and Branch give versionControlProvenance
	// when the repository is known.
	RepositoryURI, Revision, Branch string
	// RepositoryRoot is where the repository's root is, relative to
	// %SRCROOT% ("../" when the scan's root is one folder below it); empty
	// when they are the same folder.
	RepositoryRoot string
}

// Log is the top-level SARIF document.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one tool run.
type Run struct {
	Tool                     Tool                    `json:"tool"`
	Results                  []Result                `json:"results"`
	Invocations              []Invocation            `json:"invocations"`
	VersionControlProvenance []VersionControlDetails `json:"versionControlProvenance,omitempty"`
	Properties               map[string]any          `json:"properties,omitempty"`
}

// VersionControlDetails names the revision scanned.
type VersionControlDetails struct {
	RepositoryURI string `json:"repositoryUri"`
	RevisionID    string `json:"revisionId,omitempty"`
	Branch        string `json:"branch,omitempty"`
	// MappedTo says where the repository's root is, so viewers can turn
	// result paths into repository paths.
	MappedTo *MappedTo `json:"mappedTo,omitempty"`
}

// MappedTo is versionControlDetails.mappedTo: a folder relative to a base.
type MappedTo struct {
	URI       string `json:"uri,omitempty"`
	URIBaseID string `json:"uriBaseId"`
}

// Tool describes bulwark.
type Tool struct {
	Driver Driver `json:"driver"`
}

// Driver is the tool component with its rules.
type Driver struct {
	Name           string `json:"name"`
	InformationURI string `json:"informationUri"`
	Version        string `json:"version"`
	Rules          []Rule `json:"rules"`
}

// Rule is a reportingDescriptor.
type Rule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name"`
	ShortDescription     Message        `json:"shortDescription"`
	FullDescription      Message        `json:"fullDescription"`
	Help                 Message        `json:"help"`
	HelpURI              string         `json:"helpUri,omitempty"`
	DefaultConfiguration Configuration  `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties"`
}

// Configuration is a reportingConfiguration.
type Configuration struct {
	Level string `json:"level"`
}

// Message is a SARIF message.
type Message struct {
	Text string `json:"text"`
}

// Result is one finding.
type Result struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             Message           `json:"message"`
	Locations           []Location        `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Suppressions        []Suppression     `json:"suppressions,omitempty"`
	Properties          map[string]any    `json:"properties"`
}

// Location points into a file.
type Location struct {
	PhysicalLocation PhysicalLocation `json:"physicalLocation"`
}

// PhysicalLocation is a file and region.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// ArtifactLocation names a file.
type ArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// Region is a line range with its snippet.
type Region struct {
	StartLine int      `json:"startLine"`
	EndLine   int      `json:"endLine,omitempty"`
	Snippet   *Message `json:"snippet,omitempty"`
}

// Suppression records an in-source suppression.
type Suppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification,omitempty"`
}

// Invocation reports how the run went, with parse errors as notifications.
type Invocation struct {
	ExecutionSuccessful        bool           `json:"executionSuccessful"`
	ToolExecutionNotifications []Notification `json:"toolExecutionNotifications,omitempty"`
}

// Notification is a tool message about a file.
type Notification struct {
	Level     string     `json:"level"`
	Message   Message    `json:"message"`
	Locations []Location `json:"locations,omitempty"`
}

// Level maps a severity to a SARIF level.
func Level(s scanner.Severity) string {
	switch s {
	case scanner.Critical, scanner.High:
		return "error"
	case scanner.Medium:
		return "warning"
	}
	return "note"
}

// ProblemSeverity maps a severity to GitHub's problem.severity
// vocabulary: error, warning, recommendation.
func ProblemSeverity(s scanner.Severity) string {
	switch s {
	case scanner.Critical, scanner.High:
		return "error"
	case scanner.Medium:
		return "warning"
	}
	return "recommendation"
}

// SecuritySeverity maps a severity to GitHub's 0–10 security-severity.
func SecuritySeverity(s scanner.Severity) string {
	switch s {
	case scanner.Critical:
		return "9.5"
	case scanner.High:
		return "8.0"
	case scanner.Medium:
		return "5.5"
	}
	return "3.0"
}

// Build converts a report.
func Build(rep *scanner.Report, o Options) *Log {
	sorted := append([]scanner.Rule(nil), o.Rules...)
	index := map[string]int{}
	known := map[string]bool{}
	for _, r := range sorted {
		known[r.ID] = true
	}
	// A finding of a rule the engine does not list (another scanner of the
	// service) still needs one for its ruleIndex.
	for _, f := range rep.Findings {
		if !known[f.DetectorID] {
			known[f.DetectorID] = true
			sorted = append(sorted, scanner.Rule{ID: f.DetectorID, Title: f.Title, Severity: f.Severity,
				Confidence: f.Confidence, Category: f.Category, CWE: f.CWE, SWC: f.SWC,
				Description: f.Description, Recommendation: f.Recommendation})
		}
	}
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	drv := Driver{Name: "bulwark", InformationURI: "https://github.com/bulwark-sec/bulwark", Version: driverVersion(o.ToolVersion), Rules: []Rule{}}
	for i, r := range sorted {
		index[r.ID] = i
		tags := []string{"security"}
		if r.Category != "" {
			tags = append(tags, r.Category)
		}
		if r.CWE != "" {
			tags = append(tags, "external/cwe/"+strings.ToLower(r.CWE))
		}
		props := map[string]any{
			"tags":              tags,
			"security-severity": SecuritySeverity(r.Severity),
			"precision":         precision(r.Confidence),
			"problem.severity":  ProblemSeverity(r.Severity),
		}
		if r.SWC != "" {
			props["swc"] = r.SWC
		}
		rule := Rule{
			ID:                   r.ID,
			Name:                 name(r.ID),
			ShortDescription:     Message{first(r.Title, r.ID)},
			FullDescription:      Message{first(r.Description, r.Title, r.ID)},
			Help:                 Message{first(r.Recommendation, r.Description, r.Title, r.ID)},
			DefaultConfiguration: Configuration{Level(r.Severity)},
			Properties:           props,
		}
		if isDocumented(o.Rules, r.ID) {
			rule.HelpURI = DocsURL + "#" + strings.ToLower(r.ID)
		}
		drv.Rules = append(drv.Rules, rule)
	}
	order := make([]int, len(rep.Findings))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		fa, fb := rep.Findings[order[a]], rep.Findings[order[b]]
		if fa.File != fb.File {
			return fa.File < fb.File
		}
		return fa.Line < fb.Line
	})
	run := Run{Tool: Tool{Driver: drv}, Results: []Result{}, Properties: o.RunProperties}
	for _, i := range order {
		f := rep.Findings[i]
		msg := first(f.Title, f.DetectorID)
		if f.Description != "" {
			msg += ". " + f.Description
		}
		var region *Region // none for a finding about the whole file
		if f.Line >= 1 {
			region = &Region{StartLine: f.Line, EndLine: max(f.Line, f.EndLine)}
			if f.Snippet != "" {
				region.Snippet = &Message{f.Snippet}
			}
		}
		res := Result{
			RuleID:    f.DetectorID,
			RuleIndex: index[f.DetectorID],
			Level:     Level(f.Severity),
			Message:   Message{msg},
			Locations: []Location{{PhysicalLocation: PhysicalLocation{
				ArtifactLocation: artifact(f.File),
				Region:           region,
			}}},
			Properties: map[string]any{
				"severity":          string(f.Severity),
				"confidence":        f.Confidence,
				"category":          f.Category,
				"scanner":           f.Scanner,
				"security-severity": SecuritySeverity(f.Severity),
			},
		}
		if f.Fingerprint != "" {
			res.PartialFingerprints = map[string]string{FingerprintKey: f.Fingerprint}
		}
		if o.Properties != nil {
			for k, v := range o.Properties(i) {
				res.Properties[k] = v
			}
		}
		if f.Suppressed {
			res.Suppressions = []Suppression{{Kind: "inSource", Justification: f.SuppressionReason}}
		}
		run.Results = append(run.Results, res)
	}
	inv := Invocation{ExecutionSuccessful: !o.Incomplete}
	for _, e := range rep.Errors {
		// A parse error is a diagnostic: the file was analysed around it.
		n := Notification{Level: "warning", Message: Message{first(e.Message, "the file could not be fully read")}}
		if e.File != "" {
			loc := PhysicalLocation{ArtifactLocation: artifact(e.File)}
			if e.Line > 0 {
				loc.Region = &Region{StartLine: e.Line}
			}
			n.Locations = []Location{{PhysicalLocation: loc}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	run.Invocations = []Invocation{inv}
	if o.RepositoryURI != "" {
		run.VersionControlProvenance = []VersionControlDetails{{RepositoryURI: o.RepositoryURI, RevisionID: o.Revision, Branch: o.Branch,
			MappedTo: &MappedTo{URI: o.RepositoryRoot, URIBaseID: "%SRCROOT%"}}}
	}
	return &Log{Schema: Schema, Version: Version, Runs: []Run{run}}
}

// isDocumented reports whether id is one of the engine's rules, which
// docs/DETECTORS.md lists.
func isDocumented(rules []scanner.Rule, id string) bool {
	for _, r := range rules {
		if r.ID == id {
			return true
		}
	}
	return false
}

// artifact names a file by its repository-relative path as a URI
// reference (spaces and the like escaped).
func artifact(file string) ArtifactLocation {
	u := url.URL{Path: strings.TrimPrefix(strings.ReplaceAll(file, "\\", "/"), "/")}
	return ArtifactLocation{URI: u.EscapedPath(), URIBaseID: SourceRoot}
}

func first(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// Write renders the report as indented SARIF JSON.
func Write(w io.Writer, rep *scanner.Report, o Options) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(Build(rep, o))
}

func precision(c float64) string {
	switch {
	case c >= 0.85:
		return "very-high"
	case c >= 0.7:
		return "high"
	case c >= 0.5:
		return "medium"
	}
	return "low"
}

// name turns SOL-TX-ORIGIN into SolTxOrigin, the PascalCase SARIF expects.
func name(id string) string {
	var b strings.Builder
	for _, part := range strings.Split(id, "-") {
		if part == "" {
			continue
		}
		b.WriteString(part[:1])
		b.WriteString(strings.ToLower(part[1:]))
	}
	return b.String()
}

// driverVersion is the build's version as SARIF wants it, starting with a
// number so viewers can compare versions (SARIF2005): a tag's "v" is
// dropped ("v1.4.0" is "1.4.0"), and a build without a release number
// ("dev", a bare commit from git describe --always) is "0.0.0-dev".
func driverVersion(v string) string {
	v = strings.TrimPrefix(v, "v")
	if v == "" || v[0] < '0' || v[0] > '9' {
		return "0.0.0-" + cmp.Or(v, "dev")
	}
	return v
}
