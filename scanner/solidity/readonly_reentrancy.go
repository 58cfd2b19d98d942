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
// Known false positives: views nobody uses for pricing or accounting.
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
		Description:    "A locked function makes an external call before it finishes updating state, and a public view reads that state without checking the lock. During the call the view returns a stale value; any protocol that prices or accounts with the view (an oracle, a lending market) can be exploited even though the function itself cannot be re-entered.",
		Recommendation: "Finish every state update before the external call (checks-effects-interactions), or make the view revert while the lock is held (check the reentrancy flag in the view).",
		Tier:           scanner.TierStandard,
	}
}

func (d readOnlyReentrancy) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || f.Kind == "modifier" || f.Contract.Kind != "contract" {
			continue
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
