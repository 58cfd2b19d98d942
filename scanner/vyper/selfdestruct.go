package vyper

import "github.com/bulwark-sec/bulwark/scanner"

// unprotectedSelfdestruct: selfdestruct reachable by anyone.
//
// Decides: a selfdestruct call in an external function (or an internal
// one it calls) whose entry point is not guarded (no msg.sender or
// tx.origin check on the way). Reports the call.
//
// Known false positives: guards by signature the detector does not
// recognise.
type unprotectedSelfdestruct struct{}

func (unprotectedSelfdestruct) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "VY-UNPROTECTED-SELFDESTRUCT",
		Title:          "Unprotected selfdestruct",
		Severity:       scanner.Critical,
		Confidence:     0.9,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-106",
		Description:    "Any account can call a function that runs selfdestruct, sending the contract's ether to an address of its choice (and, before Cancun, deleting the code).",
		Recommendation: "Assert that msg.sender is the owner before selfdestruct, or remove it (deprecated since Vyper 0.3.8 and EIP-6780).",
		Tier:           scanner.TierQuick,
	}
}

func (d unprotectedSelfdestruct) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Functions {
		if f.Body == nil || !f.External || f.Deploy || f.Guarded() {
			continue
		}
		f.reach(func(g *Function) bool {
			if g.Unit != u {
				return true
			}
			for _, c := range g.calls {
				if callee(c) == "selfdestruct" {
					out = append(out, u.finding(d.Meta().ID, c, g))
				}
			}
			return true
		})
	}
	return out
}
