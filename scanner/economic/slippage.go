package economic

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// swap is a router or pool swap call by its ABI: where its minimum output
// and its deadline are passed.
type swap struct {
	call     *solidity.Node
	min      *solidity.Node // the minimum output argument, nil when unknown
	deadline *solidity.Node
}

// swapABI lists swaps by name: arity, index of the minimum output and of
// the deadline (-1: none). Uniswap V2-style routers and their forks, and
// Curve pools. Uniswap V3's exactInput* take one struct (amountOutMinimum,
// deadline fields), read by swapOf.
var swapABI = map[string]struct{ arity, min, deadline int }{
	"swapExactTokensForTokens":                              {5, 1, 4},
	"swapExactTokensForETH":                                 {5, 1, 4},
	"swapExactETHForTokens":                                 {4, 0, 3},
	"swapExactTokensForTokensSupportingFeeOnTransferTokens": {5, 1, 4},
	"swapExactTokensForETHSupportingFeeOnTransferTokens":    {5, 1, 4},
	"swapExactETHForTokensSupportingFeeOnTransferTokens":    {4, 0, 3},
	"addLiquidity":        {8, -1, 7},
	"addLiquidityETH":     {6, -1, 5},
	"removeLiquidity":     {7, -1, 6},
	"removeLiquidityETH":  {6, -1, 5},
	"exchange":            {4, 3, -1},
	"exchange_underlying": {4, 3, -1},
}

// swapOf classifies call as a swap, or returns nil.
func swapOf(call *solidity.Node) *swap {
	name, obj := memberCall(call)
	if name == "" || obj == nil {
		return nil
	}
	args := solidity.Args(call)
	if name == "exactInputSingle" || name == "exactInput" {
		if len(args) != 1 {
			return nil
		}
		s := &swap{call: call}
		for _, fa := range structFields(args[0]) {
			switch fa.Child("name").Text() {
			case "amountOutMinimum":
				s.min = fa.Child("value")
			case "deadline":
				s.deadline = fa.Child("value")
			}
		}
		return s
	}
	abi, ok := swapABI[name]
	if !ok || len(args) != abi.arity {
		return nil
	}
	s := &swap{call: call}
	if abi.min >= 0 {
		s.min = args[abi.min]
	}
	if abi.deadline >= 0 {
		s.deadline = args[abi.deadline]
	}
	return s
}

// structFields returns the name: value arguments of a struct literal
// call T({a: x, b: y}).
func structFields(n *solidity.Node) []*solidity.Node {
	var out []*solidity.Node
	n.Walk(func(x *solidity.Node) bool {
		if x.Kind == "call_struct_argument" || x.Kind == "struct_field_assignment" {
			out = append(out, x)
			return false
		}
		return true
	})
	return out
}

func swapsIn(f *solidity.Function) []*swap {
	var out []*swap
	for _, c := range callsIn(f.Body, func(n *solidity.Node) bool { return swapOf(n) != nil }) {
		out = append(out, swapOf(c))
	}
	return out
}

// zeroSlippage: a swap whose minimum output is zero, or is computed from
// a spot quote taken in the same transaction (getAmountsOut, get_dy,
// getReserves), which moves with the price a sandwich sets. A searcher
// buys before the swap and sells after it, and the swap accepts any
// price.
//
// Decides: a router or pool swap (Uniswap V2-style swap*, V3
// exactInput/exactInputSingle, Curve exchange) whose minimum-output
// argument is 0 (the literal, or a local that every reaching definition
// sets to 0, arithmetic of constants included), or depends through locals
// on a same-transaction quote call. A minimum taken from the caller (a parameter)
// is the caller's protection and passes. Reports the swap.
//
// Known false positives: swaps of amounts too small to be worth a
// sandwich; swaps protected by a separate oracle check after the call.
type zeroSlippage struct{}

func (zeroSlippage) Meta() scanner.Rule {
	return rule(scanner.Rule{
		ID:             "ECON-ZERO-SLIPPAGE",
		Title:          "Swap without slippage protection",
		Severity:       scanner.High,
		Confidence:     0.85,
		Category:       CategoryOracleMEV,
		CWE:            "CWE-20",
		Description:    "A swap accepts any output: its minimum is zero or is derived from a quote read in the same transaction, which a sandwich moves along with the price. MEV searchers buy before the swap and sell after it, taking the difference from the contract.",
		Recommendation: "Pass a minimum output the caller computed off-chain (a parameter), or derive it from a manipulation-resistant oracle price minus a bounded slippage.",
		Tier:           scanner.TierStandard,
	})
}

var quotes = named("getAmountsOut", "getAmountOut", "get_dy", "get_dy_underlying", "getReserves", "quoteExactInputSingle", "quoteExactInput", "slot0")

