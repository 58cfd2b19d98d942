package solidity

import (
	"maps"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// unprotectedOwnerWrite: anyone can take over the contract, because a public
// function without a guard writes the variable that guards everything else:
// a misspelt constructor (function Owned() in contract Owner), an init
// function left public, a setOwner without onlyOwner.
//
// Decides: a state variable is privileged when a condition somewhere in the
// contract compares it with msg.sender/tx.origin (or indexes it by
// msg.sender), or when a constructor sets it to its caller (the
// deployer's seat, deployerSeats); names play no part. A public or
// external non-constructor function without an access guard
// (Function.Guarded, on the analysis layer's caller checks) that writes a
// privileged variable, directly or through an internal function it calls,
// is reported at its header (the line that needs a modifier or a rename).
// A one-shot function (it tests a state flag it then sets: an
// initialiser) is left to SOL-UNPROTECTED-INITIALIZER, which also decides
// whether the deployment spends it; one function is never reported by
// both.
//
// receive() and fallback() count as public functions. A write that gives
// the caller no power over anyone else is not one (grantsNothing): its own
// entry cleared or paid for, a seat bought (a condition asking msg.value,
// or what the caller paid in, to reach a nonzero price; boughtFor), or an
// entry nobody holds yet (a counter's fresh index, a record checked to be
// unused).
//
// Known false positives: one-shot initialisers whose flag the layer does
// not see (namespaced storage reached through assembly).
type unprotectedOwnerWrite struct{}

func (unprotectedOwnerWrite) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNPROTECTED-OWNER-WRITE",
		Title:          "Unprotected write to an access-control variable",
		Severity:       scanner.Critical,
		Confidence:     0.8,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-105",
		Description:    "A function anyone can call changes the variable that decides who is privileged (owner, admin, owners list). An attacker calls it to make themselves owner. Typical causes: a constructor whose name does not match the contract, a public init function, a missing onlyOwner.",
		Recommendation: "Use the constructor keyword for initialisation, add an access modifier (onlyOwner) to the function, or protect one-time initialisers with an initializer guard.",
		Tier:           scanner.TierQuick,
	}
}

// privileged returns the state variables of c's lineage that guard access.
// Two detectors ask for every contract: it is computed once, and callers
// must not modify the map.
func privileged(c *Contract) map[string]bool {
	c.privOnce.Do(func() { c.priv, c.privVia = computePrivileged(c) })
	return c.priv
}

// deployerSeats returns the state variables of c's lineage that a
// constructor sets to its caller (owner = msg.sender): the deployer's
// seat. It is privileged by what the code does even where nothing in the
// bundle compares it with the caller: a getter other contracts read, a
// check in a base the scan does not hold.
func deployerSeats(c *Contract) map[string]bool {
	seats := map[string]bool{}
	for _, x := range c.Lineage() {
		for _, k := range x.Functions {
			if k.Kind != "constructor" || k.Body == nil {
				continue
			}
			for _, w := range k.StateWrites() {
				if l, r := w.Node.Child("left"), w.Node.Child("right"); w.Node.Kind == "assignment_expression" && l != nil && l.Kind == "identifier" && r != nil && k.senderExpr(unwrapConversion(r)) {
					seats[w.Var] = true
				}
			}
		}
	}
	return seats
}

// privilegedViaHelpers returns the state variables a helper checks the
// caller against (markThroughHelpers) that privileged does not hold:
// SOL-UNPROTECTED-INITIALIZER counts them, SOL-UNPROTECTED-OWNER-WRITE
// does not, because a multi-signature guard the layer cannot see
// (confirmAndCheck(op) counting owners' votes) protects most writes to
// them; a one-shot initialiser has no such guard. Computed with
// privileged; callers must not modify the map.
func privilegedViaHelpers(c *Contract) map[string]bool {
	privileged(c)
	return c.privVia
}

func computePrivileged(c *Contract) (direct, via map[string]bool) {
	direct, via = map[string]bool{}, map[string]bool{}
	c.eachCondition(func(f *Function, cond *Node) bool {
		markPrivileged(c, cond, direct, "")
		markThroughHelpers(c, f, cond, via)
		return true
	})
	for v := range direct {
		delete(via, v)
	}
	return direct, via
}

