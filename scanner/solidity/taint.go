package solidity

import "sync"

// Taint: which sources a value may come from, flow-sensitively. It reads
// reaching definitions for locals (a reassigned local no longer carries
// its old source), tuple slots, fields of local structs (p.f = v; … p.f),
// internal functions' results, and the arguments callers pass to an
// internal function's parameters.

// Source is a set of origins a value may carry.
type Source uint16

// The sources Taint follows.
const (
	FromSender Source = 1 << iota // msg.sender, _msgSender()
	FromOrigin                    // tx.origin
	FromValue                     // msg.value
	FromTime                      // block.timestamp, now
	FromBlock                     // block.number, blockhash, prevrandao, coinbase, gaslimit
	FromParam                     // a parameter of a public or external function
	FromCall                      // the result of a call to another contract
)

// Has reports whether s includes any of t.
func (s Source) Has(t Source) bool { return s&t != 0 }

const taintDepth = 4

// Taint returns the sources that may reach expression n of f.
func (f *Function) Taint(n *Node) Source {
	t := &tainter{memo: map[*Def]Source{}, busy: map[*Def]bool{}}
	return t.expr(f, n, taintDepth)
}

type tainter struct {
	memo map[*Def]Source
	busy map[*Def]bool
	// site marks a tainter judging a callee's returns for one call whose
	// arguments are walked at the call: the callee's parameters stand for
	// them (FromParam, stripped there), not for what every other caller
	// in the bundle passes. sub is the query's site tainter.
	site bool
	sub  *tainter
}

// atSite returns the tainter judging callees' returns at a call.
func (t *tainter) atSite() *tainter {
	if t.site {
		return t
	}
	if t.sub == nil {
		t.sub = &tainter{memo: map[*Def]Source{}, busy: map[*Def]bool{}, site: true}
	}
	return t.sub
}

func (t *tainter) expr(f *Function, n *Node, depth int) Source {
	var s Source
	if n == nil || depth < 0 {
		return s
	}
	locals := f.Locals()
	n.Walk(func(x *Node) bool {
		switch x.Kind {
		case "member_expression":
			switch {
			case isMember(x, "msg", "sender"):
				s |= FromSender
				return false
			case isMember(x, "tx", "origin"):
				s |= FromOrigin
				return false
			case isMember(x, "msg", "value"):
				s |= FromValue
				return false
			}
			switch blockSource(x) {
			case "timestamp":
				s |= FromTime
				return false
			case "entropy":
				s |= FromBlock
				return false
			}
			// A field of a local struct: its own definitions, and the
			// struct's.
			if r := lvalueRoot(x); r != nil && x.Child("object") != nil && x.Child("object").Kind == "identifier" && locals[r.Text()] {
				s |= t.name(f, x, norm(x.Text()), depth)
				s |= t.name(f, r, r.Text(), depth)
				return false
			}
		case "identifier":
			if x.Text() == "now" {
				s |= FromTime
				return false
			}
			if x.Parent != nil && x.Parent.Kind == "member_expression" && x.Field == "property" {
				return false
			}
			if locals[x.Text()] || f.Param(x.Text()) {
				s |= t.name(f, x, x.Text(), depth)
			}
		case "call_expression":
			switch {
			case blockSource(x) == "entropy":
				s |= FromBlock
				return false
			case f.senderExpr(x):
				s |= FromSender
				return false
			}
			fn := x.Child("function")
			g := f.internalCallee(x)
			if g == nil && fn != nil && fn.Kind == "member_expression" {
				g = f.libraryCallee(x)
			}
			if g != nil {
				if g != nil && g != f && g.Body != nil && depth > 0 {
					// What the callee returns, its parameters standing
					// for the arguments passed here.
					s |= t.atSite().returns(g, depth-1) &^ FromParam
				}
				return true // the arguments flow into the result
			}
			if fn != nil && fn.Kind == "member_expression" {
				if obj := fn.Child("object"); obj != nil && obj.Text() != "this" && obj.Text() != "super" && obj.Text() != "abi" && !elementary.MatchString(obj.Text()) {
					s |= FromCall
				}
			}
		}
		return true
	})
	return s
}

// name returns the sources of local or parameter name read at use.
func (t *tainter) name(f *Function, use *Node, name string, depth int) Source {
	var s Source
	r := f.Reaching()
	for _, d := range r.defsAt(use, name) {
		s |= t.def(f, d, depth)
	}
	return s
}

func (t *tainter) def(f *Function, d *Def, depth int) Source {
	if v, ok := t.memo[d]; ok {
		return v
	}
	if t.busy[d] {
		return 0 // a loop-carried definition: its other sources are counted where they enter
	}
	t.busy[d] = true
	var s Source
	switch {
	case d.Node == f.Node: // a parameter
		s = t.param(f, d.Name, depth)
	case d.Value != nil:
		s = t.expr(f, d.Value, depth)
	case d.Zero:
	default: // compound assignment, update, a tuple slot from a call
		s = t.expr(f, d.Node, depth)
	}
	delete(t.busy, d)
	t.memo[d] = s
	return s
}

