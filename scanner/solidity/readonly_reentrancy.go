package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// readOnlyReentrancy: a function guarded by a reentrancy lock hands control
// to another contract while its state is half updated, and a public view
// of the contract reads that state without the lock. The lock stops the
// callee from re-entering the function, not from calling the view: a
// lending market that prices collateral with the view (Curve's
// get_virtual_price in 2022) reads the stale value mid-update.
//
// Decides: in a function holding a lock (the same lock facts as
// SOL-REENTRANCY, which leaves locked functions alone), an external call
// that hands over control (call with gas, a token transfer that calls
// back) followed on the CFG by writes to state variables that a public or
// external view function of the contract reads, where that view does not
// itself read the lock's flag (directly or through one internal call).
// Reports the call, once per function.
//
// The consumer's side, where the pool is only an interface in the bundle
// (a Curve pool read by a staking contract): a call of a view of another
// contract whose interface declares a payable function (it takes ether,
// so it pays ether out with a call that lets the receiver run mid-update)
// whose result the function multiplies or divides with its own state, or
// stores as such a product. Not when an argument is the contract itself
// (its own position, which nobody else moves), nor when the function
// first calls a state-changing function of the same contract (the probe
// that reverts while the pool's lock is held). Reports the view call,
// once per function.
//
// Known false positives: views nobody uses for pricing or accounting;
// on the consumer's side, payable contracts that finish their updates
// before paying out (or hold no lock-free views of that state).
type readOnlyReentrancy struct{}

func (readOnlyReentrancy) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-READONLY-REENTRANCY",
		Title:          "Read-only reentrancy: a view reads state mid-update",
		Severity:       scanner.Medium,
		Confidence:     0.6,
		Category:       "reentrancy",
		CWE:            "CWE-841",
		SWC:            "SWC-107",
		Description:    "A locked function makes an external call before it finishes updating state, and a public view reads that state without checking the lock. During the call the view returns a stale value; any protocol that prices or accounts with the view (an oracle, a lending market) can be exploited even though the function itself cannot be re-entered. Reported on both sides: the contract whose view goes stale, and a contract that values its own accounting with the view of a pool that pays out ether mid-update.",
		Recommendation: "Finish every state update before the external call (checks-effects-interactions), or make the view revert while the lock is held (check the reentrancy flag in the view). A consumer of another protocol's view should first call one of its state-changing functions that reverts while its lock is held, or use a price that cannot be read mid-update.",
		Tier:           scanner.TierStandard,
	}
}

func (d readOnlyReentrancy) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || f.Kind == "modifier" || f.Contract.Kind != "contract" {
			continue
		}
		if n := pricedByReentrantView(f); n != nil {
			out = append(out, u.finding(d.Meta().ID, n, scope(f)))
		}
		lockVars := lockFlags(f)
		if len(lockVars) == 0 {
			continue
		}
		g := f.CFG()
		writes := f.StateWrites()
		// The state variables written after call on the CFG.
		staleAfter := func(call *Node) map[string]bool {
			out := map[string]bool{}
			for _, w := range writes {
				if !lockVars[w.Var] && g.ReachableFrom(call, w.Node) {
					out[w.Var] = true
				}
			}
			return out
		}
		var calls []*Node
		for _, c := range f.LowLevelCalls() {
			if c.Kind == "call" && c.Invoked && (c.GasLimit == 0 || c.GasLimit > 2300) {
				calls = append(calls, c.Node)
			}
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind == "call_expression" && callsBack(f, n, 3) {
				calls = append(calls, n)
				return false
			}
			return true
		})
		for _, call := range calls {
			stale := staleAfter(call)
			if len(stale) > 0 && unlockedViewReads(f.Contract, stale, lockVars) {
				out = append(out, u.finding(d.Meta().ID, call, scope(f)))
				break
			}
		}
	}
	return out
}

