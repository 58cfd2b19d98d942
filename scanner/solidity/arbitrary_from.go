package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// arbitraryFrom: tokens pulled from an account the caller names. Users
// approve a contract to move their tokens; transferFrom(from, to, v)
// then moves from's tokens with the contract's allowance. When anyone may
// call and from is theirs to choose, anyone spends every approval users
// gave the contract: they name the victim as from and themselves as the
// recipient, or as the account credited.
//
// Decides: a transfer from one account to another made by another
// contract on this one's allowance: x.transferFrom(a, b, v) or
// x.safeTransferFrom(a, b, v) on a token (ERC-20, ERC-721), or a
// library's L.safeTransferFrom(token, a, b, v) (SafeERC20 called by
// name), in an entry function without an access guard (Function.Guarded)
// or an internal function such an entry calls with the caller's values
// (two calls deep), where a comes from the caller's parameters
// (Function.DerivedExcept; a value read from state at a caller-chosen key,
// a stored order's maker, is the contract's). Not reported when the
// account is tied to the caller: a condition on the way compares it with
// the caller or looks it up together with the caller (operators[from]
// [msg.sender]), or a signer the function recovers is checked (a signed
// order or permit authorises the pull), or a helper called before checked
// the signatures over the values the account came from (signedBefore);
// nor when the function calls permit for that account first and the
// recipient is not the caller's to choose (the signature authorises the
// pull; front-running that permit is a denial of service, not a theft;
// with a recipient the caller names, whoever sends the permit first takes
// the tokens); nor from a function every path of which reverts. An
// account held in a plain state variable (a treasury that approved the
// contract), pulled from to a recipient the caller names, is reported
// too. Reports the transfer.
//
// Known false positives: a contract that never holds approvals (a
// helper whose users call it only with their own address); a finding
// there asks for that to stay true.
type arbitraryFrom struct{}

func (arbitraryFrom) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-ARBITRARY-FROM",
		Title:          "Tokens pulled from an account the caller chooses",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "access_control",
		CWE:            "CWE-862",
		Description:    "A function anyone can call moves tokens with transferFrom from an address the caller supplies, or from an account the contract holds to a recipient the caller names. Every account that approved this contract can be drained: the attacker names the victim as the sender and themselves as the recipient (or as the account credited).",
		Recommendation: "Pull only from msg.sender, or require the account to have authorised the caller (a signature, an operator approval checked against msg.sender) before moving its tokens.",
		Tier:           scanner.TierStandard,
	}
}

func (d arbitraryFrom) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	seen := map[*Node]bool{}
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || f.Guarded() || f.AlwaysReverts() {
			continue
		}
		params := map[string]bool{}
		for _, p := range f.Params {
			params[p.Name] = true
		}
		for _, n := range pullsFrom(f, params, 2, map[*Function]bool{}) {
			if !seen[n] {
				seen[n] = true
				out = append(out, u.finding(d.Meta().ID, n, scope(u.funcOf(n))))
			}
		}
	}
	return out
}

// pullsFrom returns the transfers in f, or in the internal functions it
// calls (depth levels deep), whose source account comes from the
// parameters in from and is not tied to the caller.
func pullsFrom(f *Function, from map[string]bool, depth int, visiting map[*Function]bool) []*Node {
	if visiting[f] || len(from) == 0 {
		return nil
	}
	visiting[f] = true
	defer delete(visiting, f)
	src := func(n *Node) bool {
		return n.Kind == "identifier" && from[n.Text()] && f.Param(n.Text()) && n.Field != "property"
	}
	skip := func(n *Node) bool { return f.stateLookup(n) }
	derived := f.DerivedExcept(src, skip)
	controlled := func(n *Node) bool { return n != nil && DependsOnExcept(n, derived, src, skip) }
	var out []*Node
	f.Body.Walk(func(n *Node) bool {
		if n.Kind != "call_expression" {
			return true
		}
		a := pulledAccount(f, n)
		if a == nil {
			return true
		}
		if controlled(a) && !f.senderExpr(a) && !tiedToCaller(f, n, a) &&
			!(permitFirst(f, n, a) && !callerPicksRecipient(f, n, a, controlled)) {
			out = append(out, n)
		} else if storedAccount(f, a) && callerPicksRecipient(f, n, a, controlled) {
			// An account the contract holds (a treasury that approved
			// it), its tokens sent wherever the caller says.
			out = append(out, n)
		}
		return true
	})
	if depth == 0 {
		return out
	}
	f.unguardedHelpers(controlled, func(call *Node, h *Function, bound map[string]bool) {
		// Values a signature check before the call vouched for (orders
		// their makers signed, checked in a helper): the makers agreed.
		args := argNodes(call)
		for i, p := range h.Params {
			if bound[p.Name] && i < len(args) && signedBefore(f, call, args[i]) {
				delete(bound, p.Name)
			}
		}
		out = append(out, pullsFrom(h, bound, depth-1, visiting)...)
	})
	return out
}

