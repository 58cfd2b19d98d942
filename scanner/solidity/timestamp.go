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
// those). The timestamp reaches the use directly, through locals
// assigned from it (uint t = now; if (t % 2 == 0)), or through an
// internal function that returns it. Reports the use.
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
		for _, f := range append(append([]*Function(nil), c.Functions...), c.Modifiers...) {
			for _, n := range timestampUses(f) {
				out = append(out, u.finding(d.Meta().ID, n, c.Name))
			}
		}
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
			return p.Parent != nil && !internalReturn(p)
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

// timestampUses returns the uses in f that decide on a timestamp
// reaching them indirectly: a local holding it (uint t = now) or an
// elapsed time (uint e = now - t), or the result of an internal function
// returning it. Such a use decides when it is compared for equality,
// reduced modulo something, or (an elapsed time, or the timestamp after
// subtraction) compared at all; values mixed into other computations,
// stored or returned are left to the direct rule.
func timestampUses(f *Function) []*Node {
	if f.Body == nil {
		return nil
	}
	returnsTS := func(call *Node) bool {
		g := f.internalCallee(call)
		return g != nil && g != f && returnsTimestamp(g)
	}
	isTS := func(n *Node) bool {
		n = unwrapConversion(n)
		return n != nil && (blockSource(n) == "timestamp" || n.Kind == "call_expression" && returnsTS(n))
	}
	// Only a function that reads the timestamp needs the data flow.
	reads := false
	f.Body.Walk(func(n *Node) bool {
		reads = reads || isTS(n)
		return !reads
	})
	if !reads {
		return nil
	}
	// holds[x] is set when local x holds the timestamp; elapsed[x] when it
	// holds a difference with it.
	holds, elapsed := map[string]bool{}, map[string]bool{}
	locals := f.Locals()
	for changed := true; changed; {
		changed = false
		for _, d := range f.Defs() {
			for _, def := range d {
				if def.Value == nil || holds[def.Name] && elapsed[def.Name] || f.IsState(def.Name, locals) {
					continue
				}
				v := unwrapConversion(def.Value)
				ts := func(x *Node) bool {
					x = unwrapConversion(x)
					return isTS(x) || x != nil && x.Kind == "identifier" && holds[x.Text()]
				}
				switch {
				case ts(v) && !holds[def.Name]:
					holds[def.Name], changed = true, true
				case v != nil && v.Kind == "binary_expression" && v.Operator() == "-" && (ts(v.Child("left")) || ts(v.Child("right"))) && !elapsed[def.Name]:
					elapsed[def.Name], changed = true, true
				}
			}
		}
	}
	var out []*Node
	f.Body.Walk(func(n *Node) bool {
		switch {
		case n.Kind == "call_expression" && returnsTS(n):
			if timestampDecides(n, false) {
				out = append(out, n)
			}
			return false
		case n.Kind == "identifier" && (holds[n.Text()] || elapsed[n.Text()]) && !f.IsState(n.Text(), locals) && isRead(n):
			if timestampDecides(n, elapsed[n.Text()]) {
				out = append(out, n)
			}
		}
		return true
	})
	return out
}

// timestampDecides reports whether the value n feeds, through
// conversions and arithmetic, an equality test or a modulo, or (once a
// difference is taken, or when n already is one) a comparison.
func timestampDecides(n *Node, diff bool) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.Kind {
		case "parenthesized_expression", "call_argument", "type_cast_expression":
		case "binary_expression":
			switch p.Operator() {
			case "%", "==", "!=":
				return true
			case "<", ">", "<=", ">=":
				return diff
			case "-":
				diff = true
			case "+", "*", "/":
			default:
				return false
			}
		default:
			return false
		}
	}
	return false
}

// returnsTimestamp reports whether f returns the block timestamp itself
// (converted or not) from one of its return statements.
func returnsTimestamp(f *Function) bool {
	if f.Body == nil {
		return false
	}
	found := false
	f.Body.Walk(func(n *Node) bool {
		if n.Kind == "return_statement" && len(n.Children) > 0 {
			for _, c := range n.Children {
				if c.Named && blockSource(unwrapConversion(c)) == "timestamp" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// isRead reports whether identifier n is read, not declared or assigned.
func isRead(n *Node) bool {
	p := n.Parent
	if p == nil {
		return false
	}
	switch p.Kind {
	case "variable_declaration":
		return false
	case "assignment_expression":
		return n.Field != "left"
	}
	return true
}

// internalReturn reports whether return statement r belongs to an
// internal or private function: its callers' uses are judged instead.
func internalReturn(r *Node) bool {
	for p := r.Parent; p != nil; p = p.Parent {
		if p.Kind == "function_definition" {
			for _, c := range p.Children {
				if c.Kind == "visibility" && (c.Text() == "internal" || c.Text() == "private") {
					return true
				}
			}
			return false
		}
	}
	return false
}
