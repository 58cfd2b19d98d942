package move

import (
	"bytes"

	forest "github.com/alexaandru/go-sitter-forest/move"
	ts "github.com/tree-sitter/go-tree-sitter"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/internal/syntax"
)

var tsLang = ts.NewLanguage(forest.GetLanguage())

// parser wraps one tree-sitter parser; it belongs to one goroutine.
type parser struct{ p *syntax.Parser }

func newParser() *parser { return &parser{p: syntax.NewParser(tsLang)} }

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
	if len(errs) > 0 {
		// The grammar cannot read a call through a three-segment path with
		// several type arguments (sui::dof::borrow<K, V>(…)); retry with the
		// address segment blanked, which keeps offsets and lines.
		if text, ok := blankAddresses(f.Content); ok {
			if r2, e2 := p.p.Parse(f.Content, text, nil); len(e2) < len(errs) {
				root, errs = r2, e2
			}
		}
	}
	for _, e := range errs {
		u.errs = append(u.errs, scanner.FileError{File: f.Path, Line: e.Line, Message: e.Message})
	}
	u.Root = root
	u.analyze()
	return u
}

// blankAddresses replaces with spaces the leading address segment of
// a three-segment generic path: sui::dof::borrow<K, V> → "     dof::borrow<K, V>".
func blankAddresses(src []byte) ([]byte, bool) {
	out := bytes.Clone(src)
	changed := false
	for i := 0; i < len(out); i++ {
		if !isIdent(out[i]) || i > 0 && (isIdent(out[i-1]) || out[i-1] == ':') {
			continue
		}
		// three identifiers joined by "::", then '<'
		j, segs := i, 0
		first := -1
		for segs < 3 {
			k := j
			for k < len(out) && isIdent(out[k]) {
				k++
			}
			if k == j {
				break
			}
			segs++
			if segs == 1 {
				first = k + 2
			}
			if segs < 3 {
				if k+1 < len(out) && out[k] == ':' && out[k+1] == ':' {
					j = k + 2
					continue
				}
				break
			}
			j = k
		}
		if segs == 3 && j < len(out) && out[j] == '<' && first <= j {
			for k := i; k < first; k++ {
				out[k] = ' '
			}
			changed = true
			i = j
		}
	}
	return out, changed
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
