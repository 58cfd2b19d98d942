package economic

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// spotPrice: a price read from a pool's current state (Uniswap V2
// getReserves, V3 slot0, Curve get_virtual_price / get_dy, a router's
// getAmountsOut quote, or the ratio of two balanceOf of one pool) used for
// value: stored, checked, returned by a price function or passed on.
// Anyone can move a spot price inside one transaction with a flash loan,
// borrow against the inflated value and restore the pool.
//
// Decides: in a contract function (not a library), a call of one of those
// pool getters, or a division whose two sides each read balanceOf of the
// same holder (directly or through locals; the contract itself when the
// two are different tokens and the division does not involve an unsigned
// parameter, a pool's own per-unit price rather than its output for a
// caller's trade), whose result (through locals, tuple slots included)
// reaches a state write, a condition, a return value or an argument of
// another call; unless the function itself, or an internal function it calls,
// also reads a time-weighted or external price (Uniswap V3 observe, V2
// cumulative prices, a consult() TWAP oracle, Chainlink latestRoundData):
// the spot price is then checked against it. A feed read elsewhere in the
// contract protects nothing here. Reports the pool read, once per function.
//
// A contract with no mutable state (constants and immutables only, in the
// bases the bundle holds) whose function writes only its locals has no
// accounting a moved price can corrupt: a router sizing the caller's swap
// or liquidity, which the caller bounds and the pool's invariant
// protects. Its views are left out only when they quote a trade of a
// caller-chosen size (getAmountsOut(amountIn, path)); a view handing out
// a price per unit is an oracle whoever reads it. A comparison of the
// read with zero (is the pool initialised) is not a use for value.
//
// Known false positives: a stateful contract that reads a pool only to
// size a swap in the same transaction; a pool computing a trade's output
// from its own balances through a per-unit price held in a local. Known
// false negatives: a stateless adapter quoting an amount (consult(token,
// amountIn)) from a spot price; a consumer reading another contract's
// spot-price view (reported in the view).
type spotPrice struct{}

func (spotPrice) Meta() scanner.Rule {
	return rule(scanner.Rule{
		ID:             "ECON-SPOT-PRICE-ORACLE",
		Title:          "Spot price of a pool used as an oracle",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       CategoryOracleMEV,
		CWE:            "CWE-1339",
		Description:    "The contract prices assets from a pool's current reserves, balances or slot0. A flash loan can move that price within the transaction, so collateral, mints or payouts valued with it can be inflated or deflated at will.",
		Recommendation: "Use a manipulation-resistant price: a TWAP over a long enough window (Uniswap V3 observe, a V2 cumulative-price oracle) or an external feed such as Chainlink with staleness checks; never a pool's instantaneous state.",
		Tier:           scanner.TierStandard,
	})
}

// poolGetters are the pool reads that return the instantaneous price.
var poolGetters = named("getReserves", "slot0", "get_virtual_price", "get_dy", "get_dy_underlying", "getAmountsOut", "getAmountsIn")

// poolRead accepts, in f, a pool getter by name or a call whose callee
// returns what a pool's reserves or price state is, by its types
// (poolShaped), under whatever name its interface gives it.
func poolRead(f *solidity.Function) func(*solidity.Node) bool {
	return func(n *solidity.Node) bool { return poolGetters(n) || poolShaped(f, n) }
}

// poolShaped reports a call, in f, of a function of an interface of the
// bundle declared to return a Uniswap v2 pair's reserves (uint112,
// uint112, uint32) or a v3 pool's slot0 (uint160 sqrtPriceX96, int24
// tick, …): the instantaneous price by the shape of what it returns.
func poolShaped(f *solidity.Function, n *solidity.Node) bool {
	if n.Kind != "call_expression" || len(solidity.Args(n)) != 0 {
		return false
	}
	rs := f.CalleeReturns(n)
	switch {
	case len(rs) == 3:
		return rs[0] == "uint112" && rs[1] == "uint112" && rs[2] == "uint32"
	case len(rs) >= 2:
		return rs[0] == "uint160" && rs[1] == "int24"
	}
	return false
}

// twapReads are the reads of a manipulation-resistant price.
var twapReads = named("observe", "consult", "latestRoundData", "price0CumulativeLast", "price1CumulativeLast", "currentCumulativePrices", "getTimeWeightedAverage")