func (d zeroSlippage) Check(u *solidity.Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Funcs() {
		if f.Body == nil || f.Contract.Kind == "interface" {
			continue
		}
		var derived map[string]bool
		for _, s := range swapsIn(f) {
			if s.min == nil {
				continue
			}
			if derived == nil {
				derived = f.Derived(quotes)
			}
			if zero(f, s.min) || solidity.DependsOn(s.min, derived, quotes) {
				out = append(out, u.Finding(d.Meta().ID, s.call, f))
			}
		}
	}
	return out
}

// zero reports a minimum that is 0 where the swap reads it: the literal,
// or a local every reaching definition of which makes it 0 (m = 0, or
// declared without a value).
func zero(f *solidity.Function, n *solidity.Node) bool {
	if solidity.IsZero(n) {
		return true
	}
	v, ok := f.Reaching().Const(n)
	return ok && v.Sign() == 0
}

// timestampDeadline: a swap or liquidity call whose deadline is
// block.timestamp, or the largest integer. The deadline is checked
// against the block the transaction lands in, so block.timestamp always
// passes, and no block reaches the maximum: the transaction can wait in
// the mempool and execute whenever a validator finds it most profitable.
//
// Decides: the deadline argument (V2-style routers, V3's deadline field)
// computed from block.timestamp or now alone (block.timestamp + 300
// included: it is as late as the block), or holding the maximum where the
// call reads it (type(uintN).max, uintN(-1), ~uintN(0), a constant of at
// least 2**64; directly or in a local every reaching definition of which
// is one). Reports the call.
//
// Known false positives: calls from keepers that submit through private
// mempools.
type timestampDeadline struct{}

func (timestampDeadline) Meta() scanner.Rule {
	return rule(scanner.Rule{
		ID:             "ECON-DEADLINE-TIMESTAMP",
		Title:          "Swap deadline set to block.timestamp or never expiring",
		Severity:       scanner.Low,
		Confidence:     0.9,
		Category:       CategoryOracleMEV,
		CWE:            "CWE-672",
		Description:    "The swap's deadline is block.timestamp, which every block satisfies, or the largest integer, which no block reaches. The transaction can be held back and executed at the moment most profitable for whoever includes it.",
		Recommendation: "Take the deadline from the caller, who sets it off-chain a few minutes ahead.",
		Tier:           scanner.TierStandard,
	})
}

func (d timestampDeadline) Check(u *solidity.Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Funcs() {
		if f.Body == nil || f.Contract.Kind == "interface" {
			continue
		}
		var derived map[string]bool
		for _, s := range swapsIn(f) {
			if s.deadline == nil {
				continue
			}
			if derived == nil {
				derived = f.Derived(blockTime)
			}
			if onlyTime(f, s.deadline, derived) || endless(f, s.deadline, 0) {
				out = append(out, u.Finding(d.Meta().ID, s.call, f))
			}
		}
	}
	return out
}

// endless reports a deadline no block reaches: type(uintN).max,
// uintN(-1), ~uintN(0), a constant of at least 2**64 (seconds no
// timestamp reaches), or a local every reaching definition of which
// assigns one.
func endless(f *solidity.Function, n *solidity.Node, depth int) bool {
	if n == nil || depth > 4 {
		return false
	}
	switch n.Kind {
	case "parenthesized_expression":
		return len(n.Children) == 1 && endless(f, n.Children[0], depth+1)
	case "member_expression":
		return n.Child("object").Kind == "meta_type_expression" && n.Child("property").Text() == "max"
	case "type_cast_expression":
		for _, c := range n.Children {
			if c.Kind == "call_argument" && len(c.Children) == 1 {
				a := c.Children[0]
				return a.Kind == "unary_expression" && a.Operator() == "-" && a.Child("argument").Text() == "1"
			}
		}
	case "unary_expression":
		if a := n.Child("argument"); n.Operator() == "~" && a.Kind == "type_cast_expression" {
			for _, c := range a.Children {
				if c.Kind == "call_argument" && len(c.Children) == 1 {
					return solidity.IsZero(c.Children[0])
				}
			}
		}
	case "identifier":
		ds := f.Reaching().At(n)
		for _, d := range ds {
			if d.Value == nil || !endless(f, d.Value, depth+1) {
				return false
			}
		}
		return len(ds) > 0
	}
	v, ok := f.Reaching().Const(n)
	return ok && v.BitLen() > 64
}

// onlyTime reports whether n is computed from block.timestamp and
// literals or constants only.
func onlyTime(f *solidity.Function, n *solidity.Node, derived map[string]bool) bool {
	if !solidity.DependsOn(n, derived, blockTime) {
		return false
	}
	ok := true
	n.Walk(func(x *solidity.Node) bool {
		if x.Kind == "identifier" && x.Field != "property" && x.Field != "object" && !derived[x.Text()] && x.Text() != "now" && !isConstant(f, x.Text()) {
			ok = false
		}
		return ok
	})
	return ok
}

// isConstant reports a constant or immutable-free constant state variable.
func isConstant(f *solidity.Function, name string) bool {
	v := f.Contract.StateVar(name)
	return v != nil && v.Constant
}
