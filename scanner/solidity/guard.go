package solidity

import (
	"regexp"
	"strings"
)

// Guard facts and function summaries of the analysis layer.
//
// A guard of a statement is a branch condition every path to it passes
// with a known outcome: require(c) before it, if (c) around it, if (!c)
// revert() before it, a modifier's require placed before "_", a ternary's
// condition around an arm. Guards come from dominance on the CFG, so a
// modifier is recognised by what it checks, wherever its "_" sits, and a
// modifier that checks nothing protects nothing.
//
// A caller check is a guard that compares msg.sender (tx.origin,
// _msgSender()) with contract state or looks the caller up in it
// (owner == msg.sender, admins[msg.sender], hasRole(r, msg.sender)), or a
// call of an internal function whose summary checks the caller.

// Guard is one condition known to hold (True) or fail (!True) at a point.
type Guard struct {
	Cond *Node
	True bool
}

// Guards returns the conditions that dominate n in f's CFG (modifiers
// inlined), nearest first.
func (f *Function) Guards(n *Node) []Guard {
	g := f.CFG()
	return g.guardsAt(g.BlockOf(n))
}

func (g *CFG) guardsAt(b *Block) []Guard {
	if b == nil || !g.Reachable(b) {
		return nil
	}
	var out []Guard
	// Walk up the dominator tree; an arm whose only predecessor is a
	// branch is entered with that branch's outcome known.
	for x := b; x != nil; x = g.idom[x.ID] {
		if len(x.Preds) != 1 {
			continue
		}
		p := x.Preds[0]
		if p.Cond == nil || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
			continue
		}
		out = append(out, Guard{Cond: p.Cond, True: p.Succs[0] == x})
	}
	return out
}

// Reaches reports whether p holds for f or for a function f calls
// internally or in a library of the bundle (directly or through its
// callees), depth calls deep.
func (f *Function) Reaches(depth int, p func(*Function) bool) bool {
	if f == nil || f.Body == nil {
		return false
	}
	if p(f) {
		return true
	}
	if depth == 0 {
		return false
	}
	found := false
	f.Body.Walk(func(n *Node) bool {
		if !found && n.Kind == "call_expression" {
			g := f.internalCallee(n)
			if g == nil {
				g = f.libraryCallee(n) // code of the bundle's libraries runs here too
			}
			if g != nil && g != f {
				found = g.Reaches(depth-1, p)
			}
		}
		return !found
	})
	return found
}

// Comparison is an equality the guards of a statement establish: Left
// equals Right when Equal is set, differs from it otherwise.
type Comparison struct {
	Left, Right *Node
	Equal       bool
}

// KnownComparisons returns the comparisons that hold at n: a guard a == b
// that holds, or a != b that fails, gives Equal; a == b failing or a != b
// holding gives a difference.
func (f *Function) KnownComparisons(n *Node) []Comparison {
	var out []Comparison
	for _, g := range f.Guards(n) {
		c := g.Cond
		for c.Kind == "parenthesized_expression" && len(c.Children) == 1 {
			c = c.Children[0]
		}
		if c.Kind != "binary_expression" {
			continue
		}
		op := c.Operator()
		l, r := c.Child("left"), c.Child("right")
		if op != "==" && op != "!=" || l == nil || r == nil {
			continue
		}
		out = append(out, Comparison{Left: l, Right: r, Equal: (op == "==") == g.True})
	}
	return out
}

// checksCaller reports whether condition c, known to have evaluated to
// outcome on the way to a statement, restricts the caller (see
// callerCheck), following internal helpers' summaries.
func (f *Function) checksCaller(c *Node, outcome bool) bool { return f.restricts(c, outcome, true) }

// directCallerCheck is checksCaller without following summaries (they
// are built bottom-up from it).
func (f *Function) directCallerCheck(c *Node, outcome bool) bool {
	return f.restricts(c, outcome, false)
}

// restricts reports whether condition c, having evaluated to outcome,
// admits only callers checked against contract state. The polarity
// matters: require(msg.sender == owner) admits the owner, require(
// msg.sender != owner) everyone but the owner, if (banned[msg.sender])
// revert() everyone not banned, require(members[msg.sender] != 0) the
// members and require(members[msg.sender] == 0) everyone else. Negation
// flips it; a && b holding needs one side to restrict, failing needs
// both; a || b the other way round.
func (f *Function) restricts(c *Node, outcome, follow bool) bool {
	return restrictsBy(c, outcome, func(x *Node) bool { return f.callerCheck(x, follow) })
}

