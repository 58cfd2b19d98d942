package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// timestampDependence: logic that depends on block.timestamp (now), which
// the block producer chooses within a tolerance.
//
// Decides: a timestamp compared for equality, hashed, reduced modulo
// something, returned, stored in state as is, or measured as an elapsed
// window (now - t > d), in a contract that does not derive
// randomness from other block values (the weak-randomness detector owns
// those). Reports the use.
//
// Known false positives: deadlines measured in days, where a drift of
// seconds does not matter; treat as low severity.
type timestampDependence struct{}

func (timestampDependence) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-TIMESTAMP-DEPENDENCE",
		Title:          "Block timestamp dependence",
		Severity:       scanner.Low,
		Confidence:     0.6,
		Category:       "time_manipulation",
		CWE:            "CWE-829",
		SWC:            "SWC-116",
		Description:    "Control flow or stored state depends on block.timestamp (now). The block producer can shift it by several seconds, enough to win a time-based game, a once-per-block check or a randomness draw.",
		Recommendation: "Do not use the timestamp for randomness or exact timing; tolerate drift of at least a few minutes, or use block numbers / an oracle.",
		Tier:           scanner.TierStandard,
	}
}

func (d timestampDependence) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, c := range u.Contracts {
		if random, entropy := randomContext(c); random && entropy {
			continue
		}
		c.Node.Walk(func(n *Node) bool {
			if blockSource(n) != "timestamp" {
				return true
			}
			if timestampMatters(n, c) {
				out = append(out, u.finding(d.Meta().ID, n, c.Name))
			}
			return false
		})
	}
	return out
}

// timestampMatters reports whether the use decides something at the
// granularity a block producer can shift: an equality test, a hash or
// modulo, a returned value, the timestamp stored as is (to be compared
// later), or an elapsed-time window (now - t > d). Deadline comparisons
// (now > unlockTime) are left alone: seconds of drift do not change them.
func timestampMatters(n *Node, c *Contract) bool {
	arith := false
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.Kind {
		case "return_statement":
			return p.Parent != nil
		case "call_expression":
			if isHashCall(p) {
				return true
			}
		case "binary_expression":
			switch p.Operator() {
			case "%", "==", "!=":
				return true
			case "<", ">", "<=", ">=":
				if arith {
					return true
				}
				arith = true // a deadline check: only a return makes it matter
			case "-":
				arith = true
			case "+", "*", "/":
			default:
				return false
			}
		case "assignment_expression":
			if arith || p.Child("right") == nil || !p.Child("right").Contains(n) {
				return false
			}
			if l := p.Child("left"); l.Kind == "identifier" && c.StateVar(l.Text()) != nil {
				return p.Child("right").Start == n.Start && p.Child("right").End == n.End
			}
			return false
		case "state_variable_declaration":
			return !arith
		case "parenthesized_expression", "call_argument":
		default:
			if strings.HasSuffix(p.Kind, "_statement") || p.Kind == "function_body" {
				return false
			}
		}
	}
	return false
}
