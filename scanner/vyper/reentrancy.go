package vyper

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// reentrancy: an external call that hands control to another contract
// before the function has finished writing storage, in a function without
// a reentrancy lock.
//
// Decides: in an external, state-changing function without @nonreentrant
// (nor "#pragma nonreentrancy on"), an extcall, raw_call or interface call
// (Iface(addr).f(), self.token.f() to a function not declared view) made
// directly or through an internal function, followed on some path by a
// storage write (self.x = …, self.x[k] += …, .append/.pop, or an internal
// call that writes). Reports the call. send() forwards only the 2,300 gas
// stipend and is not counted; staticcall cannot re-enter with writes;
// calls to a contract the deployer fixed (an immutable, or storage written
// only by the constructor) are trusted.
//
// Known false positives: calls to other trusted contracts, and interface
// functions declared view in an interface outside the scanned bundle.
type reentrancy struct{}

func (reentrancy) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "VY-REENTRANCY",
		Title:          "External call before a storage write without @nonreentrant",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "reentrancy",
		CWE:            "CWE-841",
		SWC:            "SWC-107",
		Description:    "The function calls another contract and writes storage afterwards, and no reentrancy lock guards it. The callee can call back in while the storage still holds the old values (balances not yet debited, state not yet advanced).",
		Recommendation: "Write storage before the external call (checks-effects-interactions), or add @nonreentrant (with a compiler not affected by GHSA-5824-cm3x-3c38).",
		Tier:           scanner.TierQuick,
	}
}

func (d reentrancy) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Functions {
		if f.Body == nil || !f.Entry() || f.Nonreentrant {
			continue
		}
		u.facts()
		// Writes: direct ones and internal calls that write.
		var writes []*syntax.Node
		writes = append(writes, f.writes...)
		var calls []*syntax.Node
		calls = append(calls, f.externalCalls()...)
		for _, c := range f.internal {
			g := u.resolve(c)
			if g == nil {
				continue
			}
			if g.WritesState() {
				writes = append(writes, c)
			}
			if g.hasExternalCall() {
				calls = append(calls, c)
			}
		}
		for _, c := range calls {
			for _, w := range writes {
				if w != c && !c.Contains(w) && reachable(c, w) {
					out = append(out, u.finding(d.Meta().ID, c, f))
					break
				}
			}
		}
	}
	return out
}
