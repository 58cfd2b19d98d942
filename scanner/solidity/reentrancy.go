package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// reentrancy: an external call that hands control to the callee (call, or
// call with value) before the function updates its own state, so the callee
// can re-enter and act on stale state (the DAO bug).
//
// Decides, on the analysis layer: for each call/call.value in a function
// without a reentrancy lock, a write to a state variable the call reaches
// on the function's CFG (later on the same path, or earlier in an
// enclosing loop; not on another arm of a branch); or a call of an
// internal function of the contract that makes such a call, itself or up
// to two internal calls further down, followed by a reachable state
// write; or a token transfer that calls back into its receiver followed
// by a reachable write: safeTransferFrom, a mint or
// transfer whose body (in the bundle) makes one, an inherited safe mint or
// transfer the bundle lacks (_safeMint, _safeTransfer, _safeTransferFrom:
// the ERC-721/1155 implementations' names, judged by name only then), and
// a transfer or send of an ERC-777 token (its type declares operatorSend,
// authorizeOperator or granularity, or the contract implements an ERC-777
// hook, so the tokens it moves have hooks). Such a mint or transfer made
// again after the callback (the next turn of a loop) is a write of the
// token state when a getter the function called before the loop read it
// (balanceOf(msg.sender) + n <= cap: the hook re-enters past the cap);
// an inherited getter reads the inherited state an inherited mint writes.
// Writes of the function's modifiers after
// "_" count; so does a call of an internal function writing state the
// function read before the call. A call into a contract at an address the
// caller supplies (T(param).g(), not view or pure) counts when followed
// by a write of state read before it. So does a call of a contract of the
// bundle whose function forwards control, with a low-level call, to an
// address the caller chose and passes on (the DAO's
// rewardAccount.payOut(_account, reward)), directly or in an internal
// function. A lock is recognised by what its modifier does
// (checks, sets storage before "_", sets it again after), never by name. Reports the call. A modifier that calls into a contract at
// a caller-chosen address (Bank(msg.sender).f()) before "_" of a function
// that writes state is reported at the function header.
//
// Known false positives: writes after the call that do not matter for
// re-entry (counters, events-only state); trusted callees; ERC-20 tokens
// moved by a contract that also accepts ERC-777 tokens.
type reentrancy struct{}

func (reentrancy) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-REENTRANCY",
		Title:          "Reentrancy: external call before state update",
		Severity:       scanner.High,
		Confidence:     0.8,
		Category:       "reentrancy",
		CWE:            "CWE-841",
		SWC:            "SWC-107",
		Description:    "The function makes an external call that forwards gas to the callee and updates contract state only afterwards. The callee can re-enter the function (or another one sharing the state) and act on the stale state, e.g. withdraw the same balance again.",
		Recommendation: "Apply checks-effects-interactions: update state before the external call, or guard the function with a reentrancy lock (nonReentrant). Prefer pull payments.",
		Tier:           scanner.TierQuick,
	}
}

