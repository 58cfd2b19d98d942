package solidity

import (
	"regexp"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// controlledDelegatecall: delegatecall (or callcode) reachable by anyone.
// The callee runs with this contract's storage and balance, so whoever
// chooses the callee or the calldata controls the contract (Parity wallet).
//
// Decides: a delegatecall/callcode member call in a public, external or
// fallback function without an access guard (Function.Guarded), or in an
// internal function such a function reaches through unguarded calls,
// whose target or calldata the caller shapes (a parameter or msg.data;
// callerShapes): a module the contract looks up, called with calldata
// built around a fixed selector, is the contract's own choice, unless
// the function it names (a contract of the bundle's, by the signature
// string) writes a value it is handed to the storage slot where this
// contract keeps the target (overwritesTarget, on the layer's storage
// layout): the next call runs whatever the caller put there. A proxy
// delegating to its EIP-1967 implementation slot is the design and is
// skipped, and so is a delegatecall into the contract's own code (a
// multicall); a fallback forwarding to a library variable (Parity) is not.
// A one-shot initialisation that runs only while the proxy's
// implementation is unset (firstSet, shared with SOL-UNPROTECTED-UPGRADE)
// is the proxy's set-up, judged by SOL-UNPROTECTED-INITIALIZER. A target
// a guard requires to be in an allow-list only privileged callers write
// (require(modules[t]), in the function or a modifier it passes t to;
// Function.allowListed) is the contract's choice too. An assembly
// delegatecall or callcode counts when it sits in the entry point itself,
// its target (the built-in's second argument) is a parameter, and its
// block does not end by reverting. Reports the call.
//
// Known false positives: proxies whose implementation address is fixed and
// trusted; a finding there is a reminder to restrict the forwarded
// selectors.
type controlledDelegatecall struct{}

func (controlledDelegatecall) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-CONTROLLED-DELEGATECALL",
		Title:          "Delegatecall reachable by anyone",
		Severity:       scanner.High,
		Confidence:     0.75,
		Category:       "access_control",
		CWE:            "CWE-829",
		SWC:            "SWC-112",
		Description:    "An unguarded function delegatecalls another contract. The callee runs in this contract's context and can overwrite its storage (owners, balances) or destroy it; if the caller controls the target or the calldata, it controls the contract.",
		Recommendation: "Only delegatecall trusted, fixed implementations, restrict who can trigger it, and never forward arbitrary msg.data to a library that can change ownership.",
		Tier:           scanner.TierQuick,
	}
}

func (d controlledDelegatecall) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || f.Kind == "modifier" || f.Contract.Kind == "library" || f.UnguardedEntry(3) == nil {
			continue
		}
		// A proxy's initialisation: it runs only while the implementation
		// is unset and delegates the set-up call to what it installs.
		if impl := implVars(f.Contract); f.Entry() && len(impl) > 0 && firstSet(f, impl) {
			continue
		}
		for _, c := range f.LowLevelCalls() {
			if (c.Kind == "delegatecall" || c.Kind == "callcode") && !eip1967Target(f, c.Target) && !selfTarget(c.Target) && !revertsOnSuccess(f, c.Node) && (callerShapes(f, c) || overwritesTarget(f, c) != nil) && !f.allowListed(c.Node, c.Target) && !listedByCallers(f, c.Target) {
				out = append(out, u.finding(d.Meta().ID, c.Node, scope(f)))
			}
		}
		// In assembly, in the entry point itself: delegatecall(gas(),
		// target, …) or callcode(gas(), target, …) to a target the caller
		// chooses, in a block that does not end by reverting (a
		// simulation that reverts with the result keeps nothing). The
		// calldata copied in is not judged there: a proxy's fallback
		// forwards all of it by design, to a target the contract holds.
		// Assembly helpers are left out: executors reached through
		// signature checks the layer does not read as guards use them.
		if !f.Entry() {
			continue
		}
		for _, call := range yulDelegatecalls(f) {
			if t := yulArgs(call); len(t) > 1 && !yulRevertsAfter(call) && !eip1967Target(f, t[1]) && callerShapes(f, &Call{Node: call, Target: t[1]}) && !f.allowListed(call, t[1]) {
				out = append(out, u.finding(d.Meta().ID, call, scope(f)))
			}
		}
	}
	return out
}

