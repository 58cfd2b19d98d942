package cairo

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// reentrancy: an external call (call_contract_syscall or a dispatcher)
// before a storage write, without a re-entrancy lock.
//
// Decides: in an external function taking ref self, a call_contract_syscall
// or a dispatcher method call (IFooDispatcher { contract_address } or a
// value of a *Dispatcher type) to a function not declared view in its
// interface, directly or through a function of the bundle, followed on
// some path by a storage write (self.m.write(…), or a call that writes).
// Functions that first call a lock (a function that checks and writes the
// same storage flag, like OpenZeppelin's ReentrancyGuard start) are
// skipped. Reports the call.
//
// Known false positives: calls to contracts the deployer fixed and
// trusts (the contract's own token).
type reentrancy struct{}

func (reentrancy) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "CAIRO-REENTRANCY",
		Title:          "External call before a storage write",
		Severity:       scanner.High,
		Confidence:     0.65,
		Category:       "reentrancy",
		CWE:            "CWE-841",
		Description:    "The function calls another contract and writes storage afterwards, with no re-entrancy lock. The callee can call back in while storage still holds the old values.",
		Recommendation: "Write storage before the external call (checks-effects-interactions), or wrap the function in OpenZeppelin's ReentrancyGuard (start/end).",
		Tier:           scanner.TierQuick,
	}
}

func (d reentrancy) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.entries() {
		u.facts()
		locked := false
		var calls, writes []*syntax.Node
		writes = append(writes, f.writes...)
		for _, c := range f.calls {
			if f.externalCall(c) {
				calls = append(calls, c)
			}
		}
		for _, c := range f.internal {
			g := f.resolve(c)
			if g.lock() {
				locked = true
			}
			if g.WritesStorage() {
				writes = append(writes, c)
			}
			if g.hasExternalCall() {
				calls = append(calls, c)
			}
		}
		if locked {
			continue
		}
		for _, c := range calls {
			for _, w := range writes {
				if w != c && !c.Contains(w) && reachable(c, w) && !f.revalidated(c, w) {
					out = append(out, u.finding(d.Meta().ID, c, f))
					break
				}
			}
		}
	}
	return out
}

// hasExternalCall reports whether g or a function it calls makes an
// external call.
func (g *Function) hasExternalCall() bool {
	found := false
	g.reach(func(h *Function) bool {
		for _, c := range h.calls {
			if h.externalCall(c) {
				found = true
			}
		}
		return !found
	})
	return found
}

// revalidated reports whether the write w after the call c only happens
// once a condition has re-read what it writes: an assertion between c and
// w in f, or, for a call w into g, an assertion in g before g's writes
// (OpenZeppelin's TimelockController re-checks the operation state after
// its calls). State changed by a re-entrant call is then caught.
func (f *Function) revalidated(c, w *syntax.Node) bool {
	members := map[string]bool{}
	var g *Function
	if accessOp(w) == "write" && storageRoot(w) != "" {
		members[storageRoot(w)] = true
		g = f
	} else if g = f.resolve(w); g != nil {
		g.Unit.facts()
		for _, x := range g.writes {
			members[storageRoot(x)] = true
		}
	}
	if g == nil || len(members) == 0 {
		return false
	}
	locals := storageLocals(g.Body)
	for _, cond := range conditions(g.Body) {
		if g == f && (cond.Start < c.End || cond.Start > w.Start) {
			continue
		}
		for _, m := range g.condReads(cond, locals) {
			delete(members, m)
		}
	}
	return len(members) == 0
}

// condReads returns the storage members a condition reads, directly,
// through locals, or inside the functions it calls.
func (f *Function) condReads(cond *syntax.Node, locals map[string]string) []string {
	out := storageIn(cond, locals)
	cond.Walk(func(x *syntax.Node) bool {
		if x.Kind == "call_expression" {
			if h := f.resolve(x); h != nil {
				h.reach(func(k *Function) bool {
					if k.Body != nil {
						k.Body.Walk(func(y *syntax.Node) bool {
							if m := readOf(y); m != "" {
								out = append(out, m)
							}
							return true
						})
					}
					return true
				})
			}
		}
		return true
	})
	return out
}
