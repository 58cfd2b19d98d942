package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// arbitraryCall: a low-level call whose target and calldata the caller
// both chooses, from a function anyone can call. The contract becomes a
// proxy for the caller's own transactions, made with the contract's
// identity: token.transferFrom(victim, attacker, amount) spends every
// approval users gave it, and any role it holds elsewhere is the
// caller's.
//
// Decides: a .call (not delegatecall or callcode, which stay with
// SOL-CONTROLLED-DELEGATECALL) in an entry function without an access
// guard (Function.Guarded), or in an internal function such an entry
// calls with caller values, whose target and calldata both come from the
// caller: a parameter or msg.data, directly or through locals
// (Function.DerivedExcept). Calldata the contract builds around a fixed
// selector (abi.encodeWithSelector/encodeWithSignature/encodeCall with a
// constant first argument, or the selector argument of a pre-0.5
// call(sel, args…)) is not the caller's, nor is a value read from state
// with a caller-chosen key (targets[id]). Empty calldata is a plain
// payment (SOL-ARBITRARY-SEND's subject). An entry that hashes its
// parameters and checks the hash (a governor or timelock running a
// scheduled operation: the call was approved when it was stored) is
// authorised, and so is a call under a condition on a signer the function
// recovers (signerChecked: a forwarder or wallet running a signed
// request), and so is a call to a target a guard requires to be in an
// allow-list only privileged callers write (Function.allowListed). A call
// of the contract itself (address(this).call(data)) with the caller's
// calldata is reported when some function lets only the contract call it
// (selfGuarded): the caller passes that check; msg.data forwarded whole
// selects the calling function itself and is not. Reports the call.
//
// A call that also sends a caller-chosen amount of the contract's ether
// is SOL-ARBITRARY-SEND's as well: two problems on one line.
//
// A contract with no state (constants and immutables aside) that never pulls tokens
// from another account is a relay with the caller's own power (a
// multicall helper; statelessRelay) and is left out.
//
// Known false positives: routers meant to run any call that keep state
// but hold no approvals or roles; a finding there asks for that to stay
// true.
type arbitraryCall struct{}

func (arbitraryCall) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-ARBITRARY-CALL",
		Title:          "Arbitrary call with caller-chosen target and calldata",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "access_control",
		CWE:            "CWE-829",
		Description:    "A function anyone can call makes a low-level call to an address and with calldata both supplied by the caller. The call runs with this contract as msg.sender, so an attacker can spend the token approvals users gave it (transferFrom(victim, attacker, amount)) or use any role it holds in other contracts.",
		Recommendation: "Restrict the function to an authorised role, allow-list the targets and selectors it may call, or build the calldata in the contract from a fixed selector.",
		Tier:           scanner.TierStandard,
	}
}

func (d arbitraryCall) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	seen := map[*Node]bool{}
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || f.Guarded() || f.AlwaysReverts() || f.commitsParams() || statelessRelay(f.Contract) {
			continue
		}
		all := map[string]bool{}
		for _, p := range f.Params {
			all[p.Name] = true
		}
		for _, c := range arbitraryCalls(f, all, 2, map[*Function]bool{}) {
			if !seen[c.Node] {
				seen[c.Node] = true
				out = append(out, u.finding(d.Meta().ID, c.Node, scope(u.funcOf(c.Node))))
			}
		}
	}
	return out
}

// statelessRelay reports a contract with nothing a caller could borrow:
// neither it nor its bases declare a state variable other than a
// constant or an immutable, and none of its functions pulls tokens from another account
// (transferFrom, safeTransferFrom, permit), so nobody approves it. A call
// it makes for the caller (a multicall helper batching reads and calls)
// has the caller's own power and no more.
func statelessRelay(c *Contract) bool {
	for _, x := range c.Linearization() {
		for _, v := range x.StateVars {
			if !v.Constant {
				return false
			}
		}
	}
	pulls := false
	for _, x := range c.Linearization() {
		x.Node.Walk(func(n *Node) bool {
			if pulls {
				return false
			}
			if n.Kind == "call_expression" {
				if fn := n.Child("function"); fn != nil && fn.Kind == "member_expression" {
					switch fn.Child("property").Text() {
					case "transferFrom", "safeTransferFrom", "permit":
						pulls = true
					}
				}
			}
			return true
		})
	}
	return !pulls
}

