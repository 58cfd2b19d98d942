package solidity

import (
	"strconv"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// unsafeDowncast: an explicit conversion to a narrower integer type of a
// value the caller controls. Conversions never revert, not even in 0.8:
// uint128(x) keeps the low 128 bits, so a large amount stored or compared
// after the cast becomes a small one (the shape behind several lending and
// staking losses).
//
// Decides: a cast uintN(x) / intN(x) with N below 256 in a state-changing
// entry point, whose operand is derived from a numeric parameter (through
// locals), or from msg.value when N is below 96 (no amount of ether can
// overflow 96 bits), and whose declared width (of the parameters, locals and state
// variables it is computed from) is wider than N; unless a condition
// earlier in the function, or a guard dominating the cast, compares one
// of those variables (a bound such as x <= type(uint128).max, or the round
// trip x == uint256(uint128(x)), which is itself not reported). Casts of
// literals, of call results and of unknown types are left alone, and
// OpenZeppelin's SafeCast, being calls, never match. Reports the cast.
//
// Known false positives: values bounded by invariants elsewhere (a total
// supply below 2**128).
type unsafeDowncast struct{}

func (unsafeDowncast) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNSAFE-DOWNCAST",
		Title:          "Unchecked downcast of a caller-controlled integer",
		Severity:       scanner.Medium,
		Confidence:     0.7,
		Category:       "arithmetic",
		CWE:            "CWE-681",
		SWC:            "SWC-101",
		Description:    "A caller-controlled integer is converted to a narrower type. Conversions never revert, not even with Solidity 0.8: the high bits are dropped, so a large amount silently becomes a small one once stored or compared.",
		Recommendation: "Check the bound before converting (require(x <= type(uint128).max)) or use OpenZeppelin's SafeCast (toUint128), which reverts.",
		Tier:           scanner.TierStandard,
	}
}

// intWidth returns the width in bits of an integer type name, or 0.
func intWidth(t string) int {
	t = strings.TrimSpace(t)
	var rest string
	switch {
	case strings.HasPrefix(t, "uint"):
		rest = t[4:]
	case strings.HasPrefix(t, "int"):
		rest = t[3:]
	default:
		return 0
	}
	if rest == "" {
		return 256
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 8 || n > 256 || n%8 != 0 {
		return 0
	}
	return n
}

func (d unsafeDowncast) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() {
			continue
		}
		var tainted, paid map[string]bool
		var widths map[string]int
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "type_cast_expression" {
				return true
			}
			to := n.FirstKind("primitive_type")
			arg := n.FirstKind("call_argument")
			if to == nil || arg == nil || len(arg.Children) == 0 {
				return true
			}
			narrow := intWidth(to.Text())
			if narrow == 0 || narrow == 256 {
				return true
			}
			if tainted == nil {
				tainted, widths = taintedLocals(f), f.declaredWidths()
				// msg.value and locals computed from it: the caller
				// chooses what it sends.
				paid = f.Derived(func(m *Node) bool { return isMember(m, "msg", "value") })
			}
			x := arg.Children[0]
			if !mentionsAny(x, tainted) {
				// Only what the caller sends: bounded by the ether in
				// existence (about 2**87 wei), so 96 bits and wider hold
				// any msg.value.
				if !mentionsAny(x, paid) && !mentionsMember(x, "msg", "value") || narrow >= 96 {
					return true
				}
			}
			// The widest declared integer the operand is computed from;
			// an operand of unknown width (a call, a member) is skipped.
			wide, known := 0, true
			x.Walk(func(m *Node) bool {
				switch {
				case isMember(m, "msg", "value"):
					wide = max(wide, 256)
					return false
				}
				switch m.Kind {
				case "call_expression", "member_expression", "array_access", "type_cast_expression":
					known = false
					return false
				case "identifier":
					if w, ok := widths[m.Text()]; ok {
						wide = max(wide, w)
					} else {
						known = false
					}
				}
				return known
			})
			if !known || wide <= narrow || d.bounded(f, n, x) {
				return true
			}
			out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			return true
		})
	}
	return out
}

// bounded reports a comparison of one of x's variables in a condition of
// f before the cast, or in a guard dominating it.
func (unsafeDowncast) bounded(f *Function, cast, x *Node) bool {
	names := map[string]bool{}
	for _, id := range x.Identifiers() {
		names[id] = true
	}
	// msg.value is one name, not msg and value: a comparison of
	// msg.sender bounds nothing. A mention inside a cast is the narrowed
	// value, not a bound on the amount.
	value := mentionsMember(x, "msg", "value")
	delete(names, "msg")
	delete(names, "value")
	bounds := func(m *Node) bool {
		if mentionsAny(m, names) {
			return true
		}
		hit := false
		m.Walk(func(y *Node) bool {
			if y.Kind == "type_cast_expression" {
				return false
			}
			if value && isMember(y, "msg", "value") {
				hit = true
			}
			return !hit
		})
		return hit
	}
	check := func(c *Node) bool {
		hit := false
		c.Walk(func(m *Node) bool {
			if m.Kind == "binary_expression" {
				switch m.Operator() {
				case "<", "<=", ">", ">=":
					if bounds(m) {
						hit = true
					}
				case "==", "!=":
					// The round trip x == uint256(uint128(x)).
					if (mentionsAny(m, names) || value && mentionsMember(m, "msg", "value")) && len(m.FindAll("type_cast_expression")) > 0 {
						hit = true
					}
				}
			}
			return !hit
		})
		return hit
	}
	// The cast is the round-trip check itself.
	for p := cast.Parent; p != nil && p.Kind != "function_body"; p = p.Parent {
		if p.Kind == "binary_expression" && (p.Operator() == "==" || p.Operator() == "!=") && inCondition(p) {
			return true
		}
	}
	for _, c := range f.Conditions() {
		if c.Start < cast.Start && check(c) {
			return true
		}
	}
	for _, g := range f.Guards(cast) {
		if check(g.Cond) {
			return true
		}
	}
	return false
}

// declaredWidths maps the integer parameters, locals and state variables
// visible in f to their widths (uint is 256).
func (f *Function) declaredWidths() map[string]int {
	w := map[string]int{}
	for _, c := range f.Contract.Lineage() {
		for _, v := range c.StateVars {
			if n := intWidth(v.Type); n > 0 {
				w[v.Name] = n
			}
		}
	}
	for _, p := range f.Params {
		if n := intWidth(p.Type); n > 0 {
			w[p.Name] = n
		}
	}
	f.Body.Walk(func(n *Node) bool {
		if n.Kind == "variable_declaration" {
			if t := n.Child("type"); t != nil {
				if k := intWidth(t.Text()); k > 0 {
					w[n.Child("name").Text()] = k
				}
			}
		}
		return true
	})
	return w
}
