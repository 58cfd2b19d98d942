package solidity

import (
	"regexp"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// noEffect: a statement that computes a value and drops it. A comparison
// written as a statement (balance == 0;) is usually an assignment with a
// typo, and "x =+ v" or "x =- v" is "x += v" or "x -= v" with its
// operator swapped: it assigns +v or -v (SWC-129, SWC-135).
//
// Decides: an expression statement that is only a comparison (not a for
// loop's condition, which the grammar also gives as a statement); an
// assignment whose "=" is followed by a sign separated from its operand
// (x =- v, x =+ v); or a low-level call whose options are set but which
// is never made (x.call.value(v); without the final ()). A bare name as a statement (v;) is the idiom that
// silences an unused-parameter warning and is left alone. Reports the
// statement. (The grammar has no unary plus: the pre-pass blanks the
// sign of x =+ v so that it parses, and the statement's text keeps it.)
//
// Known false positives: none known; a deliberate "x = +v" is written
// without the space after the sign.
type noEffect struct{}

func (noEffect) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-NO-EFFECT",
		Title:          "Statement without effect or swapped assignment operator",
		Severity:       scanner.Medium,
		Confidence:     0.8,
		Category:       "other",
		CWE:            "CWE-480",
		SWC:            "SWC-135",
		Description:    "The statement computes a value and throws it away (a comparison where an assignment was meant: balance == 0;), or writes x =- v / x =+ v where x -= v / x += v was meant, so the variable is overwritten instead of updated. The intended state change never happens.",
		Recommendation: "Write the intended assignment or compound operator (=, -=, +=), or turn a check into require(…).",
		Tier:           scanner.TierStandard,
	}
}

// swappedOp matches x =- v: the sign glued to "=" and apart from its
// operand.
var swappedOp = regexp.MustCompile(`[\w\])]\s+=[+-]\s+[\w(]`)

// swapped reports x =- v or x =+ v in t; the regexp runs only on text
// holding one of the two glued operators.
func swapped(t string) bool {
	return (strings.Contains(t, "=-") || strings.Contains(t, "=+")) && swappedOp.MatchString(t)
}

func (d noEffect) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil {
			continue
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "expression_statement" {
				return true
			}
			e := soleNamed(n)
			if e == nil {
				return false
			}
			// A for loop's condition is a statement in the grammar.
			if p := n.Parent; p != nil && p.Kind == "for_statement" && n.Field != "body" {
				return true
			}
			switch {
			case e.Kind == "assignment_expression" && swapped(n.Text()):
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			case e.Kind == "call_expression":
				// x.call.value(v); without the final (): the call is never
				// made, only its options set.
				if c := lowLevelCall(e); c != nil && !c.Invoked && c.Kind != "" {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				}
			case e.Kind == "binary_expression" && e.FirstKind("ERROR") == nil:
				switch e.Operator() {
				case "==", "!=", "<", ">", "<=", ">=":
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				}
			}
			return false
		})
	}
	return out
}

// soleNamed returns n's only named child, nil when it has none or several.
func soleNamed(n *Node) *Node {
	var one *Node
	for _, c := range n.Children {
		if c.Named {
			if one != nil {
				return nil
			}
			one = c
		}
	}
	return one
}
