package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// unprotectedInitializer: a one-shot set-up function anyone may be the
// first to call. Contracts deployed behind a proxy, or written to be, set
// their owner in an initialiser instead of a constructor; if the
// deployment does not spend it, whoever calls it first owns the contract
// (Parity's WalletLibrary, killed by a stranger who initialised it, and
// every UUPS implementation left uninitialised).
//
// Decides: a public or external non-constructor function of a concrete
// contract, without an access guard (Function.Guarded), that
//   - is one-shot: a condition it runs (in its body, a modifier or an
//     internal function it calls) tests a state variable against a
//     literal or as a flag (require(!done), require(owner ==
//     address(0)), if (count > 0) revert) and the function writes that
//     same variable;
//   - writes access-control state: a variable some guard compares the
//     caller with (privileged, shared with SOL-UNPROTECTED-OWNER-WRITE),
//     or one a helper the guards pass the caller to looks it up in
//     (privilegedViaHelpers: isOwner(msg.sender) reading
//     ownerIndex[a]), itself or through the functions it calls;
//   - is not spent at deployment: no constructor of the contract, or of
//     a contract in the bundle deriving from it, calls it or writes its
//     flag (a _disableInitializers-like function setting the flag to its
//     maximum counts by what it writes), and the flag's declaration does
//     not already hold a non-zero value;
//   - is not an upgradeable initialiser of a contract that cannot destroy
//     its code: when the one-shot check also admits a call while the
//     contract has no code yet (a constructor; the shape of initialisers
//     a proxy runs in its deploying transaction), only the implementation
//     stays open, and taking it over matters only if some function of
//     the contract reaches a selfdestruct, delegatecall or callcode.
//
// Names play no part. Reports the function header.
//
// Split with SOL-UNPROTECTED-OWNER-WRITE: a one-shot function is this
// rule's, safe or not; that rule reports the other unguarded writes.
//
// An initialiser behind a modifier the scan cannot see (an imported
// initializer) is judged by what it does (opaqueInitializer): it makes
// its caller the privileged account, which under a real caller check
// would change nothing; reported where the contract can destroy or
// replace its code and no constructor runs it or a function the scan
// cannot see.
//
// Known false positives: a deployment script or factory that calls the
// initialiser in the deploying transaction (outside the bundle). Known
// false negatives: an initialiser in an abstract contract is left to the
// contracts deriving from it, and one whose flag lives in namespaced
// storage (OpenZeppelin 5) is not recognised as one-shot.
type unprotectedInitializer struct{}

func (unprotectedInitializer) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNPROTECTED-INITIALIZER",
		Title:          "Initializer callable by anyone",
		Severity:       scanner.Critical,
		Confidence:     0.75,
		Category:       "access_control",
		CWE:            "CWE-665",
		SWC:            "SWC-118",
		Description:    "A one-time set-up function that assigns the owner or other access-control state can be called by anyone, and nothing in the deployment calls it first. An attacker initialises the contract (or the implementation behind a proxy) with themselves as owner, then upgrades, drains or destroys it.",
		Recommendation: "Call the initialiser in the constructor or in the same transaction that deploys the proxy, restrict it to the deployer, and disable initialisers in the implementation's constructor (OpenZeppelin's _disableInitializers()).",
		Tier:           scanner.TierQuick,
	}
}

func (d unprotectedInitializer) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, c := range u.Contracts {
		if c.Kind != "contract" || c.Abstract {
			continue
		}
		for _, f := range c.Functions {
			if opensInitializer(c, f) || opaqueInitializer(c, f) {
				out = append(out, u.finding(d.Meta().ID, f.Node, scope(f)))
			}
		}
	}
	return out
}

// opensInitializer reports a one-shot entry function of concrete contract
// c, without a guard, that writes access-control state and that the
// deployment does not spend.
func opensInitializer(c *Contract, f *Function) bool {
	if c.Kind != "contract" || c.Abstract || f.Body == nil || !f.Entry() || f.Kind != "function" || f.Guarded() {
		return false
	}
	flags := oneShotFlags(f)
	return len(flags) > 0 && writesAccessControl(c, f) && !spentAtDeploy(c, f, flags) && !(admitsConstruction(f) && !destructive(c))
}

