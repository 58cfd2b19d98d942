package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// arbitrarySend: ether sent to a destination the caller chooses, from a
// function anyone can call, paying out of the contract's own balance
// (Slither's arbitrary-send-eth).
//
// Decides: an ether payment in an unguarded public function whose
// recipient is a parameter (or derived from one) and whose amount is not
// msg.value (forwarding the caller's own ether is harmless), unless a
// condition on a recovered signer dominates it (a signed voucher). The
// payment may sit in an internal helper the function hands the address
// to, one call deep, when the function keeps no books (writes no state,
// passes the caller to no call). An amount booked for the recipient
// (credit[to], or a local every reaching definition of which reads it;
// bookedFor) is what it is owed, not an arbitrary send. Also the whole
// balance paid, by a function anyone can call, to a payee held in state
// that another such function lets anyone set to itself or to a
// parameter, unpaid and more than once (installablePayees). Reports the
// payment.
//
// Known false positives: withdrawals to a caller-chosen address of an
// amount debited from msg.sender's balance in the same function (the
// detector skips those when it sees the debit).
type arbitrarySend struct{}

func (arbitrarySend) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-ARBITRARY-SEND",
		Title:          "Ether sent to an arbitrary address",
		Severity:       scanner.High,
		Confidence:     0.6,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-105",
		Description:    "A function anyone can call sends the contract's ether to an address supplied by the caller, without debiting the caller. Anyone can drain the contract.",
		Recommendation: "Restrict the function to an authorised role, or only pay amounts owed to msg.sender and debit them first.",
		Tier:           scanner.TierStandard,
	}
}

func (d arbitrarySend) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	installable := map[*Contract]map[string]bool{}
	seen := map[*Node]bool{} // a helper's payment, reported once
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || f.Guarded() {
			continue
		}
		// The whole balance paid to a payee anyone can install.
		if installable[f.Contract] == nil {
			installable[f.Contract] = installablePayees(f.Contract)
		}
		for _, c := range f.LowLevelCalls() {
			if !c.isPayment() || !c.Invoked || c.Target == nil || c.ValueArg == nil || !ownBalance(unparen(c.ValueArg)) {
				continue
			}
			if r := lvalueRoot(unwrapConversion(c.Target)); r != nil && f.IsState(r.Text(), f.Locals()) && installable[f.Contract][r.Text()] {
				out = append(out, u.finding(d.Meta().ID, c.Node, scope(f)))
			}
		}
		tainted := map[string]bool{}
		for _, p := range f.Params {
			if p.Type == "address" || p.Type == "address payable" {
				tainted[p.Name] = true
			}
		}
		if len(tainted) == 0 {
			continue
		}
		debits := false
		for _, w := range f.StateWrites() {
			if mentionsSender(w.Node) {
				debits = true
			}
		}
		if debits {
			continue
		}
		// The payments f makes, and those of internal helpers it hands a
		// caller-chosen address (_pay(recipient, fee)), one call deep,
		// when f keeps no books at all: it writes no state, directly or
		// in helpers, and hands the caller to no call (a burn or pull
		// of the caller's tokens that the payment settles).
		type payer struct {
			g       *Function
			tainted map[string]bool
		}
		payers := []payer{{f, tainted}}
		if !f.Summary().WritesState && !callWithCaller(f) {
			f.Body.Walk(func(n *Node) bool {
				if n.Kind != "call_expression" {
					return true
				}
				h := f.internalCallee(n)
				if h == nil || h == f || h.Body == nil || h.Entry() || h.Guarded() {
					return true
				}
				ht := map[string]bool{}
				for i, a := range argNodes(n) {
					if i < len(h.Params) && h.Params[i].Name != "" && mentionsAny(a, tainted) {
						ht[h.Params[i].Name] = true
					}
				}
				if len(ht) > 0 {
					payers = append(payers, payer{h, ht})
				}
				return true
			})
		}
		for _, p := range payers {
			for _, c := range p.g.LowLevelCalls() {
				if !c.isPayment() || !c.Invoked || c.Target == nil || !mentionsAny(c.Target, p.tainted) || seen[c.Node] {
					continue
				}
				// Forwarding the caller's own ether, sending nothing, or paying the
				// recipient what is booked for it are not arbitrary sends.
				if v := c.ValueArg; v == nil || isMember(v, "msg", "value") || isLiteral(v) || v.Text() == "0" || bookedFor(p.g, v, c.Target) {
					continue
				}
				// A payment a recovered signer authorised (a guard compares
				// the signer) is not the caller's choice alone.
				if signerChecked(p.g, c.Node) {
					continue
				}
				seen[c.Node] = true
				out = append(out, u.finding(d.Meta().ID, c.Node, scope(p.g)))
			}
		}
	}
	return out
}

// bookedFor reports whether the amount v is what the contract books for
// the recipient target: an entry indexed by it (credit[to]), or a local
// every reaching definition of which is one (owed = credit[to]; credit[to]
// = 0; to.call{value: owed}("")).
func bookedFor(f *Function, v, target *Node) bool {
	v = unparen(v)
	t := norm(unwrapConversion(target).Text())
	entry := func(x *Node) bool {
		x = unparen(x)
		return x != nil && x.Kind == "array_access" && norm(x.Child("index").Text()) == t
	}
	return entry(v) || f.everyDef(v, func(d *Def) bool { return d.Value != nil && entry(d.Value) })
}

// installablePayees returns the state variables of c's lineage that a
// function anyone can call sets to the caller or to a parameter, without
// being paid for it and more than once: whoever calls it last names the
// payee. Privileged variables are left to SOL-UNPROTECTED-OWNER-WRITE.
func installablePayees(c *Contract) map[string]bool {
	out := map[string]bool{}
	priv := privileged(c)
	for _, x := range c.Lineage() {
		for _, g := range x.Functions {
			if g.Body == nil || !g.Entry() || g.Guarded() || len(oneShotFlags(g)) > 0 {
				continue
			}
			for _, w := range g.StateWrites() {
				if w.Node.Kind != "assignment_expression" || priv[w.Var] || paidFor(g, w.Node) {
					continue
				}
				l, r := w.Node.Child("left"), unwrapConversion(w.Node.Child("right"))
				if l == nil || l.Kind != "identifier" || r == nil {
					continue
				}
				if g.senderExpr(r) || r.Kind == "identifier" && g.Param(r.Text()) {
					out[w.Var] = true
				}
			}
		}
	}
	return out
}

// callWithCaller reports whether f passes the caller to a call: another
// contract's (token.transferFrom(msg.sender, …), vault.burn(msg.sender,
// …)) or a helper's (_pull(token, msg.sender, amount)).
func callWithCaller(f *Function) bool {
	found := false
	f.Body.Walk(func(n *Node) bool {
		if found || n.Kind != "call_expression" {
			return !found
		}
		for _, a := range argNodes(n) {
			if mentionsCaller(f, a) {
				found = true
			}
		}
		return !found
	})
	return found
}
