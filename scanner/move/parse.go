package move

import (
	"bytes"
	"regexp"

	forest "github.com/alexaandru/go-sitter-forest/move"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/internal/syntax"
)

var grammar = syntax.NewGrammar(forest.GetLanguage())

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
	text := blankAptos(blankAcquires(f.Content))
	root, errs := p.p.Parse(f.Content, text, nil)
	if len(errs) > 0 {
		// The grammar cannot read a call through a three-segment path with
		// several type arguments (sui::dof::borrow<K, V>(…)); retry with the
		// address segment blanked, which keeps offsets and lines.
		if text, ok := blankAddresses(text); ok {
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

// blankAcquires replaces Aptos "acquires R, S" clauses, which the Sui
// grammar does not know, with spaces up to the function body. Offsets and
// lines are unchanged, so the tree still points into the source.
func blankAcquires(src []byte) []byte {
	const kw = "acquires"
	if !bytes.Contains(src, []byte(kw)) {
		return src
	}
	out := bytes.Clone(src)
	for i := 0; i+len(kw) <= len(out); i++ {
		if out[i] != 'a' || !bytes.HasPrefix(out[i:], []byte(kw)) || i > 0 && isIdent(out[i-1]) || i+len(kw) < len(out) && isIdent(out[i+len(kw)]) {
			continue
		}
		if inComment(out, i) {
			continue
		}
		j := i
		for j < len(out) && out[j] != '{' && out[j] != ';' {
			j++
		}
		if j == len(out) {
			break
		}
		for k := i; k < j; k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
		i = j
	}
	return out
}

// blankAptos blanks two more Aptos constructs the Sui grammar lacks:
// specification blocks (spec f { … }, spec schema S { … }; the prover's, not
// code) and the inline modifier of inline fun. Offsets and lines are kept.
func blankAptos(src []byte) []byte {
	if !bytes.Contains(src, []byte("spec ")) && !bytes.Contains(src, []byte("inline ")) {
		return src
	}
	out := src
	cloned := false
	blank := func(from, to int) {
		if !cloned {
			out, cloned = bytes.Clone(src), true
		}
		for k := from; k < to; k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
	}
	for i := 0; i < len(src); i++ {
		if i > 0 && isIdent(src[i-1]) || inComment(src, i) {
			continue
		}
		switch {
		case bytes.HasPrefix(src[i:], []byte("inline ")) && bytes.HasPrefix(bytes.TrimLeft(src[i+len("inline "):], " \t"), []byte("fun ")):
			blank(i, i+len("inline"))
		case bytes.HasPrefix(src[i:], []byte("spec ")):
			m := specHead.FindIndex(src[i:])
			if m == nil {
				continue
			}
			if j := matchBrace(src, i+m[1]-1); j > 0 {
				blank(i, j+1)
				i = j
			}
		}
	}
	return out
}

// specHead matches the head of a specification block up to its brace:
// spec module {, spec f {, spec schema S {, spec fun f(…): T {, spec S<T> {.
var specHead = regexp.MustCompile(`^spec\s+(schema\s+|fun\s+)?[A-Za-z_][A-Za-z0-9_]*\s*(<[^{};]*>)?\s*(\([^{};]*\)\s*(:[^{};]*)?)?\{`)

// matchBrace returns the index of the '}' closing the '{' at i, or -1.
func matchBrace(b []byte, i int) int {
	d := 0
	for k := i; k < len(b); k++ {
		switch b[k] {
		case '{':
			d++
		case '}':
			d--
			if d == 0 {
				return k
			}
		}
	}
	return -1
}

// inComment reports whether offset i sits after "//" on its line.
func inComment(b []byte, i int) bool {
	for k := i - 1; k > 0 && b[k] != '\n'; k-- {
		if b[k] == '/' && b[k-1] == '/' {
			return true
		}
	}
	return false
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
