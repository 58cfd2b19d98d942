package solidity

import (
	"math/big"
	"slices"
	"sort"
	"strings"
)

// Reaching definitions: flow-sensitive data flow over a function's CFG.
// A definition of a local is a declaration, an assignment (compound ones
// and ++/-- included), a tuple slot, or a parameter's incoming value; a
// field of a local struct (p.f = v) is defined as a variable of its own; a
// definition reaches a use when some path from it to the use does not
// redefine the variable. Where Derived over-approximates (a local is
// derived everywhere once assigned from a source anywhere), this says
// which assignment a given read can see: x = 0; x = p; y = x - 1 reads
// only p.

// Def is one definition of a local variable.
type Def struct {
	Name string
	// Node is the declaration statement, assignment, update or parameter.
	Node *Node
	// Value is the assigned expression of a plain assignment or an
	// initialised declaration; nil for compound assignments, updates,
	// tuple slots fed by a call, parameters and uninitialised locals.
	Value *Node
	// Zero is set for a declaration without a value (its value is 0).
	Zero bool
	// Part is, for a tuple slot fed by a call ((, address o) = g(id)),
	// that call: the slot holds one of its results.
	Part *Node
}

// Reaching holds, for every block of a CFG, the definitions live on
// entry, as a bit set over the function's definitions.
type Reaching struct {
	g    *CFG
	defs []*Def
	// of maps a statement to the indices of its definitions, in source
	// order; byName a variable to the indices of all its definitions.
	of     map[*Node][]int
	byName map[string][]int
	in     [][]uint64 // by block ID
}

// Defs returns the definitions f's statements make, by statement (the
// same objects Reaching works on; cheap: no data flow is run).
func (f *Function) Defs() map[*Node][]*Def {
	f.defsOnce.Do(func() {
		f.stmtDefs = map[*Node][]*Def{}
		for _, b := range f.CFG().Blocks {
			for _, s := range b.Stmts {
				if ds := stmtDefs(s, b.Func); len(ds) > 0 {
					f.stmtDefs[s] = ds
				}
			}
		}
	})
	return f.stmtDefs
}

// Reaching returns f's reaching definitions (memoised).
func (f *Function) Reaching() *Reaching {
	f.reachOnce.Do(func() { f.reach = computeReaching(f) })
	return f.reach
}

func computeReaching(f *Function) *Reaching {
	g := f.CFG()
	r := &Reaching{g: g, of: map[*Node][]int{}, byName: map[string][]int{}}
	add := func(d *Def) int {
		i := len(r.defs)
		r.defs = append(r.defs, d)
		r.byName[d.Name] = append(r.byName[d.Name], i)
		return i
	}
	var entry []int
	for _, p := range f.Params {
		if p.Name != "" {
			entry = append(entry, add(&Def{Name: p.Name, Node: f.Node}))
		}
	}
	stmt := f.Defs()
	for _, b := range g.Blocks {
		for _, s := range b.Stmts {
			for _, d := range stmt[s] {
				r.of[s] = append(r.of[s], add(d))
			}
		}
	}
	words := (len(r.defs) + 63) / 64
	newSet := func() []uint64 { return make([]uint64, words) }
	r.in = make([][]uint64, len(g.Blocks))
	out := make([][]uint64, len(g.Blocks))
	for i := range g.Blocks {
		r.in[i], out[i] = newSet(), newSet()
	}
	order := make([]*Block, 0, len(g.Blocks))
	for _, b := range g.Blocks {
		if g.Reachable(b) {
			order = append(order, b)
		}
	}
	sortByOrder(g, order)
	tmp := newSet()
	for changed := true; changed; {
		changed = false
		for _, b := range order {
			in := r.in[b.ID]
			clear(in)
			if b == g.Entry {
				for _, i := range entry {
					in[i/64] |= 1 << (i % 64)
				}
			}
			for _, p := range b.Preds {
				for w, x := range out[p.ID] {
					in[w] |= x
				}
			}
			copy(tmp, in)
			r.apply(tmp, b, nil)
			if !slices.Equal(tmp, out[b.ID]) {
				copy(out[b.ID], tmp)
				changed = true
			}
		}
	}
	return r
}

