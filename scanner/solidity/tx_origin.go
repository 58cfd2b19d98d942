package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// txOrigin: authorization by tx.origin. A contract the owner calls can
// forward the call and pass the check (phishing).
//
// Decides: tx.origin compared with == or != against anything but
// msg.sender (tx.origin == msg.sender is the "no contracts" idiom) or a
// zero address or literal (tx.origin != address(0) tells simulations
// apart), nor one in a condition that also compares tx.origin with zero
// (a simulator's sentinel origin beside the zero one, simulationCheck),
// nor a comparison with a constant whose value is a literal address
// (literalConstant: an estimation origin). Reports the comparison.
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
		if isLiteral(other) || zeroAddr.MatchString(dropSpace(other.Text())) || simulationCheck(n) || literalConstant(u, o, other) {
			continue
		}
		if isMember(l, "tx", "origin") && !isMember(r, "msg", "sender") || isMember(r, "tx", "origin") && !isMember(l, "msg", "sender") {
			out = append(out, u.finding(d.Meta().ID, n, scope(u.funcOf(n))))
		}
	}
	return out
}

// simulationCheck reports a comparison of tx.origin that is part of a
// condition also comparing tx.origin with zero (tx.origin != address(0)
// && tx.origin != SIMULATOR): no mined transaction has a zero origin, so
// the condition tells an off-chain simulation from a transaction; it
// authorises nobody.
func simulationCheck(cmp *Node) bool {
	top := cmp
	for p := top.Parent; p != nil; p = p.Parent {
		if p.Kind == "parenthesized_expression" || p.Kind == "unary_expression" && p.Operator() == "!" ||
			p.Kind == "binary_expression" && (p.Operator() == "&&" || p.Operator() == "||") {
			top = p
			continue
		}
		break
	}
	found := false
	top.Walk(func(x *Node) bool {
		if found || x.Kind != "binary_expression" || x.Operator() != "==" && x.Operator() != "!=" {
			return !found
		}
		l, r := x.Child("left"), x.Child("right")
		if isMember(l, "tx", "origin") && r != nil && zeroAddr.MatchString(dropSpace(r.Text())) ||
			isMember(r, "tx", "origin") && l != nil && zeroAddr.MatchString(dropSpace(l.Text())) {
			found = true
		}
		return !found
	})
	return found
}

// literalConstant reports a constant whose value is a literal address
// (address(1), 0x…): a fixed sentinel such as an estimation origin, like
// the literal itself. n names it directly or through a library
// (Constants.ESTIMATION_ADDRESS).
func literalConstant(u *Unit, at, n *Node) bool {
	f := u.funcOf(at)
	if f == nil {
		return false
	}
	v := unwrapConversion(f.constantValue(n))
	return v != nil && isLiteral(v)
}