func (d spotPrice) Check(u *solidity.Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Funcs() {
		if f.Body == nil || f.Kind == "modifier" || f.Contract.Kind == "library" || f.Contract.Kind == "interface" {
			continue
		}
		reads := callsIn(f.Body, poolRead(f))
		reads = append(reads, balanceRatios(f)...)
		if len(reads) == 0 || readsTWAP(f) {
			continue
		}
		// A contract with no mutable state has no accounting a moved
		// price can corrupt: its state-changing functions trade at the
		// pool's own price for a caller who bounds the trade (a router
		// sizing swaps and liquidity). Its views that return the price
		// are still an oracle other contracts may read.
		quotes := stateless(f.Contract) && writesOnlyLocals(f)
		if quotes && f.Mutability != "view" && f.Mutability != "pure" {
			continue
		}
		for _, r := range reads {
			// A stateless view quoting a trade of a caller-chosen size
			// (getAmountsOut(amountIn, path)) is a quote, not a price.
			if quotes && sizedByCaller(f, r) {
				continue
			}
			if usedForValue(f, r) {
				out = append(out, u.Finding(d.Meta().ID, r, f))
				break
			}
		}
	}
	return out
}

// readsTWAP reports whether f, or an internal function it calls, reads a
// manipulation-resistant price: the pool read beside it is then checked
// against it or only a fallback. (Another function of the contract
// reading a feed says nothing about this one's price.)
func readsTWAP(f *solidity.Function) bool {
	return f.Reaches(2, func(g *solidity.Function) bool { return g.Body != nil && len(callsIn(g.Body, twapReads)) > 0 })
}

// balanceRatios returns the divisions whose two sides read balanceOf of
// one holder, directly or through locals: x.balanceOf(p) … /
// y.balanceOf(p) …. The holder may be the contract itself (a pool pricing
// its own two tokens) when the two balances are of different tokens and
// the division does not depend on an unsigned parameter of f: a per-unit
// price, not the output of a trade of a size the caller picks, which the
// pool's own swap arithmetic computes from its balances.
func balanceRatios(f *solidity.Function) []*solidity.Node {
	bals := callsIn(f.Body, func(n *solidity.Node) bool { return named("balanceOf")(n) && len(solidity.Args(n)) == 1 })
	if len(bals) == 0 {
		return nil
	}
	derived := make([]map[string]bool, len(bals))
	is := func(b *solidity.Node) func(*solidity.Node) bool {
		return func(n *solidity.Node) bool { return n == b }
	}
	reads := func(side *solidity.Node) []int {
		var out []int
		for i, b := range bals {
			if derived[i] == nil {
				derived[i] = f.Derived(is(b))
			}
			if solidity.DependsOn(side, derived[i], is(b)) {
				out = append(out, i)
			}
		}
		return out
	}
	var amounts map[string]bool
	amount := func(n *solidity.Node) bool {
		if n.Kind != "identifier" || n.Field == "property" {
			return false
		}
		for _, p := range f.Params {
			if p.Name == n.Text() && strings.HasPrefix(p.Type, "uint") {
				return true
			}
		}
		return false
	}
	var out []*solidity.Node
	f.Body.Walk(func(n *solidity.Node) bool {
		if n.Kind != "binary_expression" || n.Operator() != "/" {
			return true
		}
		ls, rs := reads(n.Child("left")), reads(n.Child("right"))
		for _, i := range ls {
			for _, j := range rs {
				if i == j || !sameHolder(bals[i], bals[j]) {
					continue
				}
				if solidity.IsThis(solidity.Args(bals[i])[0]) {
					if amounts == nil {
						amounts = f.Derived(amount)
					}
					_, ti := memberCall(bals[i])
					_, tj := memberCall(bals[j])
					if ti.Text() == tj.Text() || solidity.DependsOn(n, amounts, amount) {
						continue
					}
				}
				out = append(out, n)
				return false
			}
		}
		return true
	})
	return out
}

// sameHolder reports whether two balanceOf calls ask about one holder.
func sameHolder(a, b *solidity.Node) bool {
	x, y := solidity.Args(a)[0], solidity.Args(b)[0]
	return strings.Join(strings.Fields(x.Text()), "") == strings.Join(strings.Fields(y.Text()), "")
}

