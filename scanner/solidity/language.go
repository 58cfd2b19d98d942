// Package solidity is bulwark's Solidity scanner: a tree-sitter parser
// adapter, the analysis Unit detectors share, and one file per detector.
package solidity

import (
	"fmt"

	"github.com/bulwark-sec/bulwark/scanner"
)

// ScannerID names this scanner in findings and SARIF.
const ScannerID = "bulwark-solidity"

// Language is the Solidity language for scanner.New.
type Language struct {
	dets []scanner.Detector[*Unit]
}

// New returns the Solidity language with its own detectors, then extra
// ones that run on the same units (the economic scanner's, which report
// under their rule's Scanner).
func New(extra ...scanner.Detector[*Unit]) Language {
	return Language{dets: append(append([]scanner.Detector[*Unit](nil), detectors...), extra...)}
}

// Name implements scanner.Language.
func (Language) Name() string { return "solidity" }

// Extensions implements scanner.Language.
func (Language) Extensions() []string { return []string{".sol"} }

// ScannerID implements scanner.Language.
func (Language) ScannerID() string { return ScannerID }

// Rules implements scanner.Language.
func (l Language) Rules() []scanner.Rule {
	out := make([]scanner.Rule, 0, len(l.detectors()))
	for _, d := range l.detectors() {
		out = append(out, d.Meta())
	}
	return out
}

// NewParser implements scanner.Language.
func (l Language) NewParser() scanner.Parser {
	p := newParser()
	p.dets = l.detectors()
	return p
}

// detectors are the language's detectors; the zero Language runs the
// registry's.
func (l Language) detectors() []scanner.Detector[*Unit] {
	if l.dets == nil {
		return detectors
	}
	return l.dets
}

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

// Check implements scanner.Parsed. A detector that panics on an odd tree is
// reported as a file error instead of taking the scan down.
func (u *Unit) Check(enabled func(scanner.Rule) bool) []scanner.Finding {
	if u.bundle == nil {
		link([]*Unit{u})
	}
	var out []scanner.Finding
	dets := u.dets
	if dets == nil {
		dets = detectors
	}
	for _, d := range dets {
		m := d.Meta()
		if enabled != nil && !enabled(m) {
			continue
		}
		out = append(out, u.run(d, m.ID)...)
	}
	return out
}

func (u *Unit) run(d scanner.Detector[*Unit], id string) (fs []scanner.Finding) {
	defer func() {
		if r := recover(); r != nil {
			u.errs = append(u.errs, scanner.FileError{File: u.Path, Message: fmt.Sprintf("detector %s failed: %v", id, r)})
			fs = nil
		}
	}()
	return d.Check(u)
}

// Detectors returns the registry's detectors, for tests and docs.
func Detectors() []scanner.Detector[*Unit] {
	return append([]scanner.Detector[*Unit](nil), detectors...)
}

// ParseFile parses one file and links it alone; for tests and fuzzing.
func ParseFile(f scanner.File) *Unit {
	p := newParser()
	defer p.Close()
	u := p.parse(f)
	link([]*Unit{u})
	return u
}
