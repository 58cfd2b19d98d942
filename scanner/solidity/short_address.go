package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// shortAddress: the short address attack. Compilers before 0.5 pad missing
// calldata with zeros, so a token transfer to an address missing its last
// byte shifts the amount left by eight bits.
//
// Decides: compiler before 0.5; a public function taking an address and then
// an amount that credits a mapping entry keyed by that address, with no
// msg.data.length check in it or its modifiers. Reports the function
// header, where the payload-size check belongs.
//
// Known false positives: front ends that validate addresses; the check is
// cheap insurance.
type shortAddress struct{}

func (shortAddress) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-SHORT-ADDRESS",
		Title:          "Short address attack",
		Severity:       scanner.Low,
		Confidence:     0.5,
		Category:       "short_addresses",
		CWE:            "CWE-20",
		SWC:            "",
		Description:    "Before Solidity 0.5 the EVM pads short calldata with zeros. A transfer to an address missing trailing bytes shifts the amount argument, crediting far more tokens than intended.",
		Recommendation: "Compile with Solidity >= 0.5, or check msg.data.length (an onlyPayloadSize modifier) in functions taking an address followed by an amount.",
		Tier:           scanner.TierStandard,
	}
}

func (d shortAddress) Check(u *Unit) []scanner.Finding {
	if !u.Version.Before(5, 0) {
		return nil
	}
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || len(f.Params) < 2 {
			continue
		}
		if f.Params[0].Type != "address" || !strings.HasPrefix(f.Params[1].Type, "uint") {
			continue
		}
		if strings.Contains(f.Node.Text(), "msg.data.length") || hasPayloadCheck(f) {
			continue
		}
		to := f.Params[0].Name
		credits := false
		for _, w := range f.StateWrites() {
			if w.Node.Kind == "augmented_assignment_expression" && w.Node.Operator() == "+=" {
				if l := w.Node.Child("left"); l.Kind == "array_access" && norm(l.Child("index").Text()) == to {
					credits = true
				}
			}
		}
		if credits {
			out = append(out, u.finding(d.Meta().ID, f.Node, scope(f)))
		}
	}
	return out
}

func hasPayloadCheck(f *Function) bool {
	for _, m := range f.Modifiers {
		if def := f.Contract.Modifier(m.FirstKind("identifier").Text()); def != nil && strings.Contains(def.Node.Text(), "msg.data.length") {
			return true
		}
	}
	return false
}
