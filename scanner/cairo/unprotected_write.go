package cairo

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// unprotectedWrite: an external function writes the storage that decides
// who is privileged without checking get_caller_address().
//
// Decides: a storage member is privileged when a condition in its module
// (assert, assert!, a panicking if or match) compares (== or !=) a value
// read from it, directly or through a local, with a value that depends on
// get_caller_address(); names play no part. An external function (in an
// #[abi(embed_v0)] or #[embeddable_as] impl, or #[external(v0)]) taking
// ref self, other than the constructor, that writes a privileged member
// directly or through functions of its module and is not guarded (no
// caller-dependent check on the way, Function.Guarded) is reported at its
// name.
//
// Known false positives: access checked by signature (account contracts)
// rather than by caller.
type unprotectedWrite struct{}

func (unprotectedWrite) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "CAIRO-UNPROTECTED-WRITE",
		Title:          "External function writes access-control storage without a caller check",
		Severity:       scanner.Critical,
		Confidence:     0.8,
		Category:       "access_control",
		CWE:            "CWE-284",
		Description:    "An external function anyone can call writes a storage member that other functions compare with get_caller_address() to grant privileges (owner, admin, governor). An attacker calls it to make themselves privileged.",
		Recommendation: "Assert that get_caller_address() is the owner (or has the role) before the write, e.g. with OpenZeppelin's assert_only_owner, or move the write to the constructor.",
		Tier:           scanner.TierQuick,
	}
}

// privileged returns the storage members of a module compared with the
// caller.
func (u *Unit) privileged(module string) map[string]bool {
	p := map[string]bool{}
	for _, f := range u.Functions {
		if f.Module != module || f.Body == nil {
			continue
		}
		callers := callerLocals(f.Body)
		reads := storageLocals(f.Body)
		for _, c := range conditions(f.Body) {
			c.Walk(func(x *syntax.Node) bool {
				var l, r *syntax.Node
				switch {
				case x.Kind == "binary_expression" && (x.Op == "==" || x.Op == "!="):
					l, r = x.Child("left"), x.Child("right")
				case x.Kind == "macro_invocation" && (x.Child("macro").Text() == "assert_eq" || x.Child("macro").Text() == "assert_ne") && len(x.ChildrenOf("argument")) >= 2:
					a := x.ChildrenOf("argument")
					l, r = a[0], a[1]
				default:
					return true
				}
				for _, pair := range [][2]*syntax.Node{{l, r}, {r, l}} {
					if dependsOnCaller(pair[0], callers) {
						for _, m := range storageIn(pair[1], reads) {
							p[m] = true
						}
					}
				}
				return true
			})
		}
	}
	return p
}

func (d unprotectedWrite) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	privs := map[string]map[string]bool{}
	for _, f := range u.entries() {
		priv, ok := privs[f.Module]
		if !ok {
			priv = u.privileged(f.Module)
			privs[f.Module] = priv
		}
		if len(priv) == 0 {
			continue
		}
		writes := false
		f.reach(func(g *Function) bool {
			if g.Unit != u || g.Module != f.Module {
				return true
			}
			for _, w := range g.writes {
				if priv[storageRoot(w)] {
					writes = true
				}
			}
			return !writes
		})
		if writes && !f.Guarded() {
			out = append(out, u.finding(d.Meta().ID, f.Node.Child("name"), f))
		}
	}
	return out
}