// arbitraryCalls returns the calls in f, or in the internal functions it
// calls (depth levels deep), whose target and calldata come from the
// parameters in from or from msg.data.
func arbitraryCalls(f *Function, from map[string]bool, depth int, visiting map[*Function]bool) []*Call {
	if visiting[f] || len(from) == 0 && !mentionsMember(f.Body, "msg", "data") {
		return nil
	}
	visiting[f] = true
	defer delete(visiting, f)
	src := func(n *Node) bool {
		return n.Kind == "identifier" && from[n.Text()] && f.Param(n.Text()) && n.Field != "property" ||
			n.Kind == "member_expression" && isMember(n, "msg", "data")
	}
	skip := func(n *Node) bool { return f.fixedEncoding(n) || f.stateLookup(n) }
	derived := f.DerivedExcept(src, skip)
	controlled := func(n *Node) bool { return n != nil && DependsOnExcept(n, derived, src, skip) }
	var out []*Call
	for _, c := range f.LowLevelCalls() {
		if c.Kind != "call" || !c.Invoked || len(c.Args) == 0 {
			continue
		}
		// address(this).call(data): the caller runs any function of this
		// contract as the contract itself, past every check that only the
		// contract may call (require(msg.sender == address(this))). The
		// call's own msg.data, forwarded whole, selects the function
		// making it (or the fallback again): it re-enters itself only.
		if selfTarget(c.Target) && controlled(c.Args[0]) && selfGuarded(f.Contract) && !isMember(unparen(c.Args[0]), "msg", "data") {
			out = append(out, c)
			continue
		}
		if !controlled(c.Target) {
			continue
		}
		// Before 0.5, call(sel, a, b) takes the selector first: the
		// caller must choose it, not only the arguments.
		// A call a signature the function verifies authorises (a
		// meta-transaction forwarder, a wallet's signed transaction):
		// the signer chose it, not the caller.
		if controlled(c.Args[0]) && !signerChecked(f, c.Node) && !f.allowListed(c.Node, c.Target) {
			out = append(out, c)
		}
	}
	if depth == 0 {
		return out
	}
	f.unguardedHelpers(controlled, func(_ *Node, h *Function, bound map[string]bool) {
		out = append(out, arbitraryCalls(h, bound, depth-1, visiting)...)
	})
	return out
}

// fixedEncoding reports whether n encodes calldata around a selector the
// contract fixes: abi.encodeWithSelector, encodeWithSignature or
// encodeCall whose first argument names no parameter, local or msg.data.
func (f *Function) fixedEncoding(n *Node) bool {
	if n.Kind != "call_expression" {
		return false
	}
	fn := n.Child("function")
	if fn == nil || fn.Kind != "member_expression" || fn.Child("object").Text() != "abi" {
		return false
	}
	switch fn.Child("property").Text() {
	case "encodeWithSelector", "encodeWithSignature", "encodeCall":
	default:
		return false
	}
	args := argNodes(n)
	return len(args) > 0 && f.constantExpr(args[0])
}

// constantExpr reports whether n mentions no parameter, local or
// msg.data: a literal, a constant, I.g.selector, keccak256 of a literal.
func (f *Function) constantExpr(n *Node) bool {
	ok := true
	locals := f.Locals()
	n.Walk(func(x *Node) bool {
		switch {
		case x.Kind == "identifier" && x.Field != "property" && (f.Param(x.Text()) || locals[x.Text()]):
			ok = false
		case x.Kind == "member_expression" && isMember(x, "msg", "data"):
			ok = false
		}
		return ok
	})
	return ok
}

// stateLookup reports whether n reads a state mapping or array at a key,
// directly or through a view helper that returns only what state holds:
// the value stored is the contract's, whoever picks the key.
func (f *Function) stateLookup(n *Node) bool {
	switch n.Kind {
	case "array_access":
		r := lvalueRoot(n)
		return r != nil && f.stateName(r)
	case "call_expression":
		// A view helper returning what state holds at the key it is
		// given (a stored proposal's targets and calldata).
		h := f.internalCallee(n)
		if h == nil || h == f || h.Body == nil || h.Mutability != "view" {
			return false
		}
		params := func(x *Node) bool { return x.Kind == "identifier" && h.Param(x.Text()) && x.Field != "property" }
		skip := func(x *Node) bool { return x.Kind == "array_access" && h.stateLookup(x) }
		derived := h.DerivedExcept(params, skip)
		rets := h.Body.FindAll("return_statement")
		if len(rets) == 0 {
			return false
		}
		for _, r := range rets {
			if DependsOnExcept(r, derived, params, skip) {
				return false
			}
		}
		return true
	}
	return false
}

