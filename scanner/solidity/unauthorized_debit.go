package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// unauthorizedDebit: anyone can take or destroy someone else's balance. A
// public function decreases the entry of a state mapping (a token
// balance, shares, a deposit) kept for an account the caller names, and
// nothing ties that account to the caller: no allowance spent, no
// operator approval, no signature, no check that it is the caller.
//
// Decides: in a public or external function without a caller check
// (Function.Guarded), a debit of a state mapping entry: m[k] -= a,
// m[k]--, m[k] = x - a, or m[k] = x.sub(a) through a library or internal
// function whose body subtracts, where x is the entry itself or a local
// read from it (OZ's fromBalance - value); or m[k] = 0 / delete m[k] of a
// mapping some function adds to. The debit is written in the function or
// in an internal function it calls, three calls deep (an ERC-4626
// redeem's _withdraw, _burn and _update), at call sites no caller check
// dominates (the helper's key parameter is mapped back to
// the argument passed). The key is an address level of the mapping (by
// its declared type) and is, in the entry function's terms, a parameter,
// through conversions and locals, that carries no msg.sender (a key read
// from state by a caller-chosen id, like an NFT's owner, is not counted).
//
// It is not reported when, on the path of the debit, a guard (a
// modifier's too, its parameters standing for the arguments passed)
// compares the key with the caller, calls a helper with the caller and a
// parameter, checks a signature or verifies the caller's input, or
// orders two amounts the account holds (collateral against debt: a
// liquidation); a guard that the key is not the caller authorises
// nothing. Nor when some state access indexes the key and the caller
// together (allowance[from][msg.sender], in a condition or a write), or a
// call passes both (_spendAllowance(from, msg.sender, a)); when the value
// goes back to the same account (ether or tokens paid to the key, or
// another entry keyed by it credited); when the key is called as a
// contract (a token's fees or reserves, not an account's balance); or
// when the caller pays in the function (msg.value, or an ERC-20
// transferFrom from msg.sender: a debt repaid on behalf, a listing
// bought). Reports the debit, or the call of the helper that makes it.
//
// The balances of an inherited token may live outside the bundle (a
// skipped dependency's _transfer): an override of the standard
// transferFrom(from, to, amount or id) that passes from to such a
// function, with no caller named on the way and no hand-over to super,
// is reported at that call (standardTransferUnchecked; the function name
// is the ERC-20/ERC-721 interface's, not a guess).
//
// Known false positives: debits authorised by state the analysis does
// not connect to the caller (an approval checked in a helper three calls
// deep, a key proved to be the caller's by a lookup of another kind);
// permissionless debits allowed by a condition on the account it does
// not read as one (an expiry, a liquidation threshold computed in a
// helper the guard does not call); burns of worthless entries by design
// (expired or slashed stakes anyone may clear).
type unauthorizedDebit struct{}

func (unauthorizedDebit) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNAUTHORIZED-DEBIT",
		Title:          "Balance debited from an account the caller chooses",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "access_control",
		CWE:            "CWE-862",
		SWC:            "SWC-105",
		Description:    "A function anyone can call decreases the balance (tokens, shares, a deposit) of an account the caller names, and nothing ties that account to the caller: no allowance is checked or spent, no operator approval, no signature, no check that the account is the caller. Anyone can burn, move or withdraw other users' balances.",
		Recommendation: "Debit only msg.sender's own entry, or require and spend an allowance or approval the account gave the caller (allowance[from][msg.sender]), or verify the account's signature before debiting it.",
		Tier:           scanner.TierStandard,
	}
}

// debitLevel is one function on the way from the entry function to a
// write: the node there (the write, or the call leading to it) and the
// key of the entry in that function's terms.
type debitLevel struct {
	fn  *Function
	at  *Node
	key *Node
}

// entrySite is a write to an account's entry seen from an entry function:
// levels[0] is in the entry function, the last level holds the write.
type entrySite struct {
	levels []debitLevel
}

func (s entrySite) report() *Node { return s.levels[0].at }
func (s entrySite) key() *Node    { return s.levels[0].key }