func (d reentrancy) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	relaying := map[*Function]bool{} // relays, asked once per helper
	for _, f := range u.funcs() {
		// A contract under construction has no code yet: a callee calling
		// it back finds nothing to run.
		if f.Body == nil || locked(f) || f.Kind == "constructor" || reachedLocked(f, 3) {
			continue
		}
		// The function's writes and those of its modifiers (a write after
		// "_" runs after every call of the body).
		writes := append([]Write(nil), f.StateWrites()...)
		for _, m := range f.Modifiers {
			if def := f.Contract.Modifier(m.FirstKind("identifier").Text()); def != nil && def.Body != nil {
				writes = append(writes, def.StateWrites()...)
			}
		}
		g := f.CFG()
		// Calls of internal functions that write state count as writes of
		// the variables they write, where they are made (a debit in a
		// helper: _debit(msg.sender)); but only of a variable the function
		// itself reads before the call (the stale value the callee can
		// exploit), since a helper's bookkeeping is not otherwise visible.
		var helperWrites []Write
		helpersDone := false
		helpers := func() []Write {
			if helpersDone {
				return helperWrites
			}
			helpersDone = true
			f.Body.Walk(func(n *Node) bool {
				if n.Kind == "call_expression" {
					if h := f.internalCallee(n); h != nil && h != f && h.Body != nil && h.Kind == "function" {
						for _, v := range writtenVars(h, 2) {
							helperWrites = append(helperWrites, Write{Node: n, Var: v})
						}
					} else if inheritedCallback(f, n) {
						// An inherited safe mint or transfer writes the
						// token's records the bundle does not hold.
						helperWrites = append(helperWrites, Write{Node: n, Var: inheritedState})
					}
				}
				return true
			})
			return helperWrites
		}
		// A write the call can reach on the CFG: later on the same path,
		// or earlier in a loop the call is in; not one in another arm.
		// An inline lock (a flag checked, set before the call and cleared
		// after it) makes the function safe from that call.
		writesAfter := func(call *Node) bool {
			if inlineLock(f, g, call) {
				return false
			}
			for _, w := range writes {
				if g.ReachableFrom(call, w.Node) && !onFailureOf(f, call, w.Node) && !nextTurnOwnEntry(f, call, w) {
					return true
				}
			}
			hw := helpers()
			if len(hw) == 0 {
				return false
			}
			read := readBefore(f, call)
			var consulted map[string]bool
			for _, w := range hw {
				if !g.ReachableFrom(call, w.Node) {
					continue
				}
				if read[w.Var] {
					return true
				}
				// A mint or transfer that calls back, made again after
				// the callback (the next turn of a loop), writes the
				// token state a getter checked before: the receiver
				// re-entering passes that check with the stale count.
				if callsBack(f, w.Node, 3) {
					if consulted == nil {
						consulted = consultedBefore(f, g, call)
					}
					if consulted[w.Var] {
						return true
					}
				}
			}
			return false
		}
		for _, c := range f.LowLevelCalls() {
			if c.Kind != "call" || !c.Invoked || c.GasLimit > 0 && c.GasLimit <= 2300 {
				continue
			}
			if writesAfter(c.Node) {
				out = append(out, u.finding(d.Meta().ID, c.Node, scope(f)))
			}
		}
		// A token transfer that calls back into the receiver (ERC-721 and
		// ERC-1155 safe transfers, ERC-777 hooks), directly or through an
		// internal function such as _safeMint, then a state write.
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "call_expression" || !callsBack(f, n, 3) {
				return true
			}
			if writesAfter(n) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			}
			return false
		})
		// A call into a contract at an address the caller chooses
		// (IVault(param).withdraw()), then a state write: the callee is
		// whatever the caller deployed.
		// Only a write of state read before the call counts here: a
		// callback by design (a flash loan's receiver) is followed by the
		// repayment's bookkeeping, which it cannot exploit.
		staleWriteAfter := func(call *Node) bool {
			if inlineLock(f, g, call) {
				return false
			}
			read := readBefore(f, call)
			for _, ws := range [][]Write{writes, helpers()} {
				for _, w := range ws {
					if read[w.Var] && g.ReachableFrom(call, w.Node) {
						return true
					}
				}
			}
			return false
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "call_expression" {
				return true
			}
			if untrustedMemberCall(f, n) && staleWriteAfter(n) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			}
			// A call of a contract of the bundle whose function hands
			// control on to an address this function names (the DAO's
			// rewardAccount.payOut(_account, reward)), then a state
			// write.
			if relaysCall(f, n) && writesAfter(n) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			}
			return true
		})
		// An internal function that makes the call, then a state write.
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "call_expression" {
				return true
			}
			fn := n.Child("function")
			if fn == nil || fn.Kind != "identifier" {
				return true
			}
			g := f.Contract.Function(fn.Text())
			if g == nil {
				g = f.Contract.Unit.freeFunction(fn.Text(), argCount(n))
			}
			if g == nil || g == f || g.Body == nil || locked(g) {
				return true
			}
			if makesOpenCall(g, 2) && writesAfter(n) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				return true
			}
			r, ok := relaying[g]
			if !ok {
				r = relays(g)
				relaying[g] = r
			}
			if r && writesAfter(n) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			}
			return true
		})
		// A modifier calling into a contract the caller chose, then a
		// write of state read before that call: by the modifiers that ran
		// before it, or by its own body before the call (a balance check,
		// then the callback, then the credit). A check made after the
		// call reads what the re-entered call wrote.
		if f.Kind != "modifier" && len(f.StateWrites()) > 0 {
			read := map[string]bool{}
			for _, m := range f.Modifiers {
				def := f.Contract.Modifier(m.FirstKind("identifier").Text())
				if def == nil || def.Body == nil {
					continue
				}
				if call := untrustedCallIn(def); call != nil {
					for v := range readBefore(def, call) {
						read[v] = true
					}
					for _, w := range f.StateWrites() {
						if read[w.Var] {
							out = append(out, u.finding(d.Meta().ID, f.Node, scope(f)))
							break
						}
					}
					break
				}
				if p := placeholderStmt(def); p != nil {
					for v := range readBefore(def, p) {
						read[v] = true
					}
				}
			}
		}
	}
	return out
}