// mentionsMember reports whether n reads obj.prop (msg.data, msg.value).
func mentionsMember(n *Node, obj, prop string) bool {
	found := false
	n.Walk(func(x *Node) bool {
		if !found && x.Kind == "member_expression" && isMember(x, obj, prop) {
			found = true
		}
		return !found
	})
	return found
}

// commitsParams reports whether f hashes its parameters (keccak256, or an
// internal function that does) and checks the result: in a condition, or
// passed to an internal function that reads state and checks something.
func (f *Function) commitsParams() bool { return f.commitsParamsIn(2) }

// commitsParamsIn is commitsParams, also through a helper f hands its
// parameters (or values decoded from them) to that commits its own
// (validate(id, target, data) comparing keccak256(target, data) with the
// stored job's hash), depth helpers deep.
func (f *Function) commitsParamsIn(depth int) bool {
	params := func(n *Node) bool { return n.Kind == "identifier" && f.Param(n.Text()) && n.Field != "property" }
	if depth > 0 {
		fromParams := f.Derived(params)
		found := false
		f.Body.Walk(func(n *Node) bool {
			if found || n.Kind != "call_expression" {
				return !found
			}
			h := f.internalCallee(n)
			if h == nil || h == f || h.Body == nil {
				return true
			}
			fed := false
			for _, a := range argNodes(n) {
				if DependsOn(a, fromParams, params) {
					fed = true
				}
			}
			found = fed && h.commitsParamsIn(depth-1)
			return !found
		})
		if found {
			return true
		}
	}
	hash := func(n *Node) bool {
		return n.Kind == "call_expression" && hashes(f, n, 3) && DependsOn(n, nil, params)
	}
	hashed := f.Derived(hash)
	for _, c := range f.Conditions() {
		if DependsOn(c, hashed, hash) { // if (keccak256(abi.encode(t, d)) != stored[id]) revert()
			return true
		}
	}
	if len(hashed) == 0 {
		return false
	}
	found := false
	f.Body.Walk(func(n *Node) bool {
		if found || n.Kind != "call_expression" {
			return !found
		}
		h := f.internalCallee(n)
		if h == nil || h.Body == nil || len(h.Conditions()) == 0 || !readsStateDeep(h, 2) || len(h.LowLevelCalls()) > 0 {
			return true
		}
		for _, a := range argNodes(n) {
			if DependsOn(a, hashed, nil) {
				found = true
			}
		}
		return !found
	})
	return found
}

// hashes reports whether call computes a hash: keccak256/sha256/sha3, or
// an internal function returning one (depth levels deep).
func hashes(f *Function, call *Node, depth int) bool {
	switch calleeName(call) {
	case "keccak256", "sha3", "sha256":
		return call.Child("function").Kind == "identifier"
	}
	h := f.internalCallee(call)
	if h == nil || h.Body == nil || depth == 0 {
		return false
	}
	found := false
	for _, r := range h.Body.FindAll("return_statement") {
		r.Walk(func(n *Node) bool {
			if !found && n.Kind == "call_expression" && hashes(h, n, depth-1) {
				found = true
			}
			return !found
		})
	}
	return found
}

// readsStateDeep is readsState through the internal functions g calls.
func readsStateDeep(g *Function, depth int) bool { return g.Reaches(depth, readsState) }

// selfGuarded reports whether some function of c's lineage lets only the
// contract itself call it: a caller check against this.
func selfGuarded(c *Contract) bool {
	return !c.eachCondition(func(g *Function, cond *Node) bool {
		found := false
		cond.Walk(func(n *Node) bool {
			if found || n.Kind != "binary_expression" || n.Operator() != "==" && n.Operator() != "!=" {
				return !found
			}
			l, r := n.Child("left"), n.Child("right")
			if g.senderExpr(l) && selfTarget(r) || g.senderExpr(r) && selfTarget(l) {
				found = true
			}
			return !found
		})
		return !found
	})
}
