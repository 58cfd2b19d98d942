package rust

// Address not validated (CosmWasm): Addr::unchecked turns any string into
// an Addr. On a user-supplied string (a message field), the contract
// stores or pays an address that may be malformed or in the wrong case,
// so funds sent there are lost and comparisons with info.sender fail.
//
// The detector flags Addr::unchecked(x) where x is not a string literal,
// in functions taking Deps/DepsMut or MessageInfo (contract code, not test
// helpers).

import (
	"github.com/bulwark-sec/bulwark/scanner"
)

type cwAddrUnchecked struct{}

func (cwAddrUnchecked) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-CW-ADDR-UNCHECKED", Title: "User-supplied address not validated",
		Severity: scanner.Medium, Confidence: 0.7, Category: "validation", CWE: "CWE-20",
		Description: "Addr::unchecked is applied to a value that is not a constant, typically a message field. Invalid or " +
			"non-canonical addresses are then stored or paid, and later comparisons with info.sender fail.",
		Recommendation: "Use deps.api.addr_validate(&input)? for every address that comes from a message.",
		Tier:           scanner.TierStandard,
	}
}

func (d cwAddrUnchecked) Check(u *Unit) []scanner.Finding {
	if !u.Frameworks[CosmWasm] {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		_, a := fn.Param("DepsMut")
		_, b := fn.Param("Deps")
		_, c := fn.Param("MessageInfo")
		if !a && !b && !c {
			continue
		}
		for _, call := range fn.Body.Find("call_expression") {
			if f := call.Child("function").Text(); f != "Addr::unchecked" && f != "cosmwasm_std::Addr::unchecked" {
				continue
			}
			args := call.Child("arguments")
			if args == nil || len(args.Children) != 1 {
				continue
			}
			if k := args.Children[0].Kind; k == "string_literal" || k == "raw_string_literal" {
				continue
			}
			out = append(out, u.finding(id, call, fn.Name))
		}
	}
	return out
}
