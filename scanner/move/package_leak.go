package move

// public(package)/public(friend) function leaked through a public wrapper:
// a package-only function that writes a shared object's fields from its
// arguments (trusting its callers to have checked authority) is called by
// an unguarded public function of the same module that forwards its own
// caller-supplied arguments. The visibility restriction then protects
// nothing: anyone can call the wrapper.
//
// Known false positives: package functions whose writes are harmless for
// any caller (counters, caches).

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type packageLeak struct{}

func (packageLeak) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "MOVE-PACKAGE-LEAK", Title: "Package-only state write exposed by a public wrapper",
		Severity: scanner.Medium, Confidence: 0.5, Category: "access_control", CWE: "CWE-284",
		Description: "A public(package) or public(friend) function that writes a shared object from its arguments is " +
			"called by a public function that checks nothing and forwards caller-supplied values, so any package or " +
			"transaction reaches the restricted write.",
		Recommendation: "Require a capability or sender check in the public wrapper, or make the wrapper package-only too.",
		Tier:           scanner.TierStandard,
	}
}

func (d packageLeak) Check(u *Unit) []scanner.Finding {
	id := d.Meta().ID
	var out []scanner.Finding
	for _, m := range u.Modules {
		restricted := map[string]bool{}
		for _, g := range m.Funs {
			if (g.Visibility == "package" || g.Visibility == "friend") && !g.Entry && writesSharedFromArgs(g) {
				restricted[g.Name] = true
			}
		}
		if len(restricted) == 0 {
			continue
		}
		for _, f := range m.Funs {
			if f.Visibility != "public" || f.Init() || f.Guarded() {
				continue
			}
			inputs := map[string]bool{}
			for _, p := range f.Params {
				if primitive(p.Type) {
					inputs[p.Name] = true
				}
			}
			for _, l := range f.Body.Find("let_statement") {
				if e := l.Child("expr"); e != nil && readsAny(e, inputs) {
					inputs[strings.TrimPrefix(trimSpaces(l.Child("binds").Text()), "mut")] = true
				}
			}
			for _, c := range f.Body.Find("call_expression") {
				if restricted[callName(c)] && readsAny(c.Child("args"), inputs) {
					out = append(out, u.finding(id, c, m.Name+"::"+f.Name))
				}
			}
		}
	}
	return out
}

// writesSharedFromArgs reports a function assigning a field of a &mut
// shared-object parameter from one of its other parameters.
func writesSharedFromArgs(g *Fun) bool {
	shared, input := map[string]bool{}, map[string]bool{}
	for _, p := range g.Params {
		if g.Module.Shared[typeBase(p.Type)] && refMut(p.Type) {
			shared[p.Name] = true
		} else {
			input[p.Name] = true
		}
	}
	for _, a := range g.Body.Find("assign_expression") {
		lhs := a.Child("lhs")
		if lhs != nil && lhs.Kind == "dot_expression" && shared[rootName(lhs.Text())] && readsAny(a.Child("rhs"), input) {
			return true
		}
	}
	return false
}
