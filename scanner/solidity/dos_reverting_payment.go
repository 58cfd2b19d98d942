package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// dosRevertingPayment: a payment that reverts the whole transaction when the
// recipient refuses it, where the recipient is someone else (a previous
// bidder, every entry of a list). One contract that rejects ether blocks the
// function for everybody (King of the Ether, auction refunds).
//
// Decides: transfer, or send/call whose failure reverts (the result, or
// the local its success flag is stored in, (bool ok, ) = x.call{value:
// v}(""), read next in require/assert or in an if whose arm reverts),
// either inside a loop (or in a helper a loop calls with an entry of a
// stored list, two calls up), or to a recipient stored in a state variable
// (payable(holder) and address(holder) are the same recipient) that
// an unguarded public function sets to msg.sender, or (a variable of its
// own, not an entry) to a value its caller passes. Reports the payment.
//
// Known false positives: loops over a short, trusted list.
type dosRevertingPayment struct{}

func (dosRevertingPayment) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-DOS-REVERTING-PAYMENT",
		Title:          "Denial of service by a reverting payment",
		Severity:       scanner.Medium,
		Confidence:     0.75,
		Category:       "denial_of_service",
		CWE:            "CWE-703",
		SWC:            "SWC-113",
		Description:    "The function pays an address other than the caller and reverts if that payment fails. A recipient contract that rejects ether (or runs out of gas) makes the function fail forever, for every user.",
		Recommendation: "Use pull payments: record what each address is owed and let it withdraw; never require a push payment to a third party to succeed.",
		Tier:           scanner.TierStandard,
	}
}

func (d dosRevertingPayment) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, c := range u.Contracts {
		// Recipients that any caller can install.
		installed := map[string]bool{}
		for _, f := range c.AllFunctions() {
			if f.Body == nil || !f.Entry() || f.Guarded() {
				continue
			}
			f.Body.Walk(func(n *Node) bool {
				// msg.sender, or what the caller passes stored in a
				// variable of its own (one recipient for everyone, not an
				// entry the caller keys: a channel's counterparty).
				l := n.Child("left")
				if n.Kind == "assignment_expression" && (mentionsSender(n.Child("right")) || l != nil && l.Kind == "identifier" && f.Taint(n.Child("right")).Has(FromParam)) {
					if r := lvalueRoot(n.Child("left")); r != nil {
						installed[r.Text()] = true
					}
				}
				return true
			})
		}
		priv := privileged(c)
		for _, f := range c.Functions {
			if f.Body == nil {
				continue
			}
			locals := f.Locals()
			for _, call := range f.LowLevelCalls() {
				if !call.isPayment() || !call.reverting() || mentionsSender(call.Target) {
					continue
				}
				root := lvalueRoot(unwrapConversion(call.Target))
				if root != nil && priv[root.Text()] {
					continue // the privileged account can only lock itself out
				}
				stateRecipient := root != nil && f.IsState(root.Text(), locals) && installed[root.Text()]
				if inLoop(call.Node) || stateRecipient || calledInLoop(f, call.Target, 2) {
					out = append(out, u.finding(d.Meta().ID, call.Node, scope(f)))
				}
			}
		}
	}
	return out
}

// calledInLoop reports whether some call of f in the bundle sits in a
// loop and passes, for the payment's target, an entry of a stored list
// (pay(recipients[i])): a list the caller hands in can leave out whoever
// refuses. depth calls up.
func calledInLoop(f *Function, target *Node, depth int) bool {
	t := lvalueRoot(unwrapConversion(target))
	if t == nil || !f.Param(t.Text()) {
		return false
	}
	idx := -1
	for i, p := range f.Params {
		if p.Name == t.Text() {
			idx = i
		}
	}
	for _, c := range f.callers() {
		if c.fn == f || c.fn.Body == nil {
			continue
		}
		args := argNodes(c.call)
		if idx < 0 || idx >= len(args) {
			continue
		}
		a := args[idx]
		if inLoop(c.call) {
			if r := lvalueRoot(unwrapConversion(a)); r != nil && c.fn.stateName(r) {
				return true
			}
		}
		if depth > 0 && calledInLoop(c.fn, a, depth-1) {
			return true
		}
	}
	return false
}