// restrictsBy is restricts with check deciding whether a condition,
// holding, is a caller check.
func restrictsBy(c *Node, outcome bool, check func(*Node) bool) bool {
	c = unparen(c)
	if c == nil {
		return false
	}
	switch c.Kind {
	case "unary_expression":
		if c.Operator() == "!" && len(c.Children) >= 2 {
			return restrictsBy(c.Children[len(c.Children)-1], !outcome, check)
		}
	case "binary_expression":
		l, r := c.Child("left"), c.Child("right")
		switch c.Operator() {
		case "&&":
			if outcome {
				return restrictsBy(l, true, check) || restrictsBy(r, true, check)
			}
			return restrictsBy(l, false, check) && restrictsBy(r, false, check)
		case "||":
			if outcome {
				return restrictsBy(l, true, check) && restrictsBy(r, true, check)
			}
			return restrictsBy(l, false, check) || restrictsBy(r, false, check)
		case "==", "!=":
			// A caller's entry compared with zero (m[msg.sender] != 0,
			// isOwner(msg.sender) == false): "is zero" holding admits
			// those the list leaves out, failing admits its members. The
			// caller itself against zero keeps the identity reading.
			if zeroValue(unparen(l)) != zeroValue(unparen(r)) && !isSender(unparen(l)) && !isSender(unparen(r)) {
				isZero := outcome == (c.Operator() == "==")
				return !isZero && check(c)
			}
			if c.Operator() == "!=" {
				return !outcome && check(c)
			}
		}
	}
	return outcome && check(c)
}

// callerParams returns the indices of h's parameters the caller is
// compared with on every path to h's exit: requireAdmin(Job memory job)
// { if (msg.sender != job.admin) revert(); }. A call of h checks the
// caller when what it passes there is an authority (checksCallerWith).
func (h *Function) callerParams() []int {
	return h.paramsGuarding(func(c *Node, p Param) bool { return h.comparesCallerWith(c, p.Name) })
}

// subjectParams returns the indices of h's parameters that h checks
// against contract state as it would check the caller, on every path to
// h's exit: _checkRole(role, account) { if (!hasRole(role, account))
// revert(); }, the helper behind AccessControl's onlyRole. A call of h
// handing the caller there checks the caller (checksCallerWith).
func (h *Function) subjectParams() []int {
	return h.paramsGuarding(func(c *Node, p Param) bool {
		return h.Contract.IsValueType(p.Type) && h.checksSubject(c, p.Name)
	})
}

