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
func (u *Unit) index(caps []capture, flat []flatNode, slab []Node, slot []int32) {
	if len(caps) == 0 {
		return
	}
	_, names := compileQuery()
	type key struct {
		start, end uint32
		symbol     uint16
	}
	want := make(map[key][]uint16, len(caps))
	for _, c := range caps {
		k := key{c.start, c.end, c.symbol}
		want[k] = append(want[k], c.id)
	}
	u.captures = make(map[string][]*Node, len(names))
	for i, s := range slot {
		if s < 0 {
			continue
		}
		for _, id := range want[key{flat[i].start, flat[i].end, flat[i].symbol}] {
			u.captures[names[id]] = append(u.captures[names[id]], &slab[s])
		}
	}
}
