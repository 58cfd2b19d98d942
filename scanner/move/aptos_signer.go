package move

// Missing signer check before borrow_global_mut (Aptos): a public or entry
// function mutates or removes the resource stored at an address its caller
// chose (a parameter) and never compares that address with a signer's, so
// any account can change another account's resource.
//
// The detector flags borrow_global_mut<T>(a) and move_from<T>(a) where a
// is an address parameter, in a function that never calls
// signer::address_of in an assert!, if or equality. Functions taking a Coin
// or FungibleAsset are deposits anyone may make and are left out. Known
// false positives: resources meant to be writable by anyone (a counter).

import "github.com/bulwark-sec/bulwark/scanner"

type aptosSigner struct{}

func (aptosSigner) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "MOVE-APTOS-MISSING-SIGNER", Title: "Resource at a caller-chosen address mutated without a signer check",
		Severity: scanner.High, Confidence: 0.7, Category: "access_control", CWE: "CWE-862",
		Description: "borrow_global_mut or move_from runs on an address passed as a parameter, and the function never checks " +
			"it against signer::address_of. Any account can modify or take the resource stored under another account.",
		Recommendation: "Take &signer and use signer::address_of(s) as the address, or assert that it equals the parameter " +
			"(or an admin stored in the resource).",
		Tier: scanner.TierQuick,
	}
}

func (d aptosSigner) Check(u *Unit) []scanner.Finding {
	id := d.Meta().ID
	var out []scanner.Finding
	for _, m := range u.Modules {
		for _, f := range m.Funs {
			if !f.Public() || f.SenderChecked() || pays(f) {
				continue
			}
			addrs := map[string]bool{}
			for _, p := range f.Params {
				if typeBase(p.Type) == "address" {
					addrs[p.Name] = true
				}
			}
			if len(addrs) == 0 {
				continue
			}
			for _, c := range f.Body.Find("call_expression") {
				if n := callName(c); n != "borrow_global_mut" && n != "move_from" {
					continue
				}
				args := c.Child("args")
				if args == nil || len(args.Children) == 0 {
					continue
				}
				if addrs[trimSpaces(args.Children[0].Text())] {
					out = append(out, u.finding(id, c, m.Name+"::"+f.Name))
				}
			}
		}
	}
	return out
}

// pays reports a function that takes a Coin or FungibleAsset: a deposit
// into someone's resource, which anyone may make.
func pays(f *Fun) bool {
	for _, p := range f.Params {
		if t := typeBase(p.Type); t == "Coin" || t == "FungibleAsset" {
			return true
		}
	}
	return false
}