// untrustedCallIn returns a call in f of a function of a contract at an
// address the caller controls, T(msg.sender).g() or T(param).g(), or nil.
// The grammar sometimes hangs ".g()" on an enclosing comparison
// ((a == T(x)).g()), so the cast only has to sit inside the called
// member's object.
func untrustedCallIn(f *Function) *Node {
	var found *Node
	f.Body.Walk(func(n *Node) bool {
		if found != nil || n.Kind != "call_expression" {
			return found == nil
		}
		cast := n.Child("function")
		args := argNodes(n)
		if cast == nil || cast.Kind != "identifier" || len(args) != 1 || f.Contract.Unit.lookup(cast.Text()) == nil {
			return true
		}
		if a := args[0]; !isSender(a) && !(a.Kind == "identifier" && f.Param(a.Text())) {
			return true
		}
		for c, p := n, n.Parent; p != nil && !strings.HasSuffix(p.Kind, "_statement"); c, p = p, p.Parent {
			if p.Kind == "member_expression" && c.Field == "object" && p.Parent != nil && p.Parent.Kind == "call_expression" && p.Field == "function" {
				// A view or pure function runs under STATICCALL from 0.5
				// on: it cannot change state on the way back in.
				if staticCalled(f, f.Contract.Unit.lookup(cast.Text()).Resolve(p.Child("property").Text(), len(argNodes(p.Parent)))) {
					break
				}
				found = p.Parent
				break
			}
		}
		return found == nil
	})
	return found
}

// placeholderStmt returns the "_;" statement of modifier m, or nil.
func placeholderStmt(m *Function) *Node {
	var found *Node
	m.Body.Walk(func(n *Node) bool {
		if found == nil && isPlaceholder(n) {
			found = n
		}
		return found == nil
	})
	return found
}

// onFailureOf reports whether w runs only when call failed: a guard of w
// requires the call's result, or the success flag it was stored in, to
// be false (if (!ok) balance[a] = v; if (!to.send(v)) {…}). A failed
// call took its callee's re-entry down with it, so putting back what was
// debited before it is no write after a re-entrant call.
func onFailureOf(f *Function, call, w *Node) bool {
	for _, gd := range f.Guards(w) {
		if ok, success := successTest(call, gd.Cond); ok && gd.True != success {
			return true
		}
	}
	return false
}

// successTest reports whether condition c tests call's result: c is the
// call, or the local its success flag went into, possibly negated or
// compared with true or false. success is the value of c that means the
// call succeeded.
func successTest(call, c *Node) (ok, success bool) {
	flag := successLocal(call)
	c, success = unparen(c), true
	for c != nil {
		switch {
		case c.Kind == "unary_expression" && c.Operator() == "!" && len(c.Children) >= 2:
			c, success = unparen(c.Children[len(c.Children)-1]), !success
			continue
		case c.Kind == "binary_expression" && (c.Operator() == "==" || c.Operator() == "!="):
			// ok == false, ok != true
			l, r := unparen(c.Child("left")), unparen(c.Child("right"))
			if r != nil && (r.Text() == "true" || r.Text() == "false") {
				l, r = r, l
			}
			if l != nil && (l.Text() == "true" || l.Text() == "false") {
				if (l.Text() == "false") == (c.Operator() == "==") {
					success = !success
				}
				c = r
				continue
			}
		}
		break
	}
	return c != nil && (c == call || flag != "" && c.Kind == "identifier" && c.Text() == flag), success
}

