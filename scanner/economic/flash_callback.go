package economic

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// flashCallback: a flash-loan callback that anyone can call, or that
// serves loans the contract did not take. Lenders call back into the
// borrower (ERC-3156 onFlashLoan, Aave executeOperation, Uniswap V2
// uniswapV2Call and its forks' pancakeCall, Uniswap V3
// uniswapV3FlashCallback, Balancer receiveFlashLoan); the callback then
// acts with the contract's funds and approvals. Without a check of
// msg.sender any account can call it directly; without a check of the
// initiator argument anyone can start a loan whose callback lands here.
//
// Decides: a public or external function with one of those callbacks'
// names and arities, or of a callback a flash lender of the bundle makes
// (it sends an asset to an address, calls a function on it, then checks
// its own balance: lenderCallbacks; the initiator is the argument where
// it passes msg.sender), that writes state or calls out, where no caller
// check (the layer's guard facts: msg.sender compared with stored
// authority, through modifiers and internal helpers) dominates its exit,
// or, for the callbacks that pass the initiator (onFlashLoan's and
// uniswapV2Call's first parameter, executeOperation's fourth), no
// condition compares that parameter with address(this), unless the
// lender is checked and the callback pulls tokens from the initiator
// (transferFrom(initiator, …), itself or in helpers it hands the
// initiator to, three calls deep: an adapter acting on its user's
// position, which a stranger's loan can only spend the stranger's own
// approvals on). Reports the function's name.
//
// Known false positives: callbacks whose checks live in a base contract's
// function called through an external self-call.
type flashCallback struct{}

func (flashCallback) Meta() scanner.Rule {
	return rule(scanner.Rule{
		ID:             "ECON-FLASH-CALLBACK-UNCHECKED",
		Title:          "Flash-loan callback without caller or initiator check",
		Severity:       scanner.High,
		Confidence:     0.8,
		Category:       CategoryFlashLoan,
		CWE:            "CWE-284",
		Description:    "A flash-loan callback acts with the contract's funds and approvals but does not check that the lender called it (msg.sender) and that this contract started the loan (the initiator argument). Anyone can call it directly, or take a flash loan naming this contract as the receiver, and make it run its logic on their terms.",
		Recommendation: "Require msg.sender to be the trusted lender or pool (for Uniswap V3, verify the pool address from its factory and key) and the initiator argument to equal address(this).",
		Tier:           scanner.TierStandard,
	})
}

// callbackShape is a lender's callback: its arity and the index of its
// initiator parameter (-1: none passed).
type callbackShape struct{ arity, initiator int }

// callbacks are the lenders' callbacks by name, with their arity and the
// index of their initiator parameter (-1: none passed).
var callbacks = map[string]callbackShape{
	"onFlashLoan":            {5, 0},
	"executeOperation":       {5, 3},
	"uniswapV2Call":          {4, 0},
	"pancakeCall":            {4, 0},
	"uniswapV3FlashCallback": {3, -1},
	"receiveFlashLoan":       {4, -1},
}

func (d flashCallback) Check(u *solidity.Unit) []scanner.Finding {
	var out []scanner.Finding
	var lent map[string]callbackShape
	for _, f := range u.Funcs() {
		cb, ok := callbacks[f.Name]
		if (!ok || len(f.Params) != cb.arity) && entry(f) {
			if lent == nil {
				lent = lenderCallbacks(u)
			}
			cb, ok = lent[f.Name]
		}
		if !ok || !entry(f) || len(f.Params) != cb.arity {
			continue
		}
		sum := f.Summary()
		if !sum.WritesState && !sum.ExternalCall && !callsOut(f) {
			continue
		}
		callerOK := sum.ChecksCaller
		initiatorOK := cb.initiator < 0 || comparedWithThis(f, f.Params[cb.initiator].Name) ||
			callerOK && pullsFrom(f, map[string]bool{f.Params[cb.initiator].Name: true}, 3)
		if !callerOK || !initiatorOK {
			out = append(out, headerFinding(u, d.Meta().ID, f))
		}
	}
	return out
}

// lenderCallbacks returns the callbacks the bundle's own flash lenders
// make, by name: a function that sends an asset to an address (a token's
// transfer or safeTransfer to it, ether to it), then calls a function on
// it (IReceiver(r).onLoan(…)), then checks its own balance (a condition
// after the call reads balanceOf(address(this)) or address(this).balance,
// directly or through a local). The initiator is the argument where the
// lender passes msg.sender. Computed once per bundle.
func lenderCallbacks(u *solidity.Unit) map[string]callbackShape {
	return u.BundleOnce("economic.lenderCallbacks", func() any {
		out := map[string]callbackShape{}
		for _, g := range u.BundleFuncs() {
			if g.Body == nil || g.Kind != "function" {
				continue
			}
			for name, cb := range lends(g) {
				out[name] = cb
			}
		}
		return out
	}).(map[string]callbackShape)
}

