package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// arbitrarySend: ether sent to a destination the caller chooses, from a
// function anyone can call, paying out of the contract's own balance
// (Slither's arbitrary-send-eth).
//
// Decides: an ether payment in an unguarded public function whose
// recipient is a parameter (or derived from one) and whose amount is not
// msg.value (forwarding the caller's own ether is harmless), unless a
// condition on a recovered signer dominates it (a signed voucher).
// Reports the payment.
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
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || f.Guarded() {
			continue
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
