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
	// One finding per line; when a line holds several constructs the
	// finding shows the first by rank (a removed builtin call, a removed
	// member, constant, callcode, then statements and types), then by
	// position.
	type hit struct {
		n    *Node
		f    *Function
		rank int
	}
	var hits []hit
	lines := map[int]int{} // line -> index in hits
	report := func(n *Node, f *Function, rank int) {
		i, ok := lines[n.Line]
		switch {
		case !ok:
			lines[n.Line] = len(hits)
			hits = append(hits, hit{n, f, rank})
		case rank < hits[i].rank:
			hits[i] = hit{n, f, rank}
		}
	}
	// visit checks the nodes under root, in function f (nil outside one:
	// a state variable's initialiser) of contract c (nil at file level).
	skip := map[*Node]bool{}
	visit := func(root *Node, f *Function, c *Contract) {
		root.Walk(func(n *Node) bool {
			if skip[n] {
				return false // a function, visited with its own f
			}
			switch n.Kind {
			case "call_expression":
				if name := calleeName(n); (name == "suicide" || name == "sha3") && n.Child("function").Kind == "identifier" && !declared(n, f, c) {
					report(n, f, 0)
				}
			case "member_expression":
				if isMember(n, "block", "blockhash") || isMember(n, "msg", "gas") {
					report(n, f, 1)
				}
			case "modifier_invocation":
				if strings.TrimSpace(n.Text()) == "constant" {
					report(n, f, 2)
				}
			case "identifier":
				switch n.Text() {
				case "throw":
					if n.Parent != nil && n.Parent.Kind == "expression_statement" {
						report(n.Parent, f, 4)
					}
				case "now":
					if n.Field != "property" && n.Field != "name" && !(f != nil && (f.Param("now") || f.Locals()["now"])) && (c == nil || c.StateVar("now") == nil) {
						report(n, f, 4)
					}
				}
			case "primitive_type":
				if n.Text() == "var" {
					report(n, f, 4)
				}
			case "number_unit":
				if n.Text() == "years" {
					report(n, f, 4)
				}
			}
			return true
		})
	}
	for _, f := range u.funcs() {
		if f.Body != nil {
			for _, k := range f.LowLevelCalls() {
				if k.Kind == "callcode" {
					report(k.Node, f, 3)
				}
			}
		}
		visit(f.Node, f, f.Contract)
		skip[f.Node] = true
	}
	// Outside functions: state variable initialisers.
	byNode := map[*Node]*Contract{}
	for _, c := range u.Contracts {
		byNode[c.Node] = c
	}
	for _, top := range u.Root.Children {
		visit(top, nil, byNode[top])
	}
	out := make([]scanner.Finding, 0, len(hits))
	for _, h := range hits {
		out = append(out, u.finding(d.Meta().ID, h.n, scope(h.f)))
	}
	return out
}

// declared reports whether call names a function of the bundle (a sha3
// of the contract's own), resolved from f, or from contract c outside
// functions.
func declared(call *Node, f *Function, c *Contract) bool {
	if f != nil {
		return f.internalCallee(call) != nil
	}
	return c != nil && c.Resolve(calleeName(call), argCount(call)) != nil
}