// apply runs b's statements over set, stopping before stop when it is one
// of them: each definition kills the variable's others and adds itself.
func (r *Reaching) apply(set []uint64, b *Block, stop *Node) {
	for _, s := range b.Stmts {
		if s == stop {
			return
		}
		for _, i := range r.of[s] {
			for _, k := range r.byName[r.defs[i].Name] {
				set[k/64] &^= 1 << (k % 64)
			}
			set[i/64] |= 1 << (i % 64)
		}
	}
}

// At returns the definitions of identifier use that reach it: those live
// when its statement starts (a statement's own assignments take effect
// after it, so x = x - 1 reads the earlier x). Nil when use is not a
// local or not in the graph.
// everyDef reports whether x names a local of f (not a parameter) that at
// least one definition reaches, each of which p accepts: whatever a read
// of x sees is of p's kind (owed = credit[to] on every path).
func (f *Function) everyDef(x *Node, p func(*Def) bool) bool {
	if x == nil || x.Kind != "identifier" || !f.Locals()[x.Text()] || f.Param(x.Text()) {
		return false
	}
	ds := f.Reaching().At(x)
	for _, d := range ds {
		if !p(d) {
			return false
		}
	}
	return len(ds) > 0
}

func (r *Reaching) At(use *Node) []*Def {
	if use == nil {
		return nil
	}
	return r.defsAt(use, use.Text())
}

// defsAt returns the definitions of name (a local, or a field path of a
// local struct: p.f) that reach the statement holding use.
func (r *Reaching) defsAt(use *Node, name string) []*Def {
	if r == nil || use == nil {
		return nil
	}
	b := r.g.BlockOf(use)
	if b == nil || !r.g.Reachable(b) {
		return nil
	}
	var stmt *Node
	for x := use; x != nil; x = x.Parent {
		if r.g.at[x] == b {
			stmt = x
			break
		}
	}
	set := slices.Clone(r.in[b.ID])
	r.apply(set, b, stmt)
	var out []*Def
	for _, i := range r.byName[name] {
		if set[i/64]&(1<<(i%64)) != 0 {
			out = append(out, r.defs[i])
		}
	}
	return out
}

// Const returns the value of integer expression n where it is evaluated,
// when reaching definitions make it one constant: literals, locals whose
// every reaching definition is the same constant, and + - * / % of those.
func (r *Reaching) Const(n *Node) (*big.Int, bool) {
	return r.constDepth(n, 0)
}

func (r *Reaching) constDepth(n *Node, depth int) (*big.Int, bool) {
	if n == nil || depth > 8 {
		return nil, false
	}
	switch n.Kind {
	case "number_literal":
		return parseIntLiteral(n.Text())
	case "parenthesized_expression":
		if len(n.Children) == 1 {
			return r.constDepth(n.Children[0], depth+1)
		}
	case "identifier":
		ds := r.At(n)
		if len(ds) == 0 {
			return nil, false
		}
		var v *big.Int
		for _, d := range ds {
			var x *big.Int
			switch {
			case d.Zero:
				x = new(big.Int)
			case d.Value != nil:
				var ok bool
				if x, ok = r.constDepth(d.Value, depth+1); !ok {
					return nil, false
				}
			default:
				return nil, false
			}
			if v != nil && v.Cmp(x) != 0 {
				return nil, false
			}
			v = x
		}
		return v, true
	case "binary_expression":
		a, ok1 := r.constDepth(n.Child("left"), depth+1)
		b, ok2 := r.constDepth(n.Child("right"), depth+1)
		if !ok1 || !ok2 {
			return nil, false
		}
		switch n.Operator() {
		case "+":
			return new(big.Int).Add(a, b), true
		case "-":
			return new(big.Int).Sub(a, b), true
		case "*":
			return new(big.Int).Mul(a, b), true
		case "/":
			if b.Sign() != 0 {
				return new(big.Int).Quo(a, b), true
			}
		case "%":
			if b.Sign() != 0 {
				return new(big.Int).Rem(a, b), true
			}
		}
	}
	return nil, false
}

