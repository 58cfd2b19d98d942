package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// memoryLostWrite: a local memory copy of storage (S memory v = m[k];) is
// updated (v.claimed = true) and the update never reaches storage. The
// author meant a storage pointer: the flag, balance or counter written
// stays as it was, so a claim can be repeated or a debt never recorded.
//
// Decides, from the data-location fact (location.go): in a function that
// may change state, a local of reference type whose location is Memory,
// initialised or assigned (v = …) from an expression whose location is
// Storage, whose members or elements are then written (v.a = …, v.a += …,
// v.b[i] = …, delete v.a, v.n++), and which never leaves the function:
// not assigned back whole or in part (m[k] = v, m[k].a = v.a), not passed
// whole to any call (an internal helper, abi.encode, push), no member of
// reference or unknown type passed to an internal function, not returned,
// not assigned to another variable, not named in inline assembly.
// Passing it to an event is ignored. At least one write must be dead: no
// later read of that member or element path (indices ignored; inside a
// loop, any read in the loop), so a copy used as scratch space whose
// updated fields are read back is left alone. Reports the declaration,
// where memory becomes storage. Also a call handing storage to an
// internal function whose parameter is a memory copy it writes into and
// neither returns nor passes on (Slither's array-by-reference): reported
// at the call.
//
// Known false positives: a scratch copy with a field set and never read
// (dead code rather than a lost update). Known misses: a lost update that
// is also read locally (v.amount -= x; pay(v.amount)).
type memoryLostWrite struct{}

func (memoryLostWrite) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-MEMORY-LOST-WRITE",
		Title:          "Update of a memory copy of storage is lost",
		Severity:       scanner.Medium,
		Confidence:     0.7,
		Category:       "other",
		CWE:            "CWE-664",
		Description:    "A struct or array is copied from storage into a memory variable, the copy is modified, and it is never written back or passed on. The update is discarded when the function returns: storage keeps the old values (a claim flag never set, a balance never reduced).",
		Recommendation: "Declare the variable storage (S storage v = m[k];) so writes go to the contract's state, or assign the modified copy back (m[k] = v).",
		Tier:           scanner.TierStandard,
	}
}

func (d memoryLostWrite) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || f.Kind == "modifier" {
			continue
		}
		switch f.Mutability {
		case "view", "pure", "constant":
			continue
		}
		count := map[string]int{}
		var decls []*Node
		f.Body.Walk(func(n *Node) bool {
			if n.Kind == "variable_declaration" {
				count[n.Child("name").Text()]++
				decls = append(decls, n)
			}
			return true
		})
		for _, decl := range decls {
			name := decl.Child("name").Text()
			if count[name] != 1 || f.LocalLoc(decl) != Memory || f.Contract.IsValueType(decl.Child("type").Text()) {
				continue
			}
			if !d.copiedFromStorage(f, decl, name) {
				continue
			}
			if d.lostWrite(f, decl, name) {
				out = append(out, u.finding(d.Meta().ID, decl.Parent, scope(f)))
			}
		}
		// Storage handed to a helper that takes a memory copy and writes
		// into it: setByValue(x) with setByValue(uint[1] memory a) { a[0] =
		// 2; } changes nothing the caller keeps.
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "call_expression" {
				return true
			}
			h := f.internalCallee(n)
			if h == nil || h == f || h.Body == nil {
				return true
			}
			for i, a := range argNodes(n) {
				if f.LocationOf(a) != Storage || f.Contract.IsValueType(f.ExprType(a)) {
					continue
				}
				if p := h.memoryParam(i); p != "" && writesInto(h, p) && !handsBack(h, p) {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					break
				}
			}
			return true
		})
	}
	return out
}

// memoryParam returns the name of h's i-th parameter when it is a
// reference held in memory (declared memory, or without a location before
// 0.5), or "".
func (h *Function) memoryParam(i int) string {
	k := 0
	for _, ch := range h.Node.Children {
		if ch.Kind != "parameter" {
			continue
		}
		if k == i {
			name := ch.Child("name").Text()
			t := ch.Child("type")
			if name == "" || t == nil || h.Contract.IsValueType(t.Text()) {
				return ""
			}
			switch declaredLoc(ch) {
			case Memory:
				return name
			case Unknown:
				if h.Contract.Unit.Version.Before(5, 0) {
					return name
				}
			}
			return ""
		}
		k++
	}
	return ""
}

// writesInto reports whether f writes an element or member of its local
// or parameter name (name[i] = …, name.a += …, delete name.a).
func writesInto(f *Function, name string) bool {
	found := false
	f.Body.Walk(func(n *Node) bool {
		if found {
			return false
		}
		if t := writtenBy(n); t != nil && t.Kind != "identifier" {
			if r := lvalueRoot(t); r != nil && r.Text() == name {
				found = true
			}
		}
		return !found
	})
	return found
}

// handsBack reports whether f returns its parameter name, or a value
// computed from it, or passes it on to another call: the caller may get
// the changes back.
func handsBack(f *Function, name string) bool {
	found := false
	f.Body.Walk(func(n *Node) bool {
		if found {
			return false
		}
		switch n.Kind {
		case "return_statement":
			found = mentionsAny(n, map[string]bool{name: true})
		case "call_argument":
			found = mentionsAny(n, map[string]bool{name: true}) && n.Ancestor("emit_statement") == nil
		}
		return !found
	})
	return found || isReturn(f, name)
}

