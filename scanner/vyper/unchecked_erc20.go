package vyper

import "github.com/bulwark-sec/bulwark/scanner"

// uncheckedERC20: an ERC-20 transfer, transferFrom or approve whose bool
// result is dropped. Vyper decodes the result but does not assert it, so
// a token that returns false instead of reverting (many do) makes a
// failed transfer look like a success. The safe shape since Vyper 0.3.4
// is assert extcall token.transfer(…, default_return_value=True), which
// also accepts tokens that return nothing (USDT).
//
// Decides: an external call (extcall or interface call) of a method
// named transfer, transferFrom or approve (the ERC-20 standard's names,
// not the contract's) that is a statement of its own. Reports the call.
//
// Known false positives: tokens known to revert on failure.
type uncheckedERC20 struct{}

func (uncheckedERC20) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "VY-UNCHECKED-ERC20",
		Title:          "ERC-20 call result not checked",
		Severity:       scanner.Medium,
		Confidence:     0.75,
		Category:       "unchecked_call",
		CWE:            "CWE-252",
		SWC:            "SWC-104",
		Description:    "The bool returned by an ERC-20 transfer, transferFrom or approve is ignored. Tokens that return false on failure make the contract continue as if the tokens had moved.",
		Recommendation: "Write assert extcall token.transfer(to, amount, default_return_value=True) (Vyper 0.3.4 and later), which checks the result and also supports tokens that return nothing.",
		Tier:           scanner.TierStandard,
	}
}

func (d uncheckedERC20) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	u.facts()
	for _, f := range u.Functions {
		for _, c := range f.calls {
			fn := c.Child("function")
			if fn.Kind != "attribute" {
				continue
			}
			switch fn.Child("attribute").Text() {
			case "transfer", "transferFrom", "approve":
			default:
				continue
			}
			n := c
			if c.Parent.Kind == "extcall" {
				n = c.Parent
			} else if c.Ancestor("staticcall") != nil || u.interfaceOf(fn.Child("object")) == "" {
				continue
			}
			if n.Parent != nil && n.Parent.Kind == "expression_statement" {
				out = append(out, u.finding(d.Meta().ID, n, f))
			}
		}
	}
	return out
}
