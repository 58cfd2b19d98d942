package rust

// Unchecked Uint128 arithmetic (CosmWasm): +, - and * on cosmwasm_std's
// Uint64/Uint128/Uint256 panic on overflow and underflow. A panic aborts
// the message with an opaque error; where the operands come from users
// (a withdrawal larger than the balance), it is how a contract is locked
// or how an invariant silently relies on a panic.
//
// The detector flags such operators when an operand is a variable or
// parameter typed Uint64/Uint128/Uint256 or a Uint…:: constructor, in
// functions taking Deps/DepsMut or MessageInfo. checked_*, saturating_*
// and the wrapping_* methods are not operators and are not flagged.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type cwUintMath struct{}

func (cwUintMath) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-CW-UINT-MATH", Title: "Uint128 arithmetic that panics on overflow",
		Severity: scanner.Low, Confidence: 0.55, Category: "arithmetic", CWE: "CWE-190",
		Description: "Plain +, - or * on cosmwasm_std's Uint types panics on overflow or underflow instead of returning " +
			"an error, so user-controlled amounts can abort messages with an unhelpful error.",
		Recommendation: "Use checked_add/checked_sub/checked_mul and return a ContractError (OverflowError converts with ?).",
		Tier:           scanner.TierDeep,
	}
}

var uintTypes = map[string]bool{"Uint64": true, "Uint128": true, "Uint256": true, "Uint512": true}

func (d cwUintMath) Check(u *Unit) []scanner.Finding {
	if !u.Frameworks[CosmWasm] {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		_, a := fn.Param("DepsMut")
		_, b := fn.Param("Deps")
		_, c := fn.Param("MessageInfo")
		if !a && !b && !c {
			continue
		}
		vars := map[string]bool{}
		for _, p := range fn.Params {
			if uintTypes[typeBase(p.Type)] {
				vars[p.Name] = true
			}
		}
		for _, l := range fn.Body.Find("let_declaration") {
			t, v := l.Child("type").Text(), l.Child("value").Text()
			if uintTypes[typeBase(t)] || uintTypes[typeBase(strings.SplitN(v, "::", 2)[0])] && strings.Contains(v, "::") {
				vars[strings.TrimSpace(strings.TrimPrefix(l.Child("pattern").Text(), "mut "))] = true
			}
		}
		fn.Body.Walk(func(n *Node) bool {
			if n.Kind != "binary_expression" && n.Kind != "compound_assignment_expr" {
				return true
			}
			switch operator(n) {
			case "+", "-", "*", "+=", "-=", "*=":
			default:
				return true
			}
			for _, side := range []*Node{n.Child("left"), n.Child("right")} {
				t := strings.TrimLeft(side.Text(), "*& ")
				if vars[t] || strings.HasPrefix(t, "Uint") && uintTypes[t[:strings.IndexAny(t+":", ":")]] {
					out = append(out, u.finding(id, n, fn.Name))
					return false
				}
			}
			return true
		})
	}
	return out
}