// copiedFromStorage reports whether the local's initial value, or a value
// assigned to it whole, is located in storage.
func (memoryLostWrite) copiedFromStorage(f *Function, decl *Node, name string) bool {
	if st := decl.Parent; st != nil && st.Kind == "variable_declaration_statement" && st.FirstKind("variable_declaration") == decl {
		if f.LocationOf(st.Child("value")) == Storage {
			return true
		}
	}
	found := false
	f.Body.Walk(func(n *Node) bool {
		if found {
			return false
		}
		if n.Kind == "assignment_expression" && n.Operator() == "=" {
			if l := n.Child("left"); l != nil && l.Kind == "identifier" && l.Text() == name && f.LocationOf(n.Child("right")) == Storage {
				found = true
			}
		}
		return !found
	})
	return found
}

// accessChain climbs from an identifier through the member and index
// accesses it is the base of: v in v.a.b[i] gives v.a.b[i].
func accessChain(x *Node) *Node {
	for p := x.Parent; p != nil; p = x.Parent {
		switch {
		case p.Kind == "member_expression" && x.Field == "object",
			p.Kind == "array_access" && x.Field == "base",
			p.Kind == "parenthesized_expression":
			x = p
			continue
		}
		break
	}
	return x
}

// isLvalue reports whether n is what its parent writes (writtenBy): the
// left side of an assignment, the operand of ++, -- or delete.
func isLvalue(n *Node) bool {
	p := n.Parent
	if p == nil || p.Kind == "call_expression" || p.Kind == "unary_expression" && p.Operator() != "delete" {
		return false
	}
	return writtenBy(p) == n
}

// lostWrite reports whether the memory local name never leaves f and has
// a dead member or element write: one no later read sees.
func (memoryLostWrite) lostWrite(f *Function, decl *Node, name string) bool {
	var writes, reads []*Node
	escapes := false
	f.Body.Walk(func(x *Node) bool {
		if escapes {
			return false
		}
		if x.Kind == "assembly_statement" && x.Mentions(name) || x.Kind == "yul_identifier" && x.Text() == name {
			escapes = true // assembly may store or return it
			return false
		}
		if x.Kind != "identifier" || x.Text() != name || x.Field == "property" || x.Parent == decl {
			return true
		}
		c := accessChain(x)
		whole := c == x
		if x.Ancestor("emit_statement") != nil {
			return true
		}
		switch {
		case isLvalue(c) || c.Parent != nil && c.Parent.Kind == "tuple_expression" && c.Parent.Field == "left":
			if !whole {
				writes = append(writes, c)
				p := c.Parent
				if p.Kind == "tuple_expression" {
					p = p.Parent
				}
				if p.Kind != "assignment_expression" || p.Operator() != "=" {
					reads = append(reads, c) // v.a += 1, v.a++ read v.a
				}
			}
		case x.Ancestor("return_statement") != nil:
			escapes = true
		case whole:
			// v handed on whole: a call, an assignment to another
			// variable or to storage, a tuple or struct literal.
			escapes = true
		case c.Field == "right" && c.Parent.Kind == "assignment_expression" && c.Parent.Operator() == "=" && f.LocationOf(c.Parent.Child("left")) == Storage:
			escapes = true // m[k].a = v.a
		case c.Field == "function":
			escapes = true // v.a.g(…): a bound library function may keep it
		default:
			reads = append(reads, c)
			// A member of reference type handed to an internal function,
			// which may store it; values are read.
			if p := c.Parent; p != nil && p.Kind == "call_argument" {
				if call := p.Parent; call != nil && call.Kind == "call_expression" && f.internalCallee(call) != nil && !f.Contract.IsValueType(f.ExprType(c)) {
					escapes = true
				}
			}
		}
		return true
	})
	if escapes {
		return false
	}
	for _, w := range writes {
		if !readAfter(w, reads) {
			return true
		}
	}
	return false
}

// readAfter reports whether one of reads sees what w wrote: the same
// member or element path (indices ignored), a part or a whole of it, read
// after w or anywhere in a loop around w.
func readAfter(w *Node, reads []*Node) bool {
	wp := accessPathOf(w)
	loop := w.Ancestor("for_statement", "while_statement", "do_while_statement")
	for _, r := range reads {
		if r == w || r.Start < w.End && (loop == nil || !loop.Contains(r)) {
			continue
		}
		if rp := accessPathOf(r); overlaps(rp, wp) {
			return true
		}
	}
	return false
}

// accessPathOf spells an access chain with its indices dropped: v.a[i].b
// gives v.a[].b.
func accessPathOf(n *Node) string {
	switch n.Kind {
	case "identifier":
		return n.Text()
	case "member_expression":
		return accessPathOf(n.Child("object")) + "." + n.Child("property").Text()
	case "array_access":
		return accessPathOf(n.Child("base")) + "[]"
	case "parenthesized_expression":
		if len(n.Children) == 1 {
			return accessPathOf(n.Children[0])
		}
	}
	return "?"
}

// overlaps reports whether one path is the other or a prefix of it ending
// at a member or index boundary.
func overlaps(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return strings.HasPrefix(b, a) && (len(a) == len(b) || b[len(a)] == '.' || b[len(a)] == '[')
}
