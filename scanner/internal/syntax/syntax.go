// Package syntax turns a tree-sitter parse into a plain Go tree that the
// Rust and Move scanners walk without crossing into C again: node kinds,
// field names, byte offsets mapped back to the original source, lines, and
// the syntax errors tree-sitter recovered from.
package syntax

import (
	"bytes"
	"fmt"
	"strings"
	"unsafe"

	ts "github.com/tree-sitter/go-tree-sitter"
)

// Node is one syntax node. Punctuation is dropped; operators and keywords
// are kept as unnamed leaves.
type Node struct {
	Kind     string
	Field    string
	Named    bool
	Start    int
	End      int
	Line     int
	EndLine  int
	Parent   *Node
	Children []*Node
	src      []byte
}

// Text is the node's source text.
func (n *Node) Text() string {
	if n == nil || n.Start < 0 || n.End > len(n.src) || n.Start > n.End {
		return ""
	}
	return string(n.src[n.Start:n.End])
}

// Child returns the first child with the given field name, or nil.
func (n *Node) Child(field string) *Node {
	if n == nil {
		return nil
	}
	for _, c := range n.Children {
		if c.Field == field {
			return c
		}
	}
	return nil
}

// ChildKind returns the first child of the given kind, or nil.
func (n *Node) ChildKind(kind string) *Node {
	if n == nil {
		return nil
	}
	for _, c := range n.Children {
		if c.Kind == kind {
			return c
		}
	}
	return nil
}

// Walk calls f on n and its descendants in preorder; f returning false
// skips the node's children.
func (n *Node) Walk(f func(*Node) bool) {
	if n == nil || !f(n) {
		return
	}
	for _, c := range n.Children {
		c.Walk(f)
	}
}

// Find returns every descendant of n (n included) of one of the kinds.
func (n *Node) Find(kinds ...string) []*Node {
	var out []*Node
	n.Walk(func(c *Node) bool {
		for _, k := range kinds {
			if c.Kind == k {
				out = append(out, c)
				break
			}
		}
		return true
	})
	return out
}

// Ancestor returns the nearest proper ancestor of one of the kinds, or nil.
func (n *Node) Ancestor(kinds ...string) *Node {
	for p := n.Parent; p != nil; p = p.Parent {
		for _, k := range kinds {
			if p.Kind == k {
				return p
			}
		}
	}
	return nil
}

// Contains reports whether m lies inside n.
func (n *Node) Contains(m *Node) bool {
	return n != nil && m != nil && m.Start >= n.Start && m.End <= n.End
}

// Dump renders the tree, one node per line, for tests and debugging.
func (n *Node) Dump() string {
	var b strings.Builder
	var rec func(*Node, int)
	rec = func(m *Node, depth int) {
		fmt.Fprintf(&b, "%s%s", strings.Repeat("  ", depth), m.Kind)
		if m.Field != "" {
			fmt.Fprintf(&b, " (%s)", m.Field)
		}
		if len(m.Children) == 0 {
			fmt.Fprintf(&b, " %q", m.Text())
		}
		b.WriteByte('\n')
		for _, c := range m.Children {
			rec(c, depth+1)
		}
	}
	rec(n, 0)
	return b.String()
}

// Error is one syntax error tree-sitter recovered from.
type Error struct {
	Line    int
	Message string
}

var punct = map[string]bool{"(": true, ")": true, ";": true, ",": true, "{": true, "}": true, ".": true, "[": true, "]": true, "\"": true, "'": true, "::": true, "#": true}

// Lines is a newline index of a source.
type Lines []int

// NewLines indexes the newlines of src.
func NewLines(src []byte) Lines {
	var l Lines
	for i, c := range src {
		if c == '\n' {
			l = append(l, i)
		}
	}
	return l
}

