package solidity

import (
	"regexp"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// ecrecoverUnchecked: raw ecrecover without the checks it needs. It
// returns address(0) for an invalid signature, so comparing its result with
// an unset (zero) signer accepts garbage; and it accepts both s and n - s,
// so signatures are malleable and cannot serve as unique ids.
//
// Decides: an ecrecover call in a function that neither compares against
// address(0)/0 nor bounds s (a comparison with the secp256k1n/2 constant
// 0x7FFFFFFF…). Reports the call.
//
// Known false positives: results compared to an address that can never be
// zero (an immutable signer checked non-zero in the constructor).
type ecrecoverUnchecked struct{}

func (ecrecoverUnchecked) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-ECRECOVER-UNCHECKED",
		Title:          "ecrecover result not validated (malleable or zero signer)",
		Severity:       scanner.Medium,
		Confidence:     0.6,
		Category:       "signature",
		CWE:            "CWE-347",
		SWC:            "SWC-117",
		Description:    "ecrecover returns address(0) on invalid input and accepts malleable signatures (s and n - s). Without a zero-address check and an s-range check, invalid signatures may match an unset signer and a signature can be altered and replayed.",
		Recommendation: "Use OpenZeppelin ECDSA.recover, which rejects high-s values and reverts on address(0).",
		Tier:           scanner.TierStandard,
	}
}

var (
	zeroCheck = regexp.MustCompile(`(?:!=|==)address\(0(?:x0+)?\)|address\(0(?:x0+)?\)(?:!=|==)|(?:!=|==)0(?:x0+)?\b`)
)

func (d ecrecoverUnchecked) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	byFunc := recoverCalls(u)
	for _, f := range u.funcs() {
		if f.Body == nil {
			continue
		}
		recovers := byFunc[f]
		if len(recovers) == 0 {
			continue
		}
		body := dropSpace(f.Body.Text())
		if zeroCheck.MatchString(body) || strings.Contains(strings.ToLower(body), "0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0") {
			continue
		}
		for _, r := range recovers {
			out = append(out, u.finding(d.Meta().ID, r, scope(f)))
		}
	}
	return out
}

// recoverCalls groups the unit's ecrecover calls by enclosing function.
func recoverCalls(u *Unit) map[*Function][]*Node {
	m := map[*Function][]*Node{}
	for _, n := range u.FreeCalls("ecrecover") {
		if f := u.funcOf(n); f != nil {
			m[f] = append(m[f], n)
		}
	}
	return m
}

// recovers reports whether call recovers a signer: ecrecover itself, or
// an internal or library function of the bundle that calls it (depth
// levels deep), such as a recover(hash, signature) helper.
func recovers(f *Function, call *Node, depth int) bool {
	if call.Kind != "call_expression" {
		return false
	}
	if fn := call.Child("function"); fn != nil && fn.Kind == "identifier" && fn.Text() == "ecrecover" {
		return true
	}
	if depth == 0 {
		return false
	}
	h := f.internalCallee(call)
	if h == nil && call.Child("function") != nil && call.Child("function").Kind == "member_expression" {
		h = f.libraryCallee(call)
	}
	if h == nil || h == f || h.Body == nil {
		return false
	}
	found := false
	h.Body.Walk(func(n *Node) bool {
		found = found || recovers(h, n, depth-1)
		return !found
	})
	return found
}

// signerChecked reports whether a condition dominating n compares a
// recovered signer (or a value computed from one): the action at n is
// authorised by a signature.
func signerChecked(f *Function, n *Node) bool {
	src := func(x *Node) bool { return recovers(f, x, 2) }
	derived := f.Derived(src)
	for _, g := range f.Guards(n) {
		if DependsOn(g.Cond, derived, src) {
			return true
		}
	}
	return false
}
