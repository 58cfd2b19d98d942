package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// divideBeforeMultiply: integer division whose result is then multiplied.
// Solidity rounds every division down, so (a / b) * c loses up to c - 1
// units that a * c / b keeps; in fee, share and interest math the loss
// is systematic and can be steered by choosing amounts.
//
// Decides: a multiplication (* or *=) one of whose operands is a
// division, directly or through a local whose last assignment before it
// is one, outside assembly, conditions and libraries; the rounding idiom
// x / unit * unit (the same divisor and multiplier) is left alone.
// Reports the multiplication.
//
// Known false positives: deliberate truncation to a coarser unit with
// different names for the unit.
type divideBeforeMultiply struct{}

func (divideBeforeMultiply) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-DIVIDE-BEFORE-MULTIPLY",
		Title:          "Division before multiplication",
		Severity:       scanner.Low,
		Confidence:     0.6,
		Category:       "arithmetic",
		CWE:            "CWE-1339",
		Description:    "An integer division is computed before a multiplication. Division rounds down, so the multiplication amplifies the rounding error: fees, shares or rewards come out smaller (or larger) than intended, by an amount callers can steer with the inputs they choose.",
		Recommendation: "Multiply first and divide last (a * c / b), or use a full-precision mulDiv.",
		Tier:           scanner.TierStandard,
	}
}

func (d divideBeforeMultiply) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		// Libraries hold the size and root-finding math that rounds on
		// purpose (Base64 lengths, Newton steps); contracts hold the fees.
		if f.Body == nil || f.Contract.Kind == "library" {
			continue
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind == "assembly_statement" {
				return false
			}
			var a, b *Node
			switch {
			case n.Kind == "binary_expression" && n.Operator() == "*":
				a, b = n.Child("left"), n.Child("right")
			case n.Kind == "augmented_assignment_expression" && n.Operator() == "*=":
				a, b = n.Child("left"), n.Child("right")
			default:
				return true
			}
			// A product inside a condition checks a division (SafeMath's
			// a == b * c + a % b); it computes nothing.
			if a == nil || b == nil || inCondition(n) {
				return true
			}
			for _, pair := range [][2]*Node{{a, b}, {b, a}} {
				q, m := unparen(pair[0]), unparen(pair[1])
				if q.Kind == "binary_expression" && q.Operator() == "/" {
					if norm(q.Child("right").Text()) == norm(m.Text()) {
						continue // x / unit * unit rounds on purpose
					}
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					return true
				}
				if q.Kind == "identifier" && quotientAt(f, q.Text(), n) {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					return true
				}
			}
			return true
		})
	}
	return out
}

// quotientAt reports whether the local name holds a quotient at n: the
// last assignment to it before n divides (a declaration or = of a
// division, /=), or updates a quotient in place (*=, +=).
func quotientAt(f *Function, name string, n *Node) bool {
	var last *Node
	f.Body.Walk(func(m *Node) bool {
		if m.Start >= n.Start {
			return false
		}
		switch m.Kind {
		case "variable_declaration_statement":
			for _, d := range m.FindAll("variable_declaration") {
				if d.Child("name").Text() == name {
					last = m
				}
			}
		case "assignment_expression", "augmented_assignment_expression":
			if l := m.Child("left"); l != nil && l.Kind == "identifier" && l.Text() == name && m.End <= n.Start {
				last = m
			}
		}
		return true
	})
	if last == nil {
		return false
	}
	if last.Kind == "augmented_assignment_expression" {
		// x /= d divides; x *= k or x += k keeps the rounding x had.
		return last.Operator() == "/=" || quotientAt(f, name, last)
	}
	v := last.Child("value")
	if last.Kind == "assignment_expression" {
		v = last.Child("right")
	}
	return v != nil && unparen(v).Kind == "binary_expression" && unparen(v).Operator() == "/"
}
