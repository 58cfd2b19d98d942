package rust

// Missing owner check: account data is deserialised from a raw
// AccountInfo without checking which program owns the account, so an
// attacker can pass an account they created under another program with
// the same layout.
//
// The detector looks for deserialisation calls (try_from_slice, unpack,
// deserialize, try_deserialize…) whose argument borrows acc.data, where acc
// is an account the instruction received (next_account_info, an Anchor
// AccountInfo/UncheckedAccount field without owner/address constraint) and
// the function never reads acc.owner. Helpers that receive an AccountInfo
// are left to their callers. Known false positives: an owner check in a
// helper the detector does not follow.

import "github.com/bulwark-sec/bulwark/scanner"

type missingOwner struct{}

func (missingOwner) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-MISSING-OWNER", Title: "Account data deserialised without an owner check",
		Severity: scanner.High, Confidence: 0.7, Category: "access_control", CWE: "CWE-345",
		Description: "The program reads its state from a raw AccountInfo without checking the account's owner. Any " +
			"program can create an account with the same layout, so an attacker can substitute forged state.",
		Recommendation: "Check acc.owner == program_id (or the expected program) before deserialising, or use Anchor's " +
			"Account<'info, T>, which checks the owner and discriminator.",
		Tier: scanner.TierQuick,
	}
}

var deserializers = map[string]bool{
	"try_from_slice": true, "unpack": true, "unpack_unchecked": true, "unpack_from_slice": true, "deserialize": true,
	"try_deserialize": true, "try_deserialize_unchecked": true, "from_bytes": true, "try_from_slice_unchecked": true,
}

func (d missingOwner) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		acc := u.AccountsOf(fn)
		vars := accountVars(fn)
		body := fn.Body.Text()
		fn.Body.Walk(func(n *Node) bool {
			if n.Kind != "call_expression" || !deserializers[callName(n)] {
				return true
			}
			args := n.Child("arguments")
			if args == nil || len(args.Children) == 0 {
				return true
			}
			base, ok := accountData(args.Children[0].Text())
			if !ok {
				return true
			}
			if f := anchorField(acc, base); f != nil {
				if !f.Unchecked() || f.Has("owner") || f.Has("address") {
					return true
				}
			} else if !vars[base] {
				return true // a helper's parameter: the caller's to check
			}
			if mentions(body, base+".owner") || mentions(body, base+".owner()") {
				return true
			}
			out = append(out, u.finding(id, n, fn.Name))
			return false
		})
	}
	return out
}
