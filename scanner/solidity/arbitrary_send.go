package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// arbitrarySend: ether sent to a destination the caller chooses, from a
// function anyone can call, paying out of the contract's own balance
// (Slither's arbitrary-send-eth).
//
// Decides: an ether payment in an unguarded public function whose
// recipient is a parameter (or derived from one) and whose amount is not
// msg.value (forwarding the caller's own ether is harmless), unless a
// condition on a recovered signer dominates it (a signed voucher). Also
// the whole balance paid, by a function anyone can call, to a payee held
// in state that another such function lets anyone set to itself or to a
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
		for _, c := range f.LowLevelCalls() {
			if !c.isPayment() || !c.Invoked || c.Target == nil || !mentionsAny(c.Target, tainted) {
				continue
			}
			// Forwarding the caller's own ether, sending nothing, or paying the
			// recipient what is booked for it are not arbitrary sends.
			if v := c.ValueArg; v == nil || isMember(v, "msg", "value") || isLiteral(v) || v.Text() == "0" ||
				v.Kind == "array_access" && norm(v.Child("index").Text()) == norm(c.Target.Text()) {
				continue
			}
			// A payment a recovered signer authorised (a guard compares
			// the signer) is not the caller's choice alone.
			if signerChecked(f, c.Node) {
				continue
			}
			out = append(out, u.finding(d.Meta().ID, c.Node, scope(f)))
		}
	}
	return out
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