// signedBefore reports whether, before call, f hands a value sharing an
// identifier with arg to something that checks a signature
// (checksSignature: ecrecover, a recovery or verification library, or an
// internal helper that calls one, three calls deep): the signatures over
// those values are checked on the way.
func signedBefore(f *Function, call, arg *Node) bool {
	names := map[string]bool{}
	arg.Walk(func(x *Node) bool {
		if x.Kind == "identifier" && x.Field != "property" {
			names[x.Text()] = true
		}
		return true
	})
	found := false
	f.Body.Walk(func(n *Node) bool {
		if found || n.Start >= call.Start {
			return false
		}
		if n.Kind == "call_expression" && mentionsAny(n, names) && checksSignature(f, n, 3) {
			found = true
		}
		return !found
	})
	return found
}

// checksSignature reports whether call checks a signature: it recovers a
// signer (recovers), or is a verifier of the shape (signer, digest,
// signature) -> bool (SignatureChecker.isValidSignatureNow, which also
// asks ERC-1271 wallets), or is an internal function that makes such a
// call, depth calls deep.
func checksSignature(f *Function, call *Node, depth int) bool {
	if recovers(f, call, depth) {
		return true
	}
	var types []string
	for _, a := range argNodes(call) {
		types = append(types, exprType(f, a))
	}
	switch strings.Join(types, " ") {
	case "address bytes32 bytes", "address bytes32 uint8 bytes32 bytes32":
		return true
	}
	if depth == 0 {
		return false
	}
	h := f.internalCallee(call)
	if h == nil || h == f || h.Body == nil {
		return false
	}
	found := false
	h.Body.Walk(func(n *Node) bool {
		found = found || n.Kind == "call_expression" && checksSignature(h, n, depth-1)
		return !found
	})
	return found
}

// pulledAccount returns the account a transfer on another contract's
// allowance moves tokens from: a of token.transferFrom(a, b, v),
// token.safeTransferFrom(a, b, v), or L.safeTransferFrom(token, a, b, v)
// of a library called by name; nil for anything else (a call on this or
// super, the contract's own transfer).
func pulledAccount(f *Function, call *Node) *Node {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return nil
	}
	switch fn.Child("object").Text() {
	case "this", "super":
		return nil
	}
	name, args := fn.Child("property").Text(), argNodes(call)
	if name != "transferFrom" && name != "safeTransferFrom" {
		return nil
	}
	switch len(args) {
	case 3:
		return args[0]
	case 4:
		// SafeERC20.safeTransferFrom(token, from, to, v) of a library
		// called by name: the object names no value of this contract (a
		// library of the bundle or outside it). An ERC-721
		// safeTransferFrom(from, to, id, data) on a token has from first.
		obj := fn.Child("object")
		if l := f.Contract.Unit.lookup(obj.Text()); l != nil && l.Kind == "library" ||
			obj.Kind == "identifier" && !f.Param(obj.Text()) && !f.Locals()[obj.Text()] && f.Contract.StateVar(obj.Text()) == nil {
			return args[1]
		}
		return args[0]
	}
	return nil
}

