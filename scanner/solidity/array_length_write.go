package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// arrayLengthWrite: before 0.6 a dynamic array's length could be assigned.
// Decrementing it below zero, or setting it from a caller's value, makes
// the array span the whole storage, and a write at a caller-chosen index
// then overwrites any slot (the owner).
//
// Decides: compiler before 0.6; arr.length-- or arr.length -= x without an
// earlier arr.length > 0 style check, or arr.length = <expression using a
// parameter> on a state array; and writes arr[param] = … in an entry
// point to an array whose length the caller sets or can so decrement
// (Ethernaut's AlienCodex: retract() underflows, revise(i, v) writes any
// slot). Reports both.
//
// Known false positives: decrements guarded by a non-empty check.
type arrayLengthWrite struct{}

func (arrayLengthWrite) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-ARBITRARY-STORAGE-WRITE",
		Title:          "Arbitrary storage write through array length",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "access_control",
		CWE:            "CWE-123",
		SWC:            "SWC-124",
		Description:    "A dynamic storage array's length is decremented without a check or set from caller input. Its length can underflow to 2^256-1, after which an indexed write reaches every storage slot, including the owner.",
		Recommendation: "Use pop() (Solidity >= 0.6) and require the array to be non-empty; never set length from input; bound indexes.",
		Tier:           scanner.TierStandard,
	}
}

func (d arrayLengthWrite) Check(u *Unit) []scanner.Finding {
	if !u.Version.Before(6, 0) {
		return nil
	}
	var out []scanner.Finding
	for _, c := range u.Contracts {
		exposed := map[string]bool{}
		for _, f := range c.Functions {
			if f.Body == nil {
				continue
			}
			tainted := taintedLocals(f)
			f.Body.Walk(func(n *Node) bool {
				var t *Node
				risky, set := false, false
				switch n.Kind {
				case "update_expression":
					t = n.Child("argument")
					risky = n.Operator() == "--"
				case "augmented_assignment_expression":
					t = n.Child("left")
					risky = n.Operator() == "-="
				case "assignment_expression":
					t = n.Child("left")
					risky = mentionsAny(n.Child("right"), tainted)
					set = risky
				}
				if !risky || t == nil || t.Kind != "member_expression" || t.Child("property").Text() != "length" {
					return true
				}
				r := lvalueRoot(t)
				if r == nil || c.StateVar(r.Text()) == nil {
					return true
				}
				if !set && nonEmptyChecked(norm(t.Text()), n, f) {
					return true
				}
				// Set from the caller's value, or decremented with nothing to
				// stop it below zero: either way the caller can make the
				// array span the whole storage.
				exposed[r.Text()] = true
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				return true
			})
		}
		if len(exposed) == 0 {
			continue
		}
		for _, f := range c.Functions {
			if f.Body == nil || !f.Entry() {
				continue
			}
			for _, w := range f.StateWrites() {
				if w.Node.Kind != "assignment_expression" || !exposed[w.Var] {
					continue
				}
				l := w.Node.Child("left")
				if l.Kind == "array_access" && l.Child("base").Kind == "identifier" {
					idx := l.Child("index")
					for _, p := range f.Params {
						if idx != nil && idx.Mentions(p.Name) {
							out = append(out, u.finding(d.Meta().ID, w.Node, scope(f)))
							break
						}
					}
				}
			}
		}
	}
	return out
}

// nonEmptyChecked reports whether a condition before n requires length to
// be positive (length > 0, length != 0, length >= 1, 0 < length).
func nonEmptyChecked(length string, n *Node, f *Function) bool {
	for _, c := range f.Conditions() {
		if c.Start >= n.Start {
			continue
		}
		t := norm(c.Text())
		for _, ok := range []string{length + ">0", length + "!=0", length + ">=1", "0<" + length, "0!=" + length, "1<=" + length} {
			if strings.Contains(t, ok) {
				return true
			}
		}
	}
	return false
}
