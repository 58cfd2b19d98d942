package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// deprecatedConstruct: language constructs the compiler has deprecated
// and removed (SWC-111). Code using them only builds with an old
// compiler, which carries the bugs fixed since, and some change meaning
// on the way: callcode runs with the caller's msg.sender and value
// wrong, throw burns all remaining gas, msg.gas and block.blockhash
// behave as their replacements but signal unmaintained code.
//
// Decides: suicide(…) and sha3(…) calls of the builtins (not of a
// function the bundle declares), throw statements, block.blockhash and
// msg.gas, x.callcode(…), a function declared constant, var
// declarations, the years unit, and now where it is the builtin (no
// variable of that name in scope). Reports each construct; one finding
// per line.
//
// Known false positives: none by construction; code pinned to an old
// compiler on purpose (a deployed contract kept as is) deserves a
// suppression.
type deprecatedConstruct struct{}

func (deprecatedConstruct) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-DEPRECATED-CONSTRUCT",
		Title:          "Deprecated Solidity construct",
		Severity:       scanner.Low,
		Confidence:     0.95,
		Category:       "deprecated",
		CWE:            "CWE-477",
		SWC:            "SWC-111",
		Description:    "The code uses a construct current compilers reject: suicide, sha3, throw, block.blockhash, msg.gas, callcode, constant functions, var, the years unit or now. It builds only with an old compiler that lacks the fixes and checks added since, and callcode in particular runs the callee with the wrong msg.sender and msg.value.",
		Recommendation: "Use selfdestruct (or remove it), keccak256, revert()/require, blockhash, gasleft(), delegatecall, view, explicit types, explicit day arithmetic and block.timestamp, then move to a current compiler.",
		Tier:           scanner.TierDeep,
	}
}

func (d deprecatedConstruct) Check(u *Unit) []scanner.Finding {
	type hit struct {
		n *Node
		f *Function
	}
	var hits []hit
	lines := map[int]bool{}
	report := func(n *Node, f *Function) {
		if !lines[n.Line] {
			lines[n.Line] = true
			hits = append(hits, hit{n, f})
		}
	}
	for _, n := range u.FreeCalls("suicide", "sha3") {
		if u.bundle[calleeName(n)] == nil && !declaredFunction(u, calleeName(n)) {
			report(n, u.funcOf(n))
		}
	}
	for _, m := range [][2]string{{"block", "blockhash"}, {"msg", "gas"}} {
		for _, n := range u.Members(m[0], m[1]) {
			report(n, u.funcOf(n))
		}
	}
	for _, c := range u.Contracts {
		for _, f := range c.Functions {
			for _, ch := range f.Node.Children {
				if ch.Kind == "modifier_invocation" && strings.TrimSpace(ch.Text()) == "constant" {
					report(ch, f)
				}
			}
			if f.Body == nil {
				continue
			}
			for _, k := range f.LowLevelCalls() {
				if k.Kind == "callcode" {
					report(k.Node, f)
				}
			}
		}
	}
	// Statements and expressions anywhere: bodies and state variable
	// initialisers.
	u.Root.Walk(func(n *Node) bool {
		switch n.Kind {
		case "identifier":
			switch n.Text() {
			case "throw":
				if n.Parent != nil && n.Parent.Kind == "expression_statement" {
					report(n.Parent, u.funcOf(n))
				}
			case "now":
				if n.Field != "property" && n.Field != "name" && !declaredNow(u, n) {
					report(n, u.funcOf(n))
				}
			}
		case "primitive_type":
			if n.Text() == "var" {
				report(n, u.funcOf(n))
			}
		case "number_unit":
			if n.Text() == "years" {
				report(n, u.funcOf(n))
			}
		}
		return true
	})
	out := make([]scanner.Finding, 0, len(hits))
	for _, h := range hits {
		out = append(out, u.finding(d.Meta().ID, h.n, scope(h.f)))
	}
	return out
}

// declaredFunction reports whether some contract of the unit or its
// bundle declares a function of that name (a sha3 of its own).
func declaredFunction(u *Unit, name string) bool {
	for _, c := range u.bundleContracts() {
		for _, f := range c.Functions {
			if f.Name == name {
				return true
			}
		}
	}
	return false
}

// declaredNow reports whether now at n names a variable: a parameter or
// local of the enclosing function, or a state variable.
func declaredNow(u *Unit, n *Node) bool {
	if f := u.funcOf(n); f != nil && (f.Param("now") || f.Locals()["now"]) {
		return true
	}
	for _, c := range u.Contracts {
		if c.Node.Contains(n) && c.StateVar("now") != nil {
			return true
		}
	}
	return false
}