// usedForValue reports whether the value of read reaches a state write, a
// condition, a return or another call's argument in f.
func usedForValue(f *solidity.Function, read *solidity.Node) bool {
	isRead := func(n *solidity.Node) bool { return n == read }
	derived := f.Derived(isRead)
	if len(valueWrites(f, derived, isRead)) > 0 {
		return true
	}
	found := false
	f.Body.Walk(func(n *solidity.Node) bool {
		if found {
			return false
		}
		switch {
		case n.Kind == "return_statement" && solidity.DependsOn(n, derived, isRead):
			found = true
		case n.Kind == "call_expression" && n != read && !n.Contains(read) && swapOf(n) == nil:
			// A quote that only sizes a swap's minimum is
			// ECON-ZERO-SLIPPAGE's.
			for _, a := range solidity.Args(n) {
				if solidity.DependsOn(a, derived, isRead) {
					found = true
				}
			}
		}
		return !found
	})
	if found {
		return true
	}
	for _, c := range f.Conditions() {
		if solidity.DependsOn(c, derived, isRead) && !zeroTest(c) {
			return true
		}
	}
	return false
}

// zeroTest reports a condition x == 0 or x != 0: whether the pool is
// initialised or empty, not what its price is.
func zeroTest(c *solidity.Node) bool {
	if c.Kind != "binary_expression" || c.Operator() != "==" && c.Operator() != "!=" {
		return false
	}
	return c.Child("left").Text() == "0" || c.Child("right").Text() == "0"
}

// sizedByCaller reports whether the quote is for a trade of a size the
// caller picks: the pool read takes an unsigned parameter of f as an
// argument (getAmountsOut(amountIn, path)), or f returns a value computed
// from one (amountOut for amountIn), not a price per unit.
func sizedByCaller(f *solidity.Function, read *solidity.Node) bool {
	amount := func(n *solidity.Node) bool {
		if n.Kind != "identifier" {
			return false
		}
		for _, p := range f.Params {
			if p.Name == n.Text() && strings.HasPrefix(p.Type, "uint") {
				return true
			}
		}
		return false
	}
	for _, a := range solidity.Args(read) {
		if amount(a) {
			return true
		}
	}
	derived := f.Derived(amount)
	found := false
	f.Body.Walk(func(n *solidity.Node) bool {
		if n.Kind == "return_statement" && solidity.DependsOn(n, derived, amount) {
			found = true
		}
		return !found
	})
	return found
}

// stateless reports whether c and the bases the bundle holds declare no
// mutable state variable (constants and immutables only). A base outside
// the bundle (an imported interface) is not seen: writesOnlyLocals
// covers state it might declare.
func stateless(c *solidity.Contract) bool {
	for _, x := range c.Lineage() {
		for _, v := range x.StateVars {
			if !v.Constant {
				return false
			}
		}
	}
	return true
}

// writesOnlyLocals reports whether every assignment in f targets its
// locals, parameters or named return values: nothing it writes can be
// state, even state declared in a base the bundle does not hold.
func writesOnlyLocals(f *solidity.Function) bool {
	own := f.Locals()
	mine := func(name string) bool {
		if own[name] || f.Param(name) {
			return true
		}
		for _, r := range f.Returns {
			if r.Name == name {
				return true
			}
		}
		return false
	}
	// root follows a target to the variable it writes: x, x.f, x[i],
	// and each slot of a tuple (a, b).
	var root func(t *solidity.Node) bool
	root = func(t *solidity.Node) bool {
		switch t.Kind {
		case "identifier":
			return mine(t.Text())
		case "member_expression":
			return root(t.Child("object"))
		case "array_access":
			return root(t.Child("base"))
		case "parenthesized_expression", "tuple_expression":
			for _, c := range t.Children {
				if c.Named && !root(c) {
					return false
				}
			}
			return true
		}
		return false // a target the analysis cannot name
	}
	ok := true
	f.Body.Walk(func(n *solidity.Node) bool {
		var t *solidity.Node
		switch n.Kind {
		case "assignment_expression", "augmented_assignment_expression":
			t = n.Child("left")
		case "update_expression":
			t = n.Child("argument")
		}
		if t != nil && !root(t) {
			ok = false
		}
		return ok
	})
	return ok
}
