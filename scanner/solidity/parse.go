package solidity

import (
	"bytes"

	forest "github.com/alexaandru/go-sitter-forest/solidity"
	ts "github.com/tree-sitter/go-tree-sitter"

	"github.com/bulwark-sec/bulwark/scanner"
)

var (
	tsLang    = ts.NewLanguage(forest.GetLanguage())
	kindNames []string
	kindNamed []bool
	fieldName []string
	dropKinds = map[string]bool{"(": true, ")": true, ";": true, ",": true, "{": true, "}": true, ".": true, "[": true, "]": true, "\"": true, "'": true}
)

func init() {
	n := tsLang.NodeKindCount()
	kindNames = make([]string, n)
	kindNamed = make([]bool, n)
	for i := uint32(0); i < n; i++ {
		kindNames[i] = tsLang.NodeKindForId(uint16(i))
		kindNamed[i] = tsLang.NodeKindIsNamed(uint16(i))
	}
	fc := tsLang.FieldCount()
	fieldName = make([]string, fc+1)
	for i := uint32(1); i <= fc; i++ {
		fieldName[i] = tsLang.FieldNameForId(uint16(i))
	}
}

// parser wraps one tree-sitter parser; it belongs to one goroutine.
type parser struct {
	c *cParser
}

func newParser() *parser { return &parser{c: newCParser()} }

// Close releases the tree-sitter parser.
func (p *parser) Close() { p.c.close() }

// Parse parses one file into a Unit. It never fails: syntax errors become
// FileErrors and the rest of the tree is analysed.
func (p *parser) Parse(f scanner.File) scanner.Parsed {
	return p.parse(f)
}

func (p *parser) parse(f scanner.File) *Unit {
	src := f.Content
	u := &Unit{Path: f.Path, Src: src, lines: newLineIndex(src)}
	flat, caps := p.c.parse(shim(src))
	if len(flat) == 0 {
		u.errs = append(u.errs, scanner.FileError{File: f.Path, Message: "parser gave up"})
		u.Root = &Node{Kind: "source_file", Named: true, src: src}
		u.analyze()
		return u
	}
	u.Root = u.build(flat, caps)
	u.analyze()
	return u
}

// build turns the flattened preorder tree into Nodes, dropping
// punctuation and folding single-child expression/statement wrappers.
// Nodes and child lists come from two slabs, so a file costs a handful of
// allocations instead of one per node.
func (u *Unit) build(flat []flatNode, caps []capture) *Node {
	nodes := make([]*Node, len(flat))
	slab := make([]Node, len(flat))
	// First pass: which nodes are kept, and how many kept children each
	// kept node adopts.
	keep := make([]bool, len(flat))
	adopter := make([]int32, len(flat))
	kids := make([]int32, len(flat))
	total := 0
	for i, r := range flat {
		adopter[i] = -1
		kind, named := "ERROR", true
		if int(r.symbol) < len(kindNames) {
			kind, named = kindNames[r.symbol], kindNamed[r.symbol]
		}
		if !named && !r.isError && dropKinds[kind] {
			continue
		}
		keep[i] = true
		for p := r.parent; p >= 0; p = flat[p].parent {
			if keep[p] {
				adopter[i] = int32(p)
				kids[p]++
				total++
				break
			}
		}
	}
	children := make([]*Node, total)
	for i, r := range flat {
		kind, named := "ERROR", true
		if int(r.symbol) < len(kindNames) {
			kind, named = kindNames[r.symbol], kindNamed[r.symbol]
		}
		if r.isError {
			kind = "ERROR"
		}
		if r.isError || r.missing {
			msg := "syntax error"
			if r.missing {
				msg = "missing " + kind
			}
			u.errs = append(u.errs, scanner.FileError{File: u.Path, Line: u.lines.line(r.start), Message: msg})
		}
		if !keep[i] {
			continue
		}
		n := &slab[i]
		*n = Node{Kind: kind, Named: named, Start: r.start, End: r.end, src: u.Src}
		if k := kids[i]; k > 0 {
			n.Children, children = children[:0:k], children[k:]
		}
		if int(r.field) < len(fieldName) {
			n.Field = fieldName[r.field]
		}
		n.Line = u.lines.line(r.start)
		n.EndLine = u.lines.line(max(r.start, r.end-1))
		nodes[i] = n
		if p := adopter[i]; p >= 0 {
			n.Parent = nodes[p]
			nodes[p].Children = append(nodes[p].Children, n)
		}
	}
	u.index(caps, flat, nodes)
	root := nodes[0]
	if root == nil {
		root = &Node{Kind: "source_file", Named: true, src: u.Src}
	}
	fold(root)
	return root
}

// fold replaces "expression" and "statement" wrappers that hold a single
// named child by that child, keeping the wrapper's field name.
func fold(n *Node) {
	for i, c := range n.Children {
		for (c.Kind == "expression" || c.Kind == "statement") && len(c.Children) == 1 && c.Children[0].Named {
			inner := c.Children[0]
			inner.Field = c.Field
			inner.Parent = n
			c = inner
		}
		n.Children[i] = c
		fold(c)
	}
}

// shim works around gaps of the grammar without moving a byte, so every
// offset and line still points into the original source: Yul hex string
// literals (hex"19_01"), which the grammar rejects inside assembly, become
// plain strings. The analysis never looks at literal values.
func shim(src []byte) []byte {
	if !bytes.Contains(src, []byte(`hex"`)) && !bytes.Contains(src, []byte(`hex'`)) {
		return src
	}
	out := bytes.Clone(src)
	for i := 0; i+4 <= len(out); i++ {
		if out[i] == 'h' && out[i+1] == 'e' && out[i+2] == 'x' && (out[i+3] == '"' || out[i+3] == '\'') {
			if i > 0 && (isIdent(out[i-1])) {
				continue
			}
			out[i], out[i+1], out[i+2] = ' ', ' ', ' '
		}
	}
	return out
}

func isIdent(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
