package rust

// Non-canonical PDA bump: create_program_address with a bump the caller
// supplies (an instruction argument), or an Anchor seeds constraint whose
// bump = is an #[instruction] argument. Several bumps yield valid
// addresses for the same seeds, so the caller can pick a different
// account than the canonical one the program expects.
//
// Native: create_program_address whose seeds read a parameter of the
// function (or a field of one), in a function that never calls
// find_program_address. Anchor: bump = <instruction argument>. A bump
// read from stored account data (bump = vault.bump) is canonical if it was
// stored from find_program_address and is not flagged.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type pdaBump struct{}

func (pdaBump) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-SOL-PDA-BUMP", Title: "PDA derived with a caller-supplied bump",
		Severity: scanner.Medium, Confidence: 0.7, Category: "validation", CWE: "CWE-20",
		Description: "A program address is derived with a bump seed that comes from the instruction. Up to 255 bumps give " +
			"valid off-curve addresses for the same seeds, so the caller can choose which account the program treats as " +
			"the PDA.",
		Recommendation: "Derive the canonical bump with find_program_address (Anchor: bump without a value) and store it; " +
			"verify later derivations against the stored bump.",
		Tier: scanner.TierStandard,
	}
}

func (d pdaBump) Check(u *Unit) []scanner.Finding {
	if !u.Solana() {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, a := range u.Accounts {
		for _, f := range a.Fields {
			b, ok := f.Constraints["bump"]
			if !ok || b == "" || !f.Has("seeds") {
				continue
			}
			for _, arg := range a.Instruction {
				if b == arg || strings.HasPrefix(b, arg+".") {
					out = append(out, u.finding(id, f.Node, a.Name+"."+f.Name))
				}
			}
		}
	}
	for _, fn := range u.Fns {
		body := fn.Body.Text()
		if !strings.Contains(body, "create_program_address") || strings.Contains(body, "find_program_address") {
			continue
		}
		params := map[string]bool{}
		for _, p := range fn.Params {
			if t := typeBase(p.Type); t != "AccountInfo" && t != "Pubkey" && t != "Context" && isIdentText(p.Name) {
				params[p.Name] = true
			}
		}
		for _, c := range fn.Body.Find("call_expression") {
			if callName(c) != "create_program_address" {
				continue
			}
			args := c.Child("arguments")
			if args == nil || len(args.Children) == 0 {
				continue
			}
			if readsParam(args.Children[0], params) {
				out = append(out, u.finding(id, c, fn.Name))
			}
		}
	}
	return out
}

// readsParam reports whether n reads one of the parameters as a value or
// the root of a field access.
func readsParam(n *Node, params map[string]bool) bool {
	found := false
	n.Walk(func(c *Node) bool {
		if c.Kind == "identifier" && params[c.Text()] && (c.Parent.Kind != "field_expression" || c.Field == "value") {
			found = true
		}
		return !found
	})
	return found
}
