package solidity

import (
	"bytes"
	"math/big"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// integerOverflow: +, -, * (and +=, -=, *=) on a value the caller controls,
// compiled with a Solidity older than 0.8 where arithmetic wraps silently,
// or inside an unchecked { } block of 0.8 code, where it wraps again.
//
// Decides: the file's pragma admits only versions before 0.8, or the
// operation sits in an unchecked block; an operand is
// derived from a numeric parameter of the function (directly or through
// locals); no earlier check bounds the operation: for a - b a comparison of
// a with b, for a + b an overflow check (a + b >= a) or a bound on b, for
// a * b a division check or a bound. Checks come from conditions earlier
// in the function and from the analysis layer's guards, which add the
// conditions of modifiers inlined before "_" and of ternaries around an
// arm (a > b ? a - b : 0). An operation that wraps with no input at all
// is reported too: an unsigned local that reaching definitions make one
// constant, with a constant operand, leaving its declared range
// (uint8 v = 0; v = v - 10). SafeMath calls are not operators and so never
// match; libraries are skipped. An operation a caller check dominates
// (only a trusted role reaches it: its input is a setting, not an attack)
// is left out; a check that keeps one address or a ban list out restricts
// nobody (the layer's guard polarity). Reports the arithmetic.
//
// Known false positives: values bounded by invariants the detector cannot
// see (total supply caps), or checks after the operation.
type integerOverflow struct{}

func (integerOverflow) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-INTEGER-OVERFLOW",
		Title:          "Integer overflow or underflow",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "arithmetic",
		CWE:            "CWE-190",
		SWC:            "SWC-101",
		Description:    "Before Solidity 0.8, and inside unchecked blocks after it, arithmetic wraps around on overflow and underflow. The operation uses a caller-controlled value without a preceding bound check, so a crafted input can wrap the result (e.g. inflate a balance or bypass a lock time).",
		Recommendation: "Compile with Solidity >= 0.8 (checked arithmetic) or use SafeMath; keep caller-controlled values out of unchecked blocks, or bound them before the operation.",
		Tier:           scanner.TierQuick,
	}
}

func (d integerOverflow) Check(u *Unit) []scanner.Finding {
	checked := u.Checked()
	if checked && !bytes.Contains(u.Src, []byte("unchecked")) {
		return nil
	}
	var out []scanner.Finding
	for _, f := range u.funcs() {
		// Taint starts at the parameters of state-changing entry points.
		if f.Body == nil || f.Contract.Kind != "contract" || !f.Entry() {
			continue
		}
		tainted := taintedLocals(f)
		conds := compared(f.Conditions())
		f.Body.Walk(func(n *Node) bool {
			var a, b *Node
			var op string
			switch n.Kind {
			case "augmented_assignment_expression":
				op = strings.TrimSuffix(n.Operator(), "=")
				a, b = n.Child("left"), n.Child("right")
			case "binary_expression":
				op = n.Operator()
				a, b = n.Child("left"), n.Child("right")
			default:
				return true
			}
			if op != "+" && op != "-" && op != "*" || a == nil || b == nil {
				return true
			}
			if checked && (!inUnchecked(n) || op == "+" && (debitedBefore(f, n, a) || debitedBefore(f, n, b))) {
				return true
			}
			if definiteWrap(f, op, a, b) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				return true
			}
			ta, tb := mentionsAny(a, tainted), mentionsAny(b, tainted)
			if !ta && !tb {
				return true
			}
			// x + 1, n * 1 ether: a literal operand, a counter or a unit.
			if isLiteral(a) || isLiteral(b) {
				return true
			}
			// a + b >= a is the overflow check itself.
			if op == "+" && inCondition(n) {
				return true
			}
			if guarded(op, a, b, n, conds) {
				return true
			}
			// Conditions dominating the operation on the CFG: a
			// modifier's require, the ternary around an arm.
			if gs := f.Guards(n); len(gs) > 0 {
				gc := make([]*Node, len(gs))
				for i, g := range gs {
					gc[i] = g.Cond
				}
				if guarded(op, a, b, nil, compared(gc)) {
					return true
				}
			}
			// Only a check of the caller dominates it: the input is a
			// trusted role's (an owner's setting), not an attacker's.
			if f.CallerChecked(n) {
				return true
			}
			out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			return true
		})
	}
	return out
}

