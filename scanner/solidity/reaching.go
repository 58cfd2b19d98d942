package solidity

import (
	"math/big"
	"sort"
	"strings"
)

// Reaching definitions: flow-sensitive data flow over a function's CFG.
// A definition of a local is a declaration, an assignment (compound ones
// and ++/-- included), a tuple slot, or a parameter's incoming value; a
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
}

// Reaching holds, for every block of a CFG, the definitions live on
// entry.
type Reaching struct {
	g  *CFG
	in map[*Block]map[string][]*Def
	// defs holds each statement's definitions, in source order.
	defs map[*Node][]*Def
}

// Reaching returns f's reaching definitions (memoised).
func (f *Function) Reaching() *Reaching {
	f.reachOnce.Do(func() { f.reach = computeReaching(f) })
	return f.reach
}

func computeReaching(f *Function) *Reaching {
	g := f.CFG()
	r := &Reaching{g: g, in: map[*Block]map[string][]*Def{}, defs: map[*Node][]*Def{}}
	for _, b := range g.Blocks {
		for _, s := range b.Stmts {
			r.defs[s] = stmtDefs(s, b.Func)
		}
	}
	entry := map[string][]*Def{}
	for _, p := range f.Params {
		if p.Name != "" {
			entry[p.Name] = []*Def{{Name: p.Name, Node: f.Node}}
		}
	}
	// Iterate to a fixed point in reverse postorder; sets only grow.
	order := make([]*Block, 0, len(g.Blocks))
	for _, b := range g.Blocks {
		if g.Reachable(b) {
			order = append(order, b)
		}
	}
	sortByOrder(g, order)
	out := map[*Block]map[string][]*Def{}
	for changed := true; changed; {
		changed = false
		for _, b := range order {
			in := map[string][]*Def{}
			if b == g.Entry {
				in = entry
			}
			for _, p := range b.Preds {
				for name, ds := range out[p] {
					in[name] = union(in[name], ds)
				}
			}
			r.in[b] = in
			o := r.transfer(b, in, nil)
			if !sameDefs(o, out[b]) {
				out[b] = o
				changed = true
			}
		}
	}
	return r
}

// transfer applies b's statements to in, stopping before stop when it is
// one of them.
func (r *Reaching) transfer(b *Block, in map[string][]*Def, stop *Node) map[string][]*Def {
	o := make(map[string][]*Def, len(in))
	for k, v := range in {
		o[k] = v
	}
	for _, s := range b.Stmts {
		if s == stop {
			break
		}
		for _, d := range r.defs[s] {
			o[d.Name] = []*Def{d}
		}
	}
	return o
}

// At returns the definitions of identifier use that reach it: those live
// when its statement starts (a statement's own assignments take effect
// after it, so x = x - 1 reads the earlier x). Nil when use is not a
// local or not in the graph.
func (r *Reaching) At(use *Node) []*Def {
	if r == nil || use == nil {
		return nil
	}
	b := r.g.BlockOf(use)
	if b == nil {
		return nil
	}
	var stmt *Node
	for x := use; x != nil; x = x.Parent {
		if r.g.at[x] == b {
			stmt = x
			break
		}
	}
	return r.transfer(b, r.in[b], stmt)[use.Text()]
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
						}
						out = append(out, d)
					}
				}
			} else if name := local(l); name != "" {
				out = append(out, &Def{Name: name, Node: n, Value: v})
			}
		case "augmented_assignment_expression":
			if name := local(n.Child("left")); name != "" {
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

func union(a, b []*Def) []*Def {
	out := a
	for _, d := range b {
		found := false
		for _, x := range out {
			if x == d {
				found = true
				break
			}
		}
		if !found {
			if len(out) == len(a) {
				out = append([]*Def(nil), a...)
			}
			out = append(out, d)
		}
	}
	return out
}

func sameDefs(a, b map[string][]*Def) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || len(v) != len(w) {
			return false
		}
		for i := range v {
			if v[i] != w[i] {
				return false
			}
		}
	}
	return true
}

// sortByOrder sorts blocks in reverse postorder.
func sortByOrder(g *CFG, bs []*Block) {
	sort.Slice(bs, func(i, j int) bool { return g.order[bs[i].ID] < g.order[bs[j].ID] })
}
