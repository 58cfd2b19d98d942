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
// (msg.sender.code.length) with zero; extcodesize(caller()) in
// assembly; and the caller passed, in a condition, to a helper that
// measures the code size of what it is given (an isContract of the
// bundle, internal or through a library; codeSizeParam). The code size
// of other addresses routes calls (is the receiver a contract?) and is
// not reported. Reports the comparison, the helper's call or the
// assembly block. Authorisation by tx.origin against stored state is
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
		// A helper measuring the code size of the address it is given,
		// asked about the caller: require(!isContract(msg.sender)),
		// msg.sender.isContract() through a library.
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "call_expression" || !inCondition(n) {
				return true
			}
			h, args := f.internalCallee(n), argNodes(n)
			if h == nil {
				if h = f.libraryCallee(n); h != nil && u.lookup(n.Child("function").Child("object").Text()) == nil {
					args = append([]*Node{n.Child("function").Child("object")}, args...) // x.g(…) bound to x
				}
			}
			if h == nil || h.Body == nil {
				return true
			}
			if i := codeSizeParam(h); i >= 0 && i < len(args) && f.senderExpr(args[i]) {
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

// codeSizeParam returns the index of the parameter whose code size
// function h returns a test of (a.code.length > 0, or extcodesize(a) in
// assembly), or -1.
func codeSizeParam(h *Function) int {
	if len(h.Body.FindAll("return_statement")) == 0 && !strings.Contains(h.Node.Text(), "returns") {
		return -1
	}
	for i, p := range h.Params {
		if p.Name == "" {
			continue
		}
		found := false
		h.Body.Walk(func(n *Node) bool {
			switch {
			case found:
				return false
			case n.Kind == "member_expression" && n.Child("property").Text() == "length":
				o := n.Child("object")
				found = o != nil && o.Kind == "member_expression" && o.Child("property").Text() == "code" && o.Child("object").Text() == p.Name
			case n.Kind == "assembly_statement":
				found = strings.Contains(dropSpace(n.Text()), "extcodesize("+p.Name+")")
				return false
			}
			return !found
		})
		if found {
			return i
		}
	}
	return -1
}
