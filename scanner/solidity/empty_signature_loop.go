package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// emptySignatureLoop: signatures checked one by one in a loop over an
// array the caller passes, with nothing requiring the array to hold any.
// An empty array skips the loop, and with it every check: the action
// after the loop runs unauthorised.
//
// Decides: a public state-changing function without a caller check
// before the loop (CallerChecked) or a modifier the bundle does not
// define, whose only signature recovery (ecrecover, or a helper or
// library that recovers, see recovers) sits in the body of a for or
// while loop (a do-while runs once and indexes past an empty array)
// whose condition reads the length of an array parameter, while no
// condition outside the loop reads that length (or a local computed from
// it) or anything the loop body writes (a count of valid signatures
// compared with a threshold afterwards), and the function acts after the
// loop: writes state, calls out or pays. Reports the loop.
//
// Known false positives: an empty array that is harmless because the
// action itself scales with the array (one payout per signature), or a
// minimum enforced by the caller contract.
type emptySignatureLoop struct{}

func (emptySignatureLoop) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-EMPTY-SIGNATURE-LOOP",
		Title:          "Signature checks skipped by an empty array",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "signature",
		CWE:            "CWE-347",
		Description:    "The function verifies signatures only inside a loop over an array the caller supplies, and never requires the array to be non-empty or the number of valid signatures to reach a threshold. Passing an empty array skips every check, and the action after the loop runs without any signature.",
		Recommendation: "Require a minimum number of signatures (require(sigs.length >= threshold), with threshold > 0), or count the valid, distinct signers in the loop and require the count to reach the threshold after it.",
		Tier:           scanner.TierStandard,
	}
}

func (d emptySignatureLoop) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || unknownModifier(f) {
			continue
		}
		var recs []*Node
		f.Body.Walk(func(n *Node) bool {
			if n.Kind == "call_expression" && recovers(f, n, 2) {
				recs = append(recs, n)
				return false
			}
			return true
		})
		if len(recs) == 0 {
			continue
		}
		// A do-while runs its body once whatever the length: on an
		// empty array its first element is out of bounds and reverts.
		loop := enclosingLoop(recs[0])
		if loop == nil || loop.Kind == "do_while_statement" {
			continue
		}
		body := loop.Child("body")
		only := true
		for _, r := range recs {
			only = only && body != nil && body.Contains(r)
		}
		if !only {
			continue
		}
		arr := loopArrayParam(f, loop)
		// A caller check before the loop restricts the function anyway
		// (the checks in the loop do not dominate what follows it).
		if arr == "" || f.CallerChecked(loopTest(loop)) || lengthChecked(f, loop, arr) || !actsFrom(f, loop.End) {
			continue
		}
		out = append(out, u.finding(d.Meta().ID, loop, scope(f)))
	}
	return out
}

// enclosingLoop returns the innermost for, while or do-while statement
// whose body holds n, or nil.
func enclosingLoop(n *Node) *Node {
	for p := n; p.Parent != nil; p = p.Parent {
		switch p.Parent.Kind {
		case "for_statement", "while_statement", "do_while_statement":
			if p.Field == "body" {
				return p.Parent
			}
		case "function_definition", "modifier_definition", "constructor_definition", "fallback_receive_definition":
			return nil
		}
	}
	return nil
}

// loopArrayParam returns the array parameter of f whose length the
// loop's condition reads (i < sigs.length), or "".
func loopArrayParam(f *Function, loop *Node) string {
	cond := loop.Child("condition")
	if cond == nil {
		return ""
	}
	name := ""
	cond.Walk(func(x *Node) bool {
		if name == "" && x.Kind == "member_expression" && x.Child("property").Text() == "length" {
			if o := x.Child("object"); o.Kind == "identifier" && f.Param(o.Text()) && strings.HasSuffix(f.TypeOf(o.Text()), "]") {
				name = o.Text()
			}
		}
		return name == ""
	})
	return name
}