func (d unauthorizedDebit) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || f.Guarded() || f.Kind != "function" || f.Contract.Kind != "contract" {
			continue
		}
		debitsAt := entrySites(f, debitTarget, 3)
		if len(debitsAt) == 0 {
			if call := standardTransferUnchecked(f); call != nil {
				out = append(out, u.finding(d.Meta().ID, call, scope(f)))
			}
			continue
		}
		var credits []entrySite
		creditsDone, pays, paysDone := false, false, false
		reported := map[*Node]bool{}
		for _, s := range debitsAt {
			if reported[s.report()] {
				continue
			}
			if len(keyParams(f, s.key(), 3)) == 0 {
				continue
			}
			if t := f.Taint(s.key()); !t.Has(FromParam) || t.Has(FromSender|FromOrigin) {
				continue
			}
			if !creditsDone {
				credits, creditsDone = entrySites(f, creditTarget, 3), true
			}
			if !paysDone {
				pays, paysDone = callerPays(f), true
			}
			if pays || debitAuthorised(s) || returnedTo(s, credits) {
				continue
			}
			reported[s.report()] = true
			out = append(out, u.finding(d.Meta().ID, s.report(), scope(f)))
		}
	}
	return out
}

// entrySites returns the writes target accepts, in f or in internal
// functions it calls (depth calls deep) at call sites no caller check
// dominates, one site per address key of the entry written, with the key
// mapped back into each caller's terms through the arguments.
func entrySites(f *Function, target func(*Function, *Node) *Node, depth int) []entrySite {
	return entrySitesSeen(f, target, depth, map[*Function]bool{})
}

func entrySitesSeen(f *Function, target func(*Function, *Node) *Node, depth int, seen map[*Function]bool) []entrySite {
	if f.Body == nil || seen[f] {
		return nil
	}
	seen[f] = true
	defer delete(seen, f)
	var out []entrySite
	for _, w := range f.StateWrites() {
		lv := target(f, w.Node)
		if lv == nil || f.CallerChecked(w.Node) {
			continue
		}
		for _, k := range accountKeys(f, lv) {
			out = append(out, entrySite{levels: []debitLevel{{f, w.Node, k}}})
		}
	}
	if depth == 0 {
		return out
	}
	f.Body.Walk(func(n *Node) bool {
		if n.Kind != "call_expression" {
			return true
		}
		h := f.internalCallee(n)
		if h == nil || h == f || h.Body == nil || h.Kind == "modifier" {
			return true
		}
		inner := entrySitesSeen(h, target, depth-1, seen)
		if len(inner) == 0 || f.CallerChecked(n) {
			return true
		}
		args := argNodes(n)
		for _, s := range inner {
			i := paramIndex(h, s.key())
			if i < 0 || i >= len(args) {
				continue
			}
			lv := append([]debitLevel{{f, n, args[i]}}, s.levels...)
			out = append(out, entrySite{levels: lv})
		}
		return true
	})
	return out
}

// paramIndex returns the position of the parameter of h that key is
// (through conversions and locals holding it unchanged), or -1.
func paramIndex(h *Function, key *Node) int {
	ps := keyParams(h, key, 3)
	if len(ps) != 1 {
		return -1
	}
	for i, p := range h.Params {
		if ps[p.Name] {
			return i
		}
	}
	return -1
}

// keyParams returns the parameters of f that key is, through type
// conversions and locals assigned from them (depth assignments deep): an
// address the caller passes, not one read from state or computed. Empty
// when any definition reaching the key is something else.
func keyParams(f *Function, key *Node, depth int) map[string]bool {
	out := map[string]bool{}
	if !keyFromParams(f, key, depth, out) {
		return nil
	}
	return out
}

