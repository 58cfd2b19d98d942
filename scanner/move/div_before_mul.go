package move

// Division before multiplication: (a / b) * c truncates a / b first, so
// the product loses up to c - 1 units; in price and fee math that rounding
// is exploitable by repeating small trades.
//
// The detector flags a multiplication whose operand is a division.
// Known false positives: deliberate rounding to a lot size (x / lot * lot).

import "github.com/bulwark-sec/bulwark/scanner"

type divBeforeMul struct{}

func (divBeforeMul) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "MOVE-DIV-BEFORE-MUL", Title: "Division before multiplication",
		Severity: scanner.Medium, Confidence: 0.6, Category: "arithmetic", CWE: "CWE-682",
		Description: "The result of an integer division is multiplied, so the remainder the division dropped is scaled up " +
			"by the multiplier. In price or fee computations the rounding error can be farmed.",
		Recommendation: "Multiply first (widening to u128 if needed), then divide once at the end.",
		Tier:           scanner.TierStandard,
	}
}

func (d divBeforeMul) Check(u *Unit) []scanner.Finding {
	id := d.Meta().ID
	var out []scanner.Finding
	for _, m := range u.Modules {
		for _, f := range m.Funs {
			for _, b := range f.Body.Find("binary_expression") {
				if binOp(b) != "*" {
					continue
				}
				l, r := unparen(b.Child("lhs")), unparen(b.Child("rhs"))
				if binOp(l) == "/" && !roundTo(l, r) || binOp(r) == "/" && !roundTo(r, l) {
					out = append(out, u.finding(id, b, m.Name+"::"+f.Name))
				}
			}
		}
	}
	return out
}

// roundTo reports x / n * n, rounding down to a multiple of n on purpose.
func roundTo(div, other *Node) bool {
	return trimSpaces(unparen(div.Child("rhs")).Text()) == trimSpaces(other.Text())
}
