package solidity

import "strings"

// Symbols of the analysis layer: C3 linearisation of inheritance across
// the bundle and function resolution through it.

// c3 returns c's C3 linearisation (c first, then its bases from most to
// least derived), as solc orders them: Solidity lists bases from "most
// base-like" to "most derived", so the merge takes them reversed. When
// the hierarchy has no consistent order (solc would reject it) or a base
// is outside the bundle, the bases found are appended depth-first.
func c3(c *Contract, visiting map[*Contract]bool) []*Contract {
	if visiting[c] {
		return []*Contract{c}
	}
	visiting[c] = true
	defer delete(visiting, c)
	var seqs [][]*Contract
	var direct []*Contract
	for i := len(c.BaseNames) - 1; i >= 0; i-- {
		b := c.Unit.lookup(c.BaseNames[i])
		if b == nil || b == c {
			continue
		}
		seqs = append(seqs, c3(b, visiting))
		direct = append(direct, b)
	}
	if len(direct) > 0 {
		seqs = append(seqs, direct)
	}
	out := []*Contract{c}
	for {
		var head *Contract
		nonEmpty := false
		for _, s := range seqs {
			if len(s) == 0 {
				continue
			}
			nonEmpty = true
			cand := s[0]
			inTail := false
			for _, t := range seqs {
				for _, x := range tail(t) {
					if x == cand {
						inTail = true
					}
				}
			}
			if !inTail {
				head = cand
				break
			}
		}
		if !nonEmpty {
			return out
		}
		if head == nil {
			// Inconsistent: fall back to depth-first order.
			seen := map[*Contract]bool{}
			for _, x := range out {
				seen[x] = true
			}
			for _, s := range seqs {
				for _, x := range s {
					if !seen[x] {
						seen[x] = true
						out = append(out, x)
					}
				}
			}
			return out
		}
		out = append(out, head)
		for i, s := range seqs {
			if len(s) > 0 && s[0] == head {
				seqs[i] = s[1:]
			}
		}
	}
}

func tail(s []*Contract) []*Contract {
	if len(s) == 0 {
		return nil
	}
	return s[1:]
}

// Linearization returns c followed by its bases in C3 order: the order
// in which a name is looked up and super resolves.
func (c *Contract) Linearization() []*Contract {
	if c.Linear == nil {
		return c.Lineage()
	}
	return c.Linear
}

// Resolve finds the function a call of name with arity arguments runs in
// c: the most derived definition in C3 order with a body, else the first
// declaration (an unimplemented hook). arity < 0 matches any.
func (c *Contract) Resolve(name string, arity int) *Function {
	var decl *Function
	pick := func(f *Function) bool {
		if f.Name != name || arity >= 0 && len(f.Params) != arity {
			return false
		}
		if f.Body != nil {
			decl = f
			return true
		}
		if decl == nil {
			decl = f
		}
		return false
	}
	if c.named != nil {
		for _, f := range c.named[name] {
			if pick(f) {
				return f
			}
		}
		return decl
	}
	for _, x := range c.Linearization() {
		for _, f := range x.Functions {
			if pick(f) {
				return f
			}
		}
	}
	return decl
}

// ResolveSuper finds what super.name(…) runs from a function of from:
// the next definition after from in c's linearisation.
func (c *Contract) ResolveSuper(from *Contract, name string, arity int) *Function {
	lin := c.Linearization()
	i := 0
	for i < len(lin) && lin[i] != from {
		i++
	}
	for _, x := range lin[min(i+1, len(lin)):] {
		for _, f := range x.Functions {
			if f.Name == name && (arity < 0 || len(f.Params) == arity) && f.Body != nil {
				return f
			}
		}
	}
	return nil
}

// structFields lists a struct declaration's members.
func structFields(n *Node) []Param {
	var out []Param
	for _, m := range n.Child("body").Children {
		if m.Kind == "struct_member" {
			out = append(out, Param{Name: m.Child("name").Text(), Type: strings.TrimSpace(m.Child("type").Text())})
		}
	}
	return out
}

// StructFields returns the members of the struct type name (S or L.S) as
// seen from c: declared in c or a base, at file level, or anywhere else in
// the bundle; ok is false when name is not a struct.
func (c *Contract) StructFields(name string) (fields []Param, ok bool) {
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	for _, x := range c.Lineage() {
		if fs, ok := x.Fields[name]; ok {
			return fs, true
		}
	}
	if fs, ok := c.Unit.structs[name]; ok {
		return fs, true
	}
	for _, x := range c.Unit.bundle {
		if fs, ok := x.Fields[name]; ok {
			return fs, true
		}
		if fs, ok := x.Unit.structs[name]; ok {
			return fs, true
		}
	}
	return nil, false
}
