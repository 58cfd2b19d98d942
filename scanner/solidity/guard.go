package solidity

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

// checksCaller reports whether condition c (taken as true or false)
// restricts the caller: it mentions the caller and contract state, or
// calls a function of the contract whose summary checks the caller.
func (f *Function) checksCaller(c *Node) bool {
	if c == nil {
		return false
	}
	sender, state, helper := false, false, false
	c.Walk(func(n *Node) bool {
		switch n.Kind {
		case "member_expression":
			if isSender(n) {
				sender = true
				return false
			}
		case "identifier":
			if f.stateName(n) {
				state = true
			}
		case "call_expression":
			if calleeName(n) == "_msgSender" {
				sender = true
				return false
			}
			if g := f.internalCallee(n); g != nil && g.Summary().ChecksCaller {
				helper = true
			}
		}
		return true
	})
	if helper {
		return true
	}
	if !sender {
		return false
	}
	if state {
		return true
	}
	// msg.sender passed to a helper that reads state: isOwner(msg.sender).
	found := false
	c.Walk(func(n *Node) bool {
		if found || n.Kind != "call_expression" {
			return !found
		}
		if g := f.internalCallee(n); g != nil && g.Body != nil && readsState(g) {
			found = true
		}
		return !found
	})
	return found
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
		return f.Contract.ResolveSuper(f.Contract, name, len(argNodes(call)))
	}
	return f.Contract.Resolve(name, len(argNodes(call)))
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
		if f.guardOwner(gd).checksCaller(gd.Cond) {
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
				if h := owner.internalCallee(call); h != nil && h.Summary().ChecksCaller {
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
	s.WritesState = len(f.StateWrites()) > 0
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
			if f.guardOwner(gd).directCallerCheck(gd.Cond) {
				s.ChecksCaller = true
			}
		}
	}
	f.Body.Walk(func(n *Node) bool {
		if n.Kind != "call_expression" {
			return true
		}
		if h := f.internalCallee(n); h != nil && h != f {
			hs := h.summarize(seen)
			s.WritesState = s.WritesState || hs.WritesState
			s.ExternalCall = s.ExternalCall || hs.ExternalCall
			s.SendsValue = s.SendsValue || hs.SendsValue
			// A helper that checks the caller and is called on every
			// path (as a statement of its own, dominating the exit).
			if hs.ChecksCaller && n.Parent != nil && n.Parent.Kind == "expression_statement" && g.Reachable(g.Exit) && g.Dominates(g.BlockOf(n), g.Exit) {
				s.ChecksCaller = true
			}
		} else if h == nil && isExternalMemberCall(n) && !f.libraryCall(n) {
			s.ExternalCall = true
		}
		return true
	})
	return s
}

// directCallerCheck is checksCaller without following helpers (summaries
// are built bottom-up).
func (f *Function) directCallerCheck(c *Node) bool {
	sender, state := false, false
	c.Walk(func(n *Node) bool {
		switch {
		case n.Kind == "member_expression" && isSender(n):
			sender = true
			return false
		case n.Kind == "call_expression" && calleeName(n) == "_msgSender":
			sender = true
			return false
		case n.Kind == "identifier" && f.stateName(n):
			state = true
		}
		return true
	})
	return sender && state
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