func (d unprotectedOwnerWrite) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, c := range u.Contracts {
		if c.Kind != "contract" {
			continue
		}
		priv, via := privileged(c), privilegedViaHelpers(c)
		if seats := deployerSeats(c); len(seats) > 0 {
			priv = maps.Clone(priv)
			maps.Copy(priv, seats)
		}
		if len(priv) == 0 && len(via) == 0 {
			continue
		}
		for _, f := range c.Functions {
			if opensOwnerWrite(c, f, priv, via) {
				out = append(out, u.finding(d.Meta().ID, f.Node, scope(f)))
			}
		}
	}
	return out
}

// opensOwnerWrite reports an entry function of c without a guard that
// writes privileged state (not a one-shot initialiser): anyone calls it
// to become privileged.
func opensOwnerWrite(c *Contract, f *Function, priv, via map[string]bool) bool {
	if f.Body == nil || !f.Entry() || f.Guarded() || f.Kind != "function" && f.Kind != "receive" && f.Kind != "fallback" {
		return false
	}
	return writesPrivileged(c, f, priv, via, 1) && len(oneShotFlags(f)) == 0
}

// takeover returns a function of f's contract through which anyone makes
// itself privileged (one SOL-UNPROTECTED-OWNER-WRITE or
// SOL-UNPROTECTED-INITIALIZER reports) writing state f's guards read: the
// guards then stop nobody (Parity's second wallet bug: anyone initialised
// the library, became its owner, and called kill). nil if none.
func takeover(f *Function) *Function {
	c := f.Contract
	priv, via := privileged(c), privilegedViaHelpers(c)
	if len(priv) == 0 && len(via) == 0 {
		return nil
	}
	read := map[string]bool{}
	readBy := func(g *Function, depth int) {
		if g != nil && g.Body != nil {
			for _, v := range readVars(g, depth) {
				read[v] = true
			}
		}
	}
	for _, m := range f.Modifiers {
		if id := m.FirstKind("identifier"); id != nil {
			readBy(f.Contract.Modifier(id.Text()), 3)
		}
	}
	for _, cond := range f.Conditions() {
		cond.Walk(func(n *Node) bool {
			switch {
			case n.Kind == "identifier" && f.stateName(n):
				read[n.Text()] = true
			case n.Kind == "call_expression":
				// require(isOwner(msg.sender)): what the helper reads.
				readBy(f.internalCallee(n), 2)
			}
			return true
		})
	}
	for _, g := range c.AllFunctions() {
		if g == f || !opensOwnerWrite(c, g, priv, via) && !opensInitializer(c, g) {
			continue
		}
		for _, h := range runs(g, 3) {
			for _, w := range h.StateWrites() {
				if read[w.Var] {
					return g
				}
			}
		}
	}
	return nil
}

// writesPrivileged reports whether f, or a function it calls internally
// (depth levels deep), writes a privileged variable, or enrols the caller
// in one a helper guard looks callers up in (via: ownerIndex[msg.sender]
// = 1 where guards ask isOwner(msg.sender)). Other writes to those are
// left alone: a multi-signature guard the layer cannot see protects most
// of them, and none of those writes the caller in.
func writesPrivileged(c *Contract, f *Function, priv, via map[string]bool, depth int) bool {
	for _, w := range f.StateWrites() {
		switch {
		case priv[w.Var] && c.privPathHit(w.Var, accessPath(writtenBy(w.Node))),
			via[w.Var] && enrolsCaller(w.Node):
			if !grantsNothing(f, w) {
				return true
			}
		}
	}
	if depth == 0 {
		return false
	}
	hit := false
	f.Body.Walk(func(n *Node) bool {
		if hit || n.Kind != "call_expression" {
			return !hit
		}
		fn := n.Child("function")
		if fn == nil || fn.Kind != "identifier" {
			return true
		}
		// A public function called by name runs in the caller's context
		// too (msg.sender unchanged): initWallet calling a public
		// initMultiowned writes what that one writes.
		g := f.Contract.Function(fn.Text())
		if g != nil && g != f && g.Body != nil && g.Visibility != "external" && !g.Guarded() {
			hit = writesPrivileged(c, g, priv, via, depth-1)
		}
		return !hit
	})
	return hit
}

