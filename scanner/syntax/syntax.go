// Package syntax owns the tree bulwark's hand-written parsers (Vyper,
// Cairo) produce: a Node with kind, field name, positions and children,
// walked by detectors the way the Solidity detectors walk tree-sitter's
// tree, plus the position and error bookkeeping the parsers share.
package syntax

import (
	"sort"
	"strings"
)

// MaxDepth bounds the nesting the parsers follow; deeper input is reported
// as an error instead of growing the stack.
const MaxDepth = 400

// Node is one syntax node. Leaves (identifiers, literals) keep their text;
// operators sit in Op.
type Node struct {
	Kind       string
	Field      string // field name in the parent, "" if none
	Op         string // operator of binary, unary and augmented assignments
	Start, End int    // byte offsets
	Line       int    // 1-based line of Start
	EndLine    int
	Parent     *Node
	Children   []*Node
	text       string
}

// Text returns the node's source text.
func (n *Node) Text() string {
	if n == nil {
		return ""
	}
	return n.text
}

// Child returns the first child with the given field name.
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

// Kids returns n's children; nil for a nil node.
func (n *Node) Kids() []*Node {
	if n == nil {
		return nil
	}
	return n.Children
}

// ChildrenOf returns the children with the given field name.
func (n *Node) ChildrenOf(field string) []*Node {
	if n == nil {
		return nil
	}
	var out []*Node
	for _, c := range n.Children {
		if c.Field == field {
			out = append(out, c)
		}
	}
	return out
}

// FirstKind returns the first direct child of the given kind.
func (n *Node) FirstKind(kind string) *Node {
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

// Walk visits n and its descendants in source order until fn returns false
// for a node, which skips that node's children.
func (n *Node) Walk(fn func(*Node) bool) {
	if n == nil || !fn(n) {
		return
	}
	for _, c := range n.Children {
		c.Walk(fn)
	}
}

// FindAll returns every descendant (and n itself) of one of the kinds.
func (n *Node) FindAll(kinds ...string) []*Node {
	var out []*Node
	n.Walk(func(x *Node) bool {
		for _, k := range kinds {
			if x.Kind == k {
				out = append(out, x)
				break
			}
		}
		return true
	})
	return out
}

// Ancestor returns the nearest ancestor of one of the kinds, or nil.
func (n *Node) Ancestor(kinds ...string) *Node {
	if n == nil {
		return nil
	}
	for p := n.Parent; p != nil; p = p.Parent {
		for _, k := range kinds {
			if p.Kind == k {
				return p
			}
		}
	}
	return nil
}

// Contains reports whether m lies within n.
func (n *Node) Contains(m *Node) bool {
	return m != nil && n != nil && m.Start >= n.Start && m.End <= n.End
}

// Mentions reports whether n uses the identifier name.
func (n *Node) Mentions(name string) bool {
	found := false
	n.Walk(func(x *Node) bool {
		if found {
			return false
		}
		if x.Kind == "identifier" && x.text == name {
			found = true
		}
		return !found
	})
	return found
}

// Norm is n's text without white space, for comparing expressions.
func (n *Node) Norm() string {
	return strings.Join(strings.Fields(n.Text()), "")
}

// Builder makes nodes over one source and keeps its parse errors.
type Builder struct {
	Src    string
	lines  []int
	Errors []Error
}

// Error is one parse error.
type Error struct {
	Line    int
	Message string
}

// NewBuilder indexes src's lines.
func NewBuilder(src string) *Builder {
	b := &Builder{Src: src, lines: []int{0}}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			b.lines = append(b.lines, i+1)
		}
	}
	return b
}

// Line returns the 1-based line of a byte offset.
func (b *Builder) Line(off int) int {
	return sort.Search(len(b.lines), func(i int) bool { return b.lines[i] > off })
}

// Column returns the 0-based byte column of an offset and whether only
// white space precedes it on its line.
func (b *Builder) Column(off int) (int, bool) {
	start := b.lines[b.Line(off)-1]
	return off - start, strings.TrimLeft(b.Src[start:off], " \t") == ""
}

// Lines counts the source's lines (a final line without a newline counts).
func (b *Builder) Lines() int {
	n := len(b.lines)
	if n > 0 && b.lines[n-1] == len(b.Src) {
		n--
	}
	return n
}

// Node makes a node spanning [start, end) with the given children, which
// it adopts.
func (b *Builder) Node(kind string, start, end int, children ...*Node) *Node {
	if end < start {
		end = start
	}
	if start < 0 {
		start = 0
	}
	if end > len(b.Src) {
		end = len(b.Src)
	}
	n := &Node{Kind: kind, Start: start, End: end, text: b.Src[start:end], Line: b.Line(start)}
	n.EndLine = n.Line
	if end > start {
		n.EndLine = b.Line(end - 1)
	}
	for _, c := range children {
		b.Adopt(n, c, "")
	}
	return n
}

// Adopt appends c (when not nil) to n's children under field.
func (b *Builder) Adopt(n, c *Node, field string) {
	if c == nil {
		return
	}
	if field != "" {
		c.Field = field
	}
	c.Parent = n
	n.Children = append(n.Children, c)
}

// Extend moves n's end to end.
func (b *Builder) Extend(n *Node, end int) {
	if end <= n.End || end > len(b.Src) {
		return
	}
	n.End = end
	n.text = b.Src[n.Start:end]
	n.EndLine = b.Line(end - 1)
}

// Errorf records a parse error at a byte offset.
func (b *Builder) Errorf(off int, msg string) {
	if len(b.Errors) < 100 {
		b.Errors = append(b.Errors, Error{Line: b.Line(off), Message: msg})
	}
}

// String renders the tree as an S-expression of kinds, fields, operators
// and leaf texts, for tests and debugging.
func (n *Node) String() string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

func (n *Node) write(b *strings.Builder) {
	if n == nil {
		b.WriteString("nil")
		return
	}
	b.WriteByte('(')
	if n.Field != "" {
		b.WriteString(n.Field)
		b.WriteByte(':')
	}
	b.WriteString(n.Kind)
	if n.Op != "" {
		b.WriteString(" " + n.Op)
	}
	if len(n.Children) == 0 && n.Kind != "block" {
		b.WriteString(" " + n.text)
	}
	for _, c := range n.Children {
		b.WriteByte(' ')
		c.write(b)
	}
	b.WriteByte(')')
}

// Reachable reports whether control can reach to after from within one
// function body: to comes later and is not in another arm of a branch
// from sits in (branches are the kinds given, whose children are their
// arms), or to comes earlier in a loop (of the loop kinds) around from.
func Reachable(from, to *Node, branches, loops []string) bool {
	a, cf := from, from
	for a != nil && !a.Contains(to) {
		cf, a = a, a.Parent
	}
	if a == nil {
		return false
	}
	ct := to
	for ct != nil && ct.Parent != a {
		ct = ct.Parent
	}
	if cf != ct && ct != nil && in(a.Kind, branches) && cf.Field != "condition" && ct.Field != "condition" && cf.Field != "value" && ct.Field != "value" {
		return false
	}
	if to.Start >= from.End {
		return true
	}
	for p := from.Parent; p != nil; p = p.Parent {
		if in(p.Kind, loops) && p.Contains(to) {
			return true
		}
	}
	return false
}

func in(s string, set []string) bool {
	for _, x := range set {
		if s == x {
			return true
		}
	}
	return false
}
