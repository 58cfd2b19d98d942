package solidity

import "strings"

// The analysis layer's control flow: a graph of basic blocks per function,
// with the function's modifiers inlined at their "_" placeholders, and
// dominance on it. Guard facts (guard.go) and detectors read it.
//
// A block holds statements in order (or, for a branch, ends with the
// condition in Cond). Branches have two successors: Succs[0] is taken when
// Cond holds, Succs[1] when it does not. require(c) and assert(c) are
// branches whose false arm goes to the revert block; if/else, loops,
// try/catch and the ternaries of a statement's expression are branches
// too. return goes to Exit, revert/throw to Revert. break and continue
// leave their loop. An unchecked block's statements are marked.

// Block is a basic block.
type Block struct {
	ID    int
	Stmts []*Node
	// Cond is the branch condition when the block ends in a branch.
	Cond  *Node
	Succs []*Block
	Preds []*Block
	// Unchecked is set for blocks inside unchecked { … }.
	Unchecked bool
	// Func is the function or modifier whose source the statements are
	// from (modifier bodies are inlined).
	Func *Function

	// Most blocks have at most two successors and predecessors: their
	// edges live in the block instead of separate allocations.
	succBuf, predBuf [2]*Block
}

// CFG is the control-flow graph of one function, modifiers inlined.
type CFG struct {
	Entry, Exit, Revert *Block
	Blocks              []*Block
	// idom[b.ID] is b's immediate dominator (nil for Entry and
	// unreachable blocks).
	idom  []*Block
	order []int // reverse postorder index of each block, -1 if unreachable
	// at maps a statement or condition node to its block.
	at map[*Node]*Block
}

type loopCtx struct{ brk, cont *Block }

type cfgBuilder struct {
	g     *CFG
	f     *Function
	loops []loopCtx
	// mods is the chain of modifiers still to inline at "_"; depth
	// guards against a modifier that names itself.
	depth     int
	unchecked bool
	owner     *Function
}

// CFG returns f's control-flow graph (memoised).
func (f *Function) CFG() *CFG {
	f.cfgOnce.Do(func() { f.cfg = buildCFG(f) })
	return f.cfg
}

func buildCFG(f *Function) *CFG {
	g := &CFG{at: map[*Node]*Block{}}
	b := &cfgBuilder{g: g, f: f, owner: f}
	g.Entry = b.block()
	g.Exit = b.block()
	g.Revert = b.block()
	end := b.inline(g.Entry, 0)
	b.edge(end, g.Exit)
	g.dominance()
	return g
}

func (b *cfgBuilder) block() *Block {
	x := &Block{ID: len(b.g.Blocks), Unchecked: b.unchecked, Func: b.owner}
	x.Succs, x.Preds = x.succBuf[:0], x.predBuf[:0]
	b.g.Blocks = append(b.g.Blocks, x)
	return x
}

func (b *cfgBuilder) edge(from, to *Block) {
	if from == nil || to == nil {
		return
	}
	from.Succs = append(from.Succs, to)
	to.Preds = append(to.Preds, from)
}

// inline builds the i-th modifier of b.f around the rest, or the
// function's body when every modifier is placed. A modifier that cannot
// be resolved in the bundle is skipped (its checks are unknown).
func (b *cfgBuilder) inline(cur *Block, i int) *Block {
	for ; i < len(b.f.Modifiers); i++ {
		def := b.f.Contract.Modifier(b.f.Modifiers[i].FirstKind("identifier").Text())
		if def == nil || def.Body == nil || b.depth > 8 {
			continue
		}
		saved, savedOwner := b.depth, b.owner
		b.depth++
		b.owner = def
		// Each piece of source gets its own blocks, so a block's Func
		// says whose names its statements use.
		mb := b.block()
		b.edge(cur, mb)
		next := i + 1
		end := b.stmts(mb, def.Body.Children, func(c *Block) *Block {
			o := b.owner
			b.owner = savedOwner
			in := b.block()
			b.edge(c, in)
			r := b.inline(in, next)
			b.owner = o
			if r == nil {
				return nil
			}
			after := b.block()
			b.edge(r, after)
			return after
		})
		b.depth, b.owner = saved, savedOwner
		return end
	}
	if b.f.Body == nil {
		return cur
	}
	return b.stmts(cur, b.f.Body.Children, nil)
}