// paramsGuarding returns the indices of h's named parameters for which
// a guard of h's exit (its own, not an inlined modifier's) restricts by
// check, on every path to the exit.
func (h *Function) paramsGuarding(check func(c *Node, p Param) bool) []int {
	if h.Body == nil || len(h.Params) == 0 {
		return nil
	}
	g := h.CFG()
	if !g.Reachable(g.Exit) {
		return nil
	}
	var out []int
	for i, p := range h.Params {
		if p.Name == "" {
			continue
		}
		for _, gd := range g.guardsAt(g.Exit) {
			if h.guardOwner(gd) == h && restrictsBy(gd.Cond, gd.True, func(c *Node) bool { return check(c, p) }) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// checksSubject reports whether condition c, holding, admits parameter
// name only when contract state vouches for it, as callerCheck does for
// the caller: compared with an authority, looked up in a state mapping
// other than for an amount, or handed to an internal function reading
// state whose answer is the truth value (hasRole(role, account)).
func (h *Function) checksSubject(c *Node, name string) bool {
	isSubject := func(n *Node) bool {
		n = unwrapConversion(n)
		return n != nil && n.Kind == "identifier" && n.Text() == name && !h.IsState(name, h.Locals())
	}
	found := false
	c.Walk(func(n *Node) bool {
		if found {
			return false
		}
		switch n.Kind {
		case "binary_expression":
			if op := n.Operator(); op == "==" || op == "!=" {
				l, r := n.Child("left"), n.Child("right")
				found = isSubject(l) && h.authority(r) || isSubject(r) && h.authority(l)
			}
		case "array_access":
			root := lookupRoot(n)
			found = isSubject(n.Child("index")) && root != nil && h.stateName(root) && !amountUse(n)
		case "call_expression":
			if g := h.internalCallee(n); g != nil && g != h && g.Body != nil && truthUse(n) && readsState(g) {
				for _, a := range argNodes(n) {
					found = found || isSubject(a)
				}
			}
		}
		return !found
	})
	return found
}

// comparesCallerWith reports whether condition c compares the caller
// for equality with parameter name, a field or an entry of it.
func (h *Function) comparesCallerWith(c *Node, name string) bool {
	found := false
	c.Walk(func(n *Node) bool {
		if found || n.Kind != "binary_expression" {
			return !found
		}
		if op := n.Operator(); op == "==" || op == "!=" {
			l, r := n.Child("left"), n.Child("right")
			for _, side := range [][2]*Node{{l, r}, {r, l}} {
				if root := lvalueRoot(side[1]); h.senderExpr(side[0]) && root != nil && root.Text() == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// callChecksCaller reports whether call, of f's internal helper h, checks
// the caller: h's summary says so, or h checks it against what the call
// passes.
func (f *Function) callChecksCaller(call *Node, h *Function) bool {
	return h.Summary().ChecksCaller || f.checksCallerWith(call, h)
}

// checksCallerWith reports whether call, of the internal helper h, checks
// the caller against what it passes: h compares the caller with one of
// its parameters (callerParams) and the argument there is an authority
// (job = jobs[id]; requireAdmin(job)), or h checks one of its parameters
// against state (subjectParams) and the argument there is the caller
// (_checkRole(role, msg.sender)).
func (f *Function) checksCallerWith(call *Node, h *Function) bool {
	if f.internalCallee(call) != h {
		return false // a library's bound first argument shifts them
	}
	args := argNodes(call)
	for _, i := range h.callerParams() {
		if i < len(args) && f.authority(args[i]) {
			return true
		}
	}
	for _, i := range h.subjectParams() {
		if i < len(args) && f.senderExpr(args[i]) {
			return true
		}
	}
	return false
}

// callerCheck reports whether condition c restricts who may call: the
// caller (msg.sender or tx.origin, a local holding it, or an internal
// function that returns it, like Context's _msgSender) compared for
// equality with an authority (state, this, an internal call's result; not
// a literal, a parameter, or the caller itself: msg.sender == tx.origin
// is an EOA check); the caller looked
// up in a state mapping other than for an amount (admins[msg.sender],
// not balances[msg.sender] >= v); the caller passed to an internal
// function that reads state (hasRole(r, msg.sender)); or, when follow is
// set, a call of an internal function whose summary checks the caller.
func (f *Function) callerCheck(c *Node, follow bool) bool { return f.callerCheckIn(c, follow, true) }

// callerCheckIn is callerCheck; returns also admits a call of a helper
// whose returns are caller checks (require(isOwner())), looked at one
// helper deep.
func (f *Function) callerCheckIn(c *Node, follow, returns bool) bool {
	c = unparen(c)
	if c == nil {
		return false
	}
	// a || b lets anyone through whom either side admits: both must check
	// the caller. a && b needs one.
	if c.Kind == "binary_expression" {
		switch c.Operator() {
		case "||":
			return f.callerCheckIn(c.Child("left"), follow, returns) && f.callerCheckIn(c.Child("right"), follow, returns)
		case "&&":
			return f.callerCheckIn(c.Child("left"), follow, returns) || f.callerCheckIn(c.Child("right"), follow, returns)
		}
	}
	found := false
	c.Walk(func(n *Node) bool {
		if found {
			return false
		}
		switch n.Kind {
		case "binary_expression":
			if op := n.Operator(); op == "==" || op == "!=" {
				l, r := n.Child("left"), n.Child("right")
				if f.senderExpr(l) && f.authority(r) || f.senderExpr(r) && f.authority(l) {
					found = true
				}
				// An argument-less internal call the bundle does not
				// define (_msgSender() of a Context, owner() of an
				// Ownable, skipped with the dependencies) compared with
				// contract state: it may be the caller, and guessing it is
				// not would be the false positive users see (like an
				// unresolved modifier).
				if f.unresolvedGetter(l) && f.authority(r) && !f.unresolvedGetter(r) || f.unresolvedGetter(r) && f.authority(l) && !f.unresolvedGetter(l) {
					found = true
				}
				// The caller mapped by a pure function of it (an L1
				// sender's L2 alias: undoAlias(msg.sender) == messenger):
				// only the senders it maps there pass.
				if f.senderImage(l) && f.authority(r) || f.senderImage(r) && f.authority(l) {
					found = true
				}
				// msg.sender == address(0) admits no transaction, only an
				// off-chain call (a proxy's owner check that lets eth_call
				// through): it restricts as much as any check.
				if op == "==" && (f.senderExpr(l) && zeroAddr.MatchString(dropSpace(r.Text())) || f.senderExpr(r) && zeroAddr.MatchString(dropSpace(l.Text()))) {
					found = true
				}
			}
		case "array_access":
			if f.callerLookup(n) && !amountUse(n) {
				found = true
			}
		case "identifier":
			// A local holding the caller's entry (uint i =
			// index[msg.sender]; if (i == 0) return), judged by how the
			// whole access through it is used: l.unlockAt compared with
			// the time is an amount, l.active a membership.
			acc := n
			for acc.Parent != nil && (acc.Parent.Kind == "member_expression" && acc.Field == "object" || acc.Parent.Kind == "array_access" && acc.Field == "base") {
				acc = acc.Parent
			}
			if !amountUse(acc) {
				found = f.everyDef(n, func(d *Def) bool { return d.Value != nil && f.callerLookup(unparen(d.Value)) })
			}
		case "call_expression":
			if f.stateAsksAboutCaller(n) || f.unresolvedAsksAboutCaller(n) {
				found = true
				return false
			}
			h := f.internalCallee(n)
			if h == nil || h.Body == nil {
				return true
			}
			if follow && h != f && f.callChecksCaller(n, h) || returns && h != f && returnsCallerCheck(h) {
				found = true
				return false
			}
			for _, a := range argNodes(n) {
				if f.senderExpr(a) && readsState(h) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// stateAsksAboutCaller reports a call on contract state that asks about
// the caller, its answer used as a truth value: registrars.contains(
// msg.sender) of a set, acl.isAdmin(msg.sender) of an access-control
// contract the contract holds, provider.acl().isAdmin(msg.sender). The
// answer comes from state the caller does not write here. Moving tokens
// (transferFrom(msg.sender, …)) is a payment, not a question.
func (f *Function) stateAsksAboutCaller(call *Node) bool {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return false
	}
	switch fn.Child("property").Text() {
	case "transfer", "transferFrom", "approve", "send", "call", "delegatecall", "safeTransfer", "safeTransferFrom", "permit":
		return false
	}
	if !truthUse(call) {
		return false
	}
	if !f.authority(fn.Child("object")) {
		return false // asked of something the caller may have chosen
	}
	for _, a := range argNodes(call) {
		if f.senderExpr(a) {
			return true
		}
	}
	return false
}

// unresolvedAsksAboutCaller reports a call of a function the bundle does
// not define, inherited from a base left out of the scan with the
// dependencies (hasRole(role, msg.sender) of an AccessControl), handed
// the caller, its answer used as a truth value. Like an unresolved
// modifier it is taken to check the caller: what it checks is unknown,
// and guessing it checks nothing is the false positive users see.
func (f *Function) unresolvedAsksAboutCaller(call *Node) bool {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "identifier" || !truthUse(call) || !unresolvedBase(f.Contract) {
		return false
	}
	if f.internalCallee(call) != nil || f.Contract.Unit.lookup(fn.Text()) != nil || builtinCall[fn.Text()] || elementary.MatchString(fn.Text()) {
		return false
	}
	for _, a := range argNodes(call) {
		if f.senderExpr(a) {
			return true
		}
	}
	return false
}

// builtinCall names the global functions a condition may hand the caller
// to: none asks about it.
var builtinCall = map[string]bool{"require": true, "assert": true, "keccak256": true, "sha256": true, "ripemd160": true, "sha3": true, "ecrecover": true, "payable": true, "address": true}

// truthUse reports whether call's answer is used as a truth value: not
// compared as an amount or an identity, not the base of a member or an
// index.
func truthUse(call *Node) bool {
	if p := call.Parent; p != nil {
		switch p.Kind {
		case "binary_expression":
			if op := p.Operator(); op != "&&" && op != "||" {
				return false
			}
		case "member_expression", "array_access":
			return false
		}
	}
	return true
}

// returnsCallerCheck reports whether every return of g (a bool helper
// such as isOwner()) returns a caller check: require(isOwner()) then
// restricts like require(msg.sender == owner).
//
// A helper that returns false (or nothing) unless a caller check passed
// restricts the same way: confirm(op) { if (index[msg.sender] == 0)
// return false; …; return votes >= quorum; }. Every return of another
// value must sit under a branch on a caller check, and one must.
func returnsCallerCheck(g *Function) bool {
	if everyReturn(g, func(v *Node) bool { return g.callerCheckIn(v, false, false) }) {
		return true
	}
	rets := g.Body.FindAll("return_statement")
	some := false
	for _, r := range rets {
		v := r.NamedChildren()
		if len(v) == 0 || len(v) == 1 && unparen(v[0]).Text() == "false" {
			continue
		}
		if len(v) != 1 || !g.underCallerCheck(r) {
			return false
		}
		some = true
	}
	return some
}

// underCallerCheck reports whether a branch on a caller check, taken
// either way (like Guarded), dominates n in g.
func (g *Function) underCallerCheck(n *Node) bool {
	for _, gd := range g.Guards(n) {
		if g.callerCheckIn(gd.Cond, false, false) {
			return true
		}
	}
	return false
}

// everyReturn reports whether g has return statements and each returns
// one value that p accepts.
func everyReturn(g *Function, p func(*Node) bool) bool {
	rets := g.Body.FindAll("return_statement")
	if len(rets) == 0 {
		return false
	}
	for _, r := range rets {
		v := r.NamedChildren()
		if len(v) != 1 || !p(v[0]) {
			return false
		}
	}
	return true
}

// callerLookup reports a state mapping or array looked up by the caller:
// admins[msg.sender].
func (f *Function) callerLookup(n *Node) bool {
	if n == nil || n.Kind != "array_access" || !f.senderExpr(n.Child("index")) {
		return false
	}
	root := lookupRoot(n)
	return root != nil && f.stateName(root)
}

// senderExpr reports whether n evaluates to the caller.
func (f *Function) senderExpr(n *Node) bool {
	n = unwrapConversion(n) // uint(msg.sender), payable(msg.sender)
	if n == nil {
		return false
	}
	switch n.Kind {
	case "member_expression":
		// tx.origin counts as the caller: a check on it restricts (weakly;
		// SOL-TX-ORIGIN reports the weakness), and msg.sender == tx.origin
		// compares the caller with itself, which authority rejects.
		o, p := n.Child("object").Text(), n.Child("property").Text()
		return o == "msg" && p == "sender" || o == "tx" && p == "origin"
	case "call_expression":
		h := f.internalCallee(n)
		return h != nil && h.Body != nil && len(h.Params) == 0 && returnsSender(h)
	case "identifier":
		return f.senderLocals()[n.Text()]
	}
	return false
}

// unresolvedGetter reports an argument-less call of an identifier the
// bundle does not define as an internal function (not a builtin).
func (f *Function) unresolvedGetter(n *Node) bool {
	if n == nil || n.Kind != "call_expression" || len(argNodes(n)) != 0 || f.internalCallee(n) != nil {
		return false
	}
	c := n.Child("function")
	return c != nil && c.Kind == "identifier" && c.Text() != "gasleft"
}

// returnsSender reports whether g's return statements all return
// msg.sender (Context's _msgSender).
func returnsSender(g *Function) bool {
	return everyReturn(g, func(v *Node) bool { return v.Kind == "member_expression" && v.Text() == "msg.sender" })
}

// senderLocals are the locals declared with the caller as value
// (address caller = _msgSender()).
func (f *Function) senderLocals() map[string]bool {
	m := map[string]bool{}
	if f.Body == nil {
		return m
	}
	f.Body.Walk(func(n *Node) bool {
		if n.Kind == "variable_declaration_statement" {
			if d, v := n.FirstKind("variable_declaration"), n.Child("value"); d != nil && v != nil && (v.Kind == "member_expression" && v.Text() == "msg.sender" || v.Kind == "call_expression" && f.senderExpr(v)) {
				m[d.Child("name").Text()] = true
			}
		}
		return true
	})
	return m
}

// authority reports whether n can stand for who is allowed: not a
// literal or zero address, not tx.origin, not made of parameters only.
func (f *Function) authority(n *Node) bool { return f.authorityIn(n, 2) }

// authorityIn is authority, following a local to the values its reaching
// definitions assign (owner = ownerOf[id]) and a parameter to what a
// guard before it equates it with (require(from == ownerOf[id])), depth
// steps deep.
func (f *Function) authorityIn(n *Node, depth int) bool {
	if n == nil || f.senderExpr(n) {
		return false
	}
	t := n.Text()
	if t == "tx.origin" || isLiteral(n) || zeroAddr.MatchString(dropSpace(t)) {
		return false
	}
	if t == "this" || t == "address(this)" {
		return true
	}
	ok := false
	n.Walk(func(x *Node) bool {
		switch x.Kind {
		case "identifier":
			if f.stateName(x) || depth > 0 && f.boundToAuthority(x, depth-1) || f.inheritedName(x) {
				ok = true
			}
		case "call_expression":
			// A function of the contract, or one it inherits from outside
			// the bundle (owner() of an imported Ownable): not a cast.
			// A library function of the bundle is the contract's own
			// code too (a pool address computed from the factory:
			// msg.sender == Library.pairFor(factory, a, b)).
			if h := f.internalCallee(x); h != nil || f.libraryCallee(x) != nil {
				ok = true
			} else if fn := x.Child("function"); fn != nil && fn.Kind == "identifier" && !elementary.MatchString(fn.Text()) && fn.Text() != "payable" && f.Contract.Unit.lookup(fn.Text()) == nil {
				ok = true
			}
		}
		return !ok
	})
	return ok
}

// boundToAuthority reports whether identifier x, a local or a parameter,
// holds an authority where it is read: every definition of the local
// reaching it assigns one, or a guard before it equates the parameter
// with one.
func (f *Function) boundToAuthority(x *Node, depth int) bool {
	name := x.Text()
	if f.Locals()[name] && !f.Param(name) {
		ds := f.Reaching().At(x)
		if len(ds) == 0 {
			return false
		}
		for _, d := range ds {
			v := d.Value
			if v == nil {
				v = d.Part // (, address o) = config(id): a result of the call
			}
			if v == nil || v.Contains(x) || !f.authorityIn(v, depth) {
				return false
			}
		}
		return true
	}
	if !f.Param(name) {
		return false
	}
	for _, c := range f.KnownComparisons(x) {
		if !c.Equal {
			continue
		}
		if c.Left.Text() == name && c.Right != nil && !c.Right.Contains(x) && f.authorityIn(c.Right, depth) ||
			c.Right.Text() == name && c.Left != nil && !c.Left.Contains(x) && f.authorityIn(c.Left, depth) {
			return true
		}
	}
	return false
}

var zeroAddr = regexp.MustCompile(`^address\((0x)?0+\)$`)

// outer returns n's parent past any parentheses around n.
func outer(n *Node) *Node {
	p := n.Parent
	for p != nil && p.Kind == "parenthesized_expression" {
		p = p.Parent
	}
	return p
}

// amountUse reports whether a mapping lookup is used as a number:
// compared by size or in arithmetic (a balance check, not a permission).
func amountUse(n *Node) bool {
	p := outer(n)
	if p == nil || p.Kind != "binary_expression" {
		return false
	}
	switch p.Operator() {
	case "&&", "||", "==", "!=":
		return false
	}
	return true
}

// stateName reports whether identifier n names a state variable of f's
// contract (and is not a parameter or local).
func (f *Function) stateName(n *Node) bool {
	if n.Field == "property" || n.Field == "function" {
		return false
	}
	return f.IsState(n.Text(), f.Locals())
}

func readsState(g *Function) bool {
	found := false
	g.Body.Walk(func(n *Node) bool {
		if !found && n.Kind == "identifier" && g.stateName(n) {
			found = true
		}
		return !found
	})
	return found
}

// internalCallee resolves a call of a function of the contract or its
// bases: f(…) or super.f(…), by name and arity, in linearised order.
func (f *Function) internalCallee(call *Node) *Function {
	fn := call.Child("function")
	if fn == nil {
		return nil
	}
	name := ""
	switch {
	case fn.Kind == "identifier":
		name = fn.Text()
	case fn.Kind == "member_expression" && fn.Child("object").Text() == "super":
		name = fn.Child("property").Text()
	default:
		return nil
	}
	if fn.Kind == "member_expression" {
		return f.Contract.ResolveSuper(f.Contract, name, argCount(call))
	}
	if g := f.Contract.Resolve(name, argCount(call)); g != nil {
		return g
	}
	return f.Contract.Unit.freeFunction(name, argCount(call))
}

// freeFunction resolves a call of a free function: the file's own first,
// then the bundle's, by name and arity; nil when none or several fit.
func (u *Unit) freeFunction(name string, arity int) *Function {
	var found *Function
	for _, g := range u.freeFns[name] {
		if len(g.Params) != arity {
			continue
		}
		if g.Contract.Unit == u {
			return g
		}
		if found != nil && found.Node != g.Node {
			return nil // two files define it: do not guess
		}
		found = g
	}
	return found
}

// libraryCall reports whether x.g(…) calls a function of a library in the
// bundle (using L for T, or L.g(…)).
func (f *Function) libraryCall(call *Node) bool {
	fn := call.Child("function")
	name := fn.Child("property").Text()
	for _, c := range f.Contract.Unit.bundle {
		if c.Kind != "library" {
			continue
		}
		for _, g := range c.Functions {
			if g.Name == name {
				return true
			}
		}
	}
	return false
}

// CallerChecked reports whether every path to n passes a caller check: a
// guard that checks the caller, or a statement calling an internal
// function whose summary checks it.
func (f *Function) CallerChecked(n *Node) bool {
	for _, gd := range f.Guards(n) {
		if f.guardOwner(gd).checksCaller(gd.Cond, gd.True) {
			return true
		}
	}
	g := f.CFG()
	b := g.BlockOf(n)
	if !g.Reachable(b) {
		return false
	}
	for x := b; x != nil; x = g.idom[x.ID] {
		for _, s := range x.Stmts {
			if x == b && s.Start >= n.Start {
				break
			}
			if s.Kind != "expression_statement" {
				continue
			}
			call := s.FirstKind("call_expression")
			owner := x.Func
			if owner == nil {
				owner = f
			}
			if call != nil {
				if h := owner.internalCallee(call); h != nil && owner.callChecksCaller(call, h) {
					return true
				}
			}
		}
	}
	return false
}

// guardOwner is the function or modifier whose source holds the guard's
// condition: its names resolve there.
func (f *Function) guardOwner(gd Guard) *Function {
	if b := f.CFG().at[gd.Cond]; b != nil && b.Func != nil {
		return b.Func
	}
	return f
}

// Summary is what a function does, including through the internal
// functions it calls.
type Summary struct {
	WritesState  bool
	ExternalCall bool // a call to another contract, low-level or typed
	SendsValue   bool
	ChecksCaller bool // a caller check dominates its normal exit
	// Destroys: it reaches a selfdestruct, a delegatecall or a callcode
	// (in code or assembly): whoever runs it can end or replace the code.
	Destroys bool
}

// Summary returns f's summary (memoised).
func (f *Function) Summary() Summary {
	f.sumOnce.Do(func() { f.sum = f.summarize(map[*Function]bool{}) })
	return f.sum
}

func (f *Function) summarize(seen map[*Function]bool) Summary {
	var s Summary
	if f.Body == nil || seen[f] || len(seen) > 16 {
		return s
	}
	seen[f] = true
	s.WritesState = len(f.StateWrites()) > 0 || len(storageParamWrites(f)) > 0
	for _, c := range f.LowLevelCalls() {
		if c.Invoked {
			s.ExternalCall = true
			if c.Value {
				s.SendsValue = true
			}
		}
	}
	g := f.CFG()
	if g.Reachable(g.Exit) {
		for _, gd := range g.guardsAt(g.Exit) {
			if f.guardOwner(gd).directCallerCheck(gd.Cond, gd.True) {
				s.ChecksCaller = true
			}
		}
	}
	for _, c := range f.LowLevelCalls() {
		if c.Invoked && (c.Kind == "delegatecall" || c.Kind == "callcode") {
			s.Destroys = true
		}
	}
	f.Body.Walk(func(n *Node) bool {
		if n.Kind == "assembly_statement" {
			if asmDestroy.MatchString(n.Text()) {
				s.Destroys = true
			}
			for _, m := range asmCall.FindAllStringSubmatch(n.Text(), -1) {
				s.ExternalCall = true
				if v := strings.TrimSpace(m[1]); v != "0" {
					s.SendsValue = true
				}
			}
			return false
		}
		if n.Kind != "call_expression" {
			return true
		}
		if name := calleeName(n); name == "selfdestruct" || name == "suicide" {
			s.Destroys = true
		}
		h := f.internalCallee(n)
		if h == nil {
			h = f.libraryCallee(n)
		}
		if h != nil && h != f {
			hs := h.summarize(seen)
			s.Destroys = s.Destroys || hs.Destroys
			s.WritesState = s.WritesState || hs.WritesState
			s.ExternalCall = s.ExternalCall || hs.ExternalCall
			s.SendsValue = s.SendsValue || hs.SendsValue
			// A helper that checks the caller and is called on every
			// path (as a statement of its own, dominating the exit).
			if (hs.ChecksCaller || f.checksCallerWith(n, h)) && n.Parent != nil && n.Parent.Kind == "expression_statement" && g.Reachable(g.Exit) && g.Dominates(g.BlockOf(n), g.Exit) {
				s.ChecksCaller = true
			}
		} else if h == nil && isExternalMemberCall(n) && !f.libraryCall(n) {
			s.ExternalCall = true
		}
		return true
	})
	return s
}

// isExternalMemberCall reports a call x.g(…) on another contract: the
// object is not a library, super or this-less built-in.
func isExternalMemberCall(n *Node) bool {
	fn := n.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return false
	}
	switch fn.Child("object").Text() {
	case "super", "abi", "msg", "block", "tx", "string", "bytes", "type":
		return false
	}
	switch fn.Child("property").Text() {
	case "push", "pop", "length", "encode", "encodePacked", "decode":
		return false
	}
	return true
}

// lookupRoot is lvalueRoot for a mapping lookup in a condition; the
// grammar parses !m[k] as (!m)[k], so a negation on the base is skipped.
func lookupRoot(n *Node) *Node {
	base := n.Child("base")
	for base != nil && base.Kind == "unary_expression" && base.Operator() == "!" {
		base = base.Child("argument")
	}
	if base == nil {
		return nil
	}
	return lvalueRoot(base)
}

// asmCall matches an assembly call(gas, to, value, …), capturing value.
// asmDestroy is a selfdestruct, delegatecall or callcode in assembly.
var asmDestroy = regexp.MustCompile(`\b(selfdestruct|delegatecall|callcode)\(`)

var asmCall = regexp.MustCompile(`\bcall\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*[^,]+,\s*([^,]+),`)

// libraryCallee resolves L.g(…), and x.g(…) through a using-for
// directive, to function g of a library in the bundle.
func (f *Function) libraryCallee(call *Node) *Function {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return nil
	}
	name, arity := fn.Child("property").Text(), argCount(call)
	if l := f.Contract.Unit.lookup(fn.Child("object").Text()); l != nil && l.Kind == "library" {
		return l.Resolve(name, arity)
	}
	// x.g(…) through using L for T: L.g(x, …), the libraries attached by
	// the contract's directives, inherited ones included (the grammar
	// drops file-level directives). The library function is found by name
	// and arity; the type is not checked.
	var libs []string
	for _, c := range f.Contract.Linearization() {
		libs = append(libs, c.Using...)
	}
	for _, ln := range libs {
		if l := f.Contract.Unit.lookup(ln); l != nil && l.Kind == "library" {
			if g := l.Resolve(name, arity+1); g != nil {
				return g
			}
		}
	}
	return nil
}

// codeCallee resolves a call whose code runs on this contract's storage:
// an internal function (internalCallee) or a library function of the
// bundle (libraryCallee). args are what its parameters receive, in
// order: for x.g(a) bound by using-for, x then a.
func (f *Function) codeCallee(call *Node) (h *Function, args []*Node) {
	if h = f.internalCallee(call); h != nil {
		return h, argNodes(call)
	}
	if h = f.libraryCallee(call); h == nil {
		return nil, nil
	}
	obj := call.Child("function").Child("object")
	if l := f.Contract.Unit.lookup(obj.Text()); l != nil && l.Kind == "library" {
		return h, argNodes(call)
	}
	return h, append([]*Node{obj}, argNodes(call)...)
}

// storageParamWrites returns f's writes through a parameter that refers
// to storage (a library's Counter storage c: c._value += 1): they change
// the caller's state.
func storageParamWrites(f *Function) []*Node {
	params := map[string]bool{}
	for _, p := range f.Params {
		if p.Name != "" && f.Location(p.Name) == Storage {
			params[p.Name] = true
		}
	}
	if len(params) == 0 {
		return nil
	}
	var out []*Node
	f.Body.Walk(func(n *Node) bool {
		if r := lvalueRoot(writtenBy(n)); r != nil && params[r.Text()] {
			out = append(out, n)
		}
		return true
	})
	return out
}

// allowListed reports whether a guard on the way to n requires target to
// be in an allow-list the caller cannot write: a state mapping looked up
// at the target and read as a truth value (require(trusted[t]), or a
// modifier's trusted[a] invoked with t), or a registry contract held in
// state asked about it (require(registry.isValid(t))), every write of
// which is made by the constructor or a function only privileged callers
// reach. The
// contract, not the caller, then chose what can run there.
func (f *Function) allowListed(n, target *Node) bool {
	names := map[string]bool{}
	if t := unwrapConversion(target); t != nil {
		t.Walk(func(x *Node) bool {
			if x.Kind == "identifier" && x.Field != "property" {
				names[x.Text()] = true
			}
			return true
		})
	}
	if len(names) == 0 {
		return false
	}
	for _, gd := range f.Guards(n) {
		owner := f.guardOwner(gd)
		local := names
		if owner != f {
			local = f.modifierParamsFed(owner, names)
		}
		if len(local) == 0 {
			continue
		}
		listed := func(c *Node) bool {
			c = unparen(c)
			switch {
			case c == nil:
				return false
			case c.Kind == "identifier":
				// A flag a search of the list sets: bool found; for (…) if
				// (list[i] == t) found = true; require(found).
				return owner.foundInList(c, local, f.Contract)
			case c.Kind == "array_access":
				root := lookupRoot(c)
				return root != nil && owner.stateName(root) && mentionsAny(c.Child("index"), local) &&
					writtenOnlyByPrivileged(f.Contract, root.Text())
			case c.Kind == "call_expression":
				// registry.isValid(t) of a registry the contract holds
				// and only privileged callers set.
				fn := c.Child("function")
				if fn == nil || fn.Kind != "member_expression" {
					return false
				}
				root := lvalueRoot(unwrapConversion(fn.Child("object")))
				if root == nil || !owner.stateName(root) || !writtenOnlyByPrivileged(f.Contract, root.Text()) {
					return false
				}
				for _, a := range argNodes(c) {
					if mentionsAny(a, local) {
						return true
					}
				}
			}
			return false
		}
		if restrictsBy(gd.Cond, gd.True, listed) {
			return true
		}
	}
	return false
}

// foundInList reports whether flag, a local of f, is set true only
// where an element of a state list only privileged callers write was
// found equal to one of names (a loop searching the list), and is
// otherwise false: require(flag) admits only listed values.
func (f *Function) foundInList(flag *Node, names map[string]bool, c *Contract) bool {
	name := flag.Text()
	if !f.Locals()[name] {
		return false
	}
	set := 0
	for _, ds := range f.Defs() {
		for _, d := range ds {
			if d.Name != name {
				continue
			}
			switch {
			case d.Zero, d.Value != nil && d.Value.Text() == "false":
			case d.Value != nil && d.Value.Text() == "true":
				found := false
				for _, gd := range f.Guards(d.Node) {
					if !gd.True {
						continue
					}
					for _, cmp := range comparisonsIn(gd.Cond) {
						if cmp.Operator() != "==" {
							continue
						}
						l, r := unparen(cmp.Child("left")), unparen(cmp.Child("right"))
						for _, side := range [][2]*Node{{l, r}, {r, l}} {
							if side[0] == nil || side[1] == nil || side[0].Kind != "array_access" || !mentionsAny(side[1], names) {
								continue
							}
							root := lookupRoot(side[0])
							if root != nil && f.stateName(root) && writtenOnlyByPrivileged(c, root.Text()) {
								found = true
							}
						}
					}
				}
				if !found {
					return false
				}
				set++
			default:
				return false
			}
		}
	}
	return set > 0
}

// modifierParamsFed returns the parameters of modifier m that f's
// invocation of it binds to arguments mentioning names.
func (f *Function) modifierParamsFed(m *Function, names map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, inv := range f.Modifiers {
		if id := inv.FirstKind("identifier"); id == nil || id.Text() != m.Name {
			continue
		}
		for i, a := range argNodes(inv) {
			if i < len(m.Params) && mentionsAny(a, names) {
				out[m.Params[i].Name] = true
			}
		}
	}
	return out
}

// writtenOnlyByPrivileged reports whether every function of c's lineage
// writing state variable v is the constructor or reachable only by
// privileged callers.
func writtenOnlyByPrivileged(c *Contract, v string) bool { return openWriter(c, v, false) == nil }

// anyoneSets reports whether a function anyone may call, other than a
// one-shot initialiser, writes state variable v of c's lineage: a
// contract address set_target() lets any caller replace.
func anyoneSets(c *Contract, v string) bool { return openWriter(c, v, true) != nil }

// openWriter returns a function of c's lineage, not a constructor, that
// writes v and that an entry without a caller check reaches (three calls
// deep); skipOneShot leaves out initialisers that run once. nil if none.
func openWriter(c *Contract, v string, skipOneShot bool) *Function {
	for _, x := range c.Lineage() {
		for _, g := range x.Functions {
			if g.Body == nil || g.Kind == "constructor" {
				continue
			}
			for _, w := range g.StateWrites() {
				if w.Var == v && g.UnguardedEntry(3) != nil && !(skipOneShot && len(oneShotFlags(g)) > 0) {
					return g
				}
			}
		}
	}
	return nil
}

// senderImage reports a call that maps the caller through a function
// with no state of its own: a pure function of the contract or of a
// library (or a library outside the bundle called by name) given the
// caller, like an address alias helper.
func (f *Function) senderImage(n *Node) bool {
	n = unwrapConversion(n)
	if n == nil || n.Kind != "call_expression" {
		return false
	}
	fed := false
	for _, a := range argNodes(n) {
		if f.senderExpr(a) {
			fed = true
		}
	}
	if !fed {
		return false
	}
	h := f.internalCallee(n)
	if h == nil {
		h = f.libraryCallee(n)
	}
	if h != nil {
		return h.Mutability == "pure"
	}
	fn := n.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return false
	}
	obj := fn.Child("object")
	return obj.Kind == "identifier" && !f.Param(obj.Text()) && !f.Locals()[obj.Text()] && f.Contract.StateVar(obj.Text()) == nil && f.Contract.Unit.lookup(obj.Text()) == nil
}

// inheritedName reports an identifier declared nowhere the bundle shows,
// in a contract with a base the bundle does not hold: a state variable
// that base declares (POOL of an imported flash-loan receiver base). Like
// an unresolved getter, taking it for the caller's would be the false
// positive users see.
func (f *Function) inheritedName(x *Node) bool {
	if x.Kind != "identifier" || x.Field == "property" {
		return false
	}
	name := x.Text()
	switch name {
	case "msg", "block", "tx", "this", "super", "now", "abi", "type":
		return false
	}
	if f.Param(name) || f.Locals()[name] || f.Contract.StateVar(name) != nil || f.Contract.Unit.lookup(name) != nil ||
		builtinFuncs[name] || elementary.MatchString(name) {
		return false
	}
	return unresolvedBase(f.Contract)
}
