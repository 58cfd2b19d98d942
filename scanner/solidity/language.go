// Package solidity is bulwark's Solidity scanner: a tree-sitter parser
// adapter, the analysis Unit detectors share, and one file per detector.
package solidity

import (
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
func (l Language) Rules() []scanner.Rule { return scanner.RulesOf(l.detectors()) }

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
	dets := u.dets
	if dets == nil {
		dets = detectors
	}
	out, errs := scanner.CheckAll(dets, u, u.Path, enabled)
	u.errs = append(u.errs, errs...)
	return u.dropReverted(out)
}

// codeRules are about the code as written, not about what it does when
// it runs: they hold in a function that always reverts too.
var codeRules = map[string]bool{
	"SOL-DEPRECATED-CONSTRUCT": true, "SOL-BIDI-CONTROL": true, "SOL-SHADOWED-STATE": true, "SOL-NO-EFFECT": true,
}

// dropReverted leaves out findings about effects inside a function of u
// every path of which reverts (a simulation that reports its result by
// reverting, like ERC-4337's simulateHandleOp): whatever it calls, pays
// or writes is undone with it.
func (u *Unit) dropReverted(fs []scanner.Finding) []scanner.Finding {
	type span struct{ from, to int }
	var spans []span
	for _, f := range u.funcs() {
		if f.Body == nil || f.Kind == "modifier" {
			continue
		}
		if f.AlwaysReverts() {
			spans = append(spans, span{f.Node.Line, f.Node.EndLine})
		}
	}
	if len(spans) == 0 {
		return fs
	}
	out := fs[:0]
	for _, fd := range fs {
		inside := false
		for _, s := range spans {
			if fd.File == u.Path && fd.Line >= s.from && fd.Line <= s.to && !codeRules[fd.DetectorID] {
				inside = true
			}
		}
		if !inside {
			out = append(out, fd)
		}
	}
	return out
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

// AlwaysReverts reports whether every path through f reverts: its CFG's
// exit is unreachable and its revert block reachable (a simulation that
// reports its result by reverting). Nothing it does lasts.
func (f *Function) AlwaysReverts() bool {
	if f.Body == nil {
		return false
	}
	g := f.CFG()
	return !g.Reachable(g.Exit) && g.Reachable(g.Revert)
}
