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
// included, when the written variable decides the call: it is named in
// the call (recipient, amount) or in a guard every path to the call
// passes, directly or through locals (reaching definitions). A re-entered
// caller then sees the flag, counter, queue position or balance that let
// it be paid still unchanged. Reports the call.
//
// A transfer of an ERC-777 token (its hooks forward all gas) is
// SOL-REENTRANCY's and is not reported here.
//
// A payment only a checked caller reaches, to that caller or to an
// address kept in state (the owner paying itself or its fee account), is
// left out: re-entering, the payee meets the same check.
//
// Known false positives: trusted tokens; recipients that cannot re-enter
// within the stipend. On SmartBugs it finds the last two reentrancy labels
// (spank_chain's token pulls before the channel is recorded) and reports
// 32 calls in files labelled for other classes, each a payment followed by
// a write of the state that decided it (ponzi queues, jackpots, refunds);
// written state that decides nothing about the payment is not reported.
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
		Description:    "The function updates, after send/transfer or an ERC-20 transfer, the contract state that decided the payment (its recipient, its amount, or a condition it passed). The 2,300-gas stipend of send and transfer has stopped being a reliable bound as opcode prices change, and a token contract (hostile, or ERC-777 with hooks) runs code of its own, so the callee may re-enter while the state is stale.",
		Recommendation: "Update state before the call (checks-effects-interactions) or hold a reentrancy lock; prefer pull payments.",
		Tier:           scanner.TierStandard,
	}
}

func (d reentrancyLimited) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || f.Kind == "modifier" || locked(f) || reachedLocked(f, 3) {
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
			read := decidingState(f, call)
			for _, w := range writes {
				if read[w.Var] && g.ReachableFrom(call, w.Node) {
					return true
				}
			}
			return false
		}
		for _, c := range f.LowLevelCalls() {
			if (c.Kind == "send" || c.Kind == "transfer") && !trustedPayee(f, c) && after(c.Node) {
				out = append(out, u.finding(d.Meta().ID, c.Node, scope(f)))
			}
		}
		f.Body.Walk(func(n *Node) bool {
			// A token the caller chooses runs the caller's code: that is
			// SOL-REENTRANCY's (untrustedMemberCall), as ERC-777 hooks are.
			if n.Kind != "call_expression" || !tokenTransfer(f, n) || erc777Transfer(f, n) || untrustedMemberCall(f, n) {
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

// decidingState returns the state variables that decide call: named in
// it (recipient, amount) or in a guard every path to it passes, directly
// or through the locals they read (by reaching definitions).
func decidingState(f *Function, call *Node) map[string]bool {
	out := map[string]bool{}
	locals := f.Locals()
	r := f.Reaching()
	seen := map[*Node]bool{}
	var visit func(e *Node, depth int)
	visit = func(e *Node, depth int) {
		if e == nil || seen[e] {
			return
		}
		seen[e] = true
		e.Walk(func(n *Node) bool {
			if n.Kind != "identifier" {
				return true
			}
			if f.IsState(n.Text(), locals) {
				out[n.Text()] = true
			} else if depth > 0 {
				for _, d := range r.At(n) {
					visit(d.Value, depth-1)
				}
			}
			return true
		})
	}
	visit(call, 3)
	for _, gd := range f.Guards(call) {
		visit(gd.Cond, 3)
	}
	return out
}

// trustedPayee reports a payment only a checked caller reaches, to that
// caller or to an address kept in state (the owner paying itself or its
// fee account): the payee re-entering finds the same guard.
func trustedPayee(f *Function, c *Call) bool {
	if !f.CallerChecked(c.Node) {
		return false
	}
	t := unwrapConversion(c.Target)
	return f.senderExpr(t) || t.Kind == "identifier" && f.IsState(t.Text(), f.Locals())
}
