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
// (uint8 v = 0; v = v - 10). So is a state value stepped by a constant
// and stored back with no condition on it in the function (steppedWrap):
// down (x -= 1 wraps at zero on the first call), or up when it has 16
// bits or fewer (a uint8 counter wraps after 256 calls); a caller check
// makes it a trusted role's. The ether sent counts as caller-controlled
// where something not derived from it is subtracted from it (msg.value -
// fee, in the function or in a helper it is handed to): the caller may
// send less than the fee. SafeMath calls are not operators and so never
// match; libraries are skipped. An operation a caller check dominates
// (only a trusted role reaches it: its input is a setting, not an attack)
// is left out; a check that keeps one address or a ban list out restricts
// nobody (the layer's guard polarity). The arithmetic of an internal
// helper an entry point hands one of its parameters to, as it is
// (_transfer(to, value)), is judged on that path: the helper's own checks
// and the entry's checks before the call both count, the latter read
// with the helper's parameters replaced by what was passed; an amount
// put back where an earlier x -= v took it (x += v, a refund after a
// failed payment) cannot wrap (restored); transferFrom
// checking balanceOf[from] does not bound _transfer's balanceOf[
// msg.sender] - value. A result a later require or assert compares with
// an operand (c = a + b; assert(c >= a)) is checked; in unchecked code an
// amount debited earlier under a bound cannot overflow the credit of it.
// Reports the arithmetic.
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
	reported := map[*Node]bool{}
	open := map[*Function][]arith{} // helpers' operations nothing in them bounds
	for _, f := range u.funcs() {
		// Taint starts at the parameters of state-changing entry points.
		if f.Body == nil || f.Contract.Kind != "contract" || !f.Entry() {
			continue
		}
		tainted := taintedLocals(f)
		conds := compared(f.Conditions())
		eachArithmetic(f, checked, func(n *Node, op string, a, b *Node) {
			if definiteWrap(f, op, a, b) || steppedWrap(f, n, op, a, b) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				return
			}
			// The ether sent less something else: the caller may send
			// less. A part of the sent value itself (a commission, the
			// excess over a price) is no more than the whole.
			sentLess := op == "-" && f.Taint(a).Has(FromValue) && !f.Taint(b).Has(FromValue)
			if !mentionsAny(a, tainted) && !mentionsAny(b, tainted) && !sentLess || !unbounded(f, n, op, a, b, conds) {
				return
			}
			out = append(out, u.finding(d.Meta().ID, n, scope(f)))
		})
		out = append(out, d.helperArithmetic(u, f, tainted, reported, open)...)
	}
	return out
}

// eachArithmetic calls fn for each +, -, * (and +=, -=, *=) of f that can
// wrap: all of them before 0.8; in unchecked blocks after, except an
// addition of an amount debited earlier (debitedBefore).
func eachArithmetic(f *Function, checked bool, fn func(n *Node, op string, a, b *Node)) {
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
		if checked && (!inUnchecked(n) || op == "+" && (debitedBefore(f, n, a) || debitedBefore(f, n, b))) || restored(f, n) {
			return true
		}
		fn(n, op, a, b)
		return true
	})
}

// unbounded reports whether nothing in f bounds the operation a op b (n),
// where something would be: a literal operand, the overflow check itself,
// an earlier comparison (conds, f's own), a condition dominating it on
// the CFG, or a check of the caller (a trusted role's setting).
func unbounded(f *Function, n *Node, op string, a, b *Node, conds []condition) bool {
	// x + 1, n * 1 ether: a literal operand, a counter or a unit.
	if isLiteral(a) || isLiteral(b) {
		return false
	}
	// a + b >= a is the overflow check itself.
	if op == "+" && inCondition(n) {
		return false
	}
	if guarded(op, a, b, n, conds) || checkedAfter(n, op, a, b, conds) {
		return false
	}
	// Conditions dominating the operation on the CFG: a modifier's
	// require, the ternary around an arm.
	if gs := f.Guards(n); len(gs) > 0 && guarded(op, a, b, nil, compared(guardConds(gs))) {
		return false
	}
	// Only a check of the caller dominates it: the input is a trusted
	// role's (an owner's setting), not an attacker's.
	if f.CallerChecked(n) {
		return false
	}
	return true
}

func guardConds(gs []Guard) []*Node {
	out := make([]*Node, len(gs))
	for i, g := range gs {
		out[i] = g.Cond
	}
	return out
}