func keyFromParams(f *Function, key *Node, depth int, out map[string]bool) bool {
	k := unwrapConversion(key)
	if k == nil || k.Kind != "identifier" || depth < 0 {
		return false
	}
	name := k.Text()
	if !f.Param(name) && !f.Locals()[name] {
		return false
	}
	defs := f.Reaching().At(k)
	if len(defs) == 0 {
		return false
	}
	for _, d := range defs {
		switch {
		case d.Node == f.Node:
			out[name] = true
		case d.Value != nil:
			if !keyFromParams(f, d.Value, depth-1, out) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// debitTarget returns the entry w decreases (m[k] -= a, m[k]--,
// m[k] = x - a, m[k] = x.sub(a) with x the entry or a copy of it), or
// empties when it holds amounts (m[k] = 0, delete m[k], of a mapping
// some function adds to), nil for other writes.
func debitTarget(f *Function, w *Node) *Node {
	switch w.Kind {
	case "augmented_assignment_expression":
		if w.Operator() == "-=" {
			return w.Child("left")
		}
	case "update_expression":
		if t := w.Text(); strings.HasPrefix(t, "--") || strings.HasSuffix(t, "--") {
			return w.Child("argument")
		}
	case "unary_expression":
		// delete m[k] of a balance: the whole entry taken.
		if w.Operator() != "delete" && !strings.HasPrefix(w.Text(), "delete") {
			return nil
		}
		a := w.Child("argument")
		if a == nil && len(w.Children) > 1 {
			a = w.Children[len(w.Children)-1]
		}
		if a != nil && creditedVar(f, a) {
			return a
		}
	case "assignment_expression":
		l, r := w.Child("left"), w.Child("right")
		for r != nil && r.Kind == "parenthesized_expression" && len(r.Children) == 1 {
			r = r.Children[0]
		}
		if l == nil || r == nil {
			return nil
		}
		if r.Text() == "0" && creditedVar(f, l) {
			return l
		}
		var minuend *Node
		switch r.Kind {
		case "binary_expression":
			if r.Operator() == "-" {
				minuend = r.Child("left")
			}
		case "call_expression":
			minuend = subtractingCall(f, r)
		}
		if minuend != nil && readsEntry(f, minuend, l, 2) {
			return l
		}
	}
	return nil
}

// creditedVar reports whether the state mapping at the root of lv holds
// amounts: a function of the contract or its bases adds to an entry of it
// (m[k] += a, m[k] = m[k] + a).
func creditedVar(f *Function, lv *Node) bool {
	root := lvalueRoot(lv)
	if root == nil || rootEntry(lv) == nil || f.Locals()[root.Text()] || f.Param(root.Text()) {
		return false
	}
	for _, c := range f.Contract.Lineage() {
		for _, g := range c.Functions {
			if g.Body == nil {
				continue
			}
			for _, w := range g.StateWrites() {
				if w.Var == root.Text() && creditAmount(w.Node) != nil {
					return true
				}
			}
		}
	}
	return false
}

// creditTarget returns the entry w increases (m[k] += a, m[k] = m[k] + a).
func creditTarget(_ *Function, w *Node) *Node {
	if creditAmount(w) != nil {
		return w.Child("left")
	}
	return nil
}

// subtractingCall returns the minuend of x.g(a), L.g(x, a) or g(x, a)
// when g is a library or internal function of the bundle whose body
// subtracts its second parameter from its first (SafeMath's sub, judged by
// its body).
func subtractingCall(f *Function, call *Node) *Node {
	fn := call.Child("function")
	if fn == nil {
		return nil
	}
	if h := f.internalCallee(call); h != nil {
		// safeSub(x, a) of the contract itself.
		if a := argNodes(call); h.Body != nil && len(h.Params) >= 2 && len(a) >= 2 && subtracts(h) {
			return a[0]
		}
		return nil
	}
	if fn.Kind != "member_expression" {
		return nil
	}
	g := f.libraryCallee(call)
	if g == nil || g.Body == nil || len(g.Params) < 2 || !subtracts(g) {
		return nil
	}
	if l := f.Contract.Unit.lookup(fn.Child("object").Text()); l != nil && l.Kind == "library" {
		if a := argNodes(call); len(a) >= 2 {
			return a[0]
		}
		return nil
	}
	return fn.Child("object")
}

// subtracts reports whether g's body computes its first parameter minus
// its second.
func subtracts(g *Function) bool {
	a, b := g.Params[0].Name, g.Params[1].Name
	found := false
	g.Body.Walk(func(n *Node) bool {
		if !found && n.Kind == "binary_expression" && n.Operator() == "-" {
			l, r := n.Child("left"), n.Child("right")
			found = l != nil && r != nil && l.Text() == a && r.Text() == b
		}
		return !found
	})
	return found
}

// readsEntry reports whether x is the entry lv, or a local every
// definition reaching x assigns from it (depth copies deep).
func readsEntry(f *Function, x, lv *Node, depth int) bool {
	x = unwrapConversion(x)
	if x == nil {
		return false
	}
	if norm(x.Text()) == norm(lv.Text()) {
		return true
	}
	return depth > 0 && f.everyDef(x, func(d *Def) bool { return d.Value != nil && readsEntry(f, d.Value, lv, depth-1) })
}

// accountKeys returns the indices of an entry's access path (m[a][b].f)
// at the levels whose declared mapping key is an address, for a state
// mapping named at the root.
func accountKeys(f *Function, lv *Node) []*Node {
	root := lvalueRoot(lv)
	if root == nil || f.Locals()[root.Text()] || f.Param(root.Text()) {
		return nil
	}
	sv := f.Contract.StateVar(root.Text())
	if sv == nil {
		return nil
	}
	// The index accesses from the root out, stopping at a member (a
	// struct field: its type is not followed).
	var chain []*Node
	for x := lv; x != nil; {
		switch x.Kind {
		case "array_access":
			chain = append(chain, x)
			x = x.Child("base")
		case "member_expression":
			chain = nil
			x = x.Child("object")
		case "parenthesized_expression":
			if len(x.Children) != 1 {
				return nil
			}
			x = x.Children[0]
		default:
			x = nil
		}
	}
	keys := mappingKeys(sv.Type)
	var out []*Node
	for i := range chain {
		a := chain[len(chain)-1-i]
		if i < len(keys) && keys[i] && a.Child("index") != nil {
			out = append(out, a.Child("index"))
		}
	}
	return out
}

// mappingKeys returns, level by level, whether a mapping type's key is an
// address: mapping(address => mapping(uint => uint)) gives true, false.
func mappingKeys(typ string) []bool {
	t := dropSpace(typ)
	var out []bool
	for strings.HasPrefix(t, "mapping(") {
		t = t[len("mapping("):]
		i := strings.Index(t, "=>")
		if i < 0 {
			break
		}
		out = append(out, strings.HasPrefix(t[:i], "address"))
		t = t[i+2:]
	}
	return out
}

// keyDeps returns a test for expressions built from the key at a level:
// from the parameters and locals it is made of, through locals assigned
// from them, not through values looked up by them.
func keyDeps(fn *Function, key *Node) func(*Node) bool {
	names := map[string]bool{}
	if ps := keyParams(fn, key, 3); len(ps) > 0 {
		for p := range ps {
			names[p] = true
		}
	}
	if k := unwrapConversion(key); k != nil && k.Kind == "identifier" {
		names[k.Text()] = true
	}
	src := func(x *Node) bool {
		return x.Kind == "identifier" && names[x.Text()] && x.Field != "property"
	}
	// A value looked up by the key (m[k]) is not the key.
	skip := func(x *Node) bool { return x.Kind == "array_access" }
	derived := fn.DerivedExcept(src, skip)
	return func(n *Node) bool { return n != nil && DependsOnExcept(n, derived, src, skip) }
}

// senderValue reports whether n carries the caller at fn.
func senderValue(fn *Function, n *Node) bool {
	return n != nil && (fn.senderExpr(n) || fn.Taint(n).Has(FromSender))
}

// maybeCaller is senderValue, or a value from an argument-less internal
// call the bundle does not define (_msgSender() of a Context left out of
// the scan with the dependencies): what it returns is unknown, and
// guessing it is not the caller is the false positive users see.
func maybeCaller(fn *Function, n *Node) bool {
	if senderValue(fn, n) {
		return true
	}
	return n != nil && DependsOn(n, fn.unresolvedLocals(), fn.unresolvedGetter)
}

// unresolvedLocals returns the locals f assigns from an unresolved
// argument-less call (memoised: maybeCaller asks for every index and
// argument of the body).
func (f *Function) unresolvedLocals() map[string]bool {
	f.unresolvedOnce.Do(func() { f.unresolved = f.Derived(f.unresolvedGetter) })
	return f.unresolved
}

// debitAuthorised reports whether something ties the debited account to
// the caller, at any level from the entry function to the write.
func debitAuthorised(s entrySite) bool {
	for i, lv := range s.levels {
		onKey := keyDeps(lv.fn, lv.key)
		for _, g := range lv.fn.Guards(lv.at) {
			// A modifier's condition reads the modifier's names.
			owner, on := lv.fn, onKey
			if o := lv.fn.guardOwner(g); o != lv.fn {
				owner, on = o, modifierKey(lv.fn, o, onKey)
			}
			if differsFromCaller(owner, g, on) {
				continue // the key is known not to be the caller
			}
			if authorisingCond(owner, g.Cond, on) || solvencyCond(owner, g.Cond, on) {
				return true
			}
		}
		if lv.fn.CallerChecked(lv.at) || signerChecked(lv.fn, lv.at) {
			return true
		}
		if i == 0 && verified(lv.fn, lv.at) {
			return true
		}
		if pairsKeyWithCaller(lv.fn, onKey) {
			return true
		}
	}
	return false
}

// modifierKey returns the key test in modifier m's terms: its parameters
// that fn's invocations of m pass the key to.
func modifierKey(fn, m *Function, onKey func(*Node) bool) func(*Node) bool {
	names := map[string]bool{}
	for _, inv := range fn.Modifiers {
		if id := inv.FirstKind("identifier"); id == nil || id.Text() != m.Name {
			continue
		}
		for i, a := range argNodes(inv) {
			if i < len(m.Params) && onKey(a) {
				names[m.Params[i].Name] = true
			}
		}
	}
	return func(n *Node) bool {
		found := false
		n.Walk(func(x *Node) bool {
			if !found && x.Kind == "identifier" && x.Field != "property" && names[x.Text()] {
				found = true
			}
			return !found
		})
		return found
	}
}

// differsFromCaller reports whether guard g is a plain comparison of the
// key with the caller that establishes they differ (require(k !=
// msg.sender)): it authorises nothing.
func differsFromCaller(fn *Function, g Guard, onKey func(*Node) bool) bool {
	c := g.Cond
	for c.Kind == "parenthesized_expression" && len(c.Children) == 1 {
		c = c.Children[0]
	}
	if c.Kind != "binary_expression" {
		return false
	}
	op := c.Operator()
	l, r := c.Child("left"), c.Child("right")
	if op != "==" && op != "!=" || l == nil || r == nil {
		return false
	}
	if !(senderValue(fn, l) && onKey(r) || senderValue(fn, r) && onKey(l)) {
		return false
	}
	return (op == "==") != g.True
}

// callerPays reports whether the caller pays in f or the internal
// functions it calls (two deep): ether (msg.value read) or tokens pulled
// from it (an ERC-20 transferFrom(msg.sender, …)). A debit paid for is a
// repayment or a purchase (a debt repaid on behalf, a seller's listing
// bought), not a taking.
func callerPays(f *Function) bool {
	return f.Reaches(2, func(g *Function) bool {
		found := false
		g.Body.Walk(func(n *Node) bool {
			switch {
			case found:
			case n.Kind == "member_expression" && isMember(n, "msg", "value"):
				found = true
			case n.Kind == "call_expression" && calleeName(n) == "transferFrom" && tokenTransfer(g, n):
				if a := argNodes(n); len(a) == 3 && senderValue(g, a[0]) {
					found = true
				}
			}
			return !found
		})
		return found
	})
}

// authorisingCond reports whether condition c relates the key to the
// caller: compares them, looks them up together, or passes the caller
// and a caller-chosen value to a helper (an approval check).
func authorisingCond(fn *Function, c *Node, onKey func(*Node) bool) bool {
	found := false
	c.Walk(func(x *Node) bool {
		if found {
			return false
		}
		switch x.Kind {
		case "binary_expression":
			if op := x.Operator(); op == "==" || op == "!=" {
				l, r := x.Child("left"), x.Child("right")
				found = senderValue(fn, l) && onKey(r) || senderValue(fn, r) && onKey(l)
			}
		case "array_access":
			found = keyAndCallerIndexed(fn, x, onKey)
		case "call_expression":
			if name := calleeName(x); name == "require" || name == "assert" {
				return true
			}
			sender, param := false, false
			for _, a := range callInputs(x) {
				if senderValue(fn, a) {
					sender = true
				} else if fn.Taint(a).Has(FromParam) {
					param = true
				}
			}
			found = sender && param
		}
		return !found
	})
	return found
}

// solvencyCond reports whether condition c orders two amounts the
// account holds in different state variables (collateral[k] * p <
// debt[k]): the debit is a liquidation the account's own position allows,
// not a taking. A balance compared with an amount (bal[k] >= a) is not
// one.
func solvencyCond(fn *Function, c *Node, onKey func(*Node) bool) bool {
	found := false
	c.Walk(func(x *Node) bool {
		if found || x.Kind != "binary_expression" {
			return !found
		}
		switch x.Operator() {
		case "<", "<=", ">", ">=":
			l, r := keyedVars(fn, x.Child("left"), onKey), keyedVars(fn, x.Child("right"), onKey)
			for a := range l {
				for b := range r {
					if a != b {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// keyedVars returns the state variables n reads at an entry keyed by the
// key.
func keyedVars(fn *Function, n *Node, onKey func(*Node) bool) map[string]bool {
	out := map[string]bool{}
	if n == nil {
		return out
	}
	n.Walk(func(x *Node) bool {
		if x.Kind == "array_access" && onKey(x.Child("index")) {
			if r := lvalueRoot(x); r != nil && fn.IsState(r.Text(), fn.Locals()) {
				out[r.Text()] = true
			}
		}
		return true
	})
	return out
}

// pairsKeyWithCaller reports whether fn's body anywhere looks up state by
// the key and the caller together (allowance[from][msg.sender], read or
// written) or passes both to a call (_spendAllowance(from, msg.sender, a),
// an operator check, a callback on the account with the caller).
func pairsKeyWithCaller(fn *Function, onKey func(*Node) bool) bool {
	found := false
	fn.Body.Walk(func(x *Node) bool {
		if found {
			return false
		}
		switch x.Kind {
		case "array_access":
			found = keyAndCallerIndexed(fn, x, onKey)
		case "call_expression":
			var key, sender bool
			for _, a := range callInputs(x) {
				switch {
				case maybeCaller(fn, a):
					sender = true
				case onKey(a):
					key = true
				}
			}
			found = key && sender
		}
		return !found
	})
	return found
}

// callInputs returns the arguments of a call and, for x.g(…), the
// receiver x.
func callInputs(call *Node) []*Node {
	in := argNodes(call)
	if fn := call.Child("function"); fn != nil && fn.Kind == "member_expression" {
		if o := fn.Child("object"); o != nil {
			in = append(in, o)
		}
	}
	return in
}

// keyAndCallerIndexed reports whether the access path ending at a (the
// outermost index access) indexes both the key and the caller.
func keyAndCallerIndexed(fn *Function, a *Node, onKey func(*Node) bool) bool {
	if p := a.Parent; p != nil && p.Kind == "array_access" && a.Field == "base" {
		return false // judged at the outermost access
	}
	var key, sender bool
	for x := a; x != nil && x.Kind == "array_access"; x = x.Child("base") {
		i := x.Child("index")
		switch {
		case i == nil:
		case maybeCaller(fn, i):
			sender = true
		case onKey(i):
			key = true
		}
	}
	return key && sender
}

// returnedTo reports whether what is debited goes back to the same
// account: ether or tokens paid to the key, or another entry keyed by it
// credited (a move between one owner's entries); or whether the key is a
// contract the function calls, not an account.
func returnedTo(s entrySite, credits []entrySite) bool {
	k := norm(s.key().Text())
	for _, c := range credits {
		if norm(c.key().Text()) == k {
			return true
		}
	}
	for _, lv := range s.levels {
		on := keyDeps(lv.fn, lv.key)
		if paysKey(lv.fn, on) || calledAsContract(lv.fn, on) {
			return true
		}
	}
	return false
}

// calledAsContract reports whether fn calls a function on the key
// (IERC20(k).transfer(…), k.g(…)): an entry keyed by a contract, a token's
// fees or reserves, is no account holder's balance.
func calledAsContract(fn *Function, onKey func(*Node) bool) bool {
	found := false
	fn.Body.Walk(func(n *Node) bool {
		if !found && n.Kind == "call_expression" {
			if x := n.Child("function"); x != nil && x.Kind == "member_expression" && onKey(x.Child("object")) {
				found = true
			}
		}
		return !found
	})
	return found
}

// paysKey reports whether fn pays ether or tokens to the key: a transfer,
// send or call with value to it, an ERC-20 transfer to it, or a library
// call that sends value with it as the recipient.
func paysKey(fn *Function, onKey func(*Node) bool) bool {
	for _, c := range fn.LowLevelCalls() {
		if c.Value && c.Invoked && c.Target != nil && onKey(c.Target) {
			return true
		}
	}
	found := false
	fn.Body.Walk(func(n *Node) bool {
		if found || n.Kind != "call_expression" {
			return !found
		}
		if to, _ := tokenPayout(fn, n); to != nil && onKey(to) {
			found = true
		} else if g := fn.libraryCallee(n); g != nil && g.Summary().SendsValue {
			if in := callInputs(n); len(in) > 0 {
				// L.g(to, v) or to.g(v): the recipient first, or the receiver.
				fnn := n.Child("function")
				if fn.Contract.Unit.lookup(fnn.Child("object").Text()) != nil {
					found = onKey(in[0])
				} else {
					found = onKey(in[len(in)-1])
				}
			}
		}
		return !found
	})
	return found
}

// standardTransferUnchecked returns the call through which an override of
// the ERC-20/ERC-721 transferFrom(from, to, amount or id) moves from's
// asset, when the balances live outside the bundle (an inherited _transfer
// of a skipped dependency) and nothing on the way looks at the caller:
// the function, its modifiers and the bundle's functions it calls never
// name msg.sender, tx.origin or a helper returning it, and it does not
// hand over to super. The standard requires the caller to be the owner or
// approved; the override dropped the check. nil otherwise.
func standardTransferUnchecked(f *Function) *Node {
	if f.Name != "transferFrom" && f.Name != "safeTransferFrom" || len(f.Params) < 3 ||
		f.Params[0].Type != "address" || f.Params[1].Type != "address" || !strings.HasPrefix(f.Params[2].Type, "uint") {
		return nil
	}
	for _, g := range runs(f, 3) {
		if mentionsSender(g.Body) || strings.Contains(g.Body.Text(), "super.") {
			return nil
		}
		for _, call := range g.Body.FindAll("call_expression") {
			if g.senderExpr(call) {
				return nil
			}
		}
	}
	from := f.Params[0].Name
	if from == "" {
		return nil
	}
	var moved *Node
	f.Body.Walk(func(n *Node) bool {
		if moved != nil || n.Kind != "call_expression" {
			return moved == nil
		}
		if !inheritedCall(f, n) {
			return true
		}
		for _, a := range argNodes(n) {
			if unwrapConversion(a).Text() == from {
				moved = n
			}
		}
		return moved == nil
	})
	return moved
}
