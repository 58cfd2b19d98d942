// Package scanner owns bulwark's analysis engine: the Finding a detector
// reports, the Detector and Language contracts, presets, and Run, which
// scans a bundle of source files on every core. It imports no other package
// of bulwark; language packages (scanner/solidity, …) plug into it.
package scanner

import (
	"path"
	"strings"
)

// Severity ranks a finding. The zero value is invalid.
type Severity string

// Severities, most severe first.
const (
	Critical Severity = "critical"
	High     Severity = "high"
	Medium   Severity = "medium"
	Low      Severity = "low"
)

// Preset names accepted by Run.
const (
	PresetQuick    = "quick"
	PresetStandard = "standard"
	PresetDeep     = "deep"
	PresetEconomic = "economic"
)

// File is one source file of a bundle.
type File struct {
	Path    string
	Content []byte
	// Context marks a file read only for its definitions (a base contract
	// a named file imports): it is parsed and linked, never checked, and
	// nothing is reported in it, nor counted.
	Context bool
}

// Finding is one issue a detector reports.
type Finding struct {
	DetectorID     string   `json:"detector_id"`
	Scanner        string   `json:"scanner"`
	Title          string   `json:"title"`
	Severity       Severity `json:"severity"`
	Confidence     float64  `json:"confidence"`
	Category       string   `json:"category"`
	File           string   `json:"file"`
	Line           int      `json:"line"`
	EndLine        int      `json:"end_line"`
	Snippet        string   `json:"snippet"`
	Description    string   `json:"description"`
	Recommendation string   `json:"recommendation"`
	CWE            string   `json:"cwe,omitempty"`
	SWC            string   `json:"swc,omitempty"`
	// Fingerprint identifies the finding across unrelated edits of the file.
	Fingerprint string `json:"fingerprint"`
	Suppressed  bool   `json:"suppressed,omitempty"`
	// SuppressionReason is the text after "--" in the suppression comment.
	SuppressionReason string `json:"suppression_reason,omitempty"`
}

// FileError reports a file that could not be fully parsed or scanned. It is
// data, never a crash: the rest of the bundle is still scanned.
type FileError struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
}

// Options tune one Run.
type Options struct {
	Preset  string // quick, standard (default), deep, economic
	Workers int    // parsers run in parallel; 0 means GOMAXPROCS
	// Progress, when set, is told after each file is parsed and after each
	// is checked: done of total steps (two per file). It is called from
	// the workers, possibly at once, and must be quick.
	Progress func(done, total int)
}

// Report is the result of one Run.
type Report struct {
	Findings     []Finding   `json:"findings"`
	Errors       []FileError `json:"errors"`
	ScannersUsed []string    `json:"scanners_used"`
	Files        int         `json:"files"`
	Lines        int         `json:"lines"`
}

// Engine runs the detectors of its languages over bundles of files.
type Engine struct {
	langs []Language
}

// Language is one language's parser adapter and detector list.
type Language interface {
	// Name is the language as the API names it: solidity, vyper, rust, move, cairo.
	Name() string
	// Extensions lists the file extensions the language owns, with the dot.
	Extensions() []string
	// ScannerID names the scanner in findings and SARIF, e.g. bulwark-solidity.
	ScannerID() string
	// Rules lists the metadata of every detector, in registry order.
	Rules() []Rule
	// NewParser returns a parser owned by one goroutine.
	NewParser() Parser
	// Link connects the parsed files of one bundle (inheritance across files)
	// before any of them is checked.
	Link(units []Parsed)
}

// Parser turns one file into a Parsed unit. A Parser is not safe for
// concurrent use; Run creates one per worker goroutine.
type Parser interface {
	Parse(f File) Parsed
	Close()
}

// Parsed is one parsed file, ready to be checked. Check may run
// concurrently with Check of other units of the same bundle.
type Parsed interface {
	// Errors lists parse errors; the unit is still checked around them.
	Errors() []FileError
	// Lines counts the file's lines.
	Lines() int
	// Check runs the enabled detectors and returns raw findings: detector id,
	// file, lines, snippet and, optionally, a fingerprint. Run fills in the
	// rule metadata, fingerprints and suppressions.
	Check(enabled func(Rule) bool) []Finding
}

// New returns an engine for the given languages.
func New(langs ...Language) *Engine { return &Engine{langs: langs} }

// LanguageOf reports which of the engine's languages owns a path, by extension.
func (e *Engine) LanguageOf(p string) (string, bool) {
	ext := strings.ToLower(path.Ext(p))
	for _, l := range e.langs {
		for _, x := range l.Extensions() {
			if x == ext {
				return l.Name(), true
			}
		}
	}
	return "", false
}
