package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// timestampDependence: logic that depends on block.timestamp (now), which
// the block producer chooses within a tolerance.
//
// Decides: a timestamp used in a condition, stored in state, returned, hashed
// or reduced modulo something, in a contract that does not derive
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

// timestampMatters reports whether the use decides something: a condition,
// a hash, a modulo, a return value or a state write.
func timestampMatters(n *Node, c *Contract) bool {
	if inCondition(n) {
		return true
	}
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.Kind {
		case "return_statement":
			return true
		case "call_expression":
			if isHashCall(p) {
				return true
			}
		case "binary_expression":
			switch p.Operator() {
			case "%", "==", "!=", "<", ">", "<=", ">=":
				return true
			}
		case "assignment_expression":
			if r := lvalueRoot(p.Child("left")); r != nil && c.StateVar(r.Text()) != nil {
				return true
			}
			return false
		case "state_variable_declaration":
			return true
		case "expression_statement", "variable_declaration_statement", "function_body", "block_statement":
			return false
		}
	}
	return false
}