// lends returns the callbacks lender function g makes (lenderCallbacks).
func lends(g *solidity.Function) map[string]callbackShape {
	var out map[string]callbackShape
	cfg := g.CFG()
	ownBalance := solidity.OwnBalance
	var checked map[string]bool
	transfers := callsIn(g.Body, named("transfer", "safeTransfer"))
	for _, cb := range callsIn(g.Body, func(n *solidity.Node) bool { name, _ := memberCall(n); return name != "" }) {
		name, obj := memberCall(cb)
		// IReceiver(r).onLoan(…): the receiver r, converted to its type.
		if obj != nil && obj.Kind == "call_expression" && len(solidity.Args(obj)) == 1 {
			if fn := obj.Child("function"); fn != nil && fn.Kind == "identifier" {
				obj = solidity.Args(obj)[0]
			}
		}
		r := solidity.UnwrapConversion(obj)
		if r == nil || r.Kind != "identifier" || !g.Param(r.Text()) && !g.Locals()[r.Text()] {
			continue
		}
		switch name {
		case "transfer", "transferFrom", "safeTransfer", "safeTransferFrom", "call", "send", "approve", "balanceOf":
			continue
		}
		paid := false
		for _, p := range g.LowLevelCalls() {
			if p.Value && solidity.UnwrapConversion(p.Target).Text() == r.Text() && cfg.ReachableFrom(p.Node, cb) {
				paid = true
			}
		}
		for _, p := range transfers {
			if args := solidity.Args(p); len(args) == 2 && solidity.UnwrapConversion(args[0]).Text() == r.Text() && cfg.ReachableFrom(p, cb) {
				paid = true
			}
		}
		if !paid {
			continue
		}
		if checked == nil {
			checked = g.Derived(ownBalance)
		}
		repaid := false
		for _, c := range g.Conditions() {
			if cfg.ReachableFrom(cb, c) && solidity.DependsOn(c, checked, ownBalance) {
				repaid = true
			}
		}
		if !repaid {
			continue
		}
		shape := callbackShape{arity: len(solidity.Args(cb)), initiator: -1}
		for i, a := range solidity.Args(cb) {
			if solidity.IsSender(a) {
				shape.initiator = i
			}
		}
		if out == nil {
			out = map[string]callbackShape{}
		}
		out[name] = shape
	}
	return out
}

// callsOut reports a typed external call (token.transfer(…)) in f.
func callsOut(f *solidity.Function) bool {
	return len(callsIn(f.Body, func(n *solidity.Node) bool {
		name, obj := memberCall(n)
		return name != "" && obj != nil && f.InternalCallee(n) == nil && obj.Text() != "super"
	})) > 0
}

// comparedWithThis reports a condition of f comparing the parameter name
// with address(this).
func comparedWithThis(f *solidity.Function, name string) bool {
	if name == "" {
		return false
	}
	for _, c := range f.Conditions() {
		found := false
		c.Walk(func(n *solidity.Node) bool {
			if n.Kind == "binary_expression" && (n.Operator() == "==" || n.Operator() == "!=") {
				l, r := n.Child("left"), n.Child("right")
				if l.Text() == name && solidity.IsThis(r) || r.Text() == name && solidity.IsThis(l) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// pullsFrom reports whether f, or an internal function it passes them to
// (depth calls deep), makes an ERC-20 transferFrom or safeTransferFrom
// whose source derives from one of the parameters in names.
func pullsFrom(f *solidity.Function, names map[string]bool, depth int) bool {
	if f == nil || f.Body == nil || len(names) == 0 {
		return false
	}
	src := func(n *solidity.Node) bool {
		return n.Kind == "identifier" && names[n.Text()] && n.Field != "property"
	}
	derived := f.Derived(src)
	from := func(n *solidity.Node) bool { return solidity.DependsOn(n, derived, src) }
	for _, c := range callsIn(f.Body, func(*solidity.Node) bool { return true }) {
		args := solidity.Args(c)
		if name, obj := memberCall(c); (name == "transferFrom" || name == "safeTransferFrom") && obj != nil && len(args) == 3 && from(args[0]) {
			return true
		}
		h := f.InternalCallee(c)
		if h == nil || h == f || depth == 0 || len(args) != len(h.Params) {
			continue
		}
		if pullsFrom(h, solidity.BoundParams(h, c, from), depth-1) {
			return true
		}
	}
	return false
}
