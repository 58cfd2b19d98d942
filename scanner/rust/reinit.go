package rust

// Reinitialisation: an initialisation path that can run again on an
// account that already holds state, overwriting it (a new owner, a reset
// balance).
//
// Anchor: a field with init_if_needed whose handler assigns the account's
// fields without first testing it (no if, require!, assert! or match
// reading the account). Native: a function that deserialises an account
// with unpack_unchecked or try_from_slice, writes fields of the result and
// serialises it back, with no condition reading the deserialised value
// (such as is_initialized). Known false positives: handlers that are
// correct to run twice (idempotent set-up).

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type reinit struct{}

func (reinit) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-REINIT", Title: "Account can be initialised again",
		Severity: scanner.High, Confidence: 0.6, Category: "logic", CWE: "CWE-665",
		Description: "An initialisation handler writes an account's state without checking whether the account was " +
			"already initialised, so a second call overwrites the existing state (for instance its authority).",
		Recommendation: "Use Anchor's init (not init_if_needed), or check an is_initialized flag (or the discriminator) " +
			"before writing and fail when it is set.",
		Tier: scanner.TierStandard,
	}
}

func (d reinit) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		if a := u.AccountsOf(fn); a != nil {
			for _, f := range a.Fields {
				if !f.Has("init_if_needed") {
					continue
				}
				names := aliases(fn, "accounts."+f.Name)
				if assigns(fn.Body, names) && !tested(fn.Body, names) {
					out = append(out, u.finding(id, f.Node, a.Name+"."+f.Name))
				}
			}
			continue
		}
		vars := accountVars(fn)
		for _, l := range fn.Body.Find("let_declaration") {
			v := l.Child("value")
			if v == nil {
				continue
			}
			call := v
			if call.Kind == "try_expression" && len(call.Children) > 0 {
				call = call.Children[0]
			}
			if call.Kind != "call_expression" || callName(call) != "unpack_unchecked" && callName(call) != "try_from_slice" {
				continue
			}
			args := call.Child("arguments")
			if args == nil || len(args.Children) == 0 {
				continue
			}
			acc, ok := accountData(args.Children[0].Text())
			if !ok || !vars[acc] {
				continue
			}
			name := strings.TrimSpace(strings.TrimPrefix(l.Child("pattern").Text(), "mut "))
			names := map[string]bool{name: true}
			body := fn.Body.Text()
			writesBack := strings.Contains(body, name+".serialize(") || strings.Contains(body, "pack(") || strings.Contains(body, "pack_into_slice(")
			if writesBack && assigns(fn.Body, names) && !tested(fn.Body, names) {
				out = append(out, u.finding(id, l, fn.Name))
			}
		}
	}
	return out
}

// aliases returns path (accounts.f) and the variables bound to it with
// let x = &mut ctx.accounts.f.
func aliases(fn *Fn, path string) map[string]bool {
	names := map[string]bool{path: true}
	for _, l := range fn.Body.Find("let_declaration") {
		v := strings.TrimLeft(l.Child("value").Text(), "&")
		v = strings.TrimSpace(strings.TrimPrefix(v, "mut "))
		if strings.HasSuffix(v, path) {
			names[strings.TrimSpace(strings.TrimPrefix(l.Child("pattern").Text(), "mut "))] = true
		}
	}
	return names
}

// assigns reports an assignment to a field of one of the names.
func assigns(body *Node, names map[string]bool) bool {
	found := false
	body.Walk(func(n *Node) bool {
		if n.Kind == "assignment_expression" { // x += 1 reads the old value: not a reset
			if refersTo(n.Child("left").Text(), names) {
				found = true
			}
		}
		return !found
	})
	return found
}

// tested reports a condition (if, match, require!, assert!) that reads one
// of the names.
func tested(body *Node, names map[string]bool) bool {
	found := false
	body.Walk(func(n *Node) bool {
		switch n.Kind {
		case "if_expression":
			if refersTo(n.Child("condition").Text(), names) {
				found = true
			}
		case "match_expression":
			if refersTo(n.Child("value").Text(), names) {
				found = true
			}
		case "macro_invocation":
			if compareMacros[macroName(n)] && refersTo(n.Text(), names) {
				found = true
			}
		}
		return !found
	})
	return found
}

func refersTo(text string, names map[string]bool) bool {
	for n := range names {
		if mentions(text, n) || strings.Contains(text, n+".") {
			return true
		}
	}
	return false
}