// tiedToCaller reports whether a condition on the way to call ties the
// account a to the caller: it compares a with the caller, or reads a
// together with the caller (approvals[a][msg.sender], isOperator(a,
// msg.sender)); or a signer the function recovers is checked there.
func tiedToCaller(f *Function, call, a *Node) bool {
	names := map[string]bool{}
	a.Walk(func(x *Node) bool {
		if x.Kind == "identifier" && x.Field != "property" {
			names[x.Text()] = true
		}
		return true
	})
	var held map[string]bool // names holding the account (receiver = IReceiver(a))
	for _, g := range f.Guards(call) {
		owner := f.guardOwner(g)
		if mentionsAny(g.Cond, names) && mentionsCaller(owner, g.Cond) {
			return true
		}
		// require(IReceiver(a).onPull(…, msg.sender, …)): the account was
		// asked, told who asks, and agreed (a flash loan's receiver
		// approving its repayment).
		if held == nil {
			held = f.Derived(func(x *Node) bool { return x.Kind == "identifier" && names[x.Text()] })
			for k := range names {
				held[k] = true
			}
		}
		if asksAccount(f, g.Cond, held) {
			return true
		}
	}
	return signerChecked(f, call)
}

// asksAccount reports whether cond calls a function of the contract at
// an address held in names (a, or a local or field derived from it).
func asksAccount(f *Function, cond *Node, names map[string]bool) bool {
	found := false
	cond.Walk(func(x *Node) bool {
		if found || x.Kind != "call_expression" {
			return !found
		}
		if fn := x.Child("function"); fn != nil && fn.Kind == "member_expression" {
			obj := unwrapConversion(fn.Child("object"))
			if obj != nil && obj.Kind == "call_expression" && len(argNodes(obj)) == 1 {
				obj = argNodes(obj)[0] // IReceiver(a)
			}
			if obj != nil && (names[norm(obj.Text())] || obj.Kind == "identifier" && names[obj.Text()]) {
				found = true
			}
			// a field of a local struct set from the account
			// (vars.receiver = IReceiver(a))
			if obj != nil && obj.Kind == "member_expression" {
				for _, d := range f.Reaching().At(obj) {
					if d.Value != nil && mentionsAny(d.Value, names) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// mentionsCaller reports whether n reads the caller (msg.sender, a local
// holding it, an internal getter returning it).
func mentionsCaller(f *Function, n *Node) bool {
	found := false
	n.Walk(func(x *Node) bool {
		if !found && f.senderExpr(x) {
			found = true
		}
		return !found
	})
	return found
}

// storedAccount reports whether the account a is a plain state variable
// of f's contract (not an entry looked up by a key, not the contract
// itself): an account the contract was set up to pull from.
func storedAccount(f *Function, a *Node) bool {
	a = unparen(unwrapConversion(a))
	return a != nil && a.Kind == "identifier" && f.stateName(a) && f.Contract.StateVar(a.Text()) != nil
}

// callerPicksRecipient reports whether the recipient of the transfer
// call, the argument after the account a, is the caller or comes from the
// caller's parameters. A permit then authorises the pull but not where it
// goes: whoever sends the signed permit first (copied from the mempool)
// names itself, and for a token without permit whose fallback accepts the
// call, nothing authorises it at all.
func callerPicksRecipient(f *Function, call, a *Node, controlled func(*Node) bool) bool {
	args := argNodes(call)
	for i := range args {
		if args[i] == a && i+1 < len(args) {
			r := args[i+1]
			return controlled(r) || f.senderExpr(r)
		}
	}
	return false
}

// permitFirst reports whether f calls permit for account a before call:
// token.permit(a, spender, v, deadline, v, r, s) authorises the pull by
// a's signature.
func permitFirst(f *Function, call, a *Node) bool {
	found := false
	f.Body.Walk(func(x *Node) bool {
		if found || x.Kind != "call_expression" || x.Start >= call.Start {
			return !found
		}
		if calleeName(x) == "permit" {
			if args := argNodes(x); len(args) > 0 && norm(args[0].Text()) == norm(a.Text()) {
				found = true
			}
		}
		return !found
	})
	return found
}
