package rust

import (
	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/internal/syntax"
)

var grammar = syntax.NewGrammar(tsrust.Language())

// parser wraps one tree-sitter parser; it belongs to one goroutine.
type parser struct{ p *syntax.Parser }

func newParser() *parser { return &parser{p: syntax.NewParser(grammar)} }

// Close releases the tree-sitter parser.
func (p *parser) Close() { p.p.Close() }

// Parse parses one file into a Unit. It never fails: syntax errors become
// FileErrors and the rest of the tree is analysed.
func (p *parser) Parse(f scanner.File) scanner.Parsed { return p.parse(f) }

func (p *parser) parse(f scanner.File) *Unit {
	u := &Unit{Path: f.Path, Src: f.Content}
	lines := syntax.NewLines(f.Content)
	u.lines = lines.Count(f.Content)
	root, errs := p.p.Parse(f.Content, f.Content, nil)
	for _, e := range errs {
		u.errs = append(u.errs, scanner.FileError{File: f.Path, Line: e.Line, Message: e.Message})
	}
	u.Root = root
	u.analyze()
	return u
}