// definiteWrap reports whether a op b wraps whatever the caller sends: a
// is an unsigned local whose reaching definitions make it one constant,
// b is a constant, and the result leaves the local's declared range
// (uint8 v = 0; v = v - 10).
func definiteWrap(f *Function, op string, a, b *Node) bool {
	// Only locals can be made constant by their definitions, and the
	// other operand must be a literal or a local too: check that before
	// the data flow is computed.
	locals := f.Locals()
	if a.Kind != "identifier" || !locals[a.Text()] || f.Param(a.Text()) ||
		!(isLiteral(b) || b.Kind == "identifier" && locals[b.Text()] && !f.Param(b.Text())) {
		return false
	}
	typ := f.TypeOf(a.Text())
	bits := intWidth(typ)
	if !strings.HasPrefix(typ, "uint") || bits == 0 {
		return false
	}
	r := f.Reaching()
	x, ok1 := r.Const(a)
	y, ok2 := r.Const(b)
	if !ok1 || !ok2 {
		return false
	}
	var v big.Int
	switch op {
	case "+":
		v.Add(x, y)
	case "-":
		v.Sub(x, y)
	case "*":
		v.Mul(x, y)
	}
	return v.Sign() < 0 || v.BitLen() > bits
}

// taintedLocals returns the numeric parameters of f and the locals assigned
// from them. Two detectors ask: it is computed once per function, and
// callers must not modify the map.
func taintedLocals(f *Function) map[string]bool {
	f.taintOnce.Do(func() { f.tainted = computeTaintedLocals(f) })
	return f.tainted
}

func computeTaintedLocals(f *Function) map[string]bool {
	t := map[string]bool{}
	for _, p := range f.Params {
		if strings.HasPrefix(p.Type, "uint") || strings.HasPrefix(p.Type, "int") {
			t[p.Name] = true
		}
	}
	for pass := 0; pass < 2; pass++ {
		f.Body.Walk(func(n *Node) bool {
			switch n.Kind {
			case "variable_declaration_statement":
				if v := n.Child("value"); v != nil && mentionsAny(v, t) {
					for _, d := range n.FindAll("variable_declaration") {
						t[d.Child("name").Text()] = true
					}
				}
			case "assignment_expression":
				if l := n.Child("left"); l != nil && l.Kind == "identifier" && mentionsAny(n.Child("right"), t) && !f.IsState(l.Text(), nil) {
					t[l.Text()] = true
				}
			}
			return true
		})
	}
	return t
}

func mentionsAny(n *Node, names map[string]bool) bool {
	found := false
	n.Walk(func(x *Node) bool {
		if found {
			return false
		}
		if x.Kind == "identifier" && names[x.Text()] {
			// x.f: only the object counts, not a member name.
			if p := x.Parent; p != nil && p.Kind == "member_expression" && x.Field == "property" {
				return true
			}
			found = true
		}
		return !found
	})
	return found
}

func isLiteral(n *Node) bool {
	switch n.Kind {
	case "number_literal", "number_unit":
		return true
	}
	return false
}

