package ci

import (
	"encoding/json"
	"io"
	"net/url"
	"sort"
	"strings"

	"github.com/bulwark-sec/bulwark/action/client"
)

// SARIF 2.1.0, the subset bulwark writes. GitHub code scanning reads
// ruleId, level, the location, partialFingerprints and the rule's
// security-severity property.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Results     []sarifResult     `json:"results"`
	Invocations []sarifInvocation `json:"invocations"`
	Properties  map[string]any    `json:"properties,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string         `json:"id"`
	Name                 string         `json:"name,omitempty"`
	ShortDescription     sarifText      `json:"shortDescription"`
	FullDescription      *sarifText     `json:"fullDescription,omitempty"`
	Help                 *sarifText     `json:"help,omitempty"`
	DefaultConfiguration map[string]any `json:"defaultConfiguration"`
	Properties           map[string]any `json:"properties"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Properties          map[string]any    `json:"properties"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine int        `json:"startLine"`
	EndLine   int        `json:"endLine,omitempty"`
	Snippet   *sarifText `json:"snippet,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

// securitySeverity is GitHub's numeric scale: critical > 9.0, high 7.0–8.9,
// medium 4.0–6.9, low 0.1–3.9.
var securitySeverity = map[string]string{"critical": "9.5", "high": "8.0", "medium": "5.5", "low": "3.0"}

func sarifLevel(sev string) string {
	switch sev {
	case "critical", "high":
		return "error"
	case "medium":
		return "warning"
	}
	return "note"
}

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

// fileURI turns a result path into a relative URI reference.
func fileURI(p string) string {
	u := url.URL{Path: strings.TrimPrefix(strings.ReplaceAll(p, "\\", "/"), "/")}
	return u.EscapedPath()
}

// WriteSARIF writes the scan's findings (every status; fixed and false
// positive ones are marked in properties) as a SARIF 2.1.0 log.
func WriteSARIF(w io.Writer, r *client.ScanResults) error {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{Name: "bulwark", Version: client.Version,
		InformationURI: "https://github.com/bulwark-sec/bulwark", Rules: []sarifRule{}}},
		Results: []sarifResult{}, Invocations: []sarifInvocation{{ExecutionSuccessful: true}}}
	if r != nil {
		index := map[string]int{}
		vs := append([]client.Vulnerability(nil), r.Vulnerabilities...)
		sort.SliceStable(vs, func(i, j int) bool {
			if vs[i].File != vs[j].File {
				return vs[i].File < vs[j].File
			}
			return vs[i].Line < vs[j].Line
		})
		for _, v := range vs {
			id := ruleID(v)
			i, ok := index[id]
			if !ok {
				i = len(run.Tool.Driver.Rules)
				index[id] = i
				run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, newRule(id, v))
			}
			run.Results = append(run.Results, newResult(id, i, v))
		}
		for _, e := range r.Errors {
			n := sarifNotification{Level: "warning", Message: sarifText{Text: e.Message}}
			if e.File != "" {
				n.Locations = []sarifLocation{location(e.File, e.Line, 0, "")}
			}
			run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications, n)
		}
		run.Invocations[0].ExecutionSuccessful = r.Status == client.ScanCompleted
		run.Properties = map[string]any{"scan_id": r.ID, "preset": r.Preset, "scanners_used": r.ScannersUsed}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0",
		Runs: []sarifRun{run}})
}

func newRule(id string, v client.Vulnerability) sarifRule {
	tags := []string{"security"}
	if v.Category != "" {
		tags = append(tags, v.Category)
	}
	if v.CWE != "" {
		tags = append(tags, "external/cwe/"+strings.ToLower(v.CWE))
	}
	if v.SWC != "" {
		tags = append(tags, v.SWC)
	}
	rule := sarifRule{ID: id, Name: v.Title, ShortDescription: sarifText{Text: first(v.Title, id)},
		DefaultConfiguration: map[string]any{"level": sarifLevel(v.Severity)},
		Properties: map[string]any{"tags": tags, "security-severity": securitySeverity[v.Severity],
			"precision": precision(v.Confidence), "problem.severity": v.Severity}}
	if v.Description != "" {
		rule.FullDescription = &sarifText{Text: v.Description}
	}
	if help := strings.TrimSpace(v.Description + "\n\n" + v.Recommendation); help != "" {
		md := v.Description
		if v.Recommendation != "" {
			md += "\n\n**Recommendation:** " + v.Recommendation
		}
		rule.Help = &sarifText{Text: help, Markdown: strings.TrimSpace(md)}
	}
	return rule
}

func newResult(id string, i int, v client.Vulnerability) sarifResult {
	msg := first(v.Title, id)
	if v.Recommendation != "" {
		msg += ". " + v.Recommendation
	}
	res := sarifResult{RuleID: id, RuleIndex: i, Level: sarifLevel(v.Severity), Message: sarifText{Text: msg},
		Locations: []sarifLocation{location(v.File, v.Line, v.EndLine, v.Snippet)},
		Properties: map[string]any{"severity": v.Severity, "status": v.Status, "confidence": v.Confidence,
			"risk_score": v.RiskScore, "scanner": v.Scanner, "vulnerability_id": v.ID}}
	if v.Fingerprint != "" {
		res.PartialFingerprints = map[string]string{"bulwarkFingerprint/v1": v.Fingerprint}
	}
	return res
}

func location(file string, line, end int, snippet string) sarifLocation {
	l := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: fileURI(file),
		URIBaseID: "%SRCROOT%"}}}
	if line >= 1 {
		r := &sarifRegion{StartLine: line}
		if end >= line {
			r.EndLine = end
		}
		if snippet != "" {
			r.Snippet = &sarifText{Text: snippet}
		}
		l.PhysicalLocation.Region = r
	}
	return l
}

// precision maps a confidence to CodeQL's precision vocabulary.
func precision(c float64) string {
	switch {
	case c >= 0.9:
		return "very-high"
	case c >= 0.7:
		return "high"
	case c >= 0.4:
		return "medium"
	case c > 0:
		return "low"
	}
	return "medium"
}
