package solidity

// The grammar binds a call, an index, a member access or a postfix ++/--
// after a binary or unary operator looser than the operator: x / y.f(z)
// parses as (x / y).f(z), !m[k] as (!m)[k], a == b.g() as (a == b).g(),
// a == n[k]++ as (a == n[k])++. Solidity
// binds them tighter, and without parentheses no valid program means the
// grammar's reading, so reassociate rotates each such node back:
// call(member(binary(x, /, y), f), z) becomes binary(x, /, call(member(y,
// f), z)). Detectors then see the operands Solidity sees.

// postfix reports the nodes that apply to an operand: a call through a
// member, a member access, an index. It returns the operand's slot.
func postfix(n *Node) **Node {
	var field string
	switch n.Kind {
	case "call_expression":
		fn := n.Child("function")
		if fn == nil || fn.Kind != "member_expression" {
			return nil
		}
		// The call rotates with its member: find the member's object.
		for i, c := range fn.Children {
			if c.Field == "object" {
				return &fn.Children[i]
			}
		}
		return nil
	case "member_expression":
		field = "object"
	case "array_access":
		field = "base"
	case "update_expression":
		// A postfix x++ / x--: a == b++ parses as (a == b)++.
		if k := len(n.Children); k < 2 || n.Children[k-1].Named {
			return nil
		}
		field = "argument"
	default:
		return nil
	}
	for i, c := range n.Children {
		if c.Field == field {
			return &n.Children[i]
		}
	}
	return nil
}

// operand returns the slot of an operator's operand the postfix belongs
// to: a binary expression's right side, a prefix unary's argument, a
// ternary's last arm (c ? a : b.f() is c ? a : (b.f())).
func operand(n *Node) **Node {
	switch n.Kind {
	case "ternary_expression":
		if k := len(n.Children); k >= 5 && n.Children[k-1].Named && n.Children[k-2].Kind == ":" {
			return &n.Children[k-1]
		}
	case "binary_expression":
		for i, c := range n.Children {
			if c.Field == "right" {
				return &n.Children[i]
			}
		}
	case "unary_expression":
		// Prefix operators only (!x, -x, delete x): the operand is the
		// last child and starts after the operator.
		if k := len(n.Children); k >= 2 && !n.Children[0].Named {
			return &n.Children[k-1]
		}
	}
	return nil
}

// reassociate fixes the tree under n, children first, and returns the
// node that takes n's place.
func (u *Unit) reassociate(n *Node) *Node {
	for i, c := range n.Children {
		var r *Node
		field := c.Field
		if n.Kind == "call_expression" && c.Field == "function" && c.Kind == "member_expression" {
			// The callee member rotates with its call, below.
			for j, g := range c.Children {
				gf := g.Field
				if r := u.reassociate(g); r != g {
					r.Field, r.Parent = gf, c
					c.Children[j] = r
				}
			}
			r = c
		} else {
			r = u.reassociate(c)
		}
		if r != c {
			r.Field, r.Parent = field, n
			n.Children[i] = r
		}
	}
	if n.Kind == "binary_expression" {
		return u.rebalance(n)
	}
	slot := postfix(n)
	if slot == nil || *slot == nil {
		return n
	}
	op := *slot
	opnd := operand(op)
	if opnd == nil || *opnd == nil {
		return n
	}
	// n = P(op(..., y)) becomes op(..., P(y)): P keeps its own children
	// with y as its operand, and spans from y to its own end.
	y := *opnd
	opndField, slotField := y.Field, (*slot).Field
	*slot = y
	y.Field = slotField
	y.Parent = fieldOwner(n, y)
	// P (and, for a call, its member) now start where y starts.
	for p := y.Parent; p != nil; p = p.Parent {
		p.Start, p.Line = y.Start, y.Line
		p.text = sourceText(u.Src, p.Start, p.End)
		if p == n {
			break
		}
	}
	rotated := u.reassociate(n) // P(y) may itself need rotating into y
	field := n.Field
	rotated.Field = opndField
	*opnd = rotated
	rotated.Parent = op
	op.Field = field
	op.End, op.EndLine = n.End, n.EndLine
	op.text = sourceText(u.Src, op.Start, op.End)
	return op
}