// opaqueInitializer reports an initialiser behind a modifier the scan
// cannot see (an imported initializer, skipped with the dependencies),
// judged by what the function does: it makes its caller the privileged
// account (owner = msg.sender, a variable some guard compares the caller
// with), which under a real caller check would change nothing, so the
// modifier admits whoever comes first, not the owner. Reported only in
// a contract that can destroy or replace its code (destructive) and
// whose deployment runs neither f nor any function the scan cannot see
// (a _disableInitializers of the base): Ethernaut's Motorbike engine.
func opaqueInitializer(c *Contract, f *Function) bool {
	if f.Body == nil || !f.Entry() || f.Kind != "function" || len(f.Modifiers) == 0 {
		return false
	}
	opaque := false
	for _, m := range f.Modifiers {
		if c.Modifier(m.FirstKind("identifier").Text()) == nil {
			opaque = true
		}
	}
	if !opaque || !destructive(c) {
		return false
	}
	// No caller check the scan can read, in the body or a modifier it
	// resolves.
	g := f.CFG()
	for _, gd := range g.guardsAt(g.Exit) {
		if f.guardOwner(gd).checksCaller(gd.Cond, gd.True) {
			return false
		}
	}
	priv := privileged(c)
	seats := false
	for _, h := range runs(f, 2) {
		for _, w := range h.StateWrites() {
			r := w.Node.Child("right")
			if w.Node.Kind == "assignment_expression" && r != nil && priv[w.Var] && len(indices(writtenBy(w.Node))) == 0 && h.senderExpr(r) && !boughtSeat(h, w) {
				seats = true
			}
		}
	}
	return seats && !deployRunsOpaque(c, f)
}