// Line is the 1-based line of byte offset off.
func (l Lines) Line(off int) int {
	lo, hi := 0, len(l)
	for lo < hi {
		m := (lo + hi) / 2
		if l[m] < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo + 1
}

// Count is the number of lines: newlines, plus one for an unterminated last line.
func (l Lines) Count(src []byte) int {
	n := len(l)
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// Parser parses sources of one tree-sitter language; it belongs to one goroutine.
type Parser struct {
	c *Flattener
	*tables
}

// tables hold a grammar's kind and field names, looked up by id.
type tables struct {
	kinds  []string
	named  []bool
	fields []string
}

func newTables(lang *ts.Language) *tables {
	t := &tables{}
	n := lang.NodeKindCount()
	t.kinds, t.named = make([]string, n), make([]bool, n)
	for i := uint32(0); i < n; i++ {
		t.kinds[i] = lang.NodeKindForId(uint16(i))
		t.named[i] = lang.NodeKindIsNamed(uint16(i))
	}
	fc := lang.FieldCount()
	t.fields = make([]string, fc+1)
	for i := uint32(1); i <= fc; i++ {
		t.fields[i] = lang.FieldNameForId(uint16(i))
	}
	return t
}

// Grammar is a tree-sitter language and its name tables, shared by the
// parsers of one language.
type Grammar struct {
	ptr unsafe.Pointer
	*tables
}

// NewGrammar wraps a grammar's TSLanguage pointer (what the grammar
// modules' Language()/GetLanguage() return).
func NewGrammar(ptr unsafe.Pointer) *Grammar {
	return &Grammar{ptr: ptr, tables: newTables(ts.NewLanguage(ptr))}
}

// NewParser returns a parser for g.
func NewParser(g *Grammar) *Parser {
	return &Parser{c: NewFlattener(g), tables: g.tables}
}

// Close releases the parser.
func (p *Parser) Close() { p.c.Close() }

// Parse parses text and builds the Go tree over orig. text is orig after
// a pre-pass that may have inserted bytes; remap turns an offset in text
// into one in orig (nil when text is orig).
func (p *Parser) Parse(orig, text []byte, remap func(int) int) (root *Node, errs []Error) {
	if remap == nil {
		remap = func(i int) int { return i }
	}
	lines := NewLines(orig)
	p.c.Flatten(text, func(flat []Flat) {
		if len(flat) == 0 {
			errs = append(errs, Error{Line: 1, Message: "parser gave up"})
			return
		}
		slab := make([]Node, len(flat))
		kept := make([]*Node, len(flat))
		for i := range flat {
			r := &flat[i]
			kind, named := "ERROR", true
			if int(r.Symbol) < len(p.kinds) {
				kind, named = p.kinds[r.Symbol], p.named[r.Symbol]
			}
			start, end := remap(int(r.Start)), remap(int(r.End))
			if r.IsError() || r.Missing() {
				msg := "syntax error"
				if r.Missing() {
					msg = "missing " + kind
				}
				errs = append(errs, Error{Line: lines.Line(start), Message: msg})
			}
			if r.IsError() {
				kind = "ERROR"
			} else if !named && punct[kind] {
				continue
			}
			n := &slab[i]
			field := ""
			if int(r.Field) < len(p.fields) {
				field = p.fields[r.Field]
			}
			*n = Node{Kind: kind, Field: field, Named: named, Start: start, End: end, src: orig}
			n.Line = lines.Line(start)
			n.EndLine = lines.Line(max(start, end-1))
			kept[i] = n
			for q := r.Parent; q >= 0; q = flat[q].Parent {
				if par := kept[q]; par != nil {
					n.Parent = par
					par.Children = append(par.Children, n)
					break
				}
			}
		}
		root = kept[0]
	})
	if root == nil {
		root = &Node{Kind: "source_file", Named: true, src: orig}
	}
	return root, errs
}

// HasPrefixAt reports whether src holds word at i as a whole word.
func HasPrefixAt(src []byte, i int, word string) bool {
	if !bytes.HasPrefix(src[i:], []byte(word)) {
		return false
	}
	if i > 0 && isWord(src[i-1]) {
		return false
	}
	j := i + len(word)
	return j >= len(src) || !isWord(src[j])
}

func isWord(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
