package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// deleteMappingStruct: delete of a storage struct resets its value members
// but cannot clear a mapping inside it (storage does not know a mapping's
// keys). The entries survive and reappear when the struct is reused: a
// deleted account's allowances, a closed round's votes.
//
// Decides: a delete whose operand is located in storage (a state
// variable, an element or member of one, a member of a storage pointer)
// and whose declared type is a struct, or an array of structs, holding a
// mapping directly or through nested structs and arrays (StructFields).
// A delete preceded by clearing entries of a mapping inside that struct
// (delete s.flags[k], directly or through a storage pointer to it) is the
// code emptying the keys it knows and is left out. Reports the delete.
//
// Known false positives: code that clears the mapping's entries in a
// helper before the delete.
type deleteMappingStruct struct{}

func (deleteMappingStruct) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-DELETE-MAPPING-STRUCT",
		Title:          "Delete of a struct leaves its mapping behind",
		Severity:       scanner.Low,
		Confidence:     0.8,
		Category:       "other",
		CWE:            "CWE-459",
		Description:    "A storage struct that contains a mapping is deleted. delete resets the other members but leaves every entry of the mapping in place, so stale values (balances, approvals, votes) remain readable and come back when the slot is used again.",
		Recommendation: "Clear the mapping's entries explicitly before deleting the struct (keep their keys), or key the mapping by a fresh identifier (a nonce or version) so old entries are never read.",
		Tier:           scanner.TierStandard,
	}
}

func (d deleteMappingStruct) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil {
			continue
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "unary_expression" || n.Operator() != "delete" {
				return true
			}
			target := writtenBy(n)
			if target == nil || target.Kind == "identifier" && f.localDecls()[target.Text()] != nil {
				return true
			}
			typ := f.ExprType(target)
			if strings.HasPrefix(typ, "mapping") || f.LocationOf(target) != Storage {
				return true
			}
			if holdsMapping(f.Contract, typ, map[string]bool{}) && !clearedBefore(f, n, target) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			}
			return true
		})
	}
	return out
}

// clearedBefore reports whether f clears entries of a mapping inside the
// struct target before the delete n: delete s.flags[k] (or s.flags[k] =
// …) where s is target itself or a storage pointer f set to it
// (S storage s = items[id]). The code knows the keys and empties them.
func clearedBefore(f *Function, n, target *Node) bool {
	want := norm(target.Text())
	same := func(x *Node) bool {
		x = unparen(x)
		if x == nil {
			return false
		}
		if norm(x.Text()) == want {
			return true
		}
		if x.Kind == "identifier" {
			if d := f.localDecls()[x.Text()]; d != nil && d.Parent != nil {
				if v := d.Parent.Child("value"); v != nil && norm(v.Text()) == want {
					return true
				}
			}
		}
		return false
	}
	found := false
	f.Body.Walk(func(m *Node) bool {
		if found || m.Start >= n.Start {
			return false
		}
		var t *Node
		switch {
		case m.Kind == "unary_expression" && m.Operator() == "delete":
			t = writtenBy(m)
		case m.Kind == "assignment_expression":
			t = m.Child("left")
		}
		// s.flags[k]: an entry of a member of the struct.
		if t != nil && t.Kind == "array_access" {
			if o := unparen(t.Child("base")); o != nil && o.Kind == "member_expression" && same(o.Child("object")) {
				found = true
			}
		}
		return !found
	})
	return found
}

// holdsMapping reports whether a value of type typ contains a mapping: it
// is one, or an array or struct with one inside.
func holdsMapping(c *Contract, typ string, seen map[string]bool) bool {
	typ = strings.TrimSpace(typ)
	switch {
	case typ == "":
		return false
	case strings.HasPrefix(typ, "mapping"):
		return true
	case strings.HasSuffix(typ, "]"):
		return holdsMapping(c, elemType(typ), seen)
	}
	if seen[typ] {
		return false
	}
	seen[typ] = true
	fields, ok := c.StructFields(typ)
	if !ok {
		return false
	}
	for _, fd := range fields {
		if holdsMapping(c, fd.Type, seen) {
			return true
		}
	}
	return false
}