// fieldOwner returns the node of n's subtree whose child is y's slot: n
// itself, or n's member for a call.
func fieldOwner(n, y *Node) *Node {
	if n.Kind == "call_expression" {
		if fn := n.Child("function"); fn != nil {
			for _, c := range fn.Children {
				if c == y {
					return fn
				}
			}
		}
	}
	return n
}

// fixTree reassociates the unit's tree and indexes the nodes detectors
// start from (query.go).
func (u *Unit) fixTree() {
	u.Root = u.reassociate(u.Root)
	u.indexTree()
}

// precedence of Solidity's binary operators, loosest first.
var precedence = map[string]int{
	"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, ">": 4, "<=": 4, ">=": 4,
	"|": 5, "^": 6, "&": 7, "<<": 8, ">>": 8, ">>>": 8, "+": 9, "-": 9,
	"*": 10, "/": 10, "%": 10, "**": 11,
}

// binaryParts returns a binary expression's operands and operator token.
func binaryParts(n *Node) (l, op, r *Node) {
	if n.Kind != "binary_expression" {
		return nil, nil, nil
	}
	for _, c := range n.Children {
		switch {
		case c.Field == "left":
			l = c
		case c.Field == "right":
			r = c
		case !c.Named && c.Field == "operator":
			op = c
		}
	}
	return l, op, r
}

// ordered reports whether the binary chain under n respects Solidity's
// precedence and associativity (** groups to the right).
func ordered(n *Node) bool {
	l, op, r := binaryParts(n)
	if op == nil {
		return true
	}
	p, ok := precedence[op.Kind]
	if !ok {
		return true
	}
	if _, lop, _ := binaryParts(l); lop != nil {
		if lp, ok := precedence[lop.Kind]; ok && (lp < p || lp == p && op.Kind == "**") {
			return false
		}
	}
	if _, rop, _ := binaryParts(r); rop != nil {
		if rp, ok := precedence[rop.Kind]; ok && (rp < p || rp == p && op.Kind != "**") {
			return false
		}
	}
	return true
}

// rebalance regroups a binary chain that a rotation left out of order
// (x && c[k] >= d parsed as (x && c)[k] >= d, rotated to (x && c[k]) >=
// d) by precedence climbing over its operands and operators.
func (u *Unit) rebalance(n *Node) *Node {
	if ordered(n) {
		return n
	}
	var operands, ops []*Node
	var flatten func(x *Node) bool
	flatten = func(x *Node) bool {
		l, op, r := binaryParts(x)
		if op == nil || l == nil || r == nil {
			operands = append(operands, x)
			return true
		}
		if _, ok := precedence[op.Kind]; !ok {
			return false
		}
		if !flatten(l) {
			return false
		}
		ops = append(ops, op)
		return flatten(r)
	}
	if !flatten(n) {
		return n
	}
	pos := 0
	var climb func(min int) *Node
	climb = func(min int) *Node {
		lhs := operands[pos]
		pos++
		for pos-1 < len(ops) {
			op := ops[pos-1]
			p := precedence[op.Kind]
			if p < min {
				break
			}
			next := p + 1
			if op.Kind == "**" {
				next = p
			}
			rhs := climb(next)
			b := &Node{Kind: "binary_expression", Named: true, Start: lhs.Start, End: rhs.End, Line: lhs.Line, EndLine: rhs.EndLine,
				text: sourceText(u.Src, lhs.Start, rhs.End)}
			lhs.Field, op.Field, rhs.Field = "left", "operator", "right"
			b.Children = []*Node{lhs, op, rhs}
			for _, c := range b.Children {
				c.Parent = b
			}
			lhs = b
		}
		return lhs
	}
	out := climb(0)
	out.Field, out.Parent = n.Field, n.Parent
	return out
}
