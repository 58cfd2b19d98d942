package vyper

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// uncheckedRawCall: raw_call(…, revert_on_failure=False) whose success
// flag is dropped, so a failed call (a rejected payment, a reverted
// action) passes as if it had worked.
//
// Decides: a raw_call with revert_on_failure=False that is a statement of
// its own, or whose result (the success flag, the first element when it
// is unpacked) is assigned to a local never read afterwards in the
// function. Reports the call.
//
// Known false positives: calls whose failure is deliberately tolerated
// (best-effort refunds) without a comment saying so.
type uncheckedRawCall struct{}

func (uncheckedRawCall) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "VY-UNCHECKED-RAW-CALL",
		Title:          "Unchecked raw_call result",
		Severity:       scanner.High,
		Confidence:     0.85,
		Category:       "unchecked_call",
		CWE:            "CWE-252",
		SWC:            "SWC-104",
		Description:    "raw_call with revert_on_failure=False returns whether the call succeeded instead of reverting, and the code ignores that flag. A failed transfer or call is treated as a success.",
		Recommendation: "Check the success flag (assert success) or leave revert_on_failure at its default (True).",
		Tier:           scanner.TierQuick,
	}
}

func (d uncheckedRawCall) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Functions {
		if f.Body == nil {
			continue
		}
		u.facts()
		for _, c := range f.calls {
			if callee(c) != "raw_call" {
				continue
			}
			if r := keyword(c, "revert_on_failure"); r == nil || r.Text() != "False" {
				continue
			}
			if !resultRead(c, f) {
				out = append(out, u.finding(d.Meta().ID, c, f))
			}
		}
	}
	return out
}

// resultRead reports whether the value (or the first element) of call is
// used: in an expression, or assigned to a local read later on.
func resultRead(call *syntax.Node, f *Function) bool {
	p := call.Parent
	switch p.Kind {
	case "expression_statement":
		return false
	case "assign", "ann_assign":
		if call.Field != "value" {
			return true
		}
		t := p.Child("target")
		if t.Kind == "tuple" && len(t.Children) > 0 {
			t = t.Children[0]
		}
		if t.Kind != "identifier" {
			return true // stored somewhere: someone reads it
		}
		name := t.Text()
		read := false
		f.Body.Walk(func(n *syntax.Node) bool {
			if n.Start >= p.End && n.Kind == "identifier" && n.Text() == name {
				read = true
			}
			return !read
		})
		return read
	}
	return true
}
