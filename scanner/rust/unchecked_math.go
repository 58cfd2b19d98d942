package rust

// Unchecked arithmetic on token amounts (Solana): +, - or * (and +=, -=,
// *=) in instruction handler code on an amount: a u64/u128 instruction
// argument or a field of account state. Solana programs are built in
// release mode, where integer overflow wraps unless overflow-checks is
// set in Cargo.toml, and a wrapped balance or price is a theft.
//
// Handler code is a function taking an Anchor Context or binding accounts
// with next_account_info. Operations with a literal operand (count + 1,
// 8 + 32) are left out, as are checked_*/saturating_* calls, which are
// method calls and not operators. Known false positives: programs built
// with overflow-checks = true (the operation then aborts, a safe failure).

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type uncheckedMath struct{}

func (uncheckedMath) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-UNCHECKED-MATH", Title: "Unchecked arithmetic on a token amount",
		Severity: scanner.Medium, Confidence: 0.5, Category: "arithmetic", CWE: "CWE-190",
		Description: "An instruction handler adds, subtracts or multiplies an amount with a plain operator. In release " +
			"builds without overflow-checks the result wraps silently, so a balance can underflow to a huge value.",
		Recommendation: "Use checked_add/checked_sub/checked_mul (returning an error on None) or enable overflow-checks " +
			"in the release profile.",
		Tier: scanner.TierStandard,
	}
}

var wideInts = map[string]bool{"u64": true, "u128": true, "i64": true, "i128": true}

func (d uncheckedMath) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		_, anchor := fn.Param("Context")
		if !anchor && len(accountVars(fn)) == 0 {
			continue
		}
		amounts := map[string]bool{}
		for _, p := range fn.Params {
			if wideInts[strings.TrimSpace(p.Type)] {
				amounts[p.Name] = true
			}
		}
		fn.Body.Walk(func(n *Node) bool {
			var l, r *Node
			switch n.Kind {
			case "binary_expression":
				if op := operator(n); op != "+" && op != "-" && op != "*" {
					return true
				}
				l, r = n.Child("left"), n.Child("right")
			case "compound_assignment_expr":
				if op := operator(n); op != "+=" && op != "-=" && op != "*=" {
					return true
				}
				l, r = n.Child("left"), n.Child("right")
			default:
				return true
			}
			if l == nil || r == nil || literal(l) || literal(r) {
				return true
			}
			if amount(l, amounts) || amount(r, amounts) {
				out = append(out, u.finding(id, n, fn.Name))
				return false
			}
			return true
		})
	}
	return out
}

func literal(n *Node) bool {
	for n.Kind == "parenthesized_expression" && len(n.Children) == 1 {
		n = n.Children[0]
	}
	return n.Kind == "integer_literal" || n.Kind == "float_literal" || n.Kind == "scoped_identifier" && strings.ToUpper(n.Text()) == n.Text()
}

// amount reports an operand that is an amount: a wide integer parameter,
// or a field of account state (ctx.accounts.vault.total, vault.total,
// **acc.lamports.borrow_mut()).
func amount(n *Node, params map[string]bool) bool {
	t := strings.TrimLeft(n.Text(), "*& ")
	if params[t] {
		return true
	}
	if n.Kind == "field_expression" && !strings.Contains(t, "(") {
		return strings.Contains(t, "accounts.") || strings.Count(t, ".") >= 1 && !strings.HasPrefix(t, "self.")
	}
	return strings.Contains(t, "lamports")
}
