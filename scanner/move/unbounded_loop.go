package move

// Unbounded loop over a user-growable vector: a loop runs to the length
// of a vector field of an object, and an unguarded public function of the
// module pushes to that field. Anyone can grow the vector until the loop
// exceeds the transaction's gas budget, blocking every function that runs
// it (a payout, a settlement).
//
// The detector flags while loops whose condition reads the length of a
// field f (x.f.length(), vector::length(&x.f)) and do!/do_ref!/do_mut!
// macro loops over x.f, when some unguarded public or entry function of the
// module calls push_back on a field f.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type unboundedLoop struct{}

func (unboundedLoop) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "MOVE-UNBOUNDED-LOOP", Title: "Loop over a vector anyone can grow",
		Severity: scanner.Medium, Confidence: 0.6, Category: "denial_of_service", CWE: "CWE-400",
		Description: "A loop iterates over a vector field that an unguarded public function appends to. Growing the " +
			"vector makes the loop run out of gas, and every function that contains it stops working.",
		Recommendation: "Bound the vector's length when pushing, process it in pages, or use a Table keyed by index " +
			"with a cursor.",
		Tier: scanner.TierStandard,
	}
}

func (d unboundedLoop) Check(u *Unit) []scanner.Finding {
	id := d.Meta().ID
	var out []scanner.Finding
	for _, m := range u.Modules {
		grown := map[string]bool{}
		for _, f := range m.Funs {
			if !f.Public() || f.Init() || f.Guarded() {
				continue
			}
			for _, c := range f.Body.Find("call_expression", "dot_expression") {
				t := trimSpaces(c.Text())
				for _, pre := range []string{"push_back(&mut", "vector::push_back(&mut"} {
					if i := strings.Index(t, pre); i >= 0 {
						grown[lastField(t[i+len(pre):])] = true
					}
				}
				if i := strings.Index(t, ".push_back("); i > 0 {
					grown[lastField(t[:i])] = true
				}
			}
		}
		delete(grown, "")
		if len(grown) == 0 {
			continue
		}
		for _, f := range m.Funs {
			for _, w := range f.Body.Find("while_expression", "macro_call_expression") {
				var cond string
				if w.Kind == "while_expression" {
					if len(w.Children) > 1 {
						cond = trimSpaces(w.Children[1].Text())
					}
				} else {
					name := trimSpaces(head(w).Text())
					if !strings.HasSuffix(name, "do!") && !strings.HasSuffix(name, "do_ref!") && !strings.HasSuffix(name, "do_mut!") {
						continue
					}
					// x.f.do_ref!(…) is a dot expression whose access is the macro call.
					if p := w.Parent; p != nil && p.Kind == "dot_expression" && w.Field == "access" {
						w = p
					}
					cond = trimSpaces(w.Text())
				}
				for field := range grown {
					if strings.Contains(cond, "."+field+".length()") || strings.Contains(cond, "."+field+")") || strings.Contains(cond, "."+field+".do") {
						out = append(out, u.finding(id, w, m.Name+"::"+f.Name))
						break
					}
				}
			}
		}
	}
	return out
}

// lastField is the last field of an access path: obj.members,x → members.
func lastField(s string) string {
	if i := strings.IndexAny(s, ",)"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return s[i+1:]
	}
	return ""
}