// grantsNothing reports whether a write to an entry of a privileged
// mapping or array gives the caller no power over anyone else: the caller
// gives up its own entry (m[msg.sender] = 0, false, delete), pays for it
// (the write is guarded by a condition on msg.value: buying a ticket or a
// seat), or takes an entry nobody holds yet (the index comes from a
// counter the function increments, or a guard requires the entry to be
// empty, directly or through a helper returning it or its length). A
// singleton is such a write only when the caller buys it: winner =
// msg.sender under a condition on msg.value (a game's prize, a hill's
// king); owner = msg.sender otherwise takes the contract.
func grantsNothing(f *Function, w Write) bool {
	target := writtenBy(w.Node)
	idx := indices(target)
	if len(idx) == 0 {
		return boughtSeat(f, w)
	}
	own := false
	for k, i := range idx {
		if i != nil && mentionsSender(i) {
			own = true
			// The caller's own row at a key position checks never look the
			// caller up at (operators[msg.sender][op] = true where checks
			// read operators[owner][msg.sender]): the caller delegates its
			// own rights, it gains none over anyone else.
			if ds := f.Contract.privDepths[w.Var]; len(ds) > 0 && !ds[len(idx)-1-k] {
				return true
			}
			// A table whose entries checks compare callers with, never
			// look them up in (msg.sender == delegates[app]): the caller
			// names who acts for itself (delegates[msg.sender] = d).
			if f.Contract.privValue[w.Var] && len(f.Contract.privDepths[w.Var]) == 0 && len(idx) == 1 {
				return true
			}
		}
	}
	if own && (revokes(w.Node) || paidFor(f, w.Node)) {
		return true
	}
	// claimed[msg.sender] = true where every check turns a set entry
	// away (require(!claimed[msg.sender] && …)): the caller bars itself.
	if r := w.Node.Child("right"); own && w.Node.Kind == "assignment_expression" && r != nil && r.Text() == "true" && denyOnly(f.Contract, w.Var) {
		return true
	}
	for _, i := range idx {
		if i != nil && freshIndex(f, i) {
			return true
		}
	}
	return emptyBefore(f, w.Node, target)
}

// denyOnly reports whether every condition of c's lineage that looks
// v's entries up turns a set entry away, and only such conditions do:
// require(!v[k] && …), if (v[k] || …) revert(). The operators between
// the lookup and the condition are negations, && and || (monotone, so
// only the count of negations decides); anything else (v[k] == x, a
// branch that does something when set) is not such a check.
func denyOnly(c *Contract, v string) bool {
	seen := false
	all := c.eachCondition(func(_ *Function, cond *Node) bool {
		ok := true
		cond.Walk(func(n *Node) bool {
			if n.Kind != "array_access" {
				return ok
			}
			if root := lookupRoot(n); root == nil || root.Text() != v {
				return ok
			}
			seen = true
			ok = ok && turnsAway(n, cond)
			return false
		})
		return ok
	})
	return all && seen
}

// turnsAway reports whether lookup n, inside condition cond, being set
// makes cond reject: an odd number of negations in a require or assert,
// an even number in an if whose only arm reverts or returns.
func turnsAway(n, cond *Node) bool {
	neg := 0
	for x := n; x != cond; x = x.Parent {
		p := x.Parent
		if p == nil {
			return false
		}
		switch {
		case p.Kind == "parenthesized_expression":
		case p.Kind == "unary_expression" && p.Operator() == "!":
			neg++
		case p.Kind == "binary_expression" && (p.Operator() == "&&" || p.Operator() == "||"):
		default:
			return false
		}
	}
	st := cond.Parent
	switch {
	case st == nil:
		return false
	case st.Kind == "call_argument":
		return neg%2 == 1 // require(!claimed[k])
	case st.Kind == "if_statement" && cond.Field == "condition":
		if st.Child("else") != nil || st.Child("alternative") != nil {
			return false
		}
		body := st.Child("body")
		if body != nil && body.Kind == "block_statement" && len(body.NamedChildren()) == 1 {
			body = body.NamedChildren()[0]
		}
		if body == nil {
			return false
		}
		switch body.Kind {
		case "revert_statement":
		case "return_statement":
			// return; or return false: a helper returning true when set
			// (if (admins[k]) return true;) admits.
			if v := body.NamedChildren(); len(v) > 1 || len(v) == 1 && !zeroValue(unparen(v[0])) {
				return false
			}
		case "expression_statement":
			if call := body.FirstKind("call_expression"); call == nil || calleeName(call) != "revert" && calleeName(call) != "throw" {
				return false
			}
		default:
			if body.Text() != "throw;" && body.Text() != "throw" {
				return false
			}
		}
		return neg%2 == 0 // if (claimed[k]) revert();
	}
	return false
}

