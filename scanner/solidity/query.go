package solidity

// querySource is the tree-sitter query compiled once per process and run
// over every parsed tree in C, in the same call as the parse. Its captures
// index the nodes detectors start from, so they need not walk the whole
// tree: calls of free functions (selfdestruct, ecrecover, blockhash, …)
// and members of identifiers (tx.origin, block.number, msg.sender). The
// logic a query cannot express (which name, which guard) stays in Go.
const querySource = `
(call_expression
  function: (expression (identifier))) @call.free

(member_expression
  object: (identifier)
  property: (identifier)) @member.simple
`

// FreeCalls returns the calls of free functions (f(…), not x.f(…)) whose
// name is one of names, in source order.
func (u *Unit) FreeCalls(names ...string) []*Node {
	var out []*Node
	for _, n := range u.captures["call.free"] {
		name := calleeName(n)
		for _, want := range names {
			if name == want {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// Members returns the member expressions obj.prop, in source order.
func (u *Unit) Members(obj, prop string) []*Node {
	var out []*Node
	for _, n := range u.captures["member.simple"] {
		if isMember(n, obj, prop) {
			out = append(out, n)
		}
	}
	return out
}

// index records the captured nodes by capture name, in source order.
// Captures are matched to nodes by range and symbol; only nodes of a
// captured symbol are looked up, and a key captured more than once chains
// to its other captures through next.
func (u *Unit) index(caps []capture, flat []flatNode, slab []Node, slot []int32) {
	if len(caps) == 0 {
		return
	}
	_, names := compileQuery()
	type key struct {
		start, end uint32
		symbol     uint16
	}
	captured := make([]bool, len(kindNames)+1)
	first := make(map[key]int32, len(caps))
	next := make([]int32, len(caps))
	for j := len(caps) - 1; j >= 0; j-- {
		c := caps[j]
		k := key{c.start, c.end, c.symbol}
		captured[min(int(c.symbol), len(kindNames))] = true
		next[j] = -1
		if f, ok := first[k]; ok {
			next[j] = f
		}
		first[k] = int32(j)
	}
	u.captures = make(map[string][]*Node, len(names))
	for i, s := range slot {
		r := &flat[i]
		if s < 0 || !captured[min(int(r.symbol), len(kindNames))] {
			continue
		}
		j, ok := first[key{r.start, r.end, r.symbol}]
		for ; ok && j >= 0; j = next[j] {
			name := names[caps[j].id]
			u.captures[name] = append(u.captures[name], &slab[s])
		}
	}
}
