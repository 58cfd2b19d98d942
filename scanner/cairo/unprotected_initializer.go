package cairo

import (
	"github.com/bulwark-sec/bulwark/scanner"
)

// unprotectedInitializer: an external function sets a storage flag to
// true ("initialised") but never checks it, and checks no caller, so
// anyone can call it again and overwrite what it set.
//
// Decides: an external function taking ref self, not the constructor and
// not guarded (Function.Guarded), that writes true to a storage member
// (directly or through functions of its module) while no condition in it
// or its callees reads that member. Names play no part. Reports the
// write, or the call leading to it.
//
// Known false positives: flags meant to be set repeatedly by anyone
// (a public "poke" that only ever sets true).
type unprotectedInitializer struct{}

func (unprotectedInitializer) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "CAIRO-UNPROTECTED-INITIALIZER",
		Title:          "Initializer callable more than once",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "access_control",
		CWE:            "CWE-665",
		Description:    "An external function marks the contract as initialised but never checks that mark, nor the caller. Anyone can call it again and overwrite the values it set (owner, token addresses, parameters).",
		Recommendation: "Assert the flag is unset before setting it (assert(!self.initialized.read(), …)), check the caller, or do the initialisation in the constructor.",
		Tier:           scanner.TierQuick,
	}
}

func (d unprotectedInitializer) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.entries() {
		if f.Guarded() {
			continue
		}
		var sets []string
		var siteOf = map[string]int{}
		checked := map[string]bool{}
		f.reach(func(g *Function) bool {
			if g.Unit != u || g.Module != f.Module {
				return true
			}
			for _, w := range g.writes {
				if a := w.ChildrenOf("argument"); len(a) == 1 && a[0].Text() == "true" {
					m := storageRoot(w)
					sets = append(sets, m)
					if _, ok := siteOf[m]; !ok {
						siteOf[m] = len(sets) - 1
					}
				}
			}
			locals := storageLocals(g.Body)
			for _, c := range conditions(g.Body) {
				for _, m := range storageIn(c, locals) {
					checked[m] = true
				}
			}
			return true
		})
		for i, m := range sets {
			if checked[m] || siteOf[m] != i {
				continue
			}
			// Report the write when it is f's own, else the call into it.
			site := f.Node.Child("name")
			for _, w := range f.writes {
				if storageRoot(w) == m {
					site = w
				}
			}
			if site == f.Node.Child("name") {
				for _, c := range f.internal {
					if g := f.resolve(c); g != nil && writesTrue(g, m) {
						site = c
						break
					}
				}
			}
			out = append(out, u.finding(d.Meta().ID, site, f))
		}
	}
	return out
}

func writesTrue(g *Function, member string) bool {
	found := false
	g.reach(func(h *Function) bool {
		for _, w := range h.writes {
			if a := w.ChildrenOf("argument"); len(a) == 1 && a[0].Text() == "true" && storageRoot(w) == member {
				found = true
			}
		}
		return !found
	})
	return found
}
