package solidity

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/internal/syntax"
)

// Stages exposes the stages of a parse to the benchmarks, one parser
// reused across calls as the engine's workers do within a scan.
type Stages struct{ p *parser }

func NewStages() Stages { return Stages{p: newParser()} }

func (s Stages) Close() { s.p.Close() }

// Tree is tree-sitter's parse alone, in C.
func (s Stages) Tree(src []byte) bool { return s.p.c.ParseOnly(src) }

// Flat parses and flattens the tree in C, where build reads it.
func (s Stages) Flat(src []byte) int {
	n := 0
	s.p.c.Flatten(src, func(flat []syntax.Flat) { n = len(flat) })
	return n
}

// Unit parses src into a Unit: Flat plus building the Go tree and the
// unit's facts.
func (s Stages) Unit(src []byte) *Unit {
	return s.p.parse(scanner.File{Path: "bench.sol", Content: src})
}

var DropSpace = dropSpace

// WordSetMatches reports what a wordSet of words and the regexp it
// stands for say about s.
func WordSetMatches(s string, words ...string) (set, re bool) {
	w := newWordSet(words...)
	return w.MatchString(s), w.re.MatchString(s)
}

// Mask is the parser's pre-pass over unsupported syntax.
var Mask = mask

// ConstBool evaluates expr as the condition of an if statement with
// constBool.
func ConstBool(expr string) (val, ok bool) {
	s := NewStages()
	defer s.Close()
	u := s.Unit([]byte("contract C { function f(bool x) public { if (" + expr + ") {} } }"))
	ifs := u.Root.FindAll("if_statement")
	if len(ifs) != 1 {
		return false, false
	}
	return constBool(ifs[0].Child("condition"))
}
