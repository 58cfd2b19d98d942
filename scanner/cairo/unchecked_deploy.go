package cairo

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// uncheckedDeploy: deploy_syscall's SyscallResult dropped, so a failed
// deployment goes unnoticed and the caller carries on without the
// contract (and without its address).
//
// Decides: a deploy_syscall call that is a statement of its own, bound to
// _ (let _ = …), or bound to a name never used afterwards; unwrap,
// unwrap_syscall, expect, ? and match all count as checks. Reports the
// call.
//
// Known false positives: none known.
type uncheckedDeploy struct{}

func (uncheckedDeploy) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "CAIRO-UNCHECKED-DEPLOY",
		Title:          "Unchecked deploy_syscall result",
		Severity:       scanner.Medium,
		Confidence:     0.85,
		Category:       "unchecked_call",
		CWE:            "CWE-252",
		Description:    "The result of deploy_syscall is ignored. When the deployment fails (address taken, constructor panics) the function continues as if the contract existed.",
		Recommendation: "Unwrap the result (deploy_syscall(…).unwrap_syscall()) or match on it and handle the error.",
		Tier:           scanner.TierStandard,
	}
}

func (d uncheckedDeploy) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	if u.Test {
		return nil
	}
	u.facts()
	for _, f := range u.Functions {
		if f.Test {
			continue
		}
		for _, c := range f.calls {
			if !isSyscall(c, "deploy_syscall") {
				continue
			}
			p := c.Parent
			switch {
			case p.Kind == "expression_statement":
			case p.Kind == "let_declaration" && c.Field == "value":
				name := p.Child("pattern")
				if name.Kind != "identifier" {
					continue
				}
				if name.Text() != "_" && usedAfter(f.Body, name.Text(), p.End) {
					continue
				}
			default:
				continue
			}
			out = append(out, u.finding(d.Meta().ID, c, f))
		}
	}
	return out
}

func usedAfter(body *syntax.Node, name string, off int) bool {
	used := false
	body.Walk(func(n *syntax.Node) bool {
		if n.Start >= off && n.Kind == "identifier" && n.Text() == name {
			used = true
		}
		return !used
	})
	return used
}