// stmts appends a statement list to cur and returns the block where
// control continues, nil when it cannot.
func (b *cfgBuilder) stmts(cur *Block, list []*Node, placeholder func(*Block) *Block) *Block {
	for _, s := range list {
		if !s.Named {
			continue
		}
		if cur == nil {
			cur = b.block() // unreachable code still gets a block
		}
		cur = b.stmt(cur, s, placeholder)
	}
	return cur
}

func (b *cfgBuilder) add(cur *Block, n *Node) {
	cur.Stmts = append(cur.Stmts, n)
	b.g.at[n] = cur
}

// branch ends cur with cond and returns fresh true and false blocks.
func (b *cfgBuilder) branch(cur *Block, cond *Node) (t, f *Block) {
	cur.Cond = cond
	if cond != nil {
		b.g.at[cond] = cur
	}
	t, f = b.block(), b.block()
	b.edge(cur, t)
	b.edge(cur, f)
	return t, f
}

// expr splits cur on the ternaries inside n (outermost first) so code in
// an arm is guarded by its condition; it returns the block where n's
// statement continues.
func (b *cfgBuilder) expr(cur *Block, n *Node) *Block {
	var tern *Node
	n.Walk(func(x *Node) bool {
		if tern != nil {
			return false
		}
		if x.Kind == "ternary_expression" {
			tern = x
			return false
		}
		return true
	})
	if tern == nil {
		return cur
	}
	parts := tern.NamedChildren()
	if len(parts) != 3 {
		return cur
	}
	t, f := b.branch(cur, parts[0])
	b.add(t, parts[1])
	b.add(f, parts[2])
	t = b.expr(t, parts[1])
	f = b.expr(f, parts[2])
	join := b.block()
	b.edge(t, join)
	b.edge(f, join)
	return join
}