// deployRunsOpaque reports whether deploying c (or a contract of the
// bundle deriving from it) runs f, or a function the scan cannot see
// that might spend it, in a constructor.
func deployRunsOpaque(c *Contract, f *Function) bool {
	for _, k := range deployConstructors(c) {
		found := false
		k.Body.Walk(func(n *Node) bool {
			if found || n.Kind != "call_expression" {
				return !found
			}
			fn := n.Child("function")
			h := k.internalCallee(n)
			found = h == f || h == nil && fn != nil && fn.Kind == "identifier" && !builtinCall[fn.Text()] && k.Contract.Unit.lookup(fn.Text()) == nil && !elementary.MatchString(fn.Text())
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// deployConstructors returns the constructors with a body that deploying
// c runs: those of its linearisation and of every contract of the bundle
// deriving from it.
func deployConstructors(c *Contract) []*Function {
	deployed := []*Contract{c}
	for _, d := range c.Unit.bundleContracts() {
		if d != c && inLineage(d, c) {
			deployed = append(deployed, d)
		}
	}
	var out []*Function
	for _, d := range deployed {
		for _, x := range d.Linearization() {
			for _, k := range x.Functions {
				if k.Kind == "constructor" && k.Body != nil {
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// admitsConstruction reports whether the one-shot check of f also lets
// it run while the contract has no code yet, in a constructor (this
// contract's code length or extcodesize, asked directly or through a
// helper): the shape of upgradeable initialisers, written to run in the
// transaction deploying their proxy. What stays open is the
// implementation itself, whose state no proxy uses (see destructive).
func admitsConstruction(f *Function) bool {
	for _, t := range exitTests(f, 3, map[*Function]bool{}) {
		if asksOwnCode(t.owner, t.cond, 2) {
			return true
		}
	}
	return false
}

// asksOwnCode reports whether expression x, in g, tests this contract's
// code size: address(this).code.length, or a helper testing the code
// size of its parameter handed address(this), or an argument-less
// helper returning such a test (depth levels).
func asksOwnCode(g *Function, x *Node, depth int) bool {
	self := func(n *Node) bool {
		t := dropSpace(n.Text())
		return t == "this" || t == "address(this)"
	}
	found := false
	x.Walk(func(n *Node) bool {
		if found {
			return false
		}
		switch n.Kind {
		case "member_expression":
			if n.Child("property").Text() == "length" {
				o := n.Child("object")
				found = o != nil && o.Kind == "member_expression" && o.Child("property").Text() == "code" && self(o.Child("object"))
			}
		case "call_expression":
			h, args := g.internalCallee(n), argNodes(n)
			if h == nil {
				if h = g.libraryCallee(n); h != nil {
					if fn := n.Child("function"); fn.Kind == "member_expression" && g.Contract.Unit.lookup(fn.Child("object").Text()) == nil {
						args = append([]*Node{fn.Child("object")}, args...) // x.g(…) bound to x
					}
				}
			}
			if h == nil || h.Body == nil {
				return true
			}
			if i := codeSizeParam(h); i >= 0 && i < len(args) && self(args[i]) {
				found = true
			} else if len(args) == 0 && depth > 0 {
				found = everyReturn(h, func(v *Node) bool { return asksOwnCode(h, v, depth-1) }) || ownCodeSizeAsm(h)
			}
		}
		return !found
	})
	return found
}

// ownCodeSizeAsm reports a helper whose assembly measures this
// contract's code: extcodesize(address()), or of a local holding
// address(this).
func ownCodeSizeAsm(h *Function) bool {
	selfLocals := map[string]bool{}
	for _, ds := range h.Defs() {
		for _, d := range ds {
			if d.Value != nil && dropSpace(d.Value.Text()) == "address(this)" {
				selfLocals[d.Name] = true
			}
		}
	}
	found := false
	for _, a := range h.Body.FindAll("assembly_statement") {
		t := dropSpace(a.Text())
		found = found || strings.Contains(t, "extcodesize(address())")
		for v := range selfLocals {
			found = found || strings.Contains(t, "extcodesize("+v+")")
		}
	}
	return found
}

// destructive reports whether some function of c's lineage reaches a
// selfdestruct, a delegatecall or a callcode: whoever initialises c's
// own deployment (an implementation) could end or replace its code, and
// with it every proxy pointing there.
func destructive(c *Contract) bool {
	for _, g := range c.AllFunctions() {
		if g.Body != nil && g.Summary().Destroys {
			return true
		}
	}
	return false
}

// runs returns f and what runs with it: its modifiers and the internal
// functions it calls, transitively (depth levels).
func runs(f *Function, depth int) []*Function {
	seen := map[*Function]bool{}
	var out []*Function
	var visit func(g *Function, d int)
	visit = func(g *Function, d int) {
		if g == nil || g.Body == nil || seen[g] {
			return
		}
		seen[g] = true
		out = append(out, g)
		for _, m := range g.Modifiers {
			if id := m.FirstKind("identifier"); id != nil {
				visit(g.Contract.Modifier(id.Text()), d)
			}
		}
		if d == 0 {
			return
		}
		g.Body.Walk(func(n *Node) bool {
			if n.Kind == "call_expression" {
				visit(g.internalCallee(n), d-1)
			}
			return true
		})
	}
	visit(f, depth)
	return out
}

// oneShotFlags returns the state variables f tests as a one-shot flag
// and also writes: a check every normal exit of f passes (require, if …
// revert, in its body, a modifier or an internal function it always
// calls) that lets it run once.
func oneShotFlags(f *Function) map[string]bool {
	// A flag the function also clears is a lock (if (busy) revert;
	// busy = true; …; busy = false), not a one-shot.
	written, cleared := map[string]bool{}, map[string]bool{}
	for _, g := range runs(f, 3) {
		for _, w := range g.StateWrites() {
			written[w.Var] = true
			switch w.Node.Kind {
			case "assignment_expression":
				if r := w.Node.Child("right"); r != nil && zeroValue(r) {
					cleared[w.Var] = true
				}
			case "unary_expression":
				cleared[w.Var] = true // delete
			}
		}
	}
	for v := range cleared {
		delete(written, v)
	}
	flags := map[string]bool{}
	if len(written) == 0 {
		return flags
	}
	for _, t := range exitTests(f, 3, map[*Function]bool{}) {
		for v := range flagTests(t.owner, t.cond) {
			if written[v] {
				flags[v] = true
			}
		}
	}
	return flags
}

type exitTest struct {
	owner *Function
	cond  *Node
}

// exitTests returns the conditions every normal exit of f passes: its
// CFG's guards of Exit (modifiers inlined), and those of the internal
// functions it calls as statements on every path (depth levels).
func exitTests(f *Function, depth int, seen map[*Function]bool) []exitTest {
	if f == nil || f.Body == nil || seen[f] {
		return nil
	}
	seen[f] = true
	g := f.CFG()
	if !g.Reachable(g.Exit) {
		return nil
	}
	var out []exitTest
	for _, gd := range g.guardsAt(g.Exit) {
		out = append(out, exitTest{f.guardOwner(gd), gd.Cond})
	}
	if depth == 0 {
		return out
	}
	f.Body.Walk(func(n *Node) bool {
		if n.Kind != "call_expression" || n.Parent == nil || n.Parent.Kind != "expression_statement" {
			return true
		}
		if b := g.BlockOf(n); b != nil && g.Reachable(b) && g.Dominates(b, g.Exit) {
			out = append(out, exitTests(f.internalCallee(n), depth-1, seen)...)
		}
		return true
	})
	return out
}

// flagTests returns the state variables cond tests as a flag: negated,
// alone, or compared with a literal (0, false, address(0)); read directly
// or through an internal getter returning it as it is (require(impl() ==
// address(0)) with impl() { return q; }).
func flagTests(g *Function, cond *Node) map[string]bool {
	out := map[string]bool{}
	// tested reports whether x sits where a flag is tested.
	tested := func(x *Node) bool {
		p := outer(x)
		switch {
		case x == cond || p == nil:
			return true
		case p.Kind == "unary_expression" && p.Operator() == "!":
			return true
		case p.Kind == "binary_expression":
			switch p.Operator() {
			case "&&", "||":
				return true
			case "==", "!=", "<", "<=", ">", ">=":
				other := p.Child("left")
				if other != nil && other.Contains(x) {
					other = p.Child("right")
				}
				return other != nil && constantValue(other)
			}
		}
		return false
	}
	cond.Walk(func(x *Node) bool {
		if x.Kind == "call_expression" {
			if v := stateGetter(g, x); v != "" && tested(x) {
				out[v] = true
				return false
			}
			return true
		}
		if x.Kind != "identifier" && x.Kind != "member_expression" {
			return true
		}
		if p := x.Parent; p != nil && p.Kind == "member_expression" && x.Field == "object" {
			return true // the whole access is judged
		}
		path := accessPath(x)
		r := lvalueRoot(x)
		// A flag is a state variable itself, not a storage pointer to an
		// entry (pending.yetNeeded of m_pending[op]) nor a mapping entry.
		if path == "" || strings.Contains(path, "[]") || r == nil || !g.stateName(r) || g.Locals()[r.Text()] {
			return x.Kind != "identifier"
		}
		if tested(x) {
			out[r.Text()] = true
		}
		return false
	})
	return out
}

// stateGetter returns the state variable an argument-less internal
// function called by call returns as it is from every return (return q;),
// or "".
func stateGetter(g *Function, call *Node) string {
	h := g.internalCallee(call)
	if h == nil || h.Body == nil || len(argNodes(call)) != 0 {
		return ""
	}
	name := ""
	if !everyReturn(h, func(v *Node) bool {
		v = unparen(v)
		if v.Kind != "identifier" || !h.stateName(v) || h.Locals()[v.Text()] || name != "" && v.Text() != name {
			return false
		}
		name = v.Text()
		return true
	}) {
		return ""
	}
	return name
}

// constantValue reports a literal a flag is compared with: a number,
// true/false, address(0).
func constantValue(n *Node) bool {
	n = unparen(n)
	return n != nil && (isLiteral(n) || n.Kind == "boolean_literal" || zeroAddr.MatchString(dropSpace(n.Text())))
}

// writesAccessControl reports whether f, or what runs with it, writes a
// variable the contract's guards check the caller against.
func writesAccessControl(c *Contract, f *Function) bool {
	priv, via := privileged(c), privilegedViaHelpers(c)
	if len(priv) == 0 && len(via) == 0 {
		return false
	}
	for _, g := range runs(f, 3) {
		for _, w := range g.StateWrites() {
			if (via[w.Var] || priv[w.Var] && c.privPathHit(w.Var, accessPath(writtenBy(w.Node)))) && !boughtSeat(g, w) {
				return true
			}
		}
	}
	return false
}

// spentAtDeploy reports whether deploying c (or a contract of the bundle
// deriving from it) already ran f or wrote one of its flags, or a flag is
// declared with a value.
func spentAtDeploy(c *Contract, f *Function, flags map[string]bool) bool {
	for v := range flags {
		if sv := c.StateVar(v); sv != nil {
			if val := sv.Node.Child("value"); val != nil && !zeroValue(val) {
				return true
			}
		}
	}
	for _, k := range deployConstructors(c) {
		for _, g := range runs(k, 3) {
			if g == f {
				return true
			}
			for _, w := range g.StateWrites() {
				if flags[w.Var] {
					return true
				}
			}
		}
	}
	return false
}
