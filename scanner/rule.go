package scanner

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Tier says from which preset on a detector runs: quick detectors run in
// every preset, standard ones in standard, deep and economic, deep ones only
// in deep, economic ones in economic and deep.
type Tier int

// Tiers, cheapest and most certain first.
const (
	TierQuick Tier = iota
	TierStandard
	TierDeep
	// TierEconomic detectors are the economic scanner's costlier or less
	// certain checks: the economic preset adds them to standard.
	TierEconomic
)

// Rule is a detector's metadata: what the registry, SARIF and the docs show.
type Rule struct {
	ID             string   `json:"id"`
	Title          string   `json:"title"`
	Severity       Severity `json:"severity"`
	Confidence     float64  `json:"confidence"`
	Category       string   `json:"category"`
	CWE            string   `json:"cwe,omitempty"`
	SWC            string   `json:"swc,omitempty"`
	Description    string   `json:"description"`
	Recommendation string   `json:"recommendation"`
	Tier           Tier     `json:"-"`
	// Scanner names the scanner that reports the rule when it is not its
	// language's own: bulwark-economic for the economic detectors that
	// run on Solidity units.
	Scanner string `json:"scanner,omitempty"`
}

// Detector is one check over a language's analysis unit U.
type Detector[U any] interface {
	Meta() Rule
	Check(u U) []Finding
}

// Enabled reports whether the rule runs under a preset. Unknown presets
// behave as standard.
func (r Rule) Enabled(preset string) bool {
	switch preset {
	case PresetQuick:
		return r.Tier <= TierQuick
	case PresetDeep:
		return true
	case PresetEconomic:
		return r.Tier <= TierStandard || r.Tier == TierEconomic
	default: // standard, ""
		return r.Tier <= TierStandard
	}
}

// ValidPreset reports whether name is one of the presets.
func ValidPreset(name string) bool {
	switch name {
	case PresetQuick, PresetStandard, PresetDeep, PresetEconomic:
		return true
	}
	return false
}

// Rank orders severities: critical 4 … low 1, anything else 0.
func (s Severity) Rank() int {
	switch s {
	case Critical:
		return 4
	case High:
		return 3
	case Medium:
		return 2
	case Low:
		return 1
	}
	return 0
}

// ParseSeverity parses a severity name, case-insensitively.
func ParseSeverity(s string) (Severity, bool) {
	v := Severity(strings.ToLower(strings.TrimSpace(s)))
	return v, v.Rank() > 0
}

// Fingerprint hashes what identifies a finding independently of where it
// sits in the file: the detector, its scope (contract and function) and the
// snippet with whitespace removed. Line numbers are left out on purpose so
// unrelated edits above the finding do not change it.
func Fingerprint(detectorID, scope, snippet string) string {
	buf := make([]byte, 0, len(detectorID)+len(scope)+len(snippet)+2)
	buf = append(buf, detectorID...)
	buf = append(buf, 0)
	buf = append(buf, scope...)
	buf = append(buf, 0)
	buf = appendNormalized(buf, snippet)
	sum := sha256.Sum256(buf)
	return hex.EncodeToString(sum[:16])
}

// appendNormalized appends s without spaces, tabs and line breaks (and
// with invalid UTF-8 as U+FFFD, as fingerprints always had it).
func appendNormalized(buf []byte, s string) []byte {
	for _, r := range s {
		switch r {
		case ' ', '\t', '\n', '\r':
			continue
		}
		buf = utf8.AppendRune(buf, r)
	}
	return buf
}

// RulesOf returns the metadata of a language's detectors, in order.
func RulesOf[U any](dets []Detector[U]) []Rule {
	out := make([]Rule, 0, len(dets))
	for _, d := range dets {
		out = append(out, d.Meta())
	}
	return out
}

// CheckAll runs the enabled detectors over one unit of the file at path,
// in order. A detector that panics on an odd tree loses its findings and
// is reported as a FileError instead of taking the scan down.
func CheckAll[U any](dets []Detector[U], u U, path string, enabled func(Rule) bool) (out []Finding, errs []FileError) {
	for _, d := range dets {
		m := d.Meta()
		if enabled != nil && !enabled(m) {
			continue
		}
		fs, err := checkOne(d, u, path, m.ID)
		if err != nil {
			errs = append(errs, *err)
			continue
		}
		out = append(out, fs...)
	}
	return out, errs
}

func checkOne[U any](d Detector[U], u U, path, id string) (fs []Finding, err *FileError) {
	defer func() {
		if r := recover(); r != nil {
			fs, err = nil, &FileError{File: path, Message: fmt.Sprintf("detector %s failed: %v", id, r)}
		}
	}()
	return d.Check(u), nil
}
