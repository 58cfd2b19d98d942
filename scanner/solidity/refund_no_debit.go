package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// refundNoDebit: a withdrawal pays msg.sender its recorded balance but never
// reduces that balance, so the caller can withdraw it again and again.
//
// Decides: an ether payment to msg.sender whose amount is M[msg.sender]
// for a state mapping M that the function never writes. Reports the
// payment.
//
// Known false positives: balances cleared in a function called afterwards.
type refundNoDebit struct{}

func (refundNoDebit) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-WITHDRAW-NO-DEBIT",
		Title:          "Withdrawal without debiting the balance",
		Severity:       scanner.Critical,
		Confidence:     0.8,
		Category:       "access_control",
		CWE:            "CWE-841",
		SWC:            "SWC-105",
		Description:    "The function sends msg.sender the balance recorded for it but does not reduce or clear that balance, so the caller can repeat the withdrawal and drain the contract.",
		Recommendation: "Set the balance to zero (or subtract the amount) before sending the ether.",
		Tier:           scanner.TierQuick,
	}
}

func (d refundNoDebit) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() {
			continue
		}
		written := map[string]bool{}
		for _, w := range f.StateWrites() {
			written[w.Var] = true
		}
		locals := f.Locals()
		for _, c := range f.LowLevelCalls() {
			if !c.isPayment() || !c.Invoked || !isSender(c.Target) || len(c.Args) != 1 {
				continue
			}
			a := c.Args[0]
			if a.Kind != "array_access" || !isMember(a.Child("index"), "msg", "sender") {
				continue
			}
			if r := lvalueRoot(a); r != nil && f.IsState(r.Text(), locals) && !written[r.Text()] {
				out = append(out, u.finding(d.Meta().ID, c.Node, scope(f)))
			}
		}
	}
	return out
}
