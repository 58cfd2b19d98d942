package cairo

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// feltArithmetic: amounts kept in felt252, whose arithmetic wraps modulo
// the field prime P instead of reverting: 0 - 1 is P - 1, a huge balance.
//
// Decides: subtraction, addition or multiplication where an operand is a
// parameter or a let binding declared felt252, or a read of a storage
// member declared felt252, and the result is written to storage or is
// the operand of a subtraction. Hashes, selectors and short strings are
// felt252 too, but they are not subtracted or stored as sums. Reports the
// arithmetic.
//
// Known false positives: felt252 counters that can never approach P.
type feltArithmetic struct{}

func (feltArithmetic) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "CAIRO-FELT252-ARITHMETIC",
		Title:          "Unchecked felt252 arithmetic on stored amounts",
		Severity:       scanner.Medium,
		Confidence:     0.6,
		Category:       "arithmetic",
		CWE:            "CWE-190",
		Description:    "felt252 arithmetic wraps modulo the field prime instead of reverting on overflow or underflow. A balance kept as felt252 that is decremented below zero becomes a number near 2^251.",
		Recommendation: "Keep amounts in u256 or u128 (checked arithmetic that panics on overflow), or assert bounds before the operation.",
		Tier:           scanner.TierStandard,
	}
}

func (d feltArithmetic) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	if u.Test {
		return nil
	}
	for _, f := range u.Functions {
		if f.Body == nil || f.Test {
			continue
		}
		felts := map[string]bool{}
		for _, p := range f.Node.Child("parameters").Kids() {
			if p.Child("type").Norm() == "felt252" {
				felts[p.Child("pattern").Text()] = true
			}
		}
		f.Body.Walk(func(n *syntax.Node) bool {
			if n.Kind == "let_declaration" && n.Child("type").Norm() == "felt252" {
				felts[n.Child("pattern").Text()] = true
			}
			return true
		})
		isFelt := func(x *syntax.Node) bool {
			if x.Kind == "identifier" && felts[x.Text()] {
				return true
			}
			m := readOf(x)
			return m != "" && u.Storage[m] == "felt252"
		}
		f.Body.Walk(func(n *syntax.Node) bool {
			if n.Kind != "binary_expression" || (n.Op != "-" && n.Op != "+" && n.Op != "*") {
				return true
			}
			if !isFelt(n.Child("left")) && !isFelt(n.Child("right")) {
				return true
			}
			p := n.Parent
			stored := p != nil && p.Kind == "call_expression" && accessOp(p) == "write" && storageRoot(p) != ""
			if stored || n.Op == "-" {
				out = append(out, u.finding(d.Meta().ID, n, f))
				return false
			}
			return true
		})
	}
	return out
}
