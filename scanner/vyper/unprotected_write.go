package vyper

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// unprotectedWrite: anyone can change the storage that decides who is
// privileged, because an external function writes it without checking
// the caller (a set_owner or add_minter without an assert on msg.sender).
//
// Decides: a storage variable is privileged when a condition somewhere in
// the module (assert, or an if that raises) compares it with msg.sender
// or tx.origin, or indexes it by them (assert self.minters[msg.sender]);
// names play no part. An external, state-changing function other than
// the constructor that writes a privileged variable (directly or through
// internal functions) and is not guarded is reported at its def line.
// Guarded: the function or one it calls has a condition reading
// msg.sender/tx.origin, or it checks storage it writes itself (a one-shot
// initialiser's flag).
//
// Known false positives: access checked by signature or by a module in
// another bundle.
type unprotectedWrite struct{}

func (unprotectedWrite) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "VY-UNPROTECTED-STATE-WRITE",
		Title:          "Unprotected write to an access-control variable",
		Severity:       scanner.Critical,
		Confidence:     0.8,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-105",
		Description:    "An external function anyone can call changes a storage variable that other functions compare with msg.sender to grant privileges (owner, admin, minters). An attacker calls it to make themselves privileged.",
		Recommendation: "Assert that msg.sender is the current owner or holds the role before writing, or make the variable settable only in __init__.",
		Tier:           scanner.TierQuick,
	}
}

// privileged returns the storage variables that decide access: compared
// (==, !=, in) with msg.sender or tx.origin in a condition, or a role map
// indexed by the caller that is the whole condition (assert
// self.minters[msg.sender]). Per-user records keyed by the caller
// (balances, votes) are not privileged.
func (u *Unit) privileged() map[string]bool {
	p := map[string]bool{}
	for _, f := range u.Functions {
		for _, c := range conditions(f.Body) {
			c.Walk(func(x *syntax.Node) bool {
				switch x.Kind {
				case "compare":
					switch x.Op {
					case "==", "!=", "in", "not in":
					default:
						return true
					}
					l, r := x.Child("left"), x.Child("right")
					if isCaller(r) {
						l, r = r, l
					}
					if isCaller(l) {
						if name := u.stateRoot(r); name != "" {
							p[name] = true
						}
					}
				case "subscript":
					if x == c && isCaller(x.Child("index")) {
						if name := u.stateRoot(x); name != "" {
							p[name] = true
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
	priv := u.privileged()
	if len(priv) == 0 {
		return nil
	}
	var out []scanner.Finding
	for _, f := range u.Functions {
		if f.Body == nil || !f.Entry() {
			continue
		}
		writes := false
		f.reach(func(g *Function) bool {
			for _, w := range g.writes {
				t := w.Child("target")
				if t == nil { // .append / .pop
					t = w.Child("function").Child("object")
				}
				for _, x := range targets(t) {
					if g.Unit == u && priv[u.stateRoot(x)] {
						writes = true
					}
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
