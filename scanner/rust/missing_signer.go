package rust

// Missing signer check: an account acts as the authority over another
// account (Anchor has_one = f, or a native key comparison with a field of
// deserialised account data) but nothing proves it signed the transaction,
// so anyone can pass the stored authority's public key.
//
// Anchor: in an instruction no account signs (no Signer, no signer
// constraint), the target of a mut account's has_one (or of a constraint
// comparing a stored key with acc.key()) that is an AccountInfo or
// UncheckedAccount, is no PDA (seeds) and is not passed on to a CPI (where
// the callee checks the signature). Native: acc.key
// compared with a field of account data (state.authority) in a function
// that never reads acc.is_signer. Known false positives: a signer check
// done in a helper function the detector does not follow.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type missingSigner struct{}

func (missingSigner) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-MISSING-SIGNER", Title: "Authority account is not checked as signer",
		Severity: scanner.Critical, Confidence: 0.8, Category: "access_control", CWE: "CWE-862",
		Description: "An account is compared with the authority stored in program state (has_one or a key comparison), but " +
			"the program never checks that it signed the transaction. Public keys are public: anyone can pass the stored " +
			"authority's key as an unsigned account and pass the check.",
		Recommendation: "Type the account as Signer<'info> (Anchor), add the signer constraint, or require acc.is_signer " +
			"before trusting it (native).",
		Tier: scanner.TierQuick,
	}
}

func (d missingSigner) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	src := string(u.Src)
	var out []scanner.Finding
	reported := map[*Field]bool{}
	for _, a := range u.Accounts {
		if a.anySigner() {
			continue
		}
		for _, f := range a.Fields {
			if !f.Has("mut") {
				continue
			}
			targets := append([]string(nil), f.HasOne...)
			// constraint = vault.authority == authority.key() relates the
			// two accounts as has_one does.
			if c := f.Constraints["constraint"]; strings.Contains(c, "==") {
				l, r, _ := strings.Cut(c, "==")
				for _, side := range []string{l, r} {
					if b, ok := keyOf(side); ok {
						targets = append(targets, b)
					}
				}
			}
			for _, name := range targets {
				target := a.Field(name)
				if target == nil || target == f || !target.Unchecked() || target.Has("seeds") || reported[target] {
					continue
				}
				// Passed on to a CPI, where the callee checks the signature.
				if strings.Contains(src, "."+target.Name+".to_account_info()") || strings.Contains(src, "."+target.Name+".clone()") {
					continue
				}
				reported[target] = true
				out = append(out, u.finding(id, target.Node, a.Name+"."+target.Name))
			}
		}
	}
	for _, fn := range u.Fns {
		vars := accountVars(fn)
		body := fn.Body.Text()
		if len(vars) == 0 || strings.Contains(body, ".is_signer") || !writesAccount(body) {
			continue
		}
		fn.Body.Walk(func(n *Node) bool {
			if n.Kind != "binary_expression" {
				return true
			}
			if op := operator(n); op != "==" && op != "!=" {
				return true
			}
			l, r := n.Child("left"), n.Child("right")
			for _, pair := range [][2]*Node{{l, r}, {r, l}} {
				if base, ok := keyOf(pair[0].Text()); ok && vars[base] && storedKey(pair[1]) {
					out = append(out, u.finding(id, n, fn.Name))
					return false
				}
			}
			return true
		})
	}
	return out
}

// anySigner reports whether any account of the struct must sign.
func (a *Accounts) anySigner() bool {
	for _, f := range a.Fields {
		if f.Type == "Signer" || f.Has("signer") {
			return true
		}
	}
	return false
}

// writesAccount reports whether a body writes account data or lamports.
func writesAccount(body string) bool {
	for _, w := range []string{".data.borrow_mut()", "try_borrow_mut_data()", "lamports.borrow_mut()", "try_borrow_mut_lamports()", ".serialize(&mut", "pack(", "pack_into_slice("} {
		if strings.Contains(body, w) {
			return true
		}
	}
	return false
}

// storedKey reports a key read from deserialised account data: a field
// access (state.authority) that is not itself an account's key or owner.
func storedKey(n *Node) bool {
	t := strings.TrimLeft(n.Text(), "*& ")
	if n.Kind != "field_expression" && !strings.HasPrefix(n.Text(), "&") && !strings.HasPrefix(n.Text(), "*") {
		return false
	}
	if _, ok := keyOf(t); ok {
		return false
	}
	if strings.HasSuffix(t, ".owner") || strings.Contains(t, "(") || !strings.Contains(t, ".") {
		return false
	}
	return true
}

func isIdentText(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdent(s[i]) {
			return false
		}
	}
	return true
}