// helperArithmetic reports the arithmetic of internal helpers f calls
// with its tainted values (_transfer(to, value)), one call deep, that
// nothing bounds on that path: neither the helper's own checks nor the
// checks f made before the call, read in the helper's terms (its
// parameters replaced by what f passes; msg.sender is the same caller).
// transferFrom checking balanceOf[from] >= value before _transfer
// subtracts from balanceOf[msg.sender] leaves it unbounded. Each
// operation is reported once.
func (d integerOverflow) helperArithmetic(u *Unit, f *Function, tainted map[string]bool, reported map[*Node]bool, open map[*Function][]arith) []scanner.Finding {
	var out []scanner.Finding
	var fconds []condition
	f.Body.Walk(func(call *Node) bool {
		if call.Kind != "call_expression" {
			return true
		}
		h := f.internalCallee(call)
		if h == nil || h == f || h.Body == nil || h.Entry() || h.Kind != "function" || h.Contract.Kind != "contract" {
			return true
		}
		args := argNodes(call)
		sub, hot, sent := map[string]string{}, map[string]bool{}, map[string]bool{}
		for i, p := range h.Params {
			if i < len(args) && p.Name != "" {
				sub[p.Name] = norm(args[i].Text())
				// What the caller sent, handed on as it is: a value
				// computed on the way is bounded by what computed it
				// (min, a ternary, a stored delay) in ways text does
				// not show.
				if a := unparen(args[i]); a.Kind == "identifier" && f.Param(a.Text()) && tainted[a.Text()] {
					hot[p.Name] = true
				}
				// The ether sent, which the caller may make as small as
				// it likes: a subtraction from it can wrap.
				if isMember(unparen(args[i]), "msg", "value") {
					sent[p.Name] = true
				}
			}
		}
		if len(hot) == 0 && len(sent) == 0 || f.CallerChecked(call) {
			return true
		}
		ops, ok := open[h]
		if !ok {
			ops = unboundedIn(h)
			open[h] = ops
		}
		if len(ops) == 0 {
			return true
		}
		if fconds == nil {
			fconds = compared(f.Conditions())
		}
		var before []condition
		for _, c := range fconds {
			if c.node.End <= call.Start {
				before = append(before, c)
			}
		}
		if gs := f.Guards(call); len(gs) > 0 {
			before = append(before, compared(guardConds(gs))...)
		}
		for _, x := range ops {
			if reported[x.n] || !mentionsOutsideCalls(x.a, hot) && !mentionsOutsideCalls(x.b, hot) && !(x.op == "-" && mentionsOutsideCalls(x.a, sent) && !mentionsOutsideCalls(x.b, sent)) {
				continue
			}
			if guardedText(x.op, substitute(x.a, sub), substitute(x.b, sub), nil, before) {
				continue
			}
			reported[x.n] = true
			out = append(out, u.owner(x.n).finding(d.Meta().ID, x.n, scope(h)))
		}
		return true
	})
	return out
}

// arith is one operation a op b (n) that can wrap.
type arith struct {
	n, a, b *Node
	op      string
}

// unboundedIn returns the operations of helper h that can wrap and that
// nothing in h bounds (unbounded): what a caller's checks must bound.
func unboundedIn(h *Function) []arith {
	var out []arith
	hconds := compared(h.Conditions())
	eachArithmetic(h, h.Contract.Unit.Checked(), func(n *Node, op string, a, b *Node) {
		if unbounded(h, n, op, a, b, hconds) {
			out = append(out, arith{n: n, a: a, b: b, op: op})
		}
	})
	return out
}

// mentionsOutsideCalls is mentionsAny without looking into calls: the
// result of f(n - 1) is what f computes, not the value handed to it.
func mentionsOutsideCalls(n *Node, names map[string]bool) bool { return mentions(n, names, true) }

