// Package sarif renders a scan report as SARIF 2.1.0, the format code
// hosts (GitHub code scanning) ingest: rule metadata with
// security-severity, results with stable fingerprints, in-source
// suppressions and parse errors as tool notifications.
package sarif

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// Version and schema of the documents Write produces.
const (
	Version = "2.1.0"
	Schema  = "https://json.schemastore.org/sarif-2.1.0.json"
)

// Log is the top-level SARIF document.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// Run is one tool run.
type Run struct {
	Tool        Tool         `json:"tool"`
	Results     []Result     `json:"results"`
	Invocations []Invocation `json:"invocations"`
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
	PartialFingerprints map[string]string `json:"partialFingerprints"`
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
	URI string `json:"uri"`
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

// Build converts a report. rules is every rule the engine knows; all of them
// are listed so code hosts can show metadata for any id.
func Build(rep *scanner.Report, rules []scanner.Rule, toolVersion string) *Log {
	sorted := append([]scanner.Rule(nil), rules...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	index := map[string]int{}
	drv := Driver{Name: "bulwark", InformationURI: "https://github.com/bulwark-sec/bulwark", Version: toolVersion, Rules: []Rule{}}
	for i, r := range sorted {
		index[r.ID] = i
		tags := []string{"security", r.Category}
		if r.CWE != "" {
			tags = append(tags, "external/cwe/"+strings.ToLower(r.CWE))
		}
		props := map[string]any{
			"tags":              tags,
			"security-severity": SecuritySeverity(r.Severity),
			"precision":         precision(r.Confidence),
			"problem.severity":  Level(r.Severity),
		}
		if r.SWC != "" {
			props["swc"] = r.SWC
		}
		drv.Rules = append(drv.Rules, Rule{
			ID:                   r.ID,
			Name:                 name(r.ID),
			ShortDescription:     Message{r.Title},
			FullDescription:      Message{r.Description},
			Help:                 Message{r.Recommendation},
			DefaultConfiguration: Configuration{Level(r.Severity)},
			Properties:           props,
		})
	}
	run := Run{Tool: Tool{Driver: drv}, Results: []Result{}}
	for _, f := range rep.Findings {
		res := Result{
			RuleID:    f.DetectorID,
			RuleIndex: index[f.DetectorID],
			Level:     Level(f.Severity),
			Message:   Message{fmt.Sprintf("%s. %s", f.Title, f.Description)},
			Locations: []Location{{PhysicalLocation: PhysicalLocation{
				ArtifactLocation: ArtifactLocation{URI: f.File},
				Region:           &Region{StartLine: max(1, f.Line), EndLine: max(1, f.Line, f.EndLine), Snippet: &Message{f.Snippet}},
			}}},
			PartialFingerprints: map[string]string{"bulwark/v1": f.Fingerprint},
			Properties: map[string]any{
				"severity":          string(f.Severity),
				"confidence":        f.Confidence,
				"category":          f.Category,
				"scanner":           f.Scanner,
				"security-severity": SecuritySeverity(f.Severity),
			},
		}
		if f.Suppressed {
			res.Suppressions = []Suppression{{Kind: "inSource", Justification: f.SuppressionReason}}
		}
		run.Results = append(run.Results, res)
	}
	inv := Invocation{ExecutionSuccessful: true}
	for _, e := range rep.Errors {
		n := Notification{Level: "error", Message: Message{e.Message}}
		loc := PhysicalLocation{ArtifactLocation: ArtifactLocation{URI: e.File}}
		if e.Line > 0 {
			loc.Region = &Region{StartLine: e.Line}
		}
		n.Locations = []Location{{PhysicalLocation: loc}}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	run.Invocations = []Invocation{inv}
	return &Log{Schema: Schema, Version: Version, Runs: []Run{run}}
}

// Write renders the report as indented SARIF JSON.
func Write(w io.Writer, rep *scanner.Report, rules []scanner.Rule, toolVersion string) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(Build(rep, rules, toolVersion))
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