// param returns what a parameter carries: anything the caller chooses
// for a public or external function; for an internal one, what its
// callers in the bundle pass in that position.
func (t *tainter) param(f *Function, name string, depth int) Source {
	if f.Entry() || f.Kind == "modifier" || t.site {
		return FromParam
	}
	idx := -1
	for i, p := range f.Params {
		if p.Name == name {
			idx = i
		}
	}
	if idx < 0 || depth == 0 {
		return FromParam
	}
	var s Source
	for _, c := range f.callers() {
		args, pos := argNodes(c.call), idx
		if c.bound {
			// x.g(a): x is the first parameter
			if idx == 0 {
				s |= t.expr(c.fn, c.call.Child("function").Child("object"), depth-1)
				continue
			}
			pos--
		}
		if pos < len(args) {
			s |= t.expr(c.fn, args[pos], depth-1)
		}
	}
	return s
}

// returns returns the sources of g's return values.
func (t *tainter) returns(g *Function, depth int) Source {
	var s Source
	g.Body.Walk(func(n *Node) bool {
		if n.Kind == "return_statement" {
			s |= t.expr(g, n, depth)
			return false
		}
		return true
	})
	for _, p := range g.Returns {
		if p.Name != "" {
			s |= t.namedReturn(g, p.Name, depth)
		}
	}
	return s
}

// namedReturn returns the sources of every definition of a named return
// variable.
func (t *tainter) namedReturn(g *Function, name string, depth int) Source {
	var s Source
	for _, ds := range g.Defs() {
		for _, d := range ds {
			if d.Name == name {
				s |= t.def(g, d, depth)
			}
		}
	}
	return s
}

// callSite is a call of a function from fn; bound marks x.g(…) through
// using-for, where x is the first argument.
type callSite struct {
	fn    *Function
	call  *Node
	bound bool
}

// callIndex holds the call sites of the bundle's internal and library
// functions, by callee. One walk of every body in the bundle builds it, the
// first time any function's callers are asked for; the units of a bundle
// share it (they are checked concurrently).
type callIndex struct {
	once sync.Once
	by   map[*Function][]callSite
	all  []*Contract // every contract of every unit, duplicated names too

	memoMu sync.Mutex
	memo   map[string]*bundleMemo
}

type bundleMemo struct {
	once sync.Once
	v    any
}

// BundleOnce returns compute's result for key, computed once for the
// bundle the unit belongs to: its units, checked concurrently, share it.
// compute must read the bundle only (BundleFuncs), never one unit's
// findings.
func (u *Unit) BundleOnce(key string, compute func() any) any {
	if u.calls == nil {
		link([]*Unit{u})
	}
	x := u.calls
	x.memoMu.Lock()
	if x.memo == nil {
		x.memo = map[string]*bundleMemo{}
	}
	m := x.memo[key]
	if m == nil {
		m = &bundleMemo{}
		x.memo[key] = m
	}
	x.memoMu.Unlock()
	m.once.Do(func() { m.v = compute() })
	return m.v
}

// BundleFuncs returns every function and modifier declared in the
// bundle's contracts.
func (u *Unit) BundleFuncs() []*Function {
	var out []*Function
	for _, c := range u.bundleContracts() {
		out = append(out, c.Functions...)
		out = append(out, c.Modifiers...)
	}
	return out
}

// callers returns the calls of f from functions of the bundle (the
// callers share the slice and must not modify it).
func (f *Function) callers() []callSite {
	u := f.Contract.Unit
	if u.calls == nil {
		link([]*Unit{u})
	}
	x := u.calls
	x.once.Do(func() { x.by = indexCalls(u.bundleContracts()) })
	return x.by[f]
}

// indexCalls resolves every call in the bodies of cs to the internal or
// library function it reaches, if any.
func indexCalls(cs []*Contract) map[*Function][]callSite {
	by := map[*Function][]callSite{}
	for _, c := range cs {
		for _, fs := range [][]*Function{c.Functions, c.Modifiers} {
			for _, g := range fs {
				if g.Body == nil {
					continue
				}
				g.Body.Walk(func(n *Node) bool {
					if n.Kind != "call_expression" {
						return true
					}
					in := g.internalCallee(n)
					if in != nil {
						by[in] = append(by[in], callSite{fn: g, call: n})
					}
					if fn := n.Child("function"); fn != nil && fn.Kind == "member_expression" {
						if lib := g.libraryCallee(n); lib != nil && lib != in {
							bound := c.Unit.lookup(fn.Child("object").Text()) == nil
							by[lib] = append(by[lib], callSite{fn: g, call: n, bound: bound})
						}
					}
					return true
				})
			}
		}
	}
	return by
}

// UnguardedEntry returns a public or external function without an access
// guard that reaches f through internal calls (depth calls deep) at call
// sites no caller check dominates, or nil. An entry function itself is
// its own answer when unguarded.
func (f *Function) UnguardedEntry(depth int) *Function {
	if f.Entry() {
		if f.Guarded() {
			return nil
		}
		return f
	}
	if depth == 0 || f.Guarded() {
		return nil
	}
	for _, c := range f.callers() {
		if c.fn == f || c.fn.Kind == "modifier" || c.fn.CallerChecked(c.call) {
			continue
		}
		if e := c.fn.UnguardedEntry(depth - 1); e != nil {
			return e
		}
	}
	return nil
}

// bundleContracts returns the contracts of the bundle, or the unit's own
// when it is not linked.
func (u *Unit) bundleContracts() []*Contract {
	if u.bundle == nil {
		return u.Contracts
	}
	if u.calls != nil && u.calls.all != nil {
		return u.calls.all
	}
	out := make([]*Contract, 0, len(u.bundle))
	seen := map[*Contract]bool{}
	for _, c := range u.bundle {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}