// overwritesTarget returns the function of another contract of the
// bundle that delegatecall c, made by f to an address f's contract holds
// in state, runs (named by the signature its calldata is built from:
// abi.encodeWithSignature("g(uint256)", …), or a selector constant
// hashed from that string; by its parameter types alone when no function
// of that name has them) when that function, or an internal one it
// calls, writes a value it is handed to the storage slot where f's
// contract keeps the delegatecall's target. The library's layout is not
// the caller's: the first call replaces the target with an address the
// caller passed, the next runs the caller's code here (Ethernaut's
// Preservation); whatever f hands it there, the target is lost (a
// proxy handing address(this) points at itself). nil otherwise.
func overwritesTarget(f *Function, c *Call) *Function {
	t := lvalueRoot(unwrapConversion(c.Target))
	if t == nil || !f.stateName(t) {
		return nil
	}
	sv := f.Contract.StateVar(t.Text())
	if sv == nil || sv.Constant {
		return nil
	}
	at, ok := f.Contract.Layout()[sv]
	if !ok {
		return nil
	}
	for _, sig := range calldataSignatures(f, c.Args) {
		m := signatureRe.FindStringSubmatch(sig)
		if m == nil {
			continue
		}
		var types []string
		if strings.TrimSpace(m[2]) != "" {
			for _, t := range strings.Split(m[2], ",") {
				types = append(types, CanonicalType(t))
			}
		}
		// The functions the signature names: by name and parameter
		// types; failing any, by the types alone (a function renamed
		// since the string was written selects nothing, but the
		// parameters say which code the caller means to run).
		var named, typed []*Function
		for _, x := range f.Contract.Unit.bundleContracts() {
			if x.Kind != "contract" || inLineage(f.Contract, x) {
				continue
			}
			for _, g := range x.Functions {
				if g.Body == nil || g.Kind != "function" || g.Visibility == "internal" || g.Visibility == "private" || !sameTypes(g, types) {
					continue
				}
				typed = append(typed, g)
				if g.Name == m[1] {
					named = append(named, g)
				}
			}
		}
		if len(named) > 0 {
			typed = named
		}
		for _, g := range typed {
			x := g.Contract
			layout := x.Layout()
			for _, h := range runs(g, 2) {
				for _, w := range h.StateWrites() {
					v := x.StateVar(w.Var)
					r := w.Node.Child("right")
					if v == nil || r == nil || !h.Taint(r).Has(FromParam) {
						continue
					}
					if s, ok := layout[v]; ok && s.Overlaps(at) {
						return g
					}
				}
			}
		}
	}
	return nil
}

// listedByCallers reports whether target is a parameter of the internal
// function f that every call of f in the bundle hands a value its caller
// has checked against an allow-list (Function.allowListed there): a
// helper forwarding to a module its callers vetted.
func listedByCallers(f *Function, target *Node) bool {
	t := unwrapConversion(target)
	if f.Entry() || t == nil || t.Kind != "identifier" {
		return false
	}
	idx := -1
	for i, p := range f.Params {
		if p.Name == t.Text() {
			idx = i
		}
	}
	if idx < 0 {
		return false
	}
	cs := f.callers()
	for _, cs := range cs {
		args := argNodes(cs.call)
		i := idx
		if cs.bound {
			i--
		}
		if i < 0 || i >= len(args) || !cs.fn.allowListed(cs.call, args[i]) {
			return false
		}
	}
	return len(cs) > 0
}

// sameTypes reports whether g's parameters have the canonical types.
func sameTypes(g *Function, types []string) bool {
	if len(g.Params) != len(types) {
		return false
	}
	for i, p := range g.Params {
		if CanonicalType(p.Type) != types[i] {
			return false
		}
	}
	return true
}

