package solidity

import (
	"sort"
	"strings"
	"unsafe"
)

// Node is a tree-sitter node copied into Go memory, so detectors walk it
// without cgo calls and units can be checked concurrently. The grammar's
// "expression" and "statement" wrappers with a single child are folded into
// that child, and punctuation tokens are dropped.
type Node struct {
	Kind       string
	Field      string // field name in the parent, "" if none
	Named      bool
	Start, End int // byte offsets
	Line       int // 1-based line of Start
	EndLine    int
	Parent     *Node
	Children   []*Node
	text       string
}

// Text returns the node's source text. It shares memory with the source
// (no copy): the source is immutable while a scan runs, and anything that
// outlives the scan (snippets) is cloned.
func (n *Node) Text() string {
	if n == nil {
		return ""
	}
	return n.text
}

// sourceText is src[start:end] without a copy, or "" for an empty or
// out-of-range span.
func sourceText(src []byte, start, end int) string {
	if start < 0 || end <= start || end > len(src) {
		return ""
	}
	return unsafe.String(&src[start], end-start)
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

// NamedChildren returns the named children.
func (n *Node) NamedChildren() []*Node {
	var out []*Node
	for _, c := range n.Children {
		if c.Named {
			out = append(out, c)
		}
	}
	return out
}

// HasToken reports whether a direct anonymous child is the token tok.
func (n *Node) HasToken(tok string) bool {
	for _, c := range n.Children {
		if !c.Named && c.Kind == tok {
			return true
		}
	}
	return false
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

// Operator returns the operator token of a binary, unary, update or
// augmented assignment expression.
func (n *Node) Operator() string {
	for _, c := range n.Children {
		if !c.Named && (c.Field == "operator" || strings.ContainsAny(c.Kind, "+-*/%<>=!&|^")) {
			return c.Kind
		}
	}
	return ""
}

// Identifiers returns the identifier texts used in n.
func (n *Node) Identifiers() []string {
	var out []string
	n.Walk(func(x *Node) bool {
		if x.Kind == "identifier" {
			out = append(out, x.Text())
		}
		return true
	})
	return out
}

// Mentions reports whether n uses the identifier name.
func (n *Node) Mentions(name string) bool {
	found := false
	n.Walk(func(x *Node) bool {
		if found {
			return false
		}
		if x.Kind == "identifier" && x.Text() == name {
			found = true
		}
		return !found
	})
	return found
}

// lineIndex maps byte offsets to 1-based lines.
type lineIndex []int

func newLineIndex(src []byte) lineIndex {
	idx := lineIndex{0}
	for i, b := range src {
		if b == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (l lineIndex) line(off int) int {
	return sort.Search(len(l), func(i int) bool { return l[i] > off })
}

// lineFrom is line(off) for an offset known to lie on line from or after
// it: a few steps forward, then a search of the rest.
func (l lineIndex) lineFrom(from, off int) int {
	if from < 1 || from > len(l) || l[from-1] > off {
		return l.line(off)
	}
	for i := 0; i < 4; i++ {
		if from >= len(l) || l[from] > off {
			return from
		}
		from++
	}
	return from + sort.Search(len(l)-from, func(i int) bool { return l[from+i] > off })
}
