package economic

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// vaultInflation: ERC-4626-style share math that divides by the
// contract's own token balance. The first depositor mints one share,
// donates tokens straight to the vault (raising balanceOf(this) without
// minting), and every later deposit rounds down to zero shares: the
// donor redeems everything.
//
// Decides: a division, or a mulDiv's denominator, that depends on the
// contract's balanceOf(address(this)) (directly, through locals, or
// through an internal function whose body reads it, such as totalAssets)
// while the other side reads the share supply (totalSupply(), the state
// variable the contract's own totalSupply() returns, or a counter the
// contract raises by what it credits to a holder's entry), and neither
// side adds a virtual offset (a + with a literal or constant: OpenZeppelin's
// totalSupply() + 10 ** offset over totalAssets() + 1). Assets tracked in
// a state variable instead of balanceOf(this) pass. Reports the
// division. When the division is in an internal helper working on its
// parameters (toShares(amount, balance, supply)), the same test runs on
// the helper with the parameters bound to the caller's arguments (an
// argument with a virtual offset binds nothing), and reports the call.
//
// Known false positives: vaults that seed dead shares at deployment.
type vaultInflation struct{}

func (vaultInflation) Meta() scanner.Rule {
	return rule(scanner.Rule{
		ID:             "ECON-VAULT-SHARE-INFLATION",
		Title:          "Vault shares priced from a donatable balance (first-depositor inflation)",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       CategoryDeFi,
		CWE:            "CWE-682",
		Description:    "Shares are converted with the vault's own token balance, which anyone can raise by sending tokens directly. An attacker deposits 1 wei, donates a large amount, and later deposits round down to zero shares, so the attacker redeems the victims' assets.",
		Recommendation: "Use virtual shares and assets (OpenZeppelin ERC4626's decimals offset: totalSupply() + 10 ** offset over totalAssets() + 1), track deposited assets in storage instead of balanceOf(this), or mint dead shares on the first deposit.",
		Tier:           scanner.TierStandard,
	})
}

func (d vaultInflation) Check(u *solidity.Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Funcs() {
		if f.Body == nil || f.Kind == "modifier" || f.Contract.Kind == "library" || f.Contract.Kind == "interface" {
			continue
		}
		donatable, supply := donations(f), func(n *solidity.Node) bool { return isSupply(f, n) }
		for _, n := range inflated(f, donatable, supply) {
			out = append(out, u.Finding(d.Meta().ID, n, f))
		}
		// A helper doing the share math on its parameters
		// (toShares(amount, balance, supply)): the call that hands it
		// the donatable balance as divisor and the supply as factor.
		var bal, sup map[string]bool
		for _, c := range callsIn(f.Body, func(n *solidity.Node) bool { return f.InternalCallee(n) != nil }) {
			h := f.InternalCallee(c)
			args := solidity.Args(c)
			if h == f || h.Body == nil || len(args) != len(h.Params) || h.Contract.Kind == "interface" {
				continue
			}
			if bal == nil {
				bal, sup = f.Derived(donatable), f.Derived(supply)
			}
			dp := solidity.BoundParams(h, c, func(a *solidity.Node) bool { return !offset(f, a) && solidity.DependsOn(a, bal, donatable) })
			sp := solidity.BoundParams(h, c, func(a *solidity.Node) bool { return !offset(f, a) && solidity.DependsOn(a, sup, supply) })
			hd, hs := donations(h), func(n *solidity.Node) bool { return isSupply(h, n) }
			if len(inflated(h, hd, hs)) > 0 {
				continue // reported in h itself
			}
			param := func(set map[string]bool, own func(*solidity.Node) bool) func(*solidity.Node) bool {
				return func(n *solidity.Node) bool {
					return own(n) || n.Kind == "identifier" && n.Field != "property" && set[n.Text()] && h.Param(n.Text())
				}
			}
			if len(inflated(h, param(dp, hd), param(sp, hs))) > 0 {
				out = append(out, u.Finding(d.Meta().ID, c, f))
			}
		}
	}
	return out
}

// donations returns the predicate of f's reads of the donatable balance:
// balanceOf(address(this)), or a call of an internal function whose body
// reads it (totalAssets()).
func donations(f *solidity.Function) func(*solidity.Node) bool {
	return func(n *solidity.Node) bool {
		if isThisBalance(n) {
			return true
		}
		if n.Kind != "call_expression" {
			return false
		}
		h := f.InternalCallee(n)
		return h != nil && h.Body != nil && len(callsIn(h.Body, isThisBalance)) > 0
	}
}

