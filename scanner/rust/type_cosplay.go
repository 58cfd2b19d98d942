package rust

// Type cosplay: account data is deserialised without checking which of
// the program's account types it holds. Two Borsh structs with compatible
// layouts can then be passed for one another (a user account where an
// admin config is expected).
//
// The detector flags try_deserialize_unchecked / try_from_unchecked (which
// skip Anchor's discriminator), and, in a native program with two or more account structs
// deserialised from account data, T::try_from_slice of a struct whose
// first field is no discriminator (an enum of the file, or [u8; 8]).

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type typeCosplay struct{}

func (typeCosplay) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-TYPE-COSPLAY", Title: "Account deserialised without a type discriminator",
		Severity: scanner.High, Confidence: 0.55, Category: "validation", CWE: "CWE-843",
		Description: "The program deserialises an account without checking a discriminator, and it has several account " +
			"types. An account of one type can be passed where another is expected if their layouts line up.",
		Recommendation: "Start every account struct with a discriminator (an account-type enum or Anchor's 8-byte " +
			"discriminator) and check it, or use Anchor's Account<'info, T>.",
		Tier: scanner.TierStandard,
	}
}

func (d typeCosplay) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	type site struct {
		fn   *Fn
		call *Node
		typ  string
	}
	var sites []site
	types := map[string]bool{}
	var out []scanner.Finding
	for _, fn := range u.Fns {
		for _, c := range fn.Body.Find("call_expression") {
			args := c.Child("arguments")
			if args == nil || len(args.Children) == 0 {
				continue
			}
			switch callName(c) {
			case "try_deserialize_unchecked", "try_from_unchecked":
				if fn.Name != callName(c) { // not an AccountDeserialize impl delegating to its inner type
					out = append(out, u.finding(id, c, fn.Name))
				}
			case "try_from_slice":
				if _, ok := accountData(args.Children[0].Text()); !ok {
					continue
				}
				f := c.Child("function").Text()
				t := typeBase(strings.TrimSuffix(f, "::try_from_slice"))
				if _, ok := u.Structs[t]; ok {
					types[t] = true
					sites = append(sites, site{fn, c, t})
				}
			}
		}
	}
	if len(types) < 2 {
		return out
	}
	for _, s := range sites {
		if !u.discriminated(s.typ) {
			out = append(out, u.finding(id, s.call, s.fn.Name))
		}
	}
	return out
}

// discriminated reports a struct whose first field can tell account types
// apart: an enum of the file or an 8-byte array.
func (u *Unit) discriminated(name string) bool {
	st := u.Structs[name]
	body := st.Child("body")
	if body == nil {
		return false
	}
	for _, c := range body.Children {
		if c.Kind != "field_declaration" {
			continue
		}
		t := strings.ReplaceAll(c.Child("type").Text(), " ", "")
		return u.Enums[typeBase(t)] || t == "[u8;8]"
	}
	return false
}
