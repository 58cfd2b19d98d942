package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// balanceStrictEquality: a condition that needs the contract's own
// balance to equal an exact value. Nobody controls that balance alone:
// ether can be forced in (selfdestruct, a coinbase payment, a transfer
// before deployment) and tokens can be donated, so a check written as
// "the balance is exactly what the books say" can be broken by anyone
// for the cost of one wei, locking whatever waits for it (SWC-132,
// Gridlock).
//
// Decides: a condition (if, while, do-while, ternary, require, assert)
// or a returned value holding a == or != comparison whose one side is this contract's ether
// balance (address(this).balance, this.balance) or a balanceOf(…) of
// address(this), directly or through a local derived from it
// (Function.Derived, counted from the local's first write of the balance
// on), and whose other side is not the literal 0. Reports the comparison.
//
// A remainder compared with zero (balance % 1 ether == 0) is an exact
// amount and is reported.
//
// A test that the balance is zero is left out (an empty-contract check
// that a donation can only turn off, usually a sweep or a closing guard)
// unless a payable entry requires it to go on (require(balance == 0)):
// the ether sent with the call fails it, and one wei sent beforehand
// blocks the function for good.
//
// Known false positives: a comparison in a function only the owner calls
// is still reported, because a donation breaks it for the owner too.
type balanceStrictEquality struct{}

func (balanceStrictEquality) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-BALANCE-STRICT-EQUALITY",
		Title:          "Strict equality on the contract's own balance",
		Severity:       scanner.Medium,
		Confidence:     0.7,
		Category:       "denial_of_service",
		CWE:            "CWE-667",
		SWC:            "SWC-132",
		Description:    "A condition requires the contract's own ether or token balance to equal (or differ from) an exact value. Anyone can change that balance without calling the contract: ether can be forced in with selfdestruct or as a block reward, tokens can simply be transferred. One wei or token unit breaks the check and can lock the function for good.",
		Recommendation: "Compare with >= or <=, or track the expected amount in a state variable updated by the contract's own functions and compare with that instead of the live balance.",
		Tier:           scanner.TierStandard,
	}
}

func (d balanceStrictEquality) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil {
			continue
		}
		// A comparison returned is a condition of the caller's
		// (return address(this).balance == goal).
		conds := append(f.Conditions(), f.Body.FindAll("return_statement")...)
		if len(conds) == 0 {
			continue
		}
		var derived map[string]bool
		var since map[string]int
		for _, c := range conds {
			c.Walk(func(n *Node) bool {
				if n.Kind != "binary_expression" {
					return true
				}
				if op := n.Operator(); op != "==" && op != "!=" {
					return true
				}
				l, r := n.Child("left"), n.Child("right")
				// balance == 0 tests emptiness; balance % 1 ether == 0
				// is an exact amount a donation breaks like any other.
				if l == nil || r == nil || (IsZero(l) && !remainder(r) || IsZero(r) && !remainder(l)) && !requiredEmpty(f, n) {
					return true
				}
				if derived == nil {
					derived, since = balanceLocals(f)
				}
				// A local counts from its first write of the balance on: a
				// parameter compared before it is overwritten is the caller's.
				before := map[string]bool{}
				for x := range derived {
					if since[x] < n.Start {
						before[x] = true
					}
				}
				if DependsOn(l, before, ownBalance) != DependsOn(r, before, ownBalance) {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					return false
				}
				return true
			})
		}
	}
	return out
}

// requiredEmpty reports a test that the balance is zero which a payable
// entry requires to go on (require(address(this).balance == 0), alone or
// in a conjunction): the balance already holds the ether sent with the
// call, so any payment fails it, and one wei sent in beforehand (even
// before deployment, to the predictable address) blocks it for good.
func requiredEmpty(f *Function, n *Node) bool {
	if n.Operator() != "==" || !f.Entry() || f.Mutability != "payable" {
		return false
	}
	p := n.Parent
	for p != nil && (p.Kind == "parenthesized_expression" || p.Kind == "expression" || p.Kind == "binary_expression" && p.Operator() == "&&") {
		p = p.Parent
	}
	if p != nil && p.Kind == "call_argument" {
		p = p.Parent
	}
	if p == nil || p.Kind != "call_expression" {
		return false
	}
	switch calleeName(p) {
	case "require", "assert":
		return argNodes(p)[0].Contains(n)
	}
	return false
}

// ownBalance reports whether n reads this contract's balance: ether
// (address(this).balance, this.balance) or a token's balanceOf(this).
func ownBalance(n *Node) bool {
	switch n.Kind {
	case "member_expression":
		o := n.Child("object")
		return n.Child("property").Text() == "balance" && o != nil && IsThis(o)
	case "call_expression":
		if calleeName(n) != "balanceOf" {
			return false
		}
		a := argNodes(n)
		return len(a) == 1 && IsThis(a[0])
	}
	return false
}

// balanceLocals returns the locals of f derived from its own balance and,
// for each, the offset of the first write that makes it so.
func balanceLocals(f *Function) (map[string]bool, map[string]int) {
	derived := f.Derived(ownBalance)
	since := map[string]int{}
	f.Body.Walk(func(n *Node) bool {
		var target, value *Node
		switch n.Kind {
		case "variable_declaration_statement":
			target, value = n.FirstKind("variable_declaration"), n.Child("value")
		case "assignment_expression", "augmented_assignment_expression":
			target, value = n.Child("left"), n.Child("right")
		}
		if target == nil || value == nil {
			return true
		}
		name := slotName(target)
		if _, ok := since[name]; !ok && derived[name] && DependsOn(value, derived, ownBalance) {
			since[name] = n.Start
		}
		return true
	})
	for x := range derived {
		if _, ok := since[x]; !ok {
			since[x] = -1 // tuple slots: derived from the start
		}
	}
	return derived, since
}

// remainder reports an expression taken modulo something: x % m.
func remainder(n *Node) bool {
	n = unparen(n)
	return n != nil && n.Kind == "binary_expression" && n.Operator() == "%"
}