// inflated returns the divisions (and mulDivs) of f whose denominator
// depends on a node donatable accepts while a numerator factor depends on
// one supply accepts, with no virtual offset on either side; the
// outermost of nested ones.
func inflated(f *solidity.Function, donatable, supply func(*solidity.Node) bool) []*solidity.Node {
	var out []*solidity.Node
	var bal, sup map[string]bool
	f.Body.Walk(func(n *solidity.Node) bool {
		nums, den := ratio(f, n)
		if den == nil {
			return true
		}
		if bal == nil {
			bal, sup = f.Derived(donatable), f.Derived(supply)
		}
		supplied, offsets := false, offset(f, den)
		for _, x := range nums {
			supplied = supplied || solidity.DependsOn(x, sup, supply)
			offsets = offsets || offset(f, x)
		}
		if supplied && !offsets && solidity.DependsOn(den, bal, donatable) {
			out = append(out, n)
			return false
		}
		return true
	})
	return out
}

// ratio returns the numerator factors and the denominator of a / b or of
// a mulDiv: x.mulDiv(y, d, …) (a library bound with using-for on a
// variable x) and L.mulDiv(x, y, d) or mulDiv(x, y, d).
func ratio(f *solidity.Function, n *solidity.Node) (num []*solidity.Node, den *solidity.Node) {
	switch n.Kind {
	case "binary_expression":
		if n.Operator() == "/" {
			return []*solidity.Node{n.Child("left")}, n.Child("right")
		}
	case "call_expression":
		if solidity.CalleeName(n) != "mulDiv" {
			return nil, nil
		}
		a := solidity.Args(n)
		if _, obj := memberCall(n); obj != nil && len(a) >= 2 && isVariable(f, obj) {
			return []*solidity.Node{obj, a[0]}, a[1]
		}
		if len(a) >= 3 {
			return a[:2], a[2]
		}
	}
	return nil, nil
}

// isVariable reports whether n is rooted at a parameter, local or state
// variable of f (x.mulDiv(…) on a value, not L.mulDiv(…) on a library).
func isVariable(f *solidity.Function, n *solidity.Node) bool {
	for n != nil && n.Kind != "identifier" {
		switch n.Kind {
		case "member_expression":
			n = n.Child("object")
		case "array_access":
			n = n.Child("base")
		case "call_expression":
			return true // f().mulDiv(…): a value
		default:
			return true
		}
	}
	if n == nil {
		return false
	}
	name := n.Text()
	return f.Param(name) || f.Locals()[name] || f.Contract.StateVar(name) != nil
}

// isSupply reports a read of the share supply: a totalSupply() call, the
// state variable the contract's totalSupply() returns, or a state counter
// the contract raises by the amount it credits to a mapping entry in the
// same function (total += s; shares[who] += s, as a _mint does).
func isSupply(f *solidity.Function, n *solidity.Node) bool {
	if n.Kind == "call_expression" && solidity.CalleeName(n) == "totalSupply" && len(solidity.Args(n)) == 0 {
		return true
	}
	if n.Kind != "identifier" || n.Field == "property" || f.Contract.StateVar(n.Text()) == nil {
		return false
	}
	if g := f.Contract.Resolve("totalSupply", 0); g != nil && g.Body != nil {
		for _, r := range g.Body.FindAll("return_statement") {
			if r.Mentions(n.Text()) {
				return true
			}
		}
	}
	return supplyCounter(f.Contract, n.Text())
}

// supplyCounter reports whether some function of c writes v += x (or
// v = v + x) and m[k] += x for a state mapping m with the same x.
func supplyCounter(c *solidity.Contract, v string) bool {
	for _, g := range c.AllFunctions() {
		var scalar, entries []string
		for _, w := range g.StateWrites() {
			root, amount := increment(w.Node)
			switch {
			case amount == "":
			case root.Kind == "identifier" && root.Text() == v:
				scalar = append(scalar, amount)
			case root.Kind == "array_access":
				entries = append(entries, amount)
			}
		}
		for _, a := range scalar {
			for _, b := range entries {
				if a == b {
					return true
				}
			}
		}
	}
	return false
}

// increment returns the target and the added amount's text of t += x or
// t = t + x, or "" for another write.
func increment(w *solidity.Node) (*solidity.Node, string) {
	l, r := w.Child("left"), w.Child("right")
	if l == nil || r == nil {
		return nil, ""
	}
	switch {
	case w.Kind == "augmented_assignment_expression" && w.Operator() == "+=":
		return l, strings.Join(strings.Fields(r.Text()), "")
	case w.Kind == "assignment_expression" && r.Kind == "binary_expression" && r.Operator() == "+":
		if x := r.Child("left"); x != nil && strings.Join(strings.Fields(x.Text()), "") == strings.Join(strings.Fields(l.Text()), "") {
			return l, strings.Join(strings.Fields(r.Child("right").Text()), "")
		}
	}
	return nil, ""
}

// offset reports a virtual offset in n: an addition with a literal or a
// constant (x + 1, supply + 10 ** offset()).
func offset(f *solidity.Function, n *solidity.Node) bool {
	found := false
	n.Walk(func(x *solidity.Node) bool {
		if x.Kind == "binary_expression" && x.Operator() == "+" {
			for _, side := range []*solidity.Node{x.Child("left"), x.Child("right")} {
				if side.Kind == "number_literal" || side.Kind == "binary_expression" && side.Operator() == "**" || side.Kind == "identifier" && isConstant(f, side.Text()) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