// guarded reports whether a condition before op (any of conds when at is
// nil: they are known to dominate it) bounds it. Conditions are
// compared as text, clause by clause, which also survives the grammar's
// odd precedence of a[i] inside && chains.
func guarded(op string, a, b, at *Node, conds []condition) bool {
	na, nb := norm(a.Text()), norm(b.Text())
	for _, cd := range conds {
		c := cd.node
		if at != nil && c.Start >= at.Start && !c.Contains(at) {
			continue
		}
		for _, cmp := range cd.sides {
			l, r := cmp[0], cmp[1]
			switch op {
			case "-":
				// The minuend was compared with the subtrahend earlier.
				// A scalar minuend (a supply, a local) may be an
				// aggregate of what was compared instead (supply -= v
				// after balance[a] >= v); an entry of a mapping or array
				// is bounded only by its own check: balance[from] >= v
				// or allowance[from][me] >= v does not bound
				// balance[msg.sender] - v.
				if l == na && r == nb || l == nb && r == na {
					return true
				}
				if (l == nb || r == nb) && !strings.Contains(na, "[") {
					return true
				}
			case "+":
				sum1, sum2 := na+"+"+nb, nb+"+"+na
				if l == sum1 || l == sum2 || r == sum1 || r == sum2 || (l == nb && isNumber(r)) || (r == nb && isNumber(l)) {
					return true
				}
			case "*":
				if strings.Contains(l, "/") || strings.Contains(r, "/") || (l == nb && isNumber(r)) || (r == nb && isNumber(l)) {
					return true
				}
			}
		}
	}
	return false
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '_' && r != 'e' && r != 'x' {
			return false
		}
	}
	return true
}

// comparisons splits a condition into its && / || clauses and returns the
// two normalised sides of each relational clause.
func comparisons(cond string) [][2]string {
	s := dropSpace(cond)
	var clauses []string
	depth, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '&', '|':
			if depth == 0 && i+1 < len(s) && s[i+1] == s[i] {
				clauses = append(clauses, s[last:i])
				last = i + 2
				i++
			}
		}
	}
	clauses = append(clauses, s[last:])
	var out [][2]string
	for _, c := range clauses {
		if n := norm(c); n != c && (strings.Contains(n, "&&") || strings.Contains(n, "||")) {
			out = append(out, comparisons(n)...)
			continue
		}
		c = norm(c)
		depth := 0
		for i := 0; i < len(c); i++ {
			switch c[i] {
			case '(', '[':
				depth++
			case ')', ']':
				depth--
			case '<', '>', '=', '!':
				if depth != 0 || i+1 >= len(c) {
					continue
				}
				op := 1
				if c[i+1] == '=' {
					op = 2
				} else if c[i] == '=' || c[i] == '!' || c[i+1] == c[i] {
					if c[i+1] == c[i] { // << >>
						i++
					}
					continue
				}
				out = append(out, [2]string{norm(c[:i]), norm(c[i+op:])})
				i = len(c)
			}
		}
	}
	return out
}

// condition is a condition with its relational clauses split out.
type condition struct {
	node  *Node
	sides [][2]string
}

func compared(conds []*Node) []condition {
	out := make([]condition, len(conds))
	for i, c := range conds {
		out[i] = condition{node: c, sides: comparisons(c.Text())}
	}
	return out
}

// inUnchecked reports whether n sits in an unchecked { } block.
func inUnchecked(n *Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.Kind {
		case "block_statement":
			if len(p.Children) > 0 && p.Children[0].Kind == "unchecked" {
				return true
			}
		case "function_definition", "modifier_definition", "constructor_definition", "fallback_receive_definition":
			return false
		}
	}
	return false
}

// debitedBefore reports a checked subtraction of the operand x earlier in
// f (outside unchecked blocks): balanceOf[from] -= amount, then
// unchecked { balanceOf[to] += amount; }. The amount moved from one
// balance to another cannot exceed the total, so the addition cannot
// overflow (the invariant solmate's ERC20 documents).
func debitedBefore(f *Function, n, x *Node) bool {
	if x == nil || x.Kind != "identifier" {
		return false
	}
	name := x.Text()
	found := false
	f.Body.Walk(func(m *Node) bool {
		if found || m.Start >= n.Start {
			return false
		}
		var r *Node
		switch {
		case m.Kind == "augmented_assignment_expression" && m.Operator() == "-=":
			r = m.Child("right")
		case m.Kind == "binary_expression" && m.Operator() == "-":
			r = m.Child("right")
		}
		if r != nil && r.Kind == "identifier" && r.Text() == name && !inUnchecked(m) {
			found = true
		}
		return !found
	})
	return found
}