// CanonicalType is a parameter type as an ABI signature spells it: no
// data location or payable, uint and int at 256 bits.
func CanonicalType(t string) string {
	f := strings.Fields(t)
	if len(f) == 0 {
		return ""
	}
	switch f[0] {
	case "uint":
		return "uint256"
	case "int":
		return "int256"
	}
	return f[0]
}

var signatureRe = regexp.MustCompile(`^\s*([A-Za-z_$][A-Za-z0-9_$]*)\((.*)\)\s*$`)

// calldataSignatures returns the string literals in args, and in the
// declarations of the constants args name (a selector constant built
// from a signature string).
func calldataSignatures(f *Function, args []*Node) []string {
	var out []string
	var visit func(n *Node, depth int)
	visit = func(n *Node, depth int) {
		n.Walk(func(x *Node) bool {
			switch x.Kind {
			case "string":
				out = append(out, strings.Trim(x.Text(), `"'`))
			case "identifier":
				if sv := f.Contract.StateVar(x.Text()); depth > 0 && sv != nil && sv.Constant && f.stateName(x) {
					if v := sv.Node.Child("value"); v != nil {
						visit(v, depth-1)
					}
				}
			}
			return true
		})
	}
	for _, a := range args {
		visit(a, 1)
	}
	return out
}

// inLineage reports whether x is c or one of its bases.
func inLineage(c, x *Contract) bool {
	for _, y := range c.Linearization() {
		if y == x {
			return true
		}
	}
	return false
}

// revertsOnSuccess reports whether a run goes on past call only when it
// failed: a test of its result whose success arm cannot reach the
// function's normal end (require(!t.delegatecall(d)), a simulation that
// reports by reverting). Whatever the call did is rolled back; a failed
// call kept nothing either.
func revertsOnSuccess(f *Function, call *Node) bool {
	g := f.CFG()
	b := g.BlockOf(call)
	if b == nil || b.Cond == nil || len(b.Succs) != 2 {
		return false
	}
	ok, success := successTest(call, b.Cond)
	if !ok {
		return false
	}
	arm := b.Succs[1]
	if success {
		arm = b.Succs[0]
	}
	return !g.ReachesExit(arm)
}

// yulRevertsAfter reports whether the assembly block holding call ends,
// at its top level, with revert(…) after it: whatever call did is rolled
// back.
func yulRevertsAfter(call *Node) bool {
	a := call.Ancestor("assembly_statement")
	if a == nil {
		return false
	}
	last, name := yulLast(a)
	return name == "revert" && last.Start >= call.End
}

// yulLast returns the last top-level statement of assembly block a when
// it is a call of a built-in or function, and the called name; nil and
// "" otherwise.
func yulLast(a *Node) (*Node, string) {
	var last *Node
	for _, c := range a.Children {
		if c.Named && c.Kind != "assembly" && c.Kind != "comment" && c.Kind != "assembly_flags" {
			last = c
		}
	}
	if last != nil && last.Kind == "yul_switch_statement" {
		return last, yulSwitchEnd(last)
	}
	if last == nil || last.Kind != "yul_function_call" {
		return nil, ""
	}
	fn := last.Child("function")
	if fn == nil {
		return nil, ""
	}
	return last, fn.Text()
}

// yulSwitchEnd returns how a switch with a default case ends when every
// case ends the call: "revert" when all revert (or hit invalid()),
// "return" when all end it and one returns or stops; "" otherwise.
func yulSwitchEnd(sw *Node) string {
	hasDefault, ends, returns := false, true, false
	for _, c := range sw.Children {
		switch c.Kind {
		case "default":
			hasDefault = true
		case "yul_block":
			switch _, name := yulLast(c); name {
			case "revert", "invalid":
			case "return", "stop":
				returns = true
			default:
				ends = false
			}
		}
	}
	switch {
	case !hasDefault || !ends:
		return ""
	case returns:
		return "return"
	}
	return "revert"
}

// yulArgs returns the arguments of an assembly call.
func yulArgs(call *Node) []*Node {
	var out []*Node
	for _, c := range call.Children {
		if c.Named && c.Field != "function" {
			out = append(out, c)
		}
	}
	return out
}

