package rust

// Account data matching: the program trusts the contents of a token
// account (its amount, for rewards, votes or collateral) without checking
// that the account belongs to the signer or holds the expected mint. Any
// caller can pass someone else's token account, or one of a worthless
// mint.
//
// Anchor: a handler reads .amount of an Account<'info, TokenAccount> field
// that carries no linking constraint (token::authority, token::mint,
// associated_token::…, has_one, constraint, seeds, address) and whose owner
// and mint the handler never reads. Native: a token account unpacked
// from account data whose amount is read while its owner and mint are
// never compared. Known false positives: amounts read only for display.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type dataMatching struct{}

func (dataMatching) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-DATA-MATCHING", Title: "Token account data trusted without matching its owner or mint",
		Severity: scanner.High, Confidence: 0.6, Category: "validation", CWE: "CWE-345",
		Description: "The program uses a token account's balance, but nothing ties the account to the signer or to the " +
			"expected mint. A caller can present another user's account, or one of a mint they created, and be " +
			"credited for it.",
		Recommendation: "Constrain the account (token::authority = user, token::mint = mint, or constraint = " +
			"acc.owner == user.key()), or compare its owner and mint before using its amount.",
		Tier: scanner.TierStandard,
	}
}

var linking = []string{"token::authority", "token::mint", "associated_token::authority", "associated_token::mint", "has_one", "constraint", "seeds", "address"}

func (d dataMatching) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		body := fn.Body.Text()
		if a := u.AccountsOf(fn); a != nil {
			for _, f := range a.Fields {
				if f.Type != "Account" && f.Type != "InterfaceAccount" || f.Inner != "TokenAccount" || linked(a, f) {
					continue
				}
				path := "accounts." + f.Name
				if compared(body, path) {
					continue
				}
				for _, fe := range fn.Body.Find("field_expression") {
					if fe.Child("field").Text() == "amount" && strings.HasSuffix(fe.Child("value").Text(), path) {
						out = append(out, u.finding(id, fe, fn.Name))
						break
					}
				}
			}
			continue
		}
		for _, l := range fn.Body.Find("let_declaration") {
			v := l.Child("value")
			if v == nil || !strings.Contains(v.Text(), "unpack") || !strings.Contains(v.Text(), "Account") {
				continue
			}
			call := v
			if call.Kind == "try_expression" && len(call.Children) > 0 {
				call = call.Children[0]
			}
			if call.Kind != "call_expression" || !strings.HasPrefix(callName(call), "unpack") {
				continue
			}
			name := strings.TrimSpace(strings.TrimPrefix(l.Child("pattern").Text(), "mut "))
			if !isIdentText(name) || compared(body, name) {
				continue
			}
			for _, fe := range fn.Body.Find("field_expression") {
				if fe.Child("field").Text() == "amount" && fe.Child("value").Text() == name {
					out = append(out, u.finding(id, fe, fn.Name))
					break
				}
			}
		}
	}
	return out
}

// linked reports a constraint tying the token account to something.
func linked(a *Accounts, f *Field) bool {
	for _, k := range linking {
		if f.Has(k) {
			return true
		}
	}
	for _, g := range a.Fields { // constraint = a.owner == … on another field
		if g != f && hasWord(g.Raw, f.Name) {
			return true
		}
	}
	return false
}

// compared reports whether body reads the account's owner or mint (to
// compare it: ==, require_keys_eq!, assert_eq!).
func compared(body, path string) bool {
	for _, fld := range []string{".owner", ".mint"} {
		if i := strings.Index(body, path+fld); i >= 0 {
			return true
		}
	}
	return false
}
