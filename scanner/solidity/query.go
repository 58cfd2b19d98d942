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
// identifier and the member expressions x.y of two identifiers. On the
// way it hoists call options (hoistCallOptions).
func (u *Unit) indexTree() {
	u.captures = map[string][]*Node{}
	u.Root.Walk(func(n *Node) bool {
		switch n.Kind {
		case "call_expression":
			hoistCallOptions(n)
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

// hoistCallOptions reshapes a call with options, g{value: v, gas: l}(…),
// which the grammar parses as a call of the struct expression g{…}: the
// call's function becomes g itself and each option a child of the call
// with the field "options", where it stands in the source. Every reader of
// a call's function (member calls, callee names, interface types) then sees
// T(x).g whether or not the call sends ether; CallOption reads the options.
func hoistCallOptions(call *Node) {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "struct_expression" {
		return
	}
	kids := make([]*Node, 0, len(call.Children)+len(fn.Children))
	for _, c := range call.Children {
		if c != fn {
			kids = append(kids, c)
			continue
		}
		var opts []*Node
		for fn != nil && fn.Kind == "struct_expression" { // g{value: v}{gas: l}
			var here []*Node
			for _, o := range fn.Children {
				if o.Kind == "struct_field_assignment" {
					o.Field, o.Parent = "options", call
					here = append(here, o)
				}
			}
			opts = append(here, opts...)
			fn = fn.Child("type")
		}
		if fn != nil {
			fn.Field, fn.Parent = "function", call
			kids = append(kids, fn)
		}
		kids = append(kids, opts...)
	}
	call.Children = kids
}

// CallOption returns the value of call's option name ({value: …},
// {gas: …}, {salt: …}), or nil.
func CallOption(call *Node, name string) *Node {
	if call == nil || call.Kind != "call_expression" {
		return nil
	}
	var v *Node
	for _, o := range call.Children {
		if o.Field == "options" && o.Child("name").Text() == name {
			v = o.Child("value")
		}
	}
	return v
}
