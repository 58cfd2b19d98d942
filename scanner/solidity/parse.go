package solidity

import (
	forest "github.com/alexaandru/go-sitter-forest/solidity"
	ts "github.com/tree-sitter/go-tree-sitter"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/internal/syntax"
)

var (
	tsLang = ts.NewLanguage(forest.GetLanguage())
	// grammar drives the C parse and flattening (scanner/internal/syntax,
	// shared with the Rust and Move adapters).
	grammar   = syntax.NewGrammar(forest.GetLanguage())
	kindNames []string
	kindNamed []bool
	fieldName []string
	kindDrop  []bool // punctuation tokens, dropped from the Go tree
)

var dropKinds = map[string]bool{"(": true, ")": true, ";": true, ",": true, "{": true, "}": true, ".": true, "[": true, "]": true, "\"": true, "'": true}

func init() {
	n := tsLang.NodeKindCount()
	kindNames = make([]string, n)
	kindNamed = make([]bool, n)
	kindDrop = make([]bool, n)
	for i := uint32(0); i < n; i++ {
		kindNames[i] = tsLang.NodeKindForId(uint16(i))
		kindNamed[i] = tsLang.NodeKindIsNamed(uint16(i))
		kindDrop[i] = !kindNamed[i] && dropKinds[kindNames[i]]
	}
	fc := tsLang.FieldCount()
	fieldName = make([]string, fc+1)
	for i := uint32(1); i <= fc; i++ {
		fieldName[i] = tsLang.FieldNameForId(uint16(i))
	}
}

// parser wraps one tree-sitter parser; it belongs to one goroutine.
type parser struct {
	c *syntax.Flattener
	// scratch holds build's per-node work arrays, reused from file to file
	// (they die with the build; only the Nodes outlive it).
	scratch []int32
	// dets are the detectors the parsed units run (nil: the registry's).
	dets []scanner.Detector[*Unit]
}

func newParser() *parser { return &parser{c: syntax.NewFlattener(grammar)} }

// Close releases the tree-sitter parser.
func (p *parser) Close() { p.c.Close() }

// Parse parses one file into a Unit. It never fails: syntax errors become
// FileErrors and the rest of the tree is analysed.
func (p *parser) Parse(f scanner.File) scanner.Parsed {
	return p.parse(f)
}

func (p *parser) parse(f scanner.File) *Unit {
	src := f.Content
	u := &Unit{Path: f.Path, Src: src, lines: newLineIndex(src), dets: p.dets}
	p.c.Flatten(mask(src), func(flat []syntax.Flat) {
		if len(flat) == 0 {
			u.errs = append(u.errs, scanner.FileError{File: f.Path, Message: "parser gave up"})
			return
		}
		if need := 3 * len(flat); cap(p.scratch) < need {
			p.scratch = make([]int32, need)
		}
		u.Root = u.build(flat, p.scratch[:3*len(flat)])
	})
	if u.Root == nil {
		u.Root = &Node{Kind: "source_file", Named: true}
	}
	u.fixTree()
	u.analyze()
	return u
}

// build turns the flattened preorder tree into Nodes, dropping
// punctuation and folding single-child expression/statement wrappers.
// Nodes and child lists come from two slabs sized for the kept nodes, so
// a file costs a handful of allocations instead of one per node.
func (u *Unit) build(flat []syntax.Flat, scratch []int32) *Node {
	// First pass: which nodes are kept (slot[i] >= 0: their index in the
	// slab), which kept ancestor adopts each, and how many kept children
	// each adopts.
	size := len(flat)
	slot, adopter, kids := scratch[:size], scratch[size:2*size], scratch[2*size:3*size]
	clear(kids)
	kept, total := 0, 0
	for i := range flat {
		r := &flat[i]
		slot[i], adopter[i] = -1, -1
		if int(r.Symbol) < len(kindDrop) && kindDrop[r.Symbol] && !r.IsError() {
			continue
		}
		slot[i] = int32(kept)
		kept++
		for p := r.Parent; p >= 0; p = flat[p].Parent {
			if slot[p] >= 0 {
				adopter[i] = p
				kids[p]++
				total++
				break
			}
		}
	}
	slab := make([]Node, kept)
	children := make([]*Node, total)
	// Preorder start offsets never decrease, so lines are found by
	// walking the line index forward rather than searching it per node.
	line := 1
	for i := range flat {
		r := &flat[i]
		start, end := int(r.Start), int(r.End)
		kind, named := "ERROR", true
		if int(r.Symbol) < len(kindNames) {
			kind, named = kindNames[r.Symbol], kindNamed[r.Symbol]
		}
		if r.IsError() {
			kind = "ERROR"
		}
		if r.IsError() || r.Missing() {
			msg := "syntax error"
			if r.Missing() {
				msg = "missing " + kind
			}
			u.errs = append(u.errs, scanner.FileError{File: u.Path, Line: u.lines.line(start), Message: msg})
		}
		if slot[i] < 0 {
			continue
		}
		n := &slab[slot[i]]
		line = u.lines.lineFrom(line, start)
		*n = Node{Kind: kind, Named: named, Start: start, End: end, Line: line, text: sourceText(u.Src, start, end)}
		n.EndLine = u.lines.lineFrom(line, max(start, end-1))
		if k := kids[i]; k > 0 {
			n.Children, children = children[:0:k], children[k:]
		}
		if int(r.Field) < len(fieldName) {
			n.Field = fieldName[r.Field]
		}
		if p := adopter[i]; p >= 0 {
			parent := &slab[slot[p]]
			n.Parent = parent
			parent.Children = append(parent.Children, n)
		}
	}
	if slot[0] < 0 {
		return nil
	}
	root := &slab[slot[0]]
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

func isIdent(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
