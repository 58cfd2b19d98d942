package solidity

import (
	"bytes"
	"fmt"

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
	p *ts.Parser
}

func newParser() *parser {
	p := ts.NewParser()
	if err := p.SetLanguage(tsLang); err != nil {
		panic(fmt.Sprintf("solidity grammar: %v", err)) // a build defect, not input
	}
	return &parser{p: p}
}

// Close releases the tree-sitter parser.
func (p *parser) Close() { p.p.Close() }

// Parse parses one file into a Unit. It never fails: syntax errors become
// FileErrors and the rest of the tree is analysed.
func (p *parser) Parse(f scanner.File) scanner.Parsed {
	return p.parse(f)
}

func (p *parser) parse(f scanner.File) *Unit {
	src := f.Content
	tree := p.p.Parse(shim(src), nil)
	u := &Unit{Path: f.Path, Src: src, lines: newLineIndex(src)}
	if tree == nil {
		u.errs = append(u.errs, scanner.FileError{File: f.Path, Message: "parser gave up"})
		u.Root = &Node{Kind: "source_file", Named: true, src: src}
		u.analyze()
		return u
	}
	defer tree.Close()
	cur := tree.Walk()
	defer cur.Close()
	u.Root = u.convert(cur, nil)
	u.analyze()
	return u
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

// convert copies the cursor's current node and its subtree.
func (u *Unit) convert(cur *ts.TreeCursor, parent *Node) *Node {
	tn := cur.Node()
	id := tn.KindId()
	kind := "ERROR"
	named := true
	if int(id) < len(kindNames) {
		kind, named = kindNames[id], kindNamed[id]
	}
	start, end := int(tn.StartByte()), int(tn.EndByte())
	n := &Node{Kind: kind, Named: named, Start: start, End: end, Parent: parent, src: u.Src}
	if f := cur.FieldId(); f != 0 && int(f) < len(fieldName) {
		n.Field = fieldName[f]
	}
	n.Line = u.lines.line(start)
	n.EndLine = u.lines.line(max(start, end-1))
	if tn.IsError() || tn.IsMissing() {
		msg := "syntax error"
		if tn.IsMissing() {
			msg = "missing " + kind
		}
		u.errs = append(u.errs, scanner.FileError{File: u.Path, Line: n.Line, Message: msg})
		if tn.IsError() {
			n.Kind = "ERROR"
		}
	}
	if cur.GotoFirstChild() {
		for {
			c := u.convert(cur, n)
			if c.Named || !dropKinds[c.Kind] {
				n.Children = append(n.Children, c)
			}
			if !cur.GotoNextSibling() {
				break
			}
		}
		cur.GotoParent()
	}
	// Fold single-child wrappers.
	if (kind == "expression" || kind == "statement") && len(n.Children) == 1 && n.Children[0].Named {
		c := n.Children[0]
		c.Field = n.Field
		c.Parent = parent
		return c
	}
	return n
}
