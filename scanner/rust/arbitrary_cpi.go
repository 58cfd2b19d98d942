package rust

// Arbitrary CPI: the program invokes a program whose id comes from an
// account the caller chose, without checking it, so the caller can make the
// program call (and sign for) a malicious program.
//
// The detector finds program ids taken from an account the instruction
// received (next_account_info, an Anchor Context field): the first argument
// of a token program's instruction builder (spl_token::instruction::transfer(
// acc.key, …)), the program_id of an Instruction literal, and the program of
// an Anchor CpiContext::new when that field is an AccountInfo or
// UncheckedAccount without an address constraint. Helpers that receive the
// program as a parameter are left to their callers. It stays silent when the
// function compares the account's key (==, require_keys_eq!,
// check_program_account). Known false positives: checks in a helper.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type arbitraryCPI struct{}

func (arbitraryCPI) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-ARBITRARY-CPI", Title: "Cross-program invocation of an unchecked program id",
		Severity: scanner.High, Confidence: 0.75, Category: "access_control", CWE: "CWE-829",
		Description: "The program id of a cross-program invocation comes from an account passed by the caller and is not " +
			"checked, so the caller can substitute a program that, for instance, reports a transfer it never made.",
		Recommendation: "Compare the program account's key with the expected id (spl_token::check_program_account, " +
			"require_keys_eq!), or type it as Program<'info, T> in Anchor.",
		Tier: scanner.TierQuick,
	}
}

func (d arbitraryCPI) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		acc := u.AccountsOf(fn)
		vars := accountVars(fn)
		if fn.Body.Text() == "" || !strings.Contains(fn.Body.Text(), "invoke") && !strings.Contains(fn.Body.Text(), "CpiContext") {
			continue
		}
		flag := func(n *Node, progExpr string) {
			base := accountBase(progExpr)
			if base == "" || strings.ContainsAny(base, "(:") && !strings.Contains(base, "accounts.") {
				return
			}
			if f := anchorField(acc, base); f != nil {
				if !f.Unchecked() || acc.KeyConstrained(f) || f.Has("executable") {
					return
				}
			} else if !vars[base] {
				return
			}
			if keyChecked(fn.Body, base) {
				return
			}
			out = append(out, u.finding(id, n, fn.Name))
		}
		fn.Body.Walk(func(n *Node) bool {
			switch n.Kind {
			case "call_expression":
				f := n.Child("function").Text()
				args := n.Child("arguments")
				if args == nil || len(args.Children) == 0 {
					return true
				}
				first := args.Children[0].Text()
				switch {
				case strings.Contains(f, "token") && strings.Contains(f, "instruction::"):
					if _, ok := keyOf(first); ok {
						flag(n, first)
					}
				case strings.HasSuffix(f, "CpiContext::new") || strings.HasSuffix(f, "CpiContext::new_with_signer"):
					flag(n, first)
				}
			case "struct_expression":
				if typeBase(n.Child("name").Text()) != "Instruction" {
					return true
				}
				for _, fi := range n.Find("field_initializer") {
					if fi.Child("field").Text() == "program_id" {
						if v := fi.Child("value").Text(); strings.Contains(v, ".key") {
							flag(n, v)
						}
					}
				}
			}
			return true
		})
	}
	return out
}
