package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// eoaCheck: a check that the caller is not a contract, used as a security
// boundary. msg.sender == tx.origin breaks for smart-contract wallets and
// under account abstraction (EIP-7702 delegates code to EOAs);
// extcodesize(x) == 0 and x.code.length == 0 are also true for a contract
// still in its constructor, so an attacker passes them.
//
// Decides: a condition (require/assert argument, if or loop condition)
// comparing msg.sender with tx.origin, or the caller's code size
// (msg.sender.code.length) with zero; and extcodesize(caller()) in
// assembly. The code size of other addresses routes calls (is the
// receiver a contract?) and is not reported. Reports the comparison or
// the assembly block. Authorisation by tx.origin against stored state is
// SOL-TX-ORIGIN's.
//
// Known false positives: checks used only to choose a code path, not to
// keep contracts out.
type eoaCheck struct{}

func (eoaCheck) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-EOA-CHECK",
		Title:          "Caller checked to be an externally owned account",
		Severity:       scanner.Low,
		Confidence:     0.7,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-115",
		Description:    "The contract tells accounts from contracts with msg.sender == tx.origin or a zero code size. Code size is zero for a contract still in its constructor, so an attacker passes; the tx.origin comparison rejects smart-contract wallets and stops holding under account abstraction.",
		Recommendation: "Do not rely on the caller being an EOA for security: use reentrancy locks, commit-reveal or explicit allow-lists instead.",
		Tier:           scanner.TierDeep,
	}
}

func (d eoaCheck) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, o := range u.Members("tx", "origin") {
		n := o.Parent
		if n == nil || n.Kind != "binary_expression" || (n.Operator() != "==" && n.Operator() != "!=") || !inCondition(n) {
			continue
		}
		if isMember(n.Child("left"), "msg", "sender") || isMember(n.Child("right"), "msg", "sender") {
			out = append(out, u.finding(d.Meta().ID, n, scope(u.funcOf(n))))
		}
	}
	for _, f := range u.funcs() {
		if f.Body == nil {
			continue
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "binary_expression" || !inCondition(n) {
				return true
			}
			switch n.Operator() {
			case "==", "!=", ">", "<=":
			default:
				return true
			}
			l, r := n.Child("left"), n.Child("right")
			if l == nil || r == nil {
				return true
			}
			zero := func(x *Node) bool { return strings.TrimSpace(x.Text()) == "0" }
			if codeLength(l) && zero(r) || codeLength(r) && zero(l) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				return false
			}
			return true
		})
		for _, asm := range f.Body.FindAll("assembly_statement") {
			if strings.Contains(dropSpace(asm.Text()), "extcodesize(caller())") {
				out = append(out, u.finding(d.Meta().ID, asm, scope(f)))
			}
		}
	}
	return out
}

// codeLength reports msg.sender.code.length (or tx.origin's): the
// caller's code size. Other addresses' code size routes calls (is the
// receiver a contract?) and is no EOA check.
func codeLength(n *Node) bool {
	if n.Kind != "member_expression" || n.Child("property").Text() != "length" {
		return false
	}
	o := n.Child("object")
	if o == nil || o.Kind != "member_expression" || o.Child("property").Text() != "code" {
		return false
	}
	who := o.Child("object")
	return isMember(who, "msg", "sender") || isMember(who, "tx", "origin")
}
