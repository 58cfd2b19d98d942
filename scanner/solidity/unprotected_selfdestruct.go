package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// unprotectedSelfdestruct: selfdestruct (suicide) reachable by anyone.
//
// Decides: a selfdestruct or suicide call in a public or external function
// that has no access guard (the layer's caller checks, modifiers inlined),
// or in an internal function such a function reaches through unguarded
// calls (Function.UnguardedEntry). A guarded public function counts as
// unguarded when anyone can make itself privileged first: another
// function of the contract, one SOL-UNPROTECTED-OWNER-WRITE or
// SOL-UNPROTECTED-INITIALIZER reports, writes state its guards read
// (takeover). Reports the call.
//
// Known false positives: guards implemented in unusual ways (signature
// checks) that the detector does not recognise.
type unprotectedSelfdestruct struct{}

func (unprotectedSelfdestruct) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNPROTECTED-SELFDESTRUCT",
		Title:          "Unprotected selfdestruct",
		Severity:       scanner.Critical,
		Confidence:     0.9,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-106",
		Description:    "Any account can call a function that destroys the contract and sends its ether to an address of its choice.",
		Recommendation: "Restrict the function to an owner or governance role, or remove selfdestruct.",
		Tier:           scanner.TierQuick,
	}
}

func (d unprotectedSelfdestruct) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, n := range u.FreeCalls("selfdestruct", "suicide") {
		f := u.funcOf(n)
		if f == nil || f.Body == nil || f.UnguardedEntry(3) == nil && (!f.Entry() || takeover(f) == nil) {
			continue
		}
		out = append(out, u.finding(d.Meta().ID, n, scope(f)))
	}
	return out
}
