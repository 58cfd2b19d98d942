package rust

// Duplicate mutable accounts (Anchor): two mut fields of the same account
// type with no constraint telling them apart. The caller can pass the same
// account twice, and the handler's two writes then overwrite each other
// (e.g. a transfer between two balances that mints money when from == to).
//
// Anchor 0.31 rejects such duplicates at run time unless a field is marked
// dup (an explicit opt-in, not flagged); programs on 0.29/0.30 are exposed.
// Token accounts and mints are left out: the token program itself handles
// a transfer from an account to itself.
//
// The detector flags the second of two mut Account<'info, T> fields of one
// Accounts struct when no constraint mentions both (constraint = a.key()
// != b.key()), and they are not both PDAs (distinct seeds give distinct
// addresses). Known false positives: handlers that are correct when both
// are the same account.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type dupMut struct{}

func (dupMut) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-DUPLICATE-MUT", Title: "Two mutable accounts of one type may be the same account",
		Severity: scanner.Medium, Confidence: 0.6, Category: "validation", CWE: "CWE-694",
		Description: "An instruction takes two mutable accounts of the same type and nothing requires them to differ. " +
			"Passing one account twice makes the handler's updates overwrite each other.",
		Recommendation: "Add constraint = a.key() != b.key() (or require_keys_neq! in the handler).",
		Tier:           scanner.TierStandard,
	}
}

func (d dupMut) Check(u *Unit) []scanner.Finding {
	id := d.Meta().ID
	var out []scanner.Finding
	for _, a := range u.Accounts {
		handled := map[*Field]bool{}
		for i, f := range a.Fields {
			if f.Type != "Account" || !f.Has("mut") || f.Has("init") || splTypes[f.Inner] {
				continue
			}
			for _, g := range a.Fields[:i] {
				if g.Type != "Account" || g.Inner != f.Inner || !g.Has("mut") || g.Has("init") || handled[f] {
					continue
				}
				if f.Has("dup") || g.Has("dup") || f.Has("seeds") && g.Has("seeds") || distinct(a, f, g) || u.keysCompared(f, g) {
					continue
				}
				handled[f] = true
				out = append(out, u.finding(id, f.Node, a.Name+"."+f.Name))
			}
		}
	}
	return out
}

// distinct reports a constraint mentioning both fields.
func distinct(a *Accounts, f, g *Field) bool {
	for _, h := range a.Fields {
		if hasWord(h.Raw, f.Name) && hasWord(h.Raw, g.Name) && (strings.Contains(h.Raw, "!=") || strings.Contains(h.Raw, "has_one")) {
			return true
		}
	}
	return false
}

// keysCompared reports a handler comparing the two accounts' keys.
func (u *Unit) keysCompared(f, g *Field) bool {
	for _, fn := range u.Fns {
		body := fn.Body.Text()
		if (strings.Contains(body, "accounts."+f.Name+".key") && strings.Contains(body, "accounts."+g.Name+".key")) &&
			(strings.Contains(body, "!=") || strings.Contains(body, "require_keys_neq")) {
			return true
		}
	}
	return false
}

// splTypes are the token program's account types.
var splTypes = map[string]bool{"TokenAccount": true, "Mint": true}
