package cairo

import "github.com/bulwark-sec/bulwark/scanner"

// l1HandlerFrom: an #[l1_handler] that never checks which L1 contract
// sent the message, so any L1 account can trigger it through the
// Starknet core contract.
//
// Decides: the handler's from_address parameter (the first after self,
// by Starknet's calling convention, whatever its name) appears in no
// condition (assert, assert!, panicking if or match) of the handler, and
// is not passed to a function of the bundle that checks the matching
// parameter. Reports the handler's name.
//
// Known false positives: handlers that are meant to accept messages from
// any L1 sender (the message payload is then the only input).
type l1HandlerFrom struct{}

func (l1HandlerFrom) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "CAIRO-L1-HANDLER-UNCHECKED-FROM",
		Title:          "L1 handler does not check from_address",
		Severity:       scanner.High,
		Confidence:     0.8,
		Category:       "access_control",
		CWE:            "CWE-346",
		Description:    "An #[l1_handler] acts on a message from L1 without checking from_address. Any L1 account can send the message through the Starknet core contract and trigger the handler (mint bridged tokens, change state).",
		Recommendation: "Assert that from_address equals the trusted L1 contract stored at deployment before acting on the message.",
		Tier:           scanner.TierQuick,
	}
}

func (d l1HandlerFrom) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	if u.Test {
		return nil
	}
	for _, f := range u.Functions {
		if !f.L1Handler || f.Body == nil || f.Test {
			continue
		}
		ps := f.Params()
		if len(ps) < 2 {
			continue
		}
		if !checksParam(f, ps[1], 0) {
			out = append(out, u.finding(d.Meta().ID, f.Node.Child("name"), f))
		}
	}
	return out
}

// checksParam reports whether f checks its parameter name in a condition,
// directly or by passing it to a function that checks it.
func checksParam(f *Function, name string, depth int) bool {
	if depth > 8 || f.Body == nil {
		return false
	}
	for _, c := range conditions(f.Body) {
		if c.Mentions(name) {
			return true
		}
	}
	f.Unit.facts()
	for _, c := range f.internal {
		g := f.resolve(c)
		if g == nil {
			continue
		}
		gp := g.Params()
		args := c.ChildrenOf("argument")
		offset := 0
		if method(c) != "" && len(gp) > 0 && gp[0] == "self" {
			offset = 1
		}
		for i, a := range args {
			if i+offset < len(gp) && a.Mentions(name) && checksParam(g, gp[i+offset], depth+1) {
				return true
			}
		}
	}
	return false
}