// enrolsCaller reports whether a write puts the caller in: it keys the
// entry by msg.sender or stores msg.sender, and does not clear it.
func enrolsCaller(w *Node) bool {
	if revokes(w) {
		return false
	}
	if w.Kind == "assignment_expression" {
		if r := w.Child("right"); r != nil && mentionsSender(r) {
			return true
		}
	}
	// The caller keyed at the first level of a nested mapping is its own
	// row (operators[msg.sender][op] = true: the caller delegates what it
	// holds); at a deeper level, or as the only key, it is enrolled.
	idx := indices(writtenBy(w))
	for k, i := range idx {
		if i != nil && mentionsSender(i) && (len(idx) == 1 || k != len(idx)-1) {
			return true
		}
	}
	return false
}

// revokes reports whether a write clears what it writes: delete, or an
// assignment of 0, false or address(0).
func revokes(w *Node) bool {
	switch w.Kind {
	case "unary_expression":
		return strings.HasPrefix(w.Text(), "delete")
	case "assignment_expression":
		return zeroValue(w.Child("right"))
	}
	return false
}

// zeroValue reports whether n is 0, false, address(0) or 0x0.
func zeroValue(n *Node) bool {
	if n == nil {
		return false
	}
	switch dropSpace(n.Text()) {
	case "0", "false", "0x0", "address(0)", "address(0x0)":
		return true
	}
	return false
}

