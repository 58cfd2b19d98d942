package economic

import (
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
// same holder, whose result (through locals, tuple slots included) reaches
// a state write, a condition, a return value or an argument of another
// call; unless the function itself, or an internal function it calls,
// also reads a time-weighted or external price (Uniswap V3 observe, V2
// cumulative prices, a consult() TWAP oracle, Chainlink latestRoundData):
// the spot price is then checked against it. A feed read elsewhere in the
// contract protects nothing here. Reports the pool read, once per function.
//
// Known false positives: a pool read that only sizes a swap in the same
// transaction (a router) when its quote is returned to the caller.
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

// twapReads are the reads of a manipulation-resistant price.
var twapReads = named("observe", "consult", "latestRoundData", "price0CumulativeLast", "price1CumulativeLast", "currentCumulativePrices", "getTimeWeightedAverage")

func (d spotPrice) Check(u *solidity.Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Funcs() {
		if f.Body == nil || f.Kind == "modifier" || f.Contract.Kind == "library" || f.Contract.Kind == "interface" {
			continue
		}
		reads := callsIn(f.Body, poolGetters)
		reads = append(reads, balanceRatios(f.Body)...)
		if len(reads) == 0 || readsTWAP(f) {
			continue
		}
		for _, r := range reads {
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

// balanceRatios returns the divisions x.balanceOf(p) … / y.balanceOf(p) …
// of one holder p other than the contract itself.
func balanceRatios(body *solidity.Node) []*solidity.Node {
	var out []*solidity.Node
	body.Walk(func(n *solidity.Node) bool {
		if n.Kind != "binary_expression" || n.Operator() != "/" {
			return true
		}
		l, r := holders(n.Child("left")), holders(n.Child("right"))
		for h := range l {
			if r[h] {
				out = append(out, n)
				return false
			}
		}
		return true
	})
	return out
}

// holders lists the holders whose balanceOf n reads (not this contract).
func holders(n *solidity.Node) map[string]bool {
	out := map[string]bool{}
	for _, c := range callsIn(n, named("balanceOf")) {
		if a := solidity.Args(c); len(a) == 1 && !solidity.IsThis(a[0]) {
			out[a[0].Text()] = true
		}
	}
	return out
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
		if solidity.DependsOn(c, derived, isRead) {
			return true
		}
	}
	return false
}
