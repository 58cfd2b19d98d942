package solidity

// The nodes detectors start from, indexed in one walk of the Go tree after
// it is reassociated: calls of free functions (selfdestruct, ecrecover,
// blockhash, …) and members of identifiers (tx.origin, block.number,
// msg.sender). The walk replaced a tree-sitter query run in C, which cost
// a fifth of a 1,000-line file's time and saw the grammar's tree, before
// reassociation.

// Index names.
const (
	capFreeCall     = "call.free"
	capSimpleMember = "member.simple"
)

// indexTree records, in source order, the calls f(…) whose callee is an
// identifier and the member expressions x.y of two identifiers.
func (u *Unit) indexTree() {
	u.captures = map[string][]*Node{}
	u.Root.Walk(func(n *Node) bool {
		switch n.Kind {
		case "call_expression":
			if fn := n.Child("function"); fn != nil && fn.Kind == "identifier" {
				u.captures[capFreeCall] = append(u.captures[capFreeCall], n)
			}
		case "member_expression":
			o, p := n.Child("object"), n.Child("property")
			if o != nil && p != nil && o.Kind == "identifier" && p.Kind == "identifier" {
				u.captures[capSimpleMember] = append(u.captures[capSimpleMember], n)
			}
		}
		return true
	})
}

// FreeCalls returns the calls of free functions (f(…), not x.f(…)) whose
// name is one of names, in source order.
func (u *Unit) FreeCalls(names ...string) []*Node {
	var out []*Node
	for _, n := range u.captures[capFreeCall] {
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
	for _, n := range u.captures[capSimpleMember] {
		if isMember(n, obj, prop) {
			out = append(out, n)
		}
	}
	return out
}