// lengthChecked reports whether a condition of f outside the loop reads arr.length, a local computed from it, or a variable the loop
// body writes (a count of valid signatures).
func lengthChecked(f *Function, loop *Node, arr string) bool {
	watched := map[string]bool{}
	readsLength := func(n *Node) bool {
		found := false
		n.Walk(func(x *Node) bool {
			switch {
			case found:
			case x.Kind == "member_expression" && x.Child("property").Text() == "length" && x.Child("object").Text() == arr:
				found = true
			case x.Kind == "identifier" && watched[x.Text()] && x.Field != "property":
				found = true
			}
			return !found
		})
		return found
	}
	for _, ds := range f.Defs() {
		for _, d := range ds {
			if d.Value != nil && readsLength(d.Value) {
				watched[d.Name] = true
			}
		}
	}
	// Anything the loop body assigns: counters, the last signer seen.
	if body := loop.Child("body"); body != nil {
		body.Walk(func(x *Node) bool {
			switch x.Kind {
			case "assignment_expression", "augmented_assignment_expression":
				if r := lvalueRoot(x.Child("left")); r != nil {
					watched[r.Text()] = true
				}
			case "update_expression":
				for _, c := range x.Children {
					if c.Named {
						if r := lvalueRoot(c); r != nil {
							watched[r.Text()] = true
						}
						break
					}
				}
			}
			return true
		})
	}
	for _, c := range f.Conditions() {
		if loop.Contains(c) {
			continue // the loop's own test, and the checks it repeats
		}
		if readsLength(c) {
			return true
		}
	}
	// A modifier handed the array (or its length) checks it.
	for _, m := range f.Modifiers {
		if strings.Contains(m.Text(), arr) {
			return true
		}
	}
	return false
}

// actsFrom reports whether f does something from position pos on (after
// a loop, or in the whole body): writes state, makes a low-level call,
// or calls a function that is not a builtin check, a hash, an encoding,
// a signature recovery or a helper of the bundle that does nothing
// lasting. A call to another contract, to a
// function the bundle does not hold (an inherited _mint of an imported
// base) or to one without a body counts: what it does is unknown.
// Events do not count.
func actsFrom(f *Function, pos int) bool {
	for _, w := range f.StateWrites() {
		if w.Node.Start >= pos {
			return true
		}
	}
	for _, c := range f.LowLevelCalls() {
		if c.Node.Start >= pos {
			return true
		}
	}
	acts := false
	f.Body.Walk(func(n *Node) bool {
		if acts || n.End <= pos {
			return false // decided, or before pos
		}
		if n.Kind != "call_expression" || n.Start < pos || n.Ancestor("emit_statement") != nil {
			return true
		}
		fn := n.Child("function")
		if fn != nil && fn.Kind == "identifier" && builtinFuncs[fn.Text()] && fn.Text() != "selfdestruct" && fn.Text() != "suicide" {
			return true // a check, a hash, arithmetic: no action
		}
		if fn != nil && fn.Kind == "member_expression" && fn.Child("object").Text() == "abi" || recoveryShaped(f, n) {
			return true // an encoding, or a signature recovery
		}
		h := f.internalCallee(n)
		if h == nil {
			h = f.libraryCallee(n)
		}
		if h != nil && h.Body != nil {
			s := h.Summary()
			acts = s.WritesState || s.ExternalCall || s.SendsValue
			return !acts
		}
		acts = true
		return false
	})
	return acts
}

// unknownModifier reports whether f has a modifier the bundle does not
// define (an imported onlyOwner): what it checks is unknown.
func unknownModifier(f *Function) bool {
	for _, m := range f.Modifiers {
		if f.Contract.Modifier(m.FirstKind("identifier").Text()) == nil {
			return true
		}
	}
	return false
}

// loopTest returns the loop's test expression, the node the CFG places
// at the loop's head (a for's condition is an expression statement).
func loopTest(loop *Node) *Node {
	c := loop.Child("condition")
	if c != nil && c.Kind == "expression_statement" && len(c.Children) > 0 {
		return c.Children[0]
	}
	return c
}
