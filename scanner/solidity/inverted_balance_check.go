package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// invertedBalanceCheck: the balance check before a debit points the wrong
// way (require(amount >= balance) instead of balance >= amount), letting
// anyone withdraw more than they hold.
//
// Decides: a condition amount >= M[msg.sender] (or M[msg.sender] <= amount)
// followed in the same function by M[msg.sender] -= amount. Reports the
// condition.
//
// Known false positives: none known.
type invertedBalanceCheck struct{}

func (invertedBalanceCheck) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-INVERTED-BALANCE-CHECK",
		Title:          "Inverted balance check",
		Severity:       scanner.Critical,
		Confidence:     0.8,
		Category:       "access_control",
		CWE:            "CWE-697",
		SWC:            "SWC-105",
		Description:    "The function requires the amount to be at least the caller's balance and then subtracts it from the balance: the comparison is inverted, so callers can withdraw more than they own.",
		Recommendation: "Require balance >= amount before debiting.",
		Tier:           scanner.TierQuick,
	}
}

func (d invertedBalanceCheck) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil {
			continue
		}
		for _, w := range f.StateWrites() {
			n := w.Node
			if n.Kind != "augmented_assignment_expression" || n.Operator() != "-=" {
				continue
			}
			bal, amt := norm(n.Child("left").Text()), norm(n.Child("right").Text())
			for _, c := range f.Conditions() {
				// Only require/assert: an if (amount > balance) throw is right.
				if c.Start >= n.Start || c.Parent == nil || c.Parent.Kind != "call_argument" {
					continue
				}
				t := norm(c.Text())
				if t == amt+">="+bal || t == bal+"<="+amt || t == amt+">"+bal || t == bal+"<"+amt {
					out = append(out, u.finding(d.Meta().ID, c, scope(f)))
				}
			}
		}
	}
	return out
}
