package vyper

import "github.com/bulwark-sec/bulwark/scanner"

// erc20DefaultReturn: an ERC-20 transfer, transferFrom or approve through
// an interface declared to return bool, without default_return_value.
// Tokens that return nothing (USDT, BNB, OMG) make Vyper revert on the
// missing return data, so the contract cannot move those tokens at all.
//
// Decides: an extcall or interface call of a method named transfer,
// transferFrom or approve (the ERC-20 standard's names) whose result is
// used (asserted, assigned) and that passes no default_return_value. A
// dropped result is VY-UNCHECKED-ERC20's finding instead. Reports the
// call.
//
// Known false positives: contracts that only ever handle compliant tokens
// chosen by the deployer.
type erc20DefaultReturn struct{}

func (erc20DefaultReturn) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "VY-ERC20-NO-DEFAULT-RETURN",
		Title:          "ERC-20 call without default_return_value",
		Severity:       scanner.Low,
		Confidence:     0.6,
		Category:       "unchecked_call",
		CWE:            "CWE-754",
		Description:    "The ERC-20 call expects a bool back. Tokens that return nothing, such as USDT, make the call revert, so the contract cannot handle them.",
		Recommendation: "Pass default_return_value=True (Vyper 0.3.4 and later) and assert the result: assert extcall token.transfer(to, amount, default_return_value=True).",
		Tier:           scanner.TierDeep,
	}
}

func (d erc20DefaultReturn) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	u.facts()
	for _, f := range u.Functions {
		for _, c := range f.calls {
			fn := c.Child("function")
			if fn.Kind != "attribute" || keyword(c, "default_return_value") != nil {
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
			if n.Parent != nil && n.Parent.Kind != "expression_statement" {
				out = append(out, u.finding(d.Meta().ID, n, f))
			}
		}
	}
	return out
}
