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
// levels deep), such as a recover(hash, signature) helper, or a library
// call shaped like ecrecover (recoveryShaped) whose library is not in the
// bundle (an imported ECDSA). A recovery-shaped library call of the
// bundle is followed three levels deep whatever depth is left: such
// libraries pass the signature through overloads (recover, tryRecover,
// tryRecover(v, r, s)) before ecrecover.
func recovers(f *Function, call *Node, depth int) bool {
	if call.Kind != "call_expression" {
		return false
	}
	fn := call.Child("function")
	if fn != nil && fn.Kind == "identifier" && fn.Text() == "ecrecover" {
		return true
	}
	shaped := recoveryShaped(f, call)
	if shaped && depth < 4 {
		depth = 4
	}
	if depth == 0 {
		return false
	}
	h := f.internalCallee(call)
	if h == nil && fn != nil && fn.Kind == "member_expression" {
		h = f.libraryCallee(call)
		if h == nil && shaped {
			return true // a library outside the bundle
		}
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

// recoveryShaped reports whether call is a library call shaped like a
// signature recovery, judged by types, never by names: L.g(…) on a name
// that is no variable, or x.g(…) on a bytes32 (using L for bytes32),
// whose operands are (digest, signature): bytes32 and bytes, bytes32
// uint8 bytes32 bytes32 (v, r, s), or three bytes32 (r, vs); and whose
// result is used as an address (compared with == or !=, stored in an
// address, returned as one).
func recoveryShaped(f *Function, call *Node) bool {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return false
	}
	obj := fn.Child("object")
	var types []string
	switch {
	case obj == nil:
		return false
	case obj.Kind == "identifier" && f.TypeOf(obj.Text()) == "":
		switch obj.Text() {
		case "abi", "msg", "block", "tx", "this", "super":
			return false
		}
		if c := f.Contract.Unit.lookup(obj.Text()); c != nil && c.Kind != "library" {
			return false
		}
	case exprType(f, obj) == "bytes32":
		types = append(types, "bytes32")
	default:
		return false
	}
	for _, a := range argNodes(call) {
		types = append(types, exprType(f, a))
	}
	switch strings.Join(types, " ") {
	case "bytes32 bytes", "bytes32 uint8 bytes32 bytes32", "bytes32 bytes32 bytes32":
	default:
		return false
	}
	return usedAsAddress(f, call)
}

// exprType is Function.ExprType without the data location: the first
// word of the type ("bytes" for bytes memory); "" when unknown.
func exprType(f *Function, n *Node) string {
	if fs := strings.Fields(f.ExprType(unparen(n))); len(fs) > 0 {
		return fs[0]
	}
	return ""
}

// usedAsAddress reports whether the value of n is used as an address:
// compared with == or !=, the value of an address variable, or returned
// by a function whose one return value is an address.
func usedAsAddress(f *Function, n *Node) bool {
	x := n
	p := x.Parent
	for p != nil && p.Kind == "parenthesized_expression" {
		x, p = p, p.Parent
	}
	if p == nil {
		return false
	}
	switch p.Kind {
	case "binary_expression":
		op := p.Operator()
		return op == "==" || op == "!="
	case "variable_declaration_statement":
		d := p.FirstKind("variable_declaration")
		return d != nil && exprTypeOfDecl(d) == "address"
	case "assignment_expression":
		return p.Operator() == "=" && x.Field == "right" && exprType(f, p.Child("left")) == "address"
	case "return_statement":
		for _, c := range f.Node.Children {
			if c.Kind == "return_type_definition" {
				var rets []*Node
				for _, r := range c.Children {
					if r.Kind == "parameter" {
						rets = append(rets, r)
					}
				}
				return len(rets) == 1 && strings.HasPrefix(strings.TrimSpace(rets[0].Child("type").Text()), "address")
			}
		}
	}
	return false
}

// exprTypeOfDecl returns the declared type of a variable_declaration,
// without data location.
func exprTypeOfDecl(d *Node) string {
	if fs := strings.Fields(d.Child("type").Text()); len(fs) > 0 {
		return fs[0]
	}
	return ""
}