// yulDelegatecalls returns f's assembly calls of the delegatecall and
// callcode built-ins.
func yulDelegatecalls(f *Function) []*Node {
	var out []*Node
	for _, a := range f.Body.FindAll("assembly_statement") {
		a.Walk(func(n *Node) bool {
			if n.Kind == "yul_function_call" {
				if fn := n.Child("function"); fn != nil && (fn.Text() == "delegatecall" || fn.Text() == "callcode") {
					out = append(out, n)
				}
			}
			return true
		})
	}
	return out
}

// selfTarget reports a delegatecall into the contract's own code
// (address(this).delegatecall(data): a multicall batching its own
// functions, each of which applies its own guards).
func selfTarget(target *Node) bool {
	t := unwrapConversion(target)
	return t != nil && t.Kind == "identifier" && t.Text() == "this"
}

// eip1967Target reports whether a delegatecall's target is read from an
// EIP-1967 slot: it mentions a state constant holding one.
func eip1967Target(f *Function, target *Node) bool {
	slots := map[string]bool{}
	for _, x := range f.Contract.Linearization() {
		for _, v := range x.StateVars {
			t := strings.ToLower(v.Node.Text())
			for _, s := range eip1967 {
				if v.Constant && strings.Contains(t, s) {
					slots[v.Name] = true
				}
			}
		}
	}
	if len(slots) == 0 || target == nil {
		return false
	}
	found := false
	target.Walk(func(n *Node) bool {
		if n.Kind == "identifier" && slots[n.Text()] {
			found = true
		}
		return !found
	})
	return found
}

// callerShapes reports whether the caller chooses the target or the
// calldata of delegatecall c in f: either depends on a parameter or on
// msg.data (Parity's fallback forwarding msg.data to a library), or the
// target on state any caller may set (anyoneSets). A target
// the contract looks up (a module registered in state, an address
// provider's getter) called with calldata built around a fixed selector
// runs code the contract picked, as the contract asked.
func callerShapes(f *Function, c *Call) bool {
	fed := callerFed(f)
	src := func(n *Node) bool {
		return n.Kind == "identifier" && fed[n.Text()] && f.Param(n.Text()) && n.Field != "property" ||
			n.Kind == "member_expression" && isMember(n, "msg", "data")
	}
	skip := func(n *Node) bool { return f.fixedEncoding(n) || f.stateLookup(n) }
	derived := f.DerivedExcept(src, skip)
	controlled := func(n *Node) bool { return n != nil && DependsOnExcept(n, derived, src, skip) }
	if controlled(c.Target) {
		return true
	}
	// A target held in state that any caller may replace (set(t) without
	// a guard, not a one-shot initialiser): the caller picks the code.
	settable := func(n *Node) bool {
		return n.Kind == "identifier" && n.Field != "property" && f.stateName(n) && anyoneSets(f.Contract, n.Text())
	}
	if c.Target != nil && DependsOn(c.Target, f.Derived(settable), settable) {
		return true
	}
	return len(c.Args) > 0 && controlled(c.Args[0])
}

// callerFed returns the parameters of f a caller may choose: all of an
// entry's; of an internal function, those some call site in the bundle
// binds to a value its own parameters or msg.data shape (_forward(data)
// with data read from state feeds nothing).
func callerFed(f *Function) map[string]bool {
	out := map[string]bool{}
	if f.Entry() {
		for _, p := range f.Params {
			out[p.Name] = true
		}
		return out
	}
	for _, cs := range f.callers() {
		g := cs.fn
		if g == nil || g.Body == nil {
			continue
		}
		src := func(n *Node) bool {
			return n.Kind == "identifier" && g.Param(n.Text()) && n.Field != "property" ||
				n.Kind == "member_expression" && isMember(n, "msg", "data")
		}
		skip := func(n *Node) bool { return g.fixedEncoding(n) || g.stateLookup(n) }
		derived := g.DerivedExcept(src, skip)
		for k := range BoundParams(f, cs.call, func(n *Node) bool { return n != nil && DependsOnExcept(n, derived, src, skip) }) {
			out[k] = true
		}
	}
	return out
}
