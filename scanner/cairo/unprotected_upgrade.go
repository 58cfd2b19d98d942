package cairo

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// unprotectedUpgrade: anyone can replace the contract's class (its code).
//
// Decides: an external function that reaches replace_class_syscall,
// directly or through functions of the bundle (OpenZeppelin's
// UpgradeableComponent upgrade included), with no caller-dependent check
// on the way (Function.Guarded). Reports the syscall, or the call in the
// external function that leads to it.
//
// Known false positives: upgrades authorised by a signature or a
// governance vote the detector does not recognise.
type unprotectedUpgrade struct{}

func (unprotectedUpgrade) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "CAIRO-UNPROTECTED-UPGRADE",
		Title:          "Unprotected upgrade (replace_class_syscall)",
		Severity:       scanner.Critical,
		Confidence:     0.85,
		Category:       "access_control",
		CWE:            "CWE-284",
		Description:    "An external function anyone can call replaces the contract's class. An attacker upgrades it to code of their choice and takes every asset it holds.",
		Recommendation: "Check the caller before upgrading (self.ownable.assert_only_owner() or a role check), or route upgrades through a timelocked governor.",
		Tier:           scanner.TierQuick,
	}
}

func (d unprotectedUpgrade) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.entries() {
		var site *syntax.Node
		u.facts()
		for _, c := range f.calls {
			if isSyscall(c, "replace_class_syscall") {
				site = c
				break
			}
			if g := f.resolve(c); g != nil && reaches(g, "replace_class_syscall") {
				site = c
				break
			}
		}
		if site != nil && !f.Guarded() {
			out = append(out, u.finding(d.Meta().ID, site, f))
		}
	}
	return out
}

// reaches reports whether g or a function it calls calls the syscall.
func reaches(g *Function, syscall string) bool {
	found := false
	g.reach(func(h *Function) bool {
		for _, c := range h.calls {
			if isSyscall(c, syscall) {
				found = true
			}
		}
		return !found
	})
	return found
}
