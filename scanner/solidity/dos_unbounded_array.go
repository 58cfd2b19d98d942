package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// dosUnboundedArray: storage arrays whose gas cost grows with their length
// until the function no longer fits in a block: growing an array in a loop
// the caller sizes, or clearing a whole dynamic array (which costs gas per
// element, the Governmental jackpot bug).
//
// Decides: push or length growth of a state array inside a loop; a state
// dynamic array reset with new T[](0) or delete. Reports the statement.
//
// Known false positives: arrays that provably stay small.
type dosUnboundedArray struct{}

func (dosUnboundedArray) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-DOS-UNBOUNDED-ARRAY",
		Title:          "Denial of service by an unbounded storage array",
		Severity:       scanner.Medium,
		Confidence:     0.7,
		Category:       "denial_of_service",
		CWE:            "CWE-400",
		SWC:            "SWC-128",
		Description:    "A storage array grows inside a loop or is cleared in one go. Both cost gas proportional to the array's length, which users can inflate until the function exceeds the block gas limit and can never run again.",
		Recommendation: "Bound the array's length, process it in batches, or keep a length counter instead of clearing the array.",
		Tier:           scanner.TierStandard,
	}
}

func (d dosUnboundedArray) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || f.Kind == "constructor" {
			continue
		}
		locals := f.Locals()
		isArray := func(name string) bool {
			if !f.IsState(name, locals) {
				return false
			}
			v := f.Contract.StateVar(name)
			return v != nil && strings.HasSuffix(strings.TrimSpace(v.Type), "[]")
		}
		f.Body.Walk(func(n *Node) bool {
			switch n.Kind {
			case "call_expression":
				fn := n.Child("function")
				if fn != nil && fn.Kind == "member_expression" && fn.Child("property").Text() == "push" && inLoop(n) {
					if r := lvalueRoot(fn.Child("object")); r != nil && isArray(r.Text()) {
						out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					}
				}
			case "augmented_assignment_expression", "update_expression":
				t := n.Child("left")
				if t == nil {
					t = n.Child("argument")
				}
				if t != nil && t.Kind == "member_expression" && t.Child("property").Text() == "length" && inLoop(n) &&
					(n.Operator() == "+=" || n.Operator() == "++") {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				}
			case "assignment_expression":
				l, r := n.Child("left"), n.Child("right")
				if l != nil && l.Kind == "identifier" && isArray(l.Text()) && r != nil && strings.HasPrefix(norm(r.Text()), "new") && strings.HasSuffix(norm(r.Text()), "(0)") {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				}
			case "unary_expression":
				if strings.HasPrefix(n.Text(), "delete") && len(n.Children) > 1 {
					t := n.Children[len(n.Children)-1]
					if t.Kind == "identifier" && isArray(t.Text()) {
						out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					}
				}
			}
			return true
		})
	}
	return out
}
