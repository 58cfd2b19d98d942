package vyper

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// arbitrarySend: ether sent to an address the caller chooses, from a
// function anyone can call, out of the contract's own balance.
//
// Decides: send(to, amount) or raw_call(to, …, value=amount) in an
// external function that is not guarded (no msg.sender/tx.origin check on
// the way, no ecrecover signature check), whose recipient is a parameter
// or a local assigned from one, whose amount is not msg.value, and that
// writes no storage entry keyed by msg.sender (the debit of a withdrawal
// to a chosen address). Reports the payment.
//
// Known false positives: payouts authorised in ways the detector does not
// recognise (Merkle proofs).
type arbitrarySend struct{}

func (arbitrarySend) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "VY-ARBITRARY-SEND",
		Title:          "Ether sent to an arbitrary address",
		Severity:       scanner.High,
		Confidence:     0.6,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-105",
		Description:    "A function anyone can call sends the contract's ether to an address supplied by the caller, without debiting the caller. Anyone can drain the contract.",
		Recommendation: "Check msg.sender against an owner or role before paying, or only pay amounts owed to msg.sender and debit them first.",
		Tier:           scanner.TierStandard,
	}
}

func (d arbitrarySend) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	u.facts()
	for _, f := range u.Functions {
		if f.Body == nil || !f.Entry() {
			continue
		}
		var pays []*syntax.Node
		for _, c := range f.calls {
			switch callee(c) {
			case "send", "raw_call":
				pays = append(pays, c)
			}
		}
		if len(pays) == 0 || f.Guarded() || f.signed() || f.debitsCaller() {
			continue
		}
		params := map[string]bool{}
		for _, p := range f.Node.Child("parameters").Kids() {
			params[p.Child("name").Text()] = true
		}
		// Locals assigned from parameters carry them.
		f.Body.Walk(func(n *syntax.Node) bool {
			if n.Kind == "ann_assign" || n.Kind == "assign" {
				if t, v := n.Child("target"), n.Child("value"); t.Kind == "identifier" && v != nil {
					for p := range params {
						if v.Mentions(p) {
							params[t.Text()] = true
						}
					}
				}
			}
			return true
		})
		for _, c := range pays {
			a := args(c)
			if len(a) == 0 || a[0].Kind != "identifier" || !params[a[0].Text()] {
				continue
			}
			amount := keyword(c, "value")
			if callee(c) == "send" && len(a) > 1 {
				amount = a[1]
			}
			if amount == nil || amount.Norm() == "msg.value" {
				continue
			}
			out = append(out, u.finding(d.Meta().ID, c, f))
		}
	}
	return out
}

// signed reports whether f (or a function it calls) recovers a signer
// with ecrecover: the payment is then authorised by signature.
func (f *Function) signed() bool {
	found := false
	f.reach(func(g *Function) bool {
		for _, c := range g.calls {
			if callee(c) == "ecrecover" {
				found = true
			}
		}
		return !found
	})
	return found
}

// debitsCaller reports whether f (or a function it calls) writes a
// storage entry keyed by msg.sender.
func (f *Function) debitsCaller() bool {
	found := false
	f.reach(func(g *Function) bool {
		for _, w := range g.writes {
			w.Walk(func(x *syntax.Node) bool {
				if x.Kind == "subscript" && isCaller(x.Child("index")) && x.Field == "target" {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}