// substitute returns n's normalised text with each identifier named in
// sub (not a member name) replaced by its value.
func substitute(n *Node, sub map[string]string) string {
	src := n.Text()
	var b strings.Builder
	last := 0
	n.Walk(func(x *Node) bool {
		if x.Kind != "identifier" {
			return true
		}
		if p := x.Parent; p != nil && p.Kind == "member_expression" && x.Field == "property" {
			return true
		}
		if v, ok := sub[x.Text()]; ok {
			b.WriteString(src[last : x.Start-n.Start])
			b.WriteString(v)
			last = x.End - n.Start
		}
		return true
	})
	b.WriteString(src[last:])
	return norm(b.String())
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

// steppedWrap reports a state value moved by a constant step, written
// back, that calls anyone makes can take out of its range, with nothing
// in f mentioning the value in a condition: x -= k (or x = x - k), which
// wraps on the first call made while x is below k; x += k on an unsigned
// value of 16 bits or fewer, which wraps after at most 65,536 calls
// (a uint8 counter after 256). A wider counter stepped up is not
// reachable; a caller check makes the step a trusted role's.
func steppedWrap(f *Function, n *Node, op string, a, b *Node) bool {
	if op != "-" && op != "+" || !isLiteral(b) || isLiteral(a) || zeroValue(b) {
		return false
	}
	// The result is stored back into a: a -= k, a = a - k.
	switch {
	case n.Kind == "augmented_assignment_expression":
	case n.Parent != nil && n.Parent.Kind == "assignment_expression" && n.Field == "right" && norm(n.Parent.Child("left").Text()) == norm(a.Text()):
	default:
		return false
	}
	root := lvalueRoot(a)
	if root == nil || !f.stateName(root) {
		return false
	}
	typ := f.ExprType(a)
	bits := intWidth(typ)
	if !strings.HasPrefix(typ, "uint") || bits == 0 || op == "+" && bits > 16 {
		return false
	}
	// Any condition on the value, in f or dominating the step (a
	// modifier's), bounds it as far as this judges.
	v := norm(a.Text())
	for _, c := range f.Conditions() {
		if strings.Contains(dropSpace(c.Text()), v) {
			return false
		}
	}
	for _, g := range f.Guards(n) {
		if strings.Contains(dropSpace(g.Cond.Text()), v) {
			return false
		}
	}
	return !f.CallerChecked(n)
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

// mentionsAny reports whether n reads one of names (as an identifier, not
// a member name).
func mentionsAny(n *Node, names map[string]bool) bool { return mentions(n, names, false) }

// mentions is mentionsAny, leaving calls' arguments out when outsideCalls
// is set.
func mentions(n *Node, names map[string]bool, outsideCalls bool) bool {
	found := false
	n.Walk(func(x *Node) bool {
		if found || outsideCalls && x.Kind == "call_expression" {
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
	if n == nil {
		return false
	}
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
	return guardedText(op, norm(a.Text()), norm(b.Text()), at, conds)
}

// guardedText is guarded on the operands' normalised texts.
func guardedText(op, na, nb string, at *Node, conds []condition) bool {
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

// restored reports x += v putting back into x what an earlier x -= v of
// f took out of it (a refund after a failed payment): x held at least v
// before, so the sum cannot wrap.
func restored(f *Function, n *Node) bool {
	if n.Kind != "augmented_assignment_expression" || n.Operator() != "+=" {
		return false
	}
	x, v := norm(n.Child("left").Text()), norm(n.Child("right").Text())
	found := false
	f.Body.Walk(func(m *Node) bool {
		if found || m.Start >= n.Start {
			return false
		}
		if m.Kind == "augmented_assignment_expression" && m.Operator() == "-=" && norm(m.Child("left").Text()) == x && norm(m.Child("right").Text()) == v {
			found = f.CFG().ReachableFrom(m, n)
		}
		return !found
	})
	return found
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
		if r != nil && r.Kind == "identifier" && r.Text() == name && (!inUnchecked(m) || guarded("-", m.Child("left"), r, m, compared(f.Conditions()))) {
			found = true
		}
		return !found
	})
	return found
}

// checkedAfter reports the post-check of SafeMath written inline: the
// result of a op b is stored in a local that a later require or assert
// of the function (conds, its conditions) compares with an operand (c =
// a + b; assert(c >= a)), or, for a product, divides back to the other
// operand (c = a * b; require(c / a == b)), so a wrap reverts.
func checkedAfter(n *Node, op string, a, b *Node, conds []condition) bool {
	p := outer(n)
	if p == nil || p.Kind != "variable_declaration_statement" {
		return false
	}
	d := p.FirstKind("variable_declaration")
	if d == nil {
		return false
	}
	c := d.Child("name").Text()
	na, nb := norm(a.Text()), norm(b.Text())
	for _, cd := range conds {
		if cd.node.Start < p.End {
			continue
		}
		for _, sd := range cd.sides {
			if sd[0] == c && (sd[1] == na || sd[1] == nb) || sd[1] == c && (sd[0] == na || sd[0] == nb) {
				return true
			}
			if op == "*" {
				for _, x := range [][2]string{{na, nb}, {nb, na}} {
					if sd[0] == c+"/"+x[0] && sd[1] == x[1] || sd[1] == c+"/"+x[0] && sd[0] == x[1] {
						return true
					}
				}
			}
		}
	}
	return false
}
