// Package cairo is bulwark's Cairo scanner: a hand-written parser (lexer,
// recursive descent, Pratt expressions) for Cairo 1 and 2 (Starknet
// contracts and components), the analysis Unit detectors share,
// and one file per detector.
package cairo

import (
	"github.com/bulwark-sec/bulwark/scanner"
)

// ScannerID names this scanner in findings and SARIF.
const ScannerID = "bulwark-cairo"

// Language is the Cairo language for scanner.New.
type Language struct{}

// New returns the Cairo language.
func New() Language { return Language{} }

// Name implements scanner.Language.
func (Language) Name() string { return "cairo" }

// Extensions implements scanner.Language.
func (Language) Extensions() []string { return []string{".cairo"} }

// ScannerID implements scanner.Language.
func (Language) ScannerID() string { return ScannerID }

// Rules implements scanner.Language.
func (Language) Rules() []scanner.Rule { return scanner.RulesOf(detectors) }

type fileParser struct{}

func (fileParser) Parse(f scanner.File) scanner.Parsed { return newUnit(f) }
func (fileParser) Close()                              {}

// NewParser implements scanner.Language.
func (Language) NewParser() scanner.Parser { return fileParser{} }

// Link implements scanner.Language.
func (Language) Link(units []scanner.Parsed) {
	us := make([]*Unit, 0, len(units))
	for _, p := range units {
		if u, ok := p.(*Unit); ok {
			us = append(us, u)
		}
	}
	link(us)
}

// Errors implements scanner.Parsed.
func (u *Unit) Errors() []scanner.FileError { return u.errs }

// Lines implements scanner.Parsed.
func (u *Unit) Lines() int { return u.lines }

// Check implements scanner.Parsed. Files under tests/ and #[cfg(test)] code are are not checked; a
// detector that panics is reported as a file error.
func (u *Unit) Check(enabled func(scanner.Rule) bool) []scanner.Finding {
	if u.bundle == nil {
		link([]*Unit{u})
	}
	if u.Test {
		return nil
	}
	out, errs := scanner.CheckAll(detectors, u, u.Path, enabled)
	u.errs = append(u.errs, errs...)
	return out
}

// Detectors returns the registry's detectors, for tests and docs.
func Detectors() []scanner.Detector[*Unit] {
	return append([]scanner.Detector[*Unit](nil), detectors...)
}

// ParseFile parses one file and links it alone; for tests and fuzzing.
func ParseFile(f scanner.File) *Unit {
	u := newUnit(f)
	link([]*Unit{u})
	return u
}
