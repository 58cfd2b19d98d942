package vyper

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// divideBeforeMultiply: integer division whose truncated result is then
// multiplied, losing precision (fees rounded to zero, shares mispriced).
//
// Decides: a multiplication with an operand that is an integer division
// (//, or / on integers in Vyper 0.2/0.3), or a local assigned one in the
// same function and not reassigned in between. Reports the multiplication.
// Decimal division (an operand that is a decimal literal) is skipped.
//
// Known false positives: deliberate rounding to a multiple (x // k * k).
type divideBeforeMultiply struct{}

func (divideBeforeMultiply) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "VY-DIVIDE-BEFORE-MULTIPLY",
		Title:          "Integer division before multiplication",
		Severity:       scanner.Medium,
		Confidence:     0.6,
		Category:       "arithmetic",
		CWE:            "CWE-1339",
		Description:    "The result of an integer division is multiplied afterwards. The division truncates first, so the product loses precision and can round to zero.",
		Recommendation: "Multiply before dividing (a * c // b), minding overflow, or use a mul-div helper.",
		Tier:           scanner.TierStandard,
	}
}

func isIntDiv(n *syntax.Node) bool {
	if n == nil || n.Kind != "binary" {
		return false
	}
	if n.Op == "//" {
		return true
	}
	if n.Op == "/" {
		for _, c := range []*syntax.Node{n.Child("left"), n.Child("right")} {
			if c.Kind == "number" && containsDot(c.Text()) {
				return false
			}
		}
		return true
	}
	return false
}

func containsDot(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return true
		}
	}
	return false
}

func (d divideBeforeMultiply) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Functions {
		if f.Body == nil {
			continue
		}
		divLocals := map[string]bool{}
		var visit func(n *syntax.Node)
		visit = func(n *syntax.Node) {
			for _, c := range n.Children {
				visit(c) // operands first: x = x * y // z reads the old x
			}
			switch n.Kind {
			case "ann_assign", "assign":
				t, v := n.Child("target"), n.Child("value")
				if t != nil && t.Kind == "identifier" && v != nil {
					divLocals[t.Text()] = isIntDiv(v)
				}
			case "binary":
				if n.Op != "*" {
					return
				}
				for _, c := range []*syntax.Node{n.Child("left"), n.Child("right")} {
					if isIntDiv(c) || c.Kind == "identifier" && divLocals[c.Text()] {
						out = append(out, u.finding(d.Meta().ID, n, f))
						break
					}
				}
			}
		}
		visit(f.Body)
	}
	return out
}
