package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// unprotectedUpgrade: anyone can point a proxy at new code. Whoever
// chooses the implementation owns every balance behind the proxy.
//
// Decides: a public or external function without an access guard
// (Function.Guarded: a caller check, or a call of a bodiless hook such as
// _authorizeUpgrade left to the implementer) that writes, itself or
// through internal calls, what decides the proxy's code: a state variable
// some function delegatecalls to, or an EIP-1967 slot (sstore or a
// StorageSlot pointer), unless every path to its end checks that the
// implementation is still unset (a one-shot initialisation, which
// SOL-UNPROTECTED-INITIALIZER judges). Names play no part. Reports the
// function header.
//
// Known false positives: guards enforced by a proxy admin contract outside
// the bundle.
type unprotectedUpgrade struct{}

func (unprotectedUpgrade) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNPROTECTED-UPGRADE",
		Title:          "Unprotected upgrade",
		Severity:       scanner.Critical,
		Confidence:     0.75,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-105",
		Description:    "A function anyone can call replaces the implementation a proxy delegates to. An attacker upgrades to a contract of their own and takes the funds and state behind the proxy.",
		Recommendation: "Restrict upgrades to an admin or governance role (e.g. override _authorizeUpgrade with onlyOwner in UUPS) and initialise implementations so they cannot be taken over.",
		Tier:           scanner.TierQuick,
	}
}

// eip1967 are the standard slots of a proxy's implementation and beacon
// (EIP-1967), as literals and as the strings they hash.
var eip1967 = []string{
	"0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc",
	"0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50",
	"eip1967.proxy.implementation",
	"eip1967.proxy.beacon",
}

func (d unprotectedUpgrade) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || f.Guarded() {
			continue
		}
		impl := implVars(f.Contract)
		if writesImplementation(f, impl, 3) && !firstSet(f, impl) {
			out = append(out, u.finding(d.Meta().ID, f.Node, scope(f)))
		}
	}
	return out
}

// firstSet reports whether f may run only while the implementation is
// unset: every path to its end passes a check that what decides the
// proxy's code (an implementation variable, or an internal getter reading
// one) is zero. That is a one-shot initialisation, judged by
// SOL-UNPROTECTED-INITIALIZER, not an upgrade.
func firstSet(f *Function, impl map[string]bool) bool {
	reads := func(n *Node) bool {
		found := false
		n.Walk(func(x *Node) bool {
			switch {
			case found:
			case x.Kind == "identifier" && impl[x.Text()]:
				found = true
			case x.Kind == "call_expression":
				if h := f.internalCallee(x); h != nil && h.Body != nil && h.Reaches(2, func(g *Function) bool {
					return g.Body != nil && mentionsAny(g.Body, impl)
				}) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	g := f.CFG()
	if !g.Reachable(g.Exit) {
		return false
	}
	for _, gd := range g.guardsAt(g.Exit) {
		c := gd.Cond
		c = unparen(c)
		if c == nil || c.Kind != "binary_expression" {
			continue
		}
		op := c.Operator()
		if !(op == "==" && gd.True || op == "!=" && !gd.True) {
			continue
		}
		l, r := c.Child("left"), c.Child("right")
		if zeroValue(r) && reads(l) || zeroValue(l) && reads(r) {
			return true
		}
	}
	return false
}

// implVars returns what decides a proxy's code in c, judged by use, not
// name: state variables that are the target of a delegatecall (in Solidity
// or assembly) somewhere in c's lineage, and constants holding an EIP-1967
// slot.
func implVars(c *Contract) map[string]bool {
	c.implOnce.Do(func() { c.impl = computeImplVars(c) })
	return c.impl
}

func computeImplVars(c *Contract) map[string]bool {
	m := map[string]bool{}
	for _, x := range c.Linearization() {
		for _, v := range x.StateVars {
			t := strings.ToLower(v.Node.Text())
			for _, s := range eip1967 {
				if strings.Contains(t, s) {
					m[v.Name] = true
				}
			}
		}
		for _, fs := range [][]*Function{x.Functions, x.Modifiers} {
			for _, f := range fs {
				if f.Body == nil || !strings.Contains(f.Body.Text(), "delegatecall") {
					continue
				}
				for _, call := range f.LowLevelCalls() {
					if call.Kind == "delegatecall" {
						if r := lvalueRoot(call.Target); r != nil && c.StateVar(r.Text()) != nil {
							m[r.Text()] = true
						}
					}
				}
				for _, asm := range f.Body.FindAll("assembly_statement") {
					if !strings.Contains(asm.Text(), "delegatecall(") {
						continue
					}
					// Locals copied from state (address t = q1) stand for it.
					from := map[string]string{}
					for _, st := range f.Body.FindAll("variable_declaration_statement") {
						if d, v := st.FirstKind("variable_declaration"), st.Child("value"); d != nil && v != nil {
							if r := lvalueRoot(v); r != nil && c.StateVar(r.Text()) != nil {
								from[d.Child("name").Text()] = r.Text()
							}
						}
					}
					asm.Walk(func(n *Node) bool {
						if n.Kind == "yul_identifier" || n.Kind == "identifier" {
							if c.StateVar(n.Text()) != nil {
								m[n.Text()] = true
							} else if v, ok := from[n.Text()]; ok {
								m[v] = true
							}
						}
						return true
					})
				}
			}
		}
	}
	return m
}

// writesImplementation reports whether f writes an implementation
// variable, or stores into a slot named by one (sstore in assembly, a
// StorageSlot pointer), directly or through internal calls depth deep.
func writesImplementation(f *Function, impl map[string]bool, depth int) bool {
	if len(impl) == 0 || f.Body == nil {
		return false
	}
	for _, w := range f.StateWrites() {
		if impl[w.Var] {
			return true
		}
	}
	mentions := false
	f.Body.Walk(func(n *Node) bool {
		if n.Kind == "identifier" && impl[n.Text()] {
			mentions = true
		}
		return !mentions
	})
	hit := false
	f.Body.Walk(func(n *Node) bool {
		if hit {
			return false
		}
		switch n.Kind {
		case "assembly_statement":
			hit = mentions && strings.Contains(n.Text(), "sstore(")
		case "assignment_expression":
			hit = mentions && storagePointerWrite(n)
		case "call_expression":
			if g := f.internalCallee(n); g != nil && g != f && depth > 0 {
				hit = writesImplementation(g, impl, depth-1)
			}
		}
		return !hit
	})
	return hit
}
