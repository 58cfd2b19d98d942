package economic

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// Shared shapes of the economic detectors. They key on the ABI of the
// protocols a contract talks to (ERC-20, Uniswap, Curve, Chainlink,
// ERC-3156 and the lenders' flash-loan callbacks), never on the names a
// contract gives its own functions and variables.

// callsIn returns the call expressions in n that pred accepts, in source
// order.
func callsIn(n *solidity.Node, pred func(*solidity.Node) bool) []*solidity.Node {
	var out []*solidity.Node
	if n == nil {
		return nil
	}
	n.Walk(func(x *solidity.Node) bool {
		if x.Kind == "call_expression" && pred(x) {
			out = append(out, x)
		}
		return true
	})
	return out
}

// memberCall returns the name and receiver of a call x.name(…), or "" for
// other calls.
func memberCall(call *solidity.Node) (string, *solidity.Node) {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return "", nil
	}
	return fn.Child("property").Text(), fn.Child("object")
}

// named returns a predicate accepting member calls x.name(…) with one of
// names.
func named(names ...string) func(*solidity.Node) bool {
	return func(n *solidity.Node) bool {
		name, _ := memberCall(n)
		for _, w := range names {
			if name == w {
				return true
			}
		}
		return false
	}
}

// isThisBalance reports a call x.balanceOf(address(this)): the contract's
// own token balance, which anyone can raise by a donation.
func isThisBalance(n *solidity.Node) bool {
	if n.Kind != "call_expression" {
		return false
	}
	name, _ := memberCall(n)
	args := solidity.Args(n)
	return name == "balanceOf" && len(args) == 1 && solidity.IsThis(args[0])
}

// entry reports whether f can be called from outside: a public or
// external function with a body (not a modifier, constructor or library
// function).
func entry(f *solidity.Function) bool {
	return f != nil && f.Body != nil && f.Kind == "function" && (f.Visibility == "public" || f.Visibility == "external") &&
		f.Contract.Kind != "library" && f.Contract.Kind != "interface"
}

// headerFinding reports rule id about the whole function f at its name,
// with the header's source line as the snippet.
func headerFinding(u *solidity.Unit, id string, f *solidity.Function) scanner.Finding {
	n := f.Node
	if name := f.Node.Child("name"); name != nil {
		n = name
	}
	return u.LineFinding(id, n, f)
}

// blockTime reports block.timestamp or now.
func blockTime(n *solidity.Node) bool {
	return solidity.IsMember(n, "block", "timestamp") || n.Kind == "identifier" && n.Text() == "now"
}

// stateWrites returns f's writes of state variables whose value (the
// right side of the assignment) depends on a derived local or a node src
// accepts; an index or a key does not count.
func valueWrites(f *solidity.Function, derived map[string]bool, src func(*solidity.Node) bool) []*solidity.Node {
	var out []*solidity.Node
	for _, w := range f.StateWrites() {
		n := w.Node
		switch n.Kind {
		case "assignment_expression", "augmented_assignment_expression":
			if r := n.Child("right"); r != nil && solidity.DependsOn(r, derived, src) {
				out = append(out, n)
			}
		case "call_expression": // push(v)
			for _, a := range solidity.Args(n) {
				if solidity.DependsOn(a, derived, src) {
					out = append(out, n)
					break
				}
			}
		}
	}
	return out
}
