package rust

// Sysvar address not checked: a sysvar is read from an account the caller
// passes, through an API that does not verify the account's address
// (sysvar::instructions::load_instruction_at, load_current_index, or
// bincode/borsh deserialisation of the account's data). A fake account
// with attacker-chosen contents then stands in for the sysvar (the
// Wormhole exploit spoofed the instructions sysvar this way).
//
// The detector flags those calls; the *_checked variants, Sysvar::get()
// and from_account_info (which check the id) are not flagged, nor are the
// instruction loads of a file whose Accounts pin an account with
// address = …instructions::ID (the helper reads that account).

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type sysvarUnchecked struct{}

func (sysvarUnchecked) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-SYSVAR-UNCHECKED", Title: "Sysvar read from an account whose address is not checked",
		Severity: scanner.High, Confidence: 0.8, Category: "validation", CWE: "CWE-345",
		Description: "The program reads a sysvar from a caller-supplied account without checking that the account is the " +
			"sysvar. An attacker can pass an account holding forged data (fake instructions, clock or rent).",
		Recommendation: "Use load_instruction_at_checked / load_current_index_checked, Sysvar::get(), or " +
			"Sysvar::from_account_info, or compare the account's key with the sysvar id.",
		Tier: scanner.TierQuick,
	}
}

var sysvarTypes = []string{"Rent", "Clock", "EpochSchedule", "SlotHashes", "StakeHistory", "Instructions", "Fees", "RecentBlockhashes"}

func (d sysvarUnchecked) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	pinned := false // an Accounts field is pinned to the instructions sysvar
	for _, a := range u.Accounts {
		for _, f := range a.Fields {
			if strings.Contains(f.Constraints["address"], "instructions") {
				pinned = true
			}
		}
	}
	var out []scanner.Finding
	for _, fn := range u.Fns {
		for _, c := range fn.Body.Find("call_expression") {
			name := callName(c)
			switch name {
			case "load_instruction_at", "load_current_index":
				if !pinned {
					out = append(out, u.finding(id, c, fn.Name))
				}
			case "deserialize", "try_from_slice", "from_bytes":
				ft := c.Child("function").Text()
				args := c.Child("arguments")
				if args == nil || len(args.Children) == 0 {
					continue
				}
				if _, ok := accountData(args.Children[0].Text()); !ok {
					continue
				}
				for _, s := range sysvarTypes {
					if strings.Contains(ft, "<"+s+">") || strings.Contains(ft, s+"::") {
						out = append(out, u.finding(id, c, fn.Name))
						break
					}
				}
			}
		}
	}
	return out
}
