// Package rust is bulwark's Rust scanner for Solana (Anchor and native
// solana_program) and CosmWasm contracts: a tree-sitter parser adapter, the
// analysis Unit detectors share, and one file per detector.
package rust

import (
	"github.com/bulwark-sec/bulwark/scanner"
)

// ScannerID names this scanner in findings and SARIF.
const ScannerID = "bulwark-rust"

// Language is the Rust language for scanner.New.
type Language struct{}

// New returns the Rust language.
func New() Language { return Language{} }

// Name implements scanner.Language.
func (Language) Name() string { return "rust" }

// Extensions implements scanner.Language.
func (Language) Extensions() []string { return []string{".rs"} }

// ScannerID implements scanner.Language.
func (Language) ScannerID() string { return ScannerID }

// Rules implements scanner.Language.
func (Language) Rules() []scanner.Rule { return scanner.RulesOf(detectors) }

// NewParser implements scanner.Language.
func (Language) NewParser() scanner.Parser { return newParser() }

// Link implements scanner.Language. Rust units are checked file by file.
func (Language) Link([]scanner.Parsed) {}

// Errors implements scanner.Parsed.
func (u *Unit) Errors() []scanner.FileError { return u.errs }

// Lines implements scanner.Parsed.
func (u *Unit) Lines() int { return u.lines }

// Check implements scanner.Parsed. A detector that panics on an odd tree is
// reported as a file error instead of taking the scan down.
func (u *Unit) Check(enabled func(scanner.Rule) bool) []scanner.Finding {
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

// ParseFile parses one file; for tests and fuzzing.
func ParseFile(f scanner.File) *Unit {
	p := newParser()
	defer p.Close()
	return p.parse(f)
}
