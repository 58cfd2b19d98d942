package rust

// Funds sent without checking info.funds (CosmWasm): a handler pays out
// (BankMsg::Send, or funds attached to a WasmMsg) an amount taken from the
// message, without looking at what the caller attached (info.funds,
// must_pay, one_coin, nonpayable) and without checking the sender. The
// contract then pays any caller from its own balance.
//
// The detector flags BankMsg::Send and WasmMsg literals whose amount or
// funds read a parameter of the handler, in a function with a MessageInfo
// parameter it never reads.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type cwFunds struct{}

func (cwFunds) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-CW-FUNDS-UNCHECKED", Title: "Payout of a caller-chosen amount without checking funds or sender",
		Severity: scanner.High, Confidence: 0.6, Category: "access_control", CWE: "CWE-862",
		Description: "The handler sends tokens whose amount comes from the message, but it never reads the MessageInfo: " +
			"neither the funds the caller attached nor the sender. Anyone can make the contract pay from its balance.",
		Recommendation: "Check the attached funds (cw_utils::must_pay, one_coin) or restrict the handler to an authorised " +
			"sender before sending.",
		Tier: scanner.TierStandard,
	}
}

func (d cwFunds) Check(u *Unit) []scanner.Finding {
	if !u.Frameworks[CosmWasm] {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		info, ok := fn.Param("MessageInfo")
		if !ok || !strings.HasPrefix(info.Name, "_") && usesVar(fn.Body, info.Name) {
			continue
		}
		params := map[string]bool{}
		for _, p := range fn.Params {
			if t := typeBase(p.Type); t != "DepsMut" && t != "Env" && t != "MessageInfo" && isIdentText(p.Name) {
				params[p.Name] = true
			}
		}
		for _, s := range fn.Body.Find("struct_expression") {
			name := s.Child("name").Text()
			if !strings.HasSuffix(name, "BankMsg::Send") && !strings.HasPrefix(typeBase(strings.TrimSuffix(name, "::Execute")), "WasmMsg") {
				continue
			}
			for _, fi := range s.Find("field_initializer", "shorthand_field_initializer") {
				f := fi.Child("field")
				if fi.Kind == "shorthand_field_initializer" {
					f = fi
				}
				if f == nil || f.Text() != "amount" && f.Text() != "funds" {
					continue
				}
				if readsParam(fi, params) {
					out = append(out, u.finding(id, s, fn.Name))
				}
			}
		}
	}
	return out
}
