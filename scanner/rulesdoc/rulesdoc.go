// Package rulesdoc generates docs/DETECTORS.md from the detector registry,
// so the documentation cannot drift from the code.
package rulesdoc

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

func tier(t scanner.Tier) string {
	switch t {
	case scanner.TierQuick:
		return "quick, standard, deep"
	case scanner.TierStandard:
		return "standard, deep, economic"
	case scanner.TierEconomic:
		return "economic, deep"
	}
	return "deep"
}

func swc(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// Markdown renders every language's rules: a summary table, then one
// section per detector.
func Markdown(langs []scanner.Language) []byte {
	var b bytes.Buffer
	b.WriteString("# Detectors\n\n")
	b.WriteString("Generated from the detector registry by `make detectors-doc`; do not edit by hand.\n")
	b.WriteString("A test fails when this file is stale.\n\n")
	b.WriteString("Presets: `quick` runs the most certain detectors, `standard` (the default) adds the rest of the\n")
	b.WriteString("shipped set, the economic scanner's included, `deep` runs everything, and `economic` runs `standard`\n")
	b.WriteString("plus any rule of the economic tier (none ships yet: every economic detector is in `standard`).\n")
	for _, l := range langs {
		// A language's rules reported by another scanner (the economic
		// detectors on Solidity) get their own section.
		var order []string
		by := map[string][]scanner.Rule{}
		for _, r := range l.Rules() {
			id := r.Scanner
			if id == "" {
				id = l.ScannerID()
			}
			if by[id] == nil {
				order = append(order, id)
			}
			by[id] = append(by[id], r)
		}
		for _, id := range order {
			section(&b, l.Name(), id, by[id])
		}
	}
	return b.Bytes()
}

func section(b *bytes.Buffer, lang, scannerID string, rules []scanner.Rule) {
	fmt.Fprintf(b, "\n## %s (`%s`, %d detectors)\n\n", lang, scannerID, len(rules))
	b.WriteString("| ID | Title | Severity | Category | CWE | SWC | Presets |\n|---|---|---|---|---|---|---|\n")
	for _, r := range rules {
		fmt.Fprintf(b, "| [%s](#%s) | %s | %s | %s | %s | %s | %s |\n", r.ID, strings.ToLower(r.ID), r.Title, r.Severity, r.Category, r.CWE, swc(r.SWC), tier(r.Tier))
	}
	for _, r := range rules {
		fmt.Fprintf(b, "\n### %s\n\n**%s** — severity %s, confidence %.2f, category `%s`, %s, %s.\n\n%s\n\n*Fix:* %s\n",
			r.ID, r.Title, r.Severity, r.Confidence, r.Category, r.CWE, swc(r.SWC), r.Description, r.Recommendation)
	}
}
