package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// txOrigin: authorization by tx.origin. A contract the owner calls can
// forward the call and pass the check (phishing).
//
// Decides: tx.origin compared with == or != against anything but
// msg.sender (tx.origin == msg.sender is the "no contracts" idiom) or a
// zero address or literal (tx.origin != address(0) tells simulations
// apart). Reports the comparison.
//
// Known false positives: none known for comparisons against stored addresses.
type txOrigin struct{}

func (txOrigin) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-TX-ORIGIN",
		Title:          "Authorization through tx.origin",
		Severity:       scanner.High,
		Confidence:     0.9,
		Category:       "access_control",
		CWE:            "CWE-477",
		SWC:            "SWC-115",
		Description:    "Access is checked against tx.origin, the account that started the transaction. If the owner calls a malicious contract, that contract can call this one and pass the check.",
		Recommendation: "Check msg.sender instead of tx.origin.",
		Tier:           scanner.TierQuick,
	}
}

func (d txOrigin) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, o := range u.Members("tx", "origin") {
		n := o.Parent
		if n == nil || n.Kind != "binary_expression" || (n.Operator() != "==" && n.Operator() != "!=") {
			continue
		}
		l, r := n.Child("left"), n.Child("right")
		if l == nil || r == nil {
			continue
		}
		other := r
		if !isMember(l, "tx", "origin") {
			other = l
		}
		// tx.origin != address(0) is a simulation check, not authorisation.
		if isLiteral(other) || zeroAddr.MatchString(dropSpace(other.Text())) {
			continue
		}
		if isMember(l, "tx", "origin") && !isMember(r, "msg", "sender") || isMember(r, "tx", "origin") && !isMember(l, "msg", "sender") {
			out = append(out, u.finding(d.Meta().ID, n, scope(u.funcOf(n))))
		}
	}
	return out
}
