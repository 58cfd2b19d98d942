package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// msgValueLoop: msg.value read once per iteration of a loop. The ether
// arrives once, but each pass counts it again: a batch purchase that
// checks msg.value >= price for every item sells N items for one price,
// a batch deposit credits the same ether N times, and a payable
// multicall that delegatecalls itself runs every payable sub-call with
// the full msg.value.
//
// Decides: in a function that can see ether (a payable entry, or any
// internal function or modifier, which a payable one may call),
//   - msg.value read inside a loop body, unless it is compared with a
//     value the loop itself accumulates (require(total <= msg.value)
//     after total += price) or only logged (emit);
//   - a call inside a loop body of an internal function that reads
//     msg.value, itself or through the internal functions it calls;
//   - a delegatecall to address(this) inside a loop body of a payable
//     function, when some function of the contract reads msg.value.
//
// Reports the read, the call or the delegatecall.
//
// Known false positives: loops that run at most once, and loops that
// read msg.value only to forward it to a single payee chosen before the
// loop.
type msgValueLoop struct{}

func (msgValueLoop) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-MSG-VALUE-LOOP",
		Title:          "msg.value used inside a loop",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "other",
		CWE:            "CWE-837",
		Description:    "msg.value is read on every iteration of a loop, directly, through an internal function, or through a delegatecall to this contract in a payable multicall. The ether is paid once but counted once per iteration: a caller buys or credits N items for the price of one.",
		Recommendation: "Read msg.value once before the loop into a local, subtract what each iteration uses and require it to stay non-negative, or sum the cost in the loop and compare the total with msg.value after it. Do not make a delegatecall multicall payable.",
		Tier:           scanner.TierStandard,
	}
}

func (d msgValueLoop) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	reads := map[*Function]bool{}
	var readsValue func(g *Function, depth int) bool
	readsValue = func(g *Function, depth int) bool {
		if v, ok := reads[g]; ok {
			return v
		}
		reads[g] = false // cycles
		found := false
		g.Body.Walk(func(n *Node) bool {
			switch {
			case found:
			case n.Kind == "member_expression" && isMember(n, "msg", "value") && !testedForZero(g, n):
				found = true
			case n.Kind == "call_expression" && depth > 0:
				if h := g.internalCallee(n); h != nil && h != g && h.Body != nil && readsValue(h, depth-1) {
					found = true
				}
			}
			return !found
		})
		reads[g] = found
		return found
	}
	for _, f := range u.funcs() {
		if f.Body == nil || !seesValue(f) {
			continue
		}
		f.Body.Walk(func(n *Node) bool {
			switch n.Kind {
			case "member_expression":
				if isMember(n, "msg", "value") && inLoop(n) && !comparedWithAccumulator(n) && !testedForZero(f, n) && n.Ancestor("emit_statement") == nil {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				}
			case "call_expression":
				if !inLoop(n) {
					return true
				}
				if h := f.internalCallee(n); h != nil && h != f && h.Body != nil && readsValue(h, 3) {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					return false
				}
			}
			return true
		})
		if f.Mutability != "payable" && !reachedPaying(f, 2) {
			continue
		}
		for _, c := range f.LowLevelCalls() {
			if c.Kind != "delegatecall" || c.Target == nil || !IsThis(c.Target) || !inLoop(c.Node) {
				continue
			}
			for _, x := range f.Contract.Linearization() {
				hit := false
				for _, g := range x.Functions {
					if g != f && g.Body != nil && g.Mutability == "payable" && readsValue(g, 3) {
						hit = true
						break
					}
				}
				if hit {
					out = append(out, u.finding(d.Meta().ID, c.Node, scope(f)))
					break
				}
			}
		}
	}
	return out
}

// seesValue reports whether msg.value can be non-zero in f: a payable
// entry, or a function or modifier a payable one may run.
func seesValue(f *Function) bool {
	switch f.Visibility {
	case "internal", "private":
		return true
	}
	return f.Kind == "modifier" || f.Mutability == "payable"
}

// comparedWithAccumulator reports whether a msg.value read is compared
// with a value its loop updates: the running total of what the loop
// spends, checked against what was paid.
func comparedWithAccumulator(n *Node) bool {
	cmp := n.Parent
	for cmp != nil && cmp.Kind == "parenthesized_expression" {
		cmp = cmp.Parent
	}
	if cmp == nil || cmp.Kind != "binary_expression" {
		return false
	}
	switch cmp.Operator() {
	case "<", "<=", ">", ">=", "==", "!=":
	default:
		return false
	}
	other := cmp.Child("left")
	if other != nil && other.Contains(n) {
		other = cmp.Child("right")
	}
	loop := n.Ancestor("for_statement", "while_statement", "do_while_statement")
	if other == nil || loop == nil {
		return false
	}
	// An accumulator grows by a non-constant amount in the loop body (a
	// counter stepping by 1 does not count: msg.value == prices[i] is the
	// per-item check this rule is about).
	written := map[string]bool{}
	if body := loop.Child("body"); body != nil {
		body.Walk(func(x *Node) bool {
			var t, v *Node
			switch x.Kind {
			case "augmented_assignment_expression":
				t, v = x.Child("left"), x.Child("right")
			case "assignment_expression":
				t, v = x.Child("left"), x.Child("right")
				if name := slotName(t); name == "" || v == nil || !v.Mentions(name) || v.Kind != "binary_expression" {
					return true
				}
				if l, r := v.Child("left"), v.Child("right"); l != nil && r != nil && (isLiteral(l) || isLiteral(r)) {
					return true
				}
			}
			if t != nil && v != nil && !isLiteral(v) {
				if name := slotName(t); name != "" {
					written[name] = true
				}
			}
			return true
		})
	}
	return DependsOn(other, written, nil)
}

// testedForZero reports msg.value n compared with zero (require(msg.value
// == 0), if (0 != msg.value) revert(), a constant or a local holding
// zero): a check that no ether came, which spends nothing however often
// it runs.
func testedForZero(f *Function, n *Node) bool {
	p := outer(n)
	if p == nil || p.Kind != "binary_expression" {
		return false
	}
	switch p.Operator() {
	case "==", "!=", ">", "<=":
	default:
		return false
	}
	l, r := unparen(p.Child("left")), unparen(p.Child("right"))
	other := r
	if r != nil && r.Contains(n) {
		other = l
	}
	if zeroValue(other) {
		return true
	}
	// a constant declared as zero (uint256 constant NONE = 0), or a local
	// every reaching definition of which is zero (uint zero = 0)
	if other == nil || other.Kind != "identifier" {
		return false
	}
	return zeroValue(f.constantValue(other)) || f.everyDef(other, func(d *Def) bool { return d.Zero || zeroValue(d.Value) })
}

// reachedPaying reports whether internal function f is called, depth
// calls up, from a payable function: msg.value there is what that call
// received.
func reachedPaying(f *Function, depth int) bool {
	if f.Entry() || depth == 0 {
		return false
	}
	for _, c := range f.callers() {
		if c.fn == f {
			continue
		}
		if c.fn.Mutability == "payable" || reachedPaying(c.fn, depth-1) {
			return true
		}
	}
	return false
}