func (b *cfgBuilder) stmt(cur *Block, s *Node, placeholder func(*Block) *Block) *Block {
	switch s.Kind {
	case "block_statement":
		saved := b.unchecked
		if s.FirstKind("unchecked") != nil {
			b.unchecked = true
			if len(cur.Stmts) > 0 || cur.Cond != nil {
				nb := b.block()
				b.edge(cur, nb)
				cur = nb
			}
			cur.Unchecked = true
		}
		end := b.stmts(cur, s.Children, placeholder)
		b.unchecked = saved
		if s.FirstKind("unchecked") != nil && end != nil {
			nb := b.block()
			b.edge(end, nb)
			end = nb
		}
		return end
	case "expression_statement":
		if isPlaceholder(s) && placeholder != nil {
			return placeholder(cur)
		}
		// Before 0.5, "throw;" is a statement of its own: the grammar
		// gives it as a bare identifier.
		if len(s.Children) == 1 && s.Children[0].Kind == "identifier" && s.Children[0].Text() == "throw" {
			b.add(cur, s)
			b.edge(cur, b.g.Revert)
			return nil
		}
		if call := s.FirstKind("call_expression"); call != nil {
			switch calleeName(call) {
			case "require", "assert":
				if args := argNodes(call); len(args) > 0 && call.Child("function").Kind == "identifier" {
					cur = b.expr(cur, args[0])
					b.add(cur, s)
					t, f := b.branch(cur, args[0])
					b.edge(f, b.g.Revert)
					return t
				}
			case "revert", "throw":
				b.add(cur, s)
				b.edge(cur, b.g.Revert)
				return nil
			case "selfdestruct", "suicide":
				b.add(cur, s)
				b.edge(cur, b.g.Exit)
				return nil
			default:
				// _revert(data): a helper that can only revert.
				if abortsOnly(b.owner, s) {
					b.add(cur, s)
					b.edge(cur, b.g.Revert)
					return nil
				}
				// _require(c, code): a helper that reverts unless its
				// first argument holds is a require.
				if h := b.owner.internalCallee(call); h != nil && revertsUnless(h) || h == nil && uncheckedAssert(b.owner, call) {
					if args := argNodes(call); len(args) > 0 {
						cur = b.expr(cur, args[0])
						b.add(cur, s)
						t, f := b.branch(cur, args[0])
						b.edge(f, b.g.Revert)
						return t
					}
				}
			}
		}
		cur = b.expr(cur, s)
		b.add(cur, s)
		return cur
	case "revert_statement":
		b.add(cur, s)
		b.edge(cur, b.g.Revert)
		return nil
	case "assembly_statement":
		// An assembly block whose last top-level statement ends the
		// call: revert(p, s) rolls it back (a helper bubbling up a
		// failed call's reason); return(p, s) and stop() end it.
		cur = b.expr(cur, s)
		b.add(cur, s)
		switch _, name := yulLast(s); name {
		case "revert", "invalid":
			b.edge(cur, b.g.Revert)
			return nil
		case "return", "stop":
			b.edge(cur, b.g.Exit)
			return nil
		}
		return cur
	case "return_statement":
		cur = b.expr(cur, s)
		b.add(cur, s)
		b.edge(cur, b.g.Exit)
		return nil
	case "if_statement":
		arms := ifArms(s)
		cond := s.Child("condition")
		cur = b.expr(cur, cond)
		t, f := b.branch(cur, cond)
		join := b.block()
		if len(arms) > 0 {
			t = b.stmt(t, arms[0], placeholder)
		}
		if len(arms) > 1 {
			f = b.stmt(f, arms[1], placeholder)
		}
		b.edge(t, join)
		b.edge(f, join)
		if len(join.Preds) == 0 {
			return nil
		}
		return join
	case "for_statement", "while_statement":
		if init := s.Child("initial"); init != nil {
			b.add(cur, init)
		}
		head := b.block()
		b.edge(cur, head)
		cond := s.Child("condition")
		if cond != nil && cond.Kind == "expression_statement" && len(cond.Children) > 0 {
			cond = cond.Children[0]
		}
		var body, exit *Block
		if cond != nil {
			body, exit = b.branch(head, cond)
		} else {
			body, exit = head, b.block()
		}
		latch := b.block()
		b.loops = append(b.loops, loopCtx{brk: exit, cont: latch})
		end := b.stmt(body, s.Child("body"), placeholder)
		b.loops = b.loops[:len(b.loops)-1]
		b.edge(end, latch)
		if up := s.Child("update"); up != nil {
			b.add(latch, up)
		}
		b.edge(latch, head)
		if len(exit.Preds) == 0 {
			return nil
		}
		return exit
	case "do_while_statement":
		body := b.block()
		b.edge(cur, body)
		latch := b.block()
		exit := b.block()
		b.loops = append(b.loops, loopCtx{brk: exit, cont: latch})
		end := b.stmt(body, s.Child("body"), placeholder)
		b.loops = b.loops[:len(b.loops)-1]
		b.edge(end, latch)
		if cond := s.Child("condition"); cond != nil {
			t, f := b.branch(latch, cond)
			b.edge(t, body)
			b.edge(f, exit)
		} else {
			b.edge(latch, body)
		}
		if len(exit.Preds) == 0 {
			return nil
		}
		return exit
	case "break_statement", "continue_statement":
		b.add(cur, s)
		if len(b.loops) > 0 {
			l := b.loops[len(b.loops)-1]
			if s.Kind == "break_statement" {
				b.edge(cur, l.brk)
			} else {
				b.edge(cur, l.cont)
			}
		}
		return nil
	case "try_statement":
		if a := s.Child("attempt"); a != nil {
			b.add(cur, a)
		}
		join := b.block()
		ok := b.block()
		b.edge(cur, ok)
		b.edge(b.stmt(ok, s.Child("body"), placeholder), join)
		for _, c := range s.Children {
			if c.Kind == "catch_clause" {
				h := b.block()
				b.edge(cur, h)
				b.edge(b.stmt(h, c.Child("body"), placeholder), join)
			}
		}
		if len(join.Preds) == 0 {
			return nil
		}
		return join
	}
	cur = b.expr(cur, s)
	b.add(cur, s)
	return cur
}