// lockFlags returns the state variables f's lock modifiers write (the
// reentrancy flag), or nil when f holds no lock the bundle defines.
func lockFlags(f *Function) map[string]bool {
	var out map[string]bool
	for _, m := range f.Modifiers {
		def := f.Contract.Modifier(m.FirstKind("identifier").Text())
		if def == nil || def.Body == nil || !isLock(def) {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		for _, w := range def.StateWrites() {
			out[w.Var] = true
		}
		// A lock kept through helpers (_nonReentrantBefore) writes there.
		def.Body.Walk(func(n *Node) bool {
			if n.Kind == "call_expression" {
				if h := def.internalCallee(n); h != nil && h.Body != nil {
					for _, w := range h.StateWrites() {
						out[w.Var] = true
					}
				}
			}
			return true
		})
	}
	return out
}

// unlockedViewReads reports a public or external view function of c that
// reads one of the stale variables and never reads the lock's flag
// (itself or through one internal call).
func unlockedViewReads(c *Contract, stale, lockVars map[string]bool) bool {
	reads := func(g *Function, vars map[string]bool) bool {
		locals := g.Locals()
		found := false
		g.Body.Walk(func(n *Node) bool {
			if !found && n.Kind == "identifier" && n.Field != "property" && vars[n.Text()] && g.IsState(n.Text(), locals) {
				found = true
			}
			return !found
		})
		return found
	}
	for _, v := range c.AllFunctions() {
		if v.Body == nil || v.Mutability != "view" || v.Visibility != "public" && v.Visibility != "external" {
			continue
		}
		if !reads(v, stale) {
			continue
		}
		guarded := reads(v, lockVars)
		v.Body.Walk(func(n *Node) bool {
			if guarded || n.Kind != "call_expression" {
				return !guarded
			}
			if h := v.internalCallee(n); h != nil && h.Body != nil && reads(h, lockVars) {
				guarded = true
			}
			return !guarded
		})
		if !guarded {
			return true
		}
	}
	return false
}

// pricedByReentrantView returns the first call in f of a view function of
// another contract that can hand control out mid-update, whose result f
// multiplies or divides with its own state (or whose product it stores):
// the consumer's side of read-only reentrancy. The other contract is
// known only by its interface in the bundle; it takes ether (a payable
// function), so it pays ether out with a call that lets the receiver run
// while its state is half updated. Left out: a view of the caller's own
// position there (an address(this) argument: nobody else moves it), and
// a read preceded in f by a state-changing call of the same contract
// (the probe that reverts while its lock is held).
func pricedByReentrantView(f *Function) *Node {
	var found *Node
	f.Body.Walk(func(n *Node) bool {
		if found != nil {
			return false
		}
		if n.Kind == "call_expression" && reentrantView(f, n) && pricesState(f, n) && !probedBefore(f, n) {
			found = n
		}
		return found == nil
	})
	return found
}

// reentrantView reports x.g(…) where x's type is an interface of the
// bundle that declares g as a view and declares a payable function, and
// no argument is the contract itself.
func reentrantView(f *Function, n *Node) bool {
	fn := n.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return false
	}
	t := receiverType(fn.Child("object"), f)
	if t == nil || t.Kind != "interface" {
		return false
	}
	if g := t.Resolve(fn.Child("property").Text(), len(argNodes(n))); g == nil || g.Mutability != "view" && g.Mutability != "constant" {
		return false
	}
	for _, a := range argNodes(n) {
		if IsThis(a) {
			return false
		}
	}
	for _, x := range t.Linearization() {
		for _, g := range x.Functions {
			if g.Mutability == "payable" {
				return true
			}
		}
	}
	return false
}

// pricesState reports whether f multiplies or divides the result of read
// with its own state, or stores such a product.
func pricesState(f *Function, read *Node) bool {
	isRead := func(n *Node) bool { return n == read }
	price := f.Derived(isRead)
	locals := f.Locals()
	isState := func(n *Node) bool {
		return n.Kind == "identifier" && n.Field != "property" && f.IsState(n.Text(), locals)
	}
	state := f.Derived(isState)
	found := false
	f.Body.Walk(func(n *Node) bool {
		if found || n.Kind != "binary_expression" || n.Operator() != "*" && n.Operator() != "/" {
			return !found
		}
		l, r := n.Child("left"), n.Child("right")
		if l == nil || r == nil {
			return true
		}
		switch {
		case DependsOn(l, price, isRead) && DependsOn(r, state, isState),
			DependsOn(r, price, isRead) && DependsOn(l, state, isState):
			found = true
		case DependsOn(n, price, isRead):
			isProduct := func(x *Node) bool { return x == n }
			product := f.Derived(isProduct)
			for _, w := range f.StateWrites() {
				if DependsOn(w.Node, product, isProduct) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// probedBefore reports a call of a state-changing function of the same
// contract as read, before it in f.
func probedBefore(f *Function, read *Node) bool {
	obj := read.Child("function").Child("object")
	t := receiverType(obj, f)
	found := false
	f.Body.Walk(func(n *Node) bool {
		if found || n.Start >= read.Start {
			return false
		}
		if n.Kind != "call_expression" {
			return true
		}
		fn := n.Child("function")
		if fn == nil || fn.Kind != "member_expression" || fn.Child("object").Text() != obj.Text() {
			return true
		}
		if g := t.Resolve(fn.Child("property").Text(), len(argNodes(n))); g != nil && g.Mutability != "view" && g.Mutability != "pure" && g.Mutability != "constant" {
			found = true
		}
		return !found
	})
	return found
}
