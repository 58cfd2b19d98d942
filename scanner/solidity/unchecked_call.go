package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// uncheckedCall: a low-level call, send or delegatecall whose boolean result
// is dropped. These never revert on failure, so the contract carries on as
// if the ether or the call had gone through.
//
// Decides: the call is an expression statement of its own, or its result is
// stored in a local that is never read, or tested for show only
// (checkedForShow): the if testing it takes a failure into an arm that
// does nothing lasting (empty, or writes to locals nobody reads after),
// or a constant decides the condition whatever the call returns
// (!a.send(v) || 1 == 1, require(ok || true)), or returned unchecked
// (itself, or a flag read only by return statements) by an entry point
// that credits a mapping entry: the credit stands when the call failed
// (returnedPastCredit). A call.value(...) that is never invoked at all
// (missing "()") is reported too. Reports the call.
//
// Known false positives: a failure that is deliberately ignored (a refund
// that may bounce); those deserve a suppression with the reason.
type uncheckedCall struct{}

func (uncheckedCall) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNCHECKED-CALL",
		Title:          "Unchecked low-level call",
		Severity:       scanner.Medium,
		Confidence:     0.9,
		Category:       "unchecked_low_level_calls",
		CWE:            "CWE-252",
		SWC:            "SWC-104",
		Description:    "The return value of a low-level call, send, delegatecall or callcode is ignored. These calls do not revert when the callee fails, so execution continues as if the transfer or call had succeeded.",
		Recommendation: "Check the returned boolean (require(success)) or use transfer / OpenZeppelin Address.sendValue / functionCall, which revert on failure.",
		Tier:           scanner.TierQuick,
	}
}

func (d uncheckedCall) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil {
			continue
		}
		for _, c := range f.LowLevelCalls() {
			if c.Kind == "transfer" || c.Kind == "staticcall" {
				continue
			}
			if resultUnused(c.Node, f) {
				out = append(out, u.finding(d.Meta().ID, c.Node, scope(f)))
			}
		}
	}
	return out
}