// heldBy returns v and the locals of f holding a value read from it:
// derived ones (Function.Derived), and local arrays an entry of which is
// assigned one (amounts[i] = total - claimed[t][u]), and what is read
// from those in turn.
func heldBy(f *Function, v string) map[string]bool {
	from := map[string]bool{v: true}
	locals := f.Locals()
	for grew := true; grew; {
		grew = false
		for k := range f.Derived(func(n *Node) bool { return n.Kind == "identifier" && from[n.Text()] }) {
			if !from[k] {
				from[k], grew = true, true
			}
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "assignment_expression" {
				return true
			}
			l, r := n.Child("left"), n.Child("right")
			if l == nil || r == nil || l.Kind != "array_access" || !mentionsAny(r, from) {
				return true
			}
			if root := lvalueRoot(l); root != nil && locals[root.Text()] && !from[root.Text()] {
				from[root.Text()], grew = true, true
			}
			return true
		})
	}
	return from
}

// nextTurnOwnEntry reports a write w the call reaches only on a later
// turn of the innermost for loop holding both (w comes first in it), to
// an entry indexed by the loop's counter or by a local it picks (token =
// tokens[i]): each turn settles its own entry before its own call
// (ledger[users[i]] = 0; users[i].call{value: v}("")), or before a helper
// it hands what the entry held (_pay(token, to, owed)); or the entry books
// what the turn pays (paidOut[t] += owed). A callee re-entering finds its
// own entry already settled.
func nextTurnOwnEntry(f *Function, call *Node, wr Write) bool {
	w := wr.Node
	if w.Start >= call.Start {
		return false
	}
	// The call pays what the entry held (money = ledger[u]), not a sum
	// the settled entry does not bound: the value of a low-level call, or
	// an argument of a helper that pays (_transferOut(t, to, owed[i])).
	var paid []*Node
	if c := lowLevelCall(call); c != nil {
		if c.ValueArg == nil {
			return false
		}
		paid = []*Node{c.ValueArg}
	} else {
		paid = argNodes(call)
	}
	// Or the entry books the payment: lastBalance[t] -= owed.
	from := heldBy(f, wr.Var)
	var books map[string]bool
	if r := w.Child("right"); r != nil {
		books = map[string]bool{}
		r.Walk(func(n *Node) bool {
			if n.Kind == "identifier" && f.Locals()[n.Text()] {
				books[n.Text()] = true
			}
			return true
		})
	}
	pays := false
	for _, a := range paid {
		pays = pays || mentionsAny(a, from) || len(books) > 0 && mentionsAny(a, books)
	}
	if !pays {
		return false
	}
	for loop := call.Parent; loop != nil; loop = loop.Parent {
		switch loop.Kind {
		case "while_statement", "do_while_statement", "function_definition", "modifier_definition":
			return false
		case "for_statement":
			if !loop.Contains(w) {
				return false
			}
			var counter *Node
			switch u := loop.Child("update"); {
			case u == nil:
			case u.Kind == "update_expression":
				counter = u.Child("argument")
			case u.Kind == "augmented_assignment_expression":
				counter = u.Child("left")
			}
			if counter == nil || counter.Kind != "identifier" {
				return false
			}
			// Indexed by the counter, or by a local read from an entry
			// the counter picks (token = tokens[i]).
			turn := f.Derived(func(n *Node) bool { return n.Kind == "identifier" && n.Text() == counter.Text() })
			turn[counter.Text()] = true
			for _, i := range indices(writtenBy(w)) {
				if i != nil && mentionsAny(i, turn) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// untrustedMemberCall reports whether call is a function call on a
// contract at an address the caller supplies: T(p).g(…) or p.g(…) for a
// parameter p (or msg.sender, or a state variable any caller may set:
// anyoneSets), not a low-level call (judged above) and
// not a callback ABI function (judged as a token callback).
func untrustedMemberCall(f *Function, call *Node) bool {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return false
	}
	switch fn.Child("property").Text() {
	case "call", "delegatecall", "staticcall", "value", "gas":
		return false
	case "send", "transfer":
		if len(argNodes(call)) == 1 {
			return false // ether to an address, judged by the limited rule
		}
	}
	if callbackABI[fn.Child("property").Text()] || f.libraryCall(call) {
		return false
	}
	obj := fn.Child("object")
	typ := ""
	if obj != nil && obj.Kind == "call_expression" {
		// T(x): a conversion to a contract or interface of the bundle.
		c := obj.Child("function")
		if c == nil || c.Kind != "identifier" || f.Contract.Unit.lookup(c.Text()) == nil || len(argNodes(obj)) != 1 {
			return false
		}
		typ, obj = c.Text(), argNodes(obj)[0]
	}
	obj = unwrapConversion(obj)
	switch {
	case obj == nil:
		return false
	case isSender(obj):
	case obj.Kind == "identifier" && f.Param(obj.Text()) && !f.IsState(obj.Text(), f.Locals()),
		// A contract held in state that any caller may replace
		// (set_target() without a guard): the caller supplies it too.
		obj.Kind == "identifier" && f.stateName(obj) && anyoneSets(f.Contract, obj.Text()):
		if typ == "" {
			typ = f.TypeOf(obj.Text())
			if f.Contract.Unit.lookup(typ) == nil {
				return false // not a contract-typed parameter
			}
		}
	default:
		return false
	}
	if t := f.Contract.Unit.lookup(typ); t != nil && staticCalled(f, t.Resolve(fn.Child("property").Text(), len(argNodes(call)))) {
		return false
	}
	return true
}

// relaysCall reports whether call, a call of a function of a contract
// the bundle defines (acct.payOut(to, v) on a ManagedAccount), runs a
// callee that makes an unlimited low-level call to an address given as
// one of its parameters, where f passes an address its caller chose (the
// caller, a parameter, what another contract returned): the callee
// relays control to it, and it can re-enter f's contract.
func relaysCall(f *Function, call *Node) bool {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "member_expression" || f.libraryCall(call) {
		return false
	}
	t := receiverType(fn.Child("object"), f)
	if t == nil || t.Kind != "contract" || t == f.Contract {
		return false
	}
	args := argNodes(call)
	g := t.Resolve(fn.Child("property").Text(), len(args))
	if g == nil || g.Body == nil || locked(g) {
		return false
	}
	for _, c := range g.LowLevelCalls() {
		if c.Kind != "call" || !c.Invoked || c.GasLimit > 0 && c.GasLimit <= 2300 || c.Target == nil {
			continue
		}
		for i, p := range g.Params {
			if i >= len(args) || p.Name == "" || !mentionsAny(c.Target, map[string]bool{p.Name: true}) {
				continue
			}
			if f.Taint(args[i]).Has(FromSender | FromParam | FromCall) {
				return true
			}
		}
	}
	return false
}

// makesOpenCall reports whether g makes an invoked low-level call, or
// calls an internal function that does, depth calls further down, with
// no reentrancy lock on the way: leave() -> settle() -> payOut() ->
// to.call.value(v)() hands control out from leave() as surely as a call
// written in it. The gas stipend of a limit of 2,300 or less keeps
// control in (SOL-REENTRANCY-LIMITED's).
func makesOpenCall(g *Function, depth int) bool {
	for _, c := range g.LowLevelCalls() {
		if c.Kind == "call" && c.Invoked && !(c.GasLimit > 0 && c.GasLimit <= 2300) {
			return true
		}
	}
	if depth == 0 {
		return false
	}
	found := false
	g.Body.Walk(func(n *Node) bool {
		if found || n.Kind != "call_expression" {
			return !found
		}
		if h := g.internalCallee(n); h != nil && h != g && h.Body != nil && h.Kind == "function" && !locked(h) {
			found = makesOpenCall(h, depth-1)
		}
		return !found
	})
	return found
}

// relays reports whether g makes a call relaysCall reports.
func relays(g *Function) bool {
	found := false
	g.Body.Walk(func(n *Node) bool {
		if !found && n.Kind == "call_expression" && relaysCall(g, n) {
			found = true
		}
		return !found
	})
	return found
}

// staticCalled reports whether f's compiler calls g, a function of
// another contract's type, with STATICCALL: g is view or pure and the
// code is 0.5 or later (0.4 used CALL). The callee cannot change state
// then, so it cannot re-enter to any effect.
func staticCalled(f *Function, g *Function) bool {
	return g != nil && (g.Mutability == "view" || g.Mutability == "pure") && !f.Contract.Unit.Version.Before(5, 0)
}

// writtenVars returns the state variables h writes, directly or through
// its internal calls, depth levels deep.
func writtenVars(h *Function, depth int) []string {
	var out []string
	for _, w := range h.StateWrites() {
		out = append(out, w.Var)
	}
	if depth == 0 {
		return out
	}
	h.Body.Walk(func(n *Node) bool {
		if n.Kind == "call_expression" {
			if g := h.internalCallee(n); g != nil && g != h && g.Body != nil {
				out = append(out, writtenVars(g, depth-1)...)
			}
		}
		return true
	})
	return out
}

// readBefore returns the state variables f's body mentions before call.
func readBefore(f *Function, call *Node) map[string]bool {
	read := map[string]bool{}
	locals := f.Locals()
	mark := func(n *Node) bool {
		if n.Kind == "identifier" && f.IsState(n.Text(), locals) {
			read[f.StateKey(n)] = true
		}
		return true
	}
	f.Body.Walk(func(n *Node) bool {
		if n == call {
			// Its arguments are evaluated before it runs: t.transfer(to,
			// balance[to]) reads balance[to] first.
			for _, a := range argNodes(call) {
				a.Walk(mark)
			}
			return false
		}
		if n.Start >= call.Start && !n.Contains(call) {
			return false
		}
		return mark(n)
	})
	return read
}

// consultedBefore is readBefore with the state f consults through
// getters before call: view functions of the contract (balanceOf(a),
// totalSupply()), two calls deep, and, in a contract with a base outside
// the bundle, an internal call the bundle cannot resolve (an inherited
// getter, standing for inheritedState; not an inherited safe mint). A
// getter the call reaches (a check inside the loop) is asked again after
// the callback, so it reads no stale state.
func consultedBefore(f *Function, g *CFG, call *Node) map[string]bool {
	read := readBefore(f, call)
	f.Body.Walk(func(n *Node) bool {
		if n.Start >= call.Start {
			return false
		}
		if n.Kind != "call_expression" || g.ReachableFrom(call, n) {
			return true
		}
		if h := f.internalCallee(n); h != nil && h != f && h.Body != nil {
			if h.Mutability == "view" || h.Mutability == "pure" {
				for _, v := range readVars(h, 2) {
					read[v] = true
				}
			}
		} else if inheritedCall(f, n) && !callbackInternal[calleeName(n)] {
			read[inheritedState] = true
		}
		return true
	})
	return read
}

// readVars returns the state variables h's body names, directly or
// through its internal calls, depth levels deep.
func readVars(h *Function, depth int) []string {
	var out []string
	locals := h.Locals()
	h.Body.Walk(func(n *Node) bool {
		switch {
		case n.Kind == "identifier" && n.Field != "property" && h.IsState(n.Text(), locals):
			out = append(out, h.StateKey(n))
		case n.Kind == "call_expression" && depth > 0:
			if g := h.internalCallee(n); g != nil && g != h && g.Body != nil {
				out = append(out, readVars(g, depth-1)...)
			}
		}
		return true
	})
	return out
}

// inheritedState stands for the state of bases outside the bundle (an
// imported token implementation): read by a call of an inherited getter,
// written by an inherited safe mint.
const inheritedState = "(inherited)"

// inheritedCall reports a call g(…) of an internal function the bundle
// does not define, in a contract inheriting from a base the bundle does
// not hold: not a builtin, a local function value, or a conversion to a
// contract, interface or struct type.
func inheritedCall(f *Function, n *Node) bool {
	fn := n.Child("function")
	if fn == nil || fn.Kind != "identifier" || f.internalCallee(n) != nil || !unresolvedBase(f.Contract) {
		return false
	}
	name := fn.Text()
	if builtinFuncs[name] || f.Contract.Unit.lookup(name) != nil || f.Contract.IsStruct(name) || f.Param(name) || f.Locals()[name] {
		return false
	}
	// T(x).g(): a conversion to a type the bundle lacks.
	if p := n.Parent; p != nil && p.Kind == "member_expression" && n.Field == "object" {
		return false
	}
	return n.Ancestor("emit_statement") == nil && n.Ancestor("revert_statement") == nil
}

// unresolvedBase reports whether c, or one of its bases, names a base
// the bundle does not hold.
func unresolvedBase(c *Contract) bool {
	for _, x := range c.Lineage() {
		for _, b := range x.BaseNames {
			if x.Unit.lookup(b) == nil {
				return true
			}
		}
	}
	return false
}

// inheritedCallback reports a call of an inherited function (inheritedCall)
// that the token standards' implementations make call the receiver's
// hook: a safe transfer or safe mint of ERC-721 or ERC-1155.
func inheritedCallback(f *Function, n *Node) bool {
	return inheritedCall(f, n) && callbackInternal[calleeName(n)]
}

// inlineLock reports whether f guards call with a lock written in its own
// body: a state variable read by a condition before the call, written
// before the call and written again after it.
func inlineLock(f *Function, g *CFG, call *Node) bool {
	before, after := map[string]bool{}, map[string]bool{}
	for _, w := range f.StateWrites() {
		switch {
		case g.ReachableFrom(w.Node, call):
			before[w.Var] = true
		case g.ReachableFrom(call, w.Node):
			after[w.Var] = true
		}
	}
	for _, gd := range f.Guards(call) {
		found := false
		gd.Cond.Walk(func(x *Node) bool {
			if x.Kind == "identifier" && before[x.Text()] && after[x.Text()] {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// reachedLocked reports whether f is an internal or private function
// every call of which in the bundle is made from a locked function, or
// from one itself so reached (depth calls up): it never runs outside the
// lock, so a callback it makes cannot re-enter what the lock guards.
func reachedLocked(f *Function, depth int) bool {
	if f.Kind != "function" || f.Visibility != "internal" && f.Visibility != "private" || depth == 0 {
		return false
	}
	cs := f.callers()
	if len(cs) == 0 {
		return false
	}
	for _, c := range cs {
		if c.fn == nil || c.fn == f {
			return false
		}
		if !locked(c.fn) && !reachedLocked(c.fn, depth-1) {
			return false
		}
	}
	return true
}

// locked reports whether f holds a reentrancy lock: a modifier that,
// before "_", checks and writes storage and, after it, writes storage
// again (the flag set and cleared), directly or through helpers; judged
// by what it does, whatever its name. A modifier not in the bundle is
// taken as a lock: what it does is unknown.
func locked(f *Function) bool {
	for _, m := range f.Modifiers {
		def := f.Contract.Modifier(m.FirstKind("identifier").Text())
		if def == nil || def.Body != nil && isLock(def) {
			return true
		}
	}
	return false
}

func isLock(m *Function) bool {
	var place *Node
	m.Body.Walk(func(n *Node) bool {
		if place == nil && n.Kind == "expression_statement" && n.Text() == "_;" {
			place = n
		}
		return place == nil
	})
	if place == nil {
		return false
	}
	checks, setBefore, setAfter := false, false, false
	for _, w := range m.StateWrites() {
		if w.Node.End <= place.Start {
			setBefore = true
		} else if w.Node.Start >= place.End {
			setAfter = true
		}
	}
	m.Body.Walk(func(n *Node) bool {
		before, after := n.End <= place.Start, n.Start >= place.End
		switch n.Kind {
		case "revert_statement":
			checks = checks || before
		case "assignment_expression":
			if storagePointerWrite(n) {
				setBefore, setAfter = setBefore || before, setAfter || after
			}
		case "call_expression":
			switch calleeName(n) {
			case "require", "assert", "revert":
				checks = checks || before
			}
			if h := m.internalCallee(n); h != nil && h.Body != nil {
				if writesStorage(h, 3) {
					setBefore, setAfter = setBefore || before, setAfter || after
				}
				if before && canRevert(h) {
					checks = true
				}
			}
		}
		return true
	})
	return checks && setBefore && setAfter
}

// storagePointerWrite reports x.f = v where x is a call's result (a
// storage slot handed back by a library: StorageSlot.getUint256Slot(s)).
func storagePointerWrite(n *Node) bool {
	l := n.Child("left")
	for l != nil && l.Kind == "member_expression" {
		l = l.Child("object")
	}
	return l != nil && l.Kind == "call_expression"
}

// writesStorage reports whether h writes storage: a state variable, a
// storage pointer returned by a call, sstore/tstore in assembly, or
// through its internal calls, depth levels deep.
func writesStorage(h *Function, depth int) bool {
	return h.Reaches(depth, func(g *Function) bool {
		if len(g.StateWrites()) > 0 {
			return true
		}
		found := false
		g.Body.Walk(func(n *Node) bool {
			switch n.Kind {
			case "assignment_expression":
				found = found || storagePointerWrite(n)
			case "assembly_statement":
				t := n.Text()
				found = found || strings.Contains(t, "sstore(") || strings.Contains(t, "tstore(")
			}
			return !found
		})
		return found
	})
}

// canRevert reports whether h contains a revert, require or assert.
func canRevert(h *Function) bool {
	g := h.CFG()
	return len(g.Revert.Preds) > 0
}

// callbackABI are the standard token functions that hand control to the
// receiver (ERC-721, ERC-1155, ERC-777): the ABI names a detector may key
// on (see bench.Rename).
var callbackABI = map[string]bool{
	"safeTransferFrom": true, "safeBatchTransferFrom": true, "onERC721Received": true,
	"onERC1155Received": true, "onERC1155BatchReceived": true, "tokensReceived": true, "tokensToSend": true,
}

// callbackInternal are the functions through which the standard token
// implementations (ERC-721, ERC-1155) call the receiver's hook
// (onERC721Received, onERC1155Received): the public safe transfers and
// their internal forms, safe mints included. Judged by these standard
// names only when the bundle lacks the body (an imported base).
var callbackInternal = map[string]bool{
	"safeTransferFrom": true, "safeBatchTransferFrom": true,
	"_safeMint": true, "_safeTransfer": true, "_safeTransferFrom": true, "_safeBatchTransferFrom": true,
}

// callsBack reports whether call hands control to a token receiver: a
// member call of a callback ABI function, a transfer of an ERC-777 token
// (erc777Transfer), or an internal or library function that makes one,
// depth levels deep; an inherited safe mint or transfer the bundle does
// not define counts by its standard name.
func callsBack(f *Function, call *Node, depth int) bool {
	fn := call.Child("function")
	if fn == nil {
		return false
	}
	if fn.Kind == "member_expression" && callbackABI[fn.Child("property").Text()] {
		// IERC20(t).safeTransferFrom(…) is SafeERC20's: judged below by
		// what the library does, when the bundle holds it.
		if obj := fn.Child("object").Text(); obj != "super" && obj != "this" && !f.attachedByUsing(fn.Child("object"), fn.Child("property").Text()) {
			return true
		}
	}
	if erc777Transfer(f, call) || inheritedCallback(f, call) {
		return true
	}
	if depth == 0 {
		return false
	}
	h := f.internalCallee(call)
	if h == nil {
		h = f.libraryCallee(call)
	}
	if h == nil || h == f || h.Body == nil {
		return false
	}
	found := false
	h.Body.Walk(func(n *Node) bool {
		if !found && n.Kind == "call_expression" && callsBack(h, n, depth-1) {
			found = true
		}
		return !found
	})
	return found
}

// erc777Transfer reports a token transfer that runs the ERC-777 hooks
// (tokensToSend on the holder, tokensReceived on the recipient): an
// ERC-20 transfer or transferFrom, or an ERC-777 send or operatorSend,
// on a token that is ERC-777 by its ABI (its type, in the bundle,
// declares operatorSend, authorizeOperator or granularity), or made by
// a contract that implements an ERC-777 hook itself (it takes ERC-777
// tokens, so the tokens it moves are ERC-777).
func erc777Transfer(f *Function, call *Node) bool {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return false
	}
	obj := fn.Child("object")
	if t := obj.Text(); t == "super" || t == "this" {
		return false
	}
	switch name, args := fn.Child("property").Text(), len(argNodes(call)); {
	case name == "send" && args == 3, name == "operatorSend" && args == 5:
	case tokenTransfer(f, call):
	default:
		return false
	}
	if t := receiverType(obj, f); t != nil {
		for _, x := range t.Linearization() {
			for _, g := range x.Functions {
				switch g.Name {
				case "operatorSend", "authorizeOperator", "granularity":
					return true
				}
			}
		}
	}
	for _, x := range f.Contract.Linearization() {
		for _, g := range x.Functions {
			if g.Body != nil && (g.Name == "tokensReceived" || g.Name == "tokensToSend") {
				return true
			}
		}
	}
	return false
}