// parseIntLiteral reads a decimal or hex integer literal (underscores
// allowed, no exponent or unit).
func parseIntLiteral(s string) (*big.Int, bool) {
	s = strings.ReplaceAll(s, "_", "")
	if s == "" || strings.ContainsAny(s, ".eE ") && !strings.HasPrefix(s, "0x") {
		return nil, false
	}
	v, ok := new(big.Int).SetString(s, 0)
	if !ok && strings.HasPrefix(s, "0") && len(s) > 1 {
		v, ok = new(big.Int).SetString(s, 10) // 010 is ten in Solidity
	}
	return v, ok
}

// stmtDefs returns the definitions a statement (or a condition, or a
// ternary arm) makes, in source order, of names local to fn.
func stmtDefs(s *Node, fn *Function) []*Def {
	var out []*Def
	local := func(t *Node) string {
		if t == nil || t.Kind != "identifier" {
			return ""
		}
		if fn != nil && fn.IsState(t.Text(), fn.Locals()) {
			return ""
		}
		return t.Text()
	}
	// p.f of a local struct p is defined as a variable of its own.
	localField := func(t *Node) string {
		if t == nil || t.Kind != "member_expression" {
			return ""
		}
		if o := t.Child("object"); o != nil && o.Kind == "identifier" && local(o) != "" && fn != nil && fn.Locals()[o.Text()] {
			return norm(t.Text())
		}
		return ""
	}
	s.Walk(func(n *Node) bool {
		switch n.Kind {
		case "variable_declaration_statement":
			value := n.Child("value")
			for _, c := range n.Children {
				switch c.Kind {
				case "variable_declaration":
					if name := c.Child("name"); name != nil {
						out = append(out, &Def{Name: name.Text(), Node: n, Value: value, Zero: value == nil})
					}
				case "variable_declaration_tuple":
					vs := TupleSlots(value)
					for i, t := range TupleSlots(c) {
						if t == nil {
							continue
						}
						d := &Def{Name: slotName(t), Node: n}
						if value != nil && value.Kind == "tuple_expression" && i < len(vs) {
							d.Value = vs[i]
						} else if value != nil && value.Kind == "call_expression" {
							d.Part = value
						}
						if d.Name != "" {
							out = append(out, d)
						}
					}
				}
			}
		case "assignment_expression":
			l, v := n.Child("left"), n.Child("right")
			if l != nil && l.Kind == "tuple_expression" {
				vs := TupleSlots(v)
				for i, t := range TupleSlots(l) {
					if name := local(t); name != "" {
						d := &Def{Name: name, Node: n}
						if v != nil && v.Kind == "tuple_expression" && i < len(vs) {
							d.Value = vs[i]
						} else if v != nil && v.Kind == "call_expression" {
							d.Part = v
						}
						out = append(out, d)
					}
				}
			} else if name := local(l); name != "" {
				out = append(out, &Def{Name: name, Node: n, Value: v})
			} else if name := localField(l); name != "" {
				out = append(out, &Def{Name: name, Node: n, Value: v})
			}
		case "augmented_assignment_expression":
			if name := local(n.Child("left")); name != "" {
				out = append(out, &Def{Name: name, Node: n})
			} else if name := localField(n.Child("left")); name != "" {
				out = append(out, &Def{Name: name, Node: n})
			}
		case "update_expression":
			if name := local(n.Child("argument")); name != "" {
				out = append(out, &Def{Name: name, Node: n})
			}
		}
		return true
	})
	return out
}

// sortByOrder sorts blocks in reverse postorder.
func sortByOrder(g *CFG, bs []*Block) {
	sort.Slice(bs, func(i, j int) bool { return g.order[bs[i].ID] < g.order[bs[j].ID] })
}