// mirroredCmp and negatedCmp rewrite a comparison a OP b as b OP' a, and as the
// OP' that holds when a OP b fails.
var (
	mirroredCmp = map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
	negatedCmp  = map[string]string{"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
)

// boughtSeat reports a singleton the caller buys: the winner of a game
// or the king of a hill, set to the caller under a condition on what it
// paid (boughtFor).
func boughtSeat(f *Function, w Write) bool {
	r := w.Node.Child("right")
	return w.Node.Kind == "assignment_expression" && r != nil && len(indices(writtenBy(w.Node))) == 0 && f.senderExpr(r) && boughtFor(f, w.Node)
}

// boughtFor reports whether a condition that asks for a payment
// dominates n: msg.value, or what the caller paid in, at least, above or
// equal to something other than zero (msg.value > prize, msg.value ==
// TICKET, contributions[msg.sender] > contributions[owner]).
// msg.value > 0, or a cap (msg.value < 0.001 ether), sells nothing: one
// wei buys it.
func boughtFor(f *Function, n *Node) bool {
	for _, g := range f.Guards(n) {
		found := false
		g.Cond.Walk(func(x *Node) bool {
			if found || x.Kind != "binary_expression" {
				return !found
			}
			l, r := unparen(x.Child("left")), unparen(x.Child("right"))
			if l == nil || r == nil {
				return true
			}
			// Written as paid OP other, holding when the guard held: at
			// least other, or more, or exactly. What is paid is msg.value,
			// or the caller's entry of a mapping the contract credits
			// (contributions[msg.sender] > contributions[owner]: outbid).
			paid := func(v *Node) bool {
				return isMember(v, "msg", "value") || v.Kind == "array_access" && f.callerLookup(v) && creditedVar(f, v)
			}
			op, other := x.Operator(), r
			if paid(r) && !paid(l) {
				op, other = mirroredCmp[op], l
			} else if !paid(l) {
				return true
			}
			if !g.True {
				op = negatedCmp[op]
			}
			if (op == ">" || op == ">=" || op == "==") && !zeroValue(other) {
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

// paidFor reports whether a condition on msg.value dominates n.
func paidFor(f *Function, n *Node) bool {
	for _, g := range f.Guards(n) {
		if strings.Contains(g.Cond.Text(), "msg.value") {
			return true
		}
	}
	return false
}

// freshIndex reports whether index i allocates a new entry: it is, or
// was read from, a state counter the function increments (ids[n++],
// id = count; count++; ids[id]).
func freshIndex(f *Function, i *Node) bool {
	counters := map[string]bool{}
	f.Body.Walk(func(n *Node) bool {
		var v *Node
		switch {
		case n.Kind == "update_expression":
			v = n.Child("argument")
		case n.Kind == "augmented_assignment_expression" && n.Operator() == "+=":
			v = n.Child("left")
		case n.Kind == "assignment_expression" && f.incremented(n):
			v = n.Child("left") // nonce = n + 1 where n = nonce
		}
		if v == nil {
			return true
		}
		// nonce, or a field of state (s_storage.nonce++)
		if root := lvalueRoot(v); root != nil && f.IsState(root.Text(), f.Locals()) && (v.Kind == "identifier" || v.Kind == "member_expression") {
			counters[norm(v.Text())] = true
		}
		return true
	})
	if len(counters) == 0 {
		return false
	}
	if i.Kind == "update_expression" {
		i = i.Child("argument")
	}
	if i == nil || i.Kind != "identifier" {
		return false
	}
	if counters[i.Text()] {
		return true
	}
	from := f.Derived(func(n *Node) bool {
		return (n.Kind == "identifier" || n.Kind == "member_expression") && counters[norm(n.Text())]
	})
	return from[i.Text()]
}

// incremented reports an assignment x = y + k of a literal k where y is x
// or a local every definition of which reads x (uint64 n = nonce; …;
// nonce = n + 1).
func (f *Function) incremented(a *Node) bool {
	l, r := a.Child("left"), unparen(a.Child("right"))
	if l == nil || r == nil || r.Kind != "binary_expression" || r.Operator() != "+" {
		return false
	}
	y, k := unparen(r.Child("left")), unparen(r.Child("right"))
	if isLiteral(y) {
		y, k = k, y
	}
	if y == nil || !isLiteral(k) {
		return false
	}
	if norm(y.Text()) == norm(l.Text()) {
		return true
	}
	return f.everyDef(y, func(d *Def) bool { return d.Value != nil && norm(d.Value.Text()) == norm(l.Text()) })
}

// emptyBefore reports whether a guard of w requires the record target
// belongs to to be unused: a field of the same entry (root[key], the
// entry nearest the root) compared equal to zero holds, or unequal fails.
func emptyBefore(f *Function, w, target *Node) bool {
	want := entryOf(target)
	if want == "" {
		return false
	}
	for _, c := range f.KnownComparisons(w) {
		if c.Equal && (zeroValue(c.Right) && f.testedEntry(c.Left) == want || zeroValue(c.Left) && f.testedEntry(c.Right) == want) {
			return true
		}
	}
	return false
}

// testedEntry is entryOf(n), or for a call of an internal helper that
// returns an entry (or its length) keyed by one of its parameters, that
// entry with the argument passed: count(k) returning list[k].length
// tests list[k].
func (f *Function) testedEntry(n *Node) string {
	n = unparen(n)
	if n == nil || n.Kind != "call_expression" {
		return entryOf(n)
	}
	h := f.internalCallee(n)
	if h == nil || h.Body == nil {
		return ""
	}
	args := argNodes(n)
	got := ""
	ok := everyReturn(h, func(v *Node) bool {
		e := rootEntry(v)
		if e == nil || e.Child("base") == nil || e.Child("base").Kind != "identifier" || !h.stateName(e.Child("base")) {
			return false
		}
		idx := e.Child("index")
		for i, p := range h.Params {
			if idx != nil && idx.Kind == "identifier" && p.Name == idx.Text() && i < len(args) {
				t := norm(e.Child("base").Text() + "[" + args[i].Text() + "]")
				if got != "" && got != t {
					return false
				}
				got = t
				return true
			}
		}
		return false
	})
	if !ok {
		return ""
	}
	return got
}

// entryOf returns the text of the entry nearest the root of an access
// path (m[k] for m[k].f[0]), normalised, or "".
func entryOf(n *Node) string {
	if e := rootEntry(n); e != nil {
		return norm(e.Text())
	}
	return ""
}

// markThroughHelpers marks what an internal helper checks the caller
// against when a condition passes it the caller and uses the answer as a
// yes or no (the layer's caller check through a helper): isOwner(msg.sender)
// returning ownerIndex[a] > 0 marks ownerIndex, a helper requiring
// a == owner marks owner. balanceOf(msg.sender) > 0 is an amount, not
// a permission.
func markThroughHelpers(c *Contract, f *Function, cond *Node, p map[string]bool) {
	cond.Walk(func(n *Node) bool {
		if n.Kind == "binary_expression" && (n.Operator() == "==" || n.Operator() == "!=") {
			markGetterCompare(c, f, n, p)
		}
		if n.Kind != "call_expression" {
			return true
		}
		h := f.internalCallee(n)
		if h == nil || h.Body == nil || h == f || amountUse(n) {
			return true
		}
		for i, a := range argNodes(n) {
			if i >= len(h.Params) || h.Params[i].Name == "" || !mentionsSender(a) {
				continue
			}
			for _, hc := range h.Conditions() {
				markPrivileged(c, hc, p, h.Params[i].Name)
			}
			caller := h.Params[i].Name
			for _, r := range h.Body.FindAll("return_statement") {
				for _, v := range r.NamedChildren() {
					markPrivileged(c, v, p, caller)
					v.Walk(func(x *Node) bool {
						if x.Kind == "array_access" && x.Child("index") != nil && x.Child("index").Mentions(caller) {
							if root := lvalueRoot(x); root != nil && h.stateName(root) && c.StateVar(root.Text()) != nil {
								p[root.Text()] = true
							}
						}
						return true
					})
				}
			}
		}
		return true
	})
}

// markGetterCompare marks the state behind a comparison of the caller,
// as the layer sees it (msg.sender, _msgSender()-like helpers, locals
// holding it), with a state variable or a getter returning one:
// owner() != _msgSender() marks what owner() returns.
func markGetterCompare(c *Contract, f *Function, cmp *Node, p map[string]bool) {
	l, r := cmp.Child("left"), cmp.Child("right")
	if l == nil || r == nil {
		return
	}
	for _, pair := range [][2]*Node{{l, r}, {r, l}} {
		if !f.senderExpr(pair[0]) {
			continue
		}
		other := pair[1]
		if root := lvalueRoot(other); root != nil && f.stateName(root) && c.StateVar(root.Text()) != nil {
			p[root.Text()] = true
			continue
		}
		if other.Kind != "call_expression" || len(argNodes(other)) > 0 {
			continue
		}
		h := f.internalCallee(other)
		if h == nil || h.Body == nil {
			continue
		}
		for _, ret := range h.Body.FindAll("return_statement") {
			for _, v := range ret.NamedChildren() {
				if root := lvalueRoot(v); root != nil && h.stateName(root) && c.StateVar(root.Text()) != nil {
					p[root.Text()] = true
				}
			}
		}
	}
}

// markPrivileged records the state variables a condition checks the caller
// against: x == msg.sender, or a membership flag x[msg.sender] used as a
// boolean (or compared with a literal). caller, when set, names a
// parameter of a helper that holds the caller.
func markPrivileged(c *Contract, cond *Node, p map[string]bool, caller string) {
	isCaller := func(n *Node) bool {
		return n.Kind == "member_expression" && mentionsSender(n) || caller != "" && n.Kind == "identifier" && n.Text() == caller
	}
	flag := func(n *Node) {
		if n.Kind == "array_access" && (mentionsSender(n.Child("index")) || caller != "" && n.Child("index").Mentions(caller)) {
			if r := lvalueRoot(n); r != nil && c.StateVar(r.Text()) != nil {
				p[r.Text()] = true
				if caller == "" {
					c.addPrivPath(r.Text(), accessPath(n))
					c.addPrivDepth(r.Text(), len(indices(n))-1)
				}
			}
		}
	}
	flag(cond)
	cond.Walk(func(n *Node) bool {
		switch n.Kind {
		case "unary_expression":
			if len(n.Children) > 1 {
				flag(n.Children[len(n.Children)-1])
			}
		case "binary_expression":
			op := n.Operator()
			l, r := n.Child("left"), n.Child("right")
			if l == nil || r == nil {
				return true
			}
			if op == "&&" || op == "||" {
				flag(l)
				flag(r)
				return true
			}
			if op != "==" && op != "!=" {
				return true
			}
			for _, pair := range [][2]*Node{{l, r}, {r, l}} {
				if isCaller(pair[0]) {
					if root := lvalueRoot(pair[1]); root != nil && c.StateVar(root.Text()) != nil {
						p[root.Text()] = true
						path := accessPath(pair[1])
						if pair[1] == r && path != "" {
							path += misparsedSuffix(n)
						}
						if caller == "" {
							c.addPrivPath(root.Text(), path)
							if pair[1].Kind == "array_access" {
								c.addPrivValue(root.Text())
							}
						}
					}
				}
				// admins[msg.sender] != 0, != address(0), == true.
				if constantValue(pair[1]) {
					flag(pair[0])
				}
			}
		}
		return true
	})
}

// accessPath abstracts an lvalue to the storage it names, indices
// dropped: owners[i] and owners[j] are both "owners[]", ch[id].party[0]
// is "ch[].party[]". "" when n is not a plain access path.
func accessPath(n *Node) string {
	switch {
	case n == nil:
		return ""
	case n.Kind == "identifier":
		return n.Text()
	case n.Kind == "array_access":
		if b := accessPath(n.Child("base")); b != "" {
			return b + "[]"
		}
	case n.Kind == "member_expression":
		if o := accessPath(n.Child("object")); o != "" {
			return o + "." + n.Child("property").Text()
		}
	case n.Kind == "parenthesized_expression" && len(n.Children) > 0:
		return accessPath(n.Children[0])
	}
	return ""
}

// addPrivPath records that the caller is checked against path of root.
// It runs inside privOnce, before any reader.
func (c *Contract) addPrivPath(root, path string) {
	if c.privPaths == nil {
		c.privPaths = map[string][]string{}
	}
	if path == "" {
		path = root
	}
	c.privPaths[root] = append(c.privPaths[root], path)
}

// addPrivValue records that a caller check compares the caller with an
// entry of root (msg.sender == delegates[app]). It runs inside privOnce.
func (c *Contract) addPrivValue(root string) {
	if c.privValue == nil {
		c.privValue = map[string]bool{}
	}
	c.privValue[root] = true
}

// addPrivDepth records that a caller check looks the caller up at key
// position d of root (0 the first key). It runs inside privOnce.
func (c *Contract) addPrivDepth(root string, d int) {
	if c.privDepths == nil {
		c.privDepths = map[string]map[int]bool{}
	}
	if c.privDepths[root] == nil {
		c.privDepths[root] = map[int]bool{}
	}
	c.privDepths[root][d] = true
}

// entries returns the index accesses of an access path, outermost
// first: m[a].f[b] gives m[a].f[b], m[a].
func entries(n *Node) []*Node {
	var out []*Node
	for x := n; x != nil; {
		switch x.Kind {
		case "array_access":
			out = append(out, x)
			x = x.Child("base")
		case "member_expression":
			x = x.Child("object")
		default:
			x = nil
		}
	}
	return out
}

// indices returns the index expressions of an access path, outermost
// first: m[a][b] gives b, a.
func indices(n *Node) []*Node {
	es := entries(n)
	out := make([]*Node, len(es))
	for i, e := range es {
		out[i] = e.Child("index")
	}
	return out
}

// privPathHit reports whether a write to path of root can change what a
// caller check reads: one path is the other or contains it (a whole
// struct or mapping entry written, or a field of the checked one). A
// sibling field of a checked struct is not privileged.
func (c *Contract) privPathHit(root, path string) bool {
	paths := c.privPaths[root]
	if len(paths) == 0 || path == "" {
		return true
	}
	for _, p := range paths {
		if p == path || strings.HasPrefix(p, path+".") || strings.HasPrefix(p, path+"[") ||
			strings.HasPrefix(path, p+".") || strings.HasPrefix(path, p+"[") {
			return true
		}
	}
	return false
}

// misparsedSuffix returns the access chain the grammar hangs on a
// comparison instead of its right operand: it reads
// msg.sender == m[k].f[0] as ((msg.sender == m)[k].f)[0].
func misparsedSuffix(cmp *Node) string {
	suffix := ""
	for x := cmp; x.Parent != nil; x = x.Parent {
		p := x.Parent
		switch {
		case p.Kind == "array_access" && x.Field == "base":
			suffix += "[]"
		case p.Kind == "member_expression" && x.Field == "object":
			suffix += "." + p.Child("property").Text()
		default:
			return suffix
		}
	}
	return suffix
}