// dominance computes immediate dominators (Cooper, Harvey and Kennedy's
// iterative algorithm over reverse postorder).
func (g *CFG) dominance() {
	n := len(g.Blocks)
	g.order = make([]int, n)
	for i := range g.order {
		g.order[i] = -1
	}
	var post []*Block
	seen := make([]bool, n)
	var dfs func(b *Block)
	dfs = func(b *Block) {
		seen[b.ID] = true
		for _, s := range b.Succs {
			if !seen[s.ID] {
				dfs(s)
			}
		}
		post = append(post, b)
	}
	dfs(g.Entry)
	rpo := make([]*Block, len(post))
	for i, b := range post {
		rpo[len(post)-1-i] = b
	}
	for i, b := range rpo {
		g.order[b.ID] = i
	}
	g.idom = make([]*Block, n)
	g.idom[g.Entry.ID] = g.Entry
	intersect := func(a, b *Block) *Block {
		for a != b {
			for g.order[a.ID] > g.order[b.ID] {
				a = g.idom[a.ID]
			}
			for g.order[b.ID] > g.order[a.ID] {
				b = g.idom[b.ID]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			var nd *Block
			for _, p := range b.Preds {
				if g.idom[p.ID] == nil {
					continue
				}
				if nd == nil {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != nil && g.idom[b.ID] != nd {
				g.idom[b.ID] = nd
				changed = true
			}
		}
	}
	g.idom[g.Entry.ID] = nil
}

// Reachable reports whether b can run (is reached from Entry).
func (g *CFG) Reachable(b *Block) bool { return b != nil && g.order[b.ID] >= 0 }

// Dominates reports whether every path from Entry to b passes through a.
func (g *CFG) Dominates(a, b *Block) bool {
	if !g.Reachable(a) || !g.Reachable(b) {
		return false
	}
	for x := b; x != nil; x = g.idom[x.ID] {
		if x == a {
			return true
		}
	}
	return false
}

// Idom returns b's immediate dominator, nil for Entry.
func (g *CFG) Idom(b *Block) *Block { return g.idom[b.ID] }

// BlockOf returns the block holding statement or condition n, or the one
// holding its nearest enclosing statement; nil when n is not in the graph.
func (g *CFG) BlockOf(n *Node) *Block {
	for x := n; x != nil; x = x.Parent {
		if b, ok := g.at[x]; ok {
			return b
		}
	}
	return nil
}

// isPlaceholder reports a modifier's "_;" statement.
func isPlaceholder(s *Node) bool {
	return s.Kind == "expression_statement" && len(s.Children) == 1 && s.Children[0].Kind == "identifier" && s.Children[0].Text() == "_"
}

// ReachesExit reports whether a run from block b can end normally (reach
// Exit) rather than only revert.
func (g *CFG) ReachesExit(b *Block) bool {
	return b == g.Exit || g.reachable(b, g.Exit, nil)
}

// reachable reports whether a path of one or more edges leads from block
// from to block to, taking only the edges follow accepts (nil: every
// edge).
func (g *CFG) reachable(from, to *Block, follow func(a, b *Block) bool) bool {
	seen := map[*Block]bool{}
	var stack []*Block
	push := func(a *Block) {
		for _, b := range a.Succs {
			if follow == nil || follow(a, b) {
				stack = append(stack, b)
			}
		}
	}
	push(from)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		push(b)
	}
	return false
}

// PathAvoiding reports whether a run of the function from Entry to its
// normal end (Exit) can pass through statement n while running none of
// the nodes in avoid: a payment on a path that records nothing. cut, when
// set, names edges such a run does not take (the arm on which the payment
// failed).
func (g *CFG) PathAvoiding(n *Node, avoid []*Node, cut func(from, to *Block) bool) bool {
	nb := g.BlockOf(n)
	if nb == nil || !g.Reachable(nb) {
		return false
	}
	blocked := map[*Block]bool{}
	before, after := false, false
	for _, a := range avoid {
		b := g.BlockOf(a)
		switch {
		case b == nil:
		case b != nb:
			blocked[b] = true
		case a.End <= n.Start:
			before = true
		case a.Start >= n.End:
			after = true
		default:
			before, after = true, true // in the statement itself
		}
	}
	// A block holding an avoided node is not passed through; the
	// payment's own block is entered or left only where its avoided
	// nodes do not lie on the way.
	open := func(from, to *Block) bool {
		return from == to || g.reachable(from, to, func(a, b *Block) bool {
			return (cut == nil || !cut(a, b)) && (b == to || !blocked[b] && b != nb)
		})
	}
	if before || after || blocked[g.Entry] && g.Entry != nb {
		return false
	}
	return open(g.Entry, nb) && open(nb, g.Exit)
}

// ReachableFrom reports whether to can run after from: a path of one or
// more edges leads from from's block to to's (or both sit in one block, to
// after from).
func (g *CFG) ReachableFrom(from, to *Node) bool {
	fb, tb := g.BlockOf(from), g.BlockOf(to)
	if fb == nil || tb == nil {
		return false
	}
	if fb == tb && to.Start >= from.End {
		return true
	}
	return g.reachable(fb, tb, nil)
}

// uncheckedAssert reports a call, made as a statement, of a function the
// bundle does not define (a free function of a library left out with the
// dependencies, like Balancer's _require(cond, code)), whose first
// argument is a condition: a comparison, a negation or a conjunction.
// Handing a condition to a function whose result is dropped is an
// assertion of it; taken as require, what it checks guards what follows.
func uncheckedAssert(f *Function, call *Node) bool {
	fn := call.Child("function")
	if f == nil || fn == nil || fn.Kind != "identifier" || builtinCall[fn.Text()] || f.Contract.Unit.lookup(fn.Text()) != nil {
		return false
	}
	args := argNodes(call)
	if len(args) == 0 {
		return false
	}
	c := unparen(args[0])
	switch c.Kind {
	case "binary_expression":
		switch c.Operator() {
		case "<", "<=", ">", ">=", "==", "!=", "&&", "||":
			return true
		}
	case "unary_expression":
		return c.Operator() == "!"
	}
	return false
}

// revertsUnless reports a helper that reverts unless its first parameter,
// a bool, holds, and does nothing else: if (!c) _revert(code); or
// require(c, …); as a whole body (Balancer's _require(condition, code)).
func revertsUnless(h *Function) bool {
	if h.Body == nil || len(h.Params) == 0 || h.Params[0].Type != "bool" || h.Params[0].Name == "" {
		return false
	}
	stmts := h.Body.NamedChildren()
	if len(stmts) != 1 {
		return false
	}
	p := h.Params[0].Name
	st := stmts[0]
	switch st.Kind {
	case "if_statement":
		c := unparen(st.Child("condition"))
		if c == nil || c.Kind != "unary_expression" || c.Operator() != "!" || unparen(c.Children[len(c.Children)-1]).Text() != p {
			return false
		}
		if st.Child("else") != nil {
			return false
		}
		return abortsOnly(h, st.Child("body"))
	case "expression_statement":
		call := st.FirstKind("call_expression")
		if call == nil || calleeName(call) != "require" {
			return false
		}
		args := argNodes(call)
		return len(args) > 0 && unparen(args[0]).Text() == p
	}
	return false
}

// abortsOnly reports a statement that can only revert: a revert, throw,
// or a call of a function whose body is an assembly block that reverts
// (_revert(code)) or a revert statement.
func abortsOnly(h *Function, st *Node) bool {
	if st == nil {
		return false
	}
	if st.Kind == "block_statement" {
		kids := st.NamedChildren()
		if len(kids) != 1 {
			return false
		}
		st = kids[0]
	}
	switch st.Kind {
	case "revert_statement":
		return true
	case "expression_statement":
		call := st.FirstKind("call_expression")
		if call == nil {
			return strings.TrimSpace(st.Text()) == "throw;"
		}
		switch calleeName(call) {
		case "revert":
			return true
		}
		g := h.internalCallee(call)
		if g == nil || g.Body == nil {
			return false
		}
		body := g.Body.NamedChildren()
		if len(body) != 1 {
			return false
		}
		switch body[0].Kind {
		case "revert_statement":
			return true
		case "assembly_statement":
			_, name := yulLast(body[0])
			return name == "revert"
		}
	}
	return false
}
