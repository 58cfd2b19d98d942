package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// reentrancyLimited: state written after a call that hands control out with
// little gas or to a token: send and transfer (the 2,300-gas stipend, a
// weak guarantee since gas repricing) and ERC-20 transfer/transferFrom (a
// hostile or ERC-777 token re-enters). Lower severity than SOL-REENTRANCY,
// whose calls forward all gas.
//
// Decides, on the analysis layer: in a function without a reentrancy lock
// (a modifier recognised by what it does), such a call from which a write
// to contract state is reachable on the CFG (later on the path, or earlier
// in an enclosing loop), the function's modifiers' writes after "_"
// included. Reports the call.
//
// Known false positives: trusted tokens; writes that do not matter for
// re-entry (counters, events-only state). It runs in the deep preset only:
// on SmartBugs under the standard preset it would find the last two
// reentrancy labels (97.7% recall) at the price of 62 unlabelled findings
// (precision 59.4% to 50.7%).
type reentrancyLimited struct{}

func (reentrancyLimited) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-REENTRANCY-LIMITED",
		Title:          "State written after send, transfer or a token call",
		Severity:       scanner.Low,
		Confidence:     0.6,
		Category:       "reentrancy",
		CWE:            "CWE-841",
		SWC:            "SWC-107",
		Description:    "The function updates contract state after send/transfer or an ERC-20 transfer. The 2,300-gas stipend of send and transfer has stopped being a reliable bound as opcode prices change, and a token contract (hostile, or ERC-777 with hooks) runs code of its own, so the callee may re-enter while the state is stale.",
		Recommendation: "Update state before the call (checks-effects-interactions) or hold a reentrancy lock; prefer pull payments.",
		Tier:           scanner.TierDeep,
	}
}

func (d reentrancyLimited) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || f.Kind == "modifier" || locked(f) {
			continue
		}
		writes := append([]Write(nil), f.StateWrites()...)
		for _, m := range f.Modifiers {
			if def := f.Contract.Modifier(m.FirstKind("identifier").Text()); def != nil && def.Body != nil {
				writes = append(writes, def.StateWrites()...)
			}
		}
		if len(writes) == 0 {
			continue
		}
		g := f.CFG()
		after := func(call *Node) bool {
			for _, w := range writes {
				if g.ReachableFrom(call, w.Node) {
					return true
				}
			}
			return false
		}
		for _, c := range f.LowLevelCalls() {
			if (c.Kind == "send" || c.Kind == "transfer") && after(c.Node) {
				out = append(out, u.finding(d.Meta().ID, c.Node, scope(f)))
			}
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "call_expression" || !tokenTransfer(f, n) {
				return true
			}
			if after(n) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			}
			return true
		})
	}
	return out
}

// tokenTransfer reports an ERC-20 transfer(to, v) or transferFrom(a, b, v)
// member call on another contract whose declared ABI (when the bundle has
// it) returns a boolean.
func tokenTransfer(f *Function, n *Node) bool {
	fn := n.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return false
	}
	if obj := fn.Child("object").Text(); obj == "super" || obj == "this" {
		return false
	}
	name, args := fn.Child("property").Text(), len(argNodes(n))
	if !(name == "transfer" && args == 2 || name == "transferFrom" && args == 3) {
		return false
	}
	return returnsBool(receiverType(fn.Child("object"), f), name, args)
}
