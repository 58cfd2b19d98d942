package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// Data flow through locals: which local variables of a function hold a
// value computed from a source (a call's result, msg.sender, a state
// read). It is flow-insensitive: a local assigned from a source anywhere
// in the function is derived everywhere, which over-approximates on
// reassignment and never misses a path.

// Derived returns the locals and parameters of f whose value is computed
// from an expression src accepts, or from another derived local, through
// declarations, assignments (compound ones included) and tuple
// destructuring slot by slot, to a fixed point.
func (f *Function) Derived(src func(*Node) bool) map[string]bool {
	return f.DerivedExcept(src, nil)
}

// DerivedExcept is Derived with the subexpressions skip accepts left out:
// a value passed through them does not carry the source (a caller's
// argument placed in a fixed-selector encoding, a key into state).
func (f *Function) DerivedExcept(src, skip func(*Node) bool) map[string]bool {
	derived := map[string]bool{}
	if f == nil || f.Body == nil {
		return derived
	}
	type flow struct {
		to   string
		from *Node
	}
	var flows []flow
	add := func(target, value *Node) {
		if target == nil || value == nil {
			return
		}
		if target.Kind == "variable_declaration_tuple" || target.Kind == "tuple_expression" {
			ts, vs := TupleSlots(target), TupleSlots(value)
			for i, t := range ts {
				switch {
				case t == nil:
				case value.Kind == "tuple_expression" && i < len(vs):
					if vs[i] != nil {
						flows = append(flows, flow{slotName(t), vs[i]})
					}
				default: // (a, b) = g(): every slot comes from the call
					flows = append(flows, flow{slotName(t), value})
				}
			}
			return
		}
		if name := slotName(target); name != "" {
			flows = append(flows, flow{name, value})
		}
	}
	f.Body.Walk(func(n *Node) bool {
		switch n.Kind {
		case "variable_declaration_statement":
			var target *Node
			for _, c := range n.Children {
				if c.Kind == "variable_declaration" || c.Kind == "variable_declaration_tuple" {
					target = c
				}
			}
			add(target, n.Child("value"))
		case "assignment_expression", "augmented_assignment_expression":
			add(n.Child("left"), n.Child("right"))
		}
		return true
	})
	for changed := true; changed; {
		changed = false
		for _, fl := range flows {
			if fl.to == "" || derived[fl.to] {
				continue
			}
			if DependsOnExcept(fl.from, derived, src, skip) {
				derived[fl.to] = true
				changed = true
			}
		}
	}
	return derived
}

// slotName is the variable a declaration or plain identifier target names.
func slotName(n *Node) string {
	switch n.Kind {
	case "variable_declaration":
		return n.Child("name").Text()
	case "identifier":
		return n.Text()
	}
	if r := lvalueRoot(n); r != nil && n.Kind != "array_access" && n.Kind != "member_expression" {
		return r.Text()
	}
	return ""
}

// DependsOn reports whether expression n contains a node src accepts or an
// identifier in derived.
func DependsOn(n *Node, derived map[string]bool, src func(*Node) bool) bool {
	return DependsOnExcept(n, derived, src, nil)
}

// DependsOnExcept is DependsOn without looking inside the subexpressions
// skip accepts.
func DependsOnExcept(n *Node, derived map[string]bool, src, skip func(*Node) bool) bool {
	found := false
	n.Walk(func(x *Node) bool {
		if found || skip != nil && skip(x) {
			return false
		}
		if src != nil && src(x) || x.Kind == "identifier" && derived[x.Text()] && x.Field != "property" {
			found = true
		}
		return !found
	})
	return found
}

// TupleSlots returns the node in each comma-separated slot of a tuple
// declaration or tuple expression, nil for an empty slot: (, int a, , b)
// gives [nil, a, nil, b]. Any other node is one slot.
func TupleSlots(t *Node) []*Node {
	if t == nil {
		return nil
	}
	if t.Kind != "variable_declaration_tuple" && t.Kind != "tuple_expression" {
		return []*Node{t}
	}
	// The tree drops the commas: count the top-level ones in the source
	// between the parentheses.
	text := t.Text()
	slots := []*Node{nil}
	depth, kid := 0, 0
	kids := t.Children
	for i := 0; i < len(text); i++ {
		off := t.Start + i
		for kid < len(kids) && kids[kid].End <= off {
			kid++
		}
		if kid < len(kids) && kids[kid].Start <= off && off < kids[kid].End {
			if kids[kid].Named {
				slots[len(slots)-1] = kids[kid]
			}
			i += kids[kid].End - off - 1
			kid++
			continue
		}
		switch text[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 1 {
				slots = append(slots, nil)
			}
		}
	}
	return slots
}

// InternalCallee resolves a call to the function of f's contract (through
// inheritance, or super) it invokes, or nil for external and built-in
// calls.
func (f *Function) InternalCallee(call *Node) *Function { return f.internalCallee(call) }

// Funcs returns every function and modifier declared in the unit.
func (u *Unit) Funcs() []*Function { return u.funcs() }

// FuncOf returns the function or modifier whose declaration contains n.
func (u *Unit) FuncOf(n *Node) *Function { return u.funcOf(n) }

// Finding builds a raw finding of rule id at n inside f (nil when n is
// outside functions); the fingerprint is scoped to Contract.function.
func (u *Unit) Finding(id string, n *Node, f *Function) scanner.Finding {
	return u.finding(id, n, scope(f))
}

// CalleeName returns the called function's simple name: f for f(), x.f().
func CalleeName(call *Node) string { return calleeName(call) }

// Args returns the argument expressions of a call; named arguments
// ({a: x}) are the struct argument of its single call_argument.
func Args(call *Node) []*Node { return argNodes(call) }

// IsMember reports whether n is the member expression obj.prop.
func IsMember(n *Node, obj, prop string) bool { return n != nil && isMember(n, obj, prop) }

// OwnBalance reports whether n reads this contract's balance: ether
// (address(this).balance, this.balance) or a token's balanceOf(this).
func OwnBalance(n *Node) bool { return ownBalance(n) }

// UnwrapConversion strips parentheses and type conversions: T(x) is x.
func UnwrapConversion(n *Node) *Node { return unwrapConversion(n) }

// IsSender reports whether n is the caller: msg.sender or _msgSender().
func IsSender(n *Node) bool { return isSender(n) }

// IsThis reports whether n is this contract's address: this or address(this).
func IsThis(n *Node) bool {
	s := dropSpace(norm(n.Text()))
	// address(this), payable(address(this)), address(address(this)).
	for {
		inner, ok := strings.CutPrefix(s, "address(")
		if !ok {
			inner, ok = strings.CutPrefix(s, "payable(")
		}
		if !ok || !strings.HasSuffix(inner, ")") {
			break
		}
		s = inner[:len(inner)-1]
	}
	return s == "this"
}

// IsZero reports whether n is the literal 0.
func IsZero(n *Node) bool {
	return n != nil && n.Kind == "number_literal" && strings.TrimLeft(n.Text(), "0") == "" && n.Text() != ""
}

// InCondition reports whether n sits inside the condition of an if, loop,
// ternary, require or assert.
func InCondition(n *Node) bool { return inCondition(n) }

// BoundParams returns the names of h's parameters whose argument in call
// (a call of h) satisfies p: what the caller tracks, in h's own terms.
func BoundParams(h *Function, call *Node, p func(*Node) bool) map[string]bool {
	out := map[string]bool{}
	for i, a := range argNodes(call) {
		if i < len(h.Params) && h.Params[i].Name != "" && p(a) {
			out[h.Params[i].Name] = true
		}
	}
	return out
}

// unguardedHelpers calls visit for each call f makes of an internal
// function without a guard of its own, with the parameters that call
// binds to values controlled accepts (BoundParams): how a caller's values
// reach the helpers of a function anyone can call.
func (f *Function) unguardedHelpers(controlled func(*Node) bool, visit func(call *Node, h *Function, bound map[string]bool)) {
	f.Body.Walk(func(n *Node) bool {
		if n.Kind != "call_expression" {
			return true
		}
		h := f.internalCallee(n)
		if h == nil || h == f || h.Body == nil || h.Guarded() {
			return true
		}
		visit(n, h, BoundParams(h, n, controlled))
		return true
	})
}

// CalleeReturns returns the return types of the function a member call
// x.g(…) runs on another contract, when x's declared type (or the
// conversion T(x)) is a contract or interface of the bundle that has g
// with as many parameters; canonical as an ABI signature spells them (no
// data location, uint as uint256). nil otherwise.
func (f *Function) CalleeReturns(call *Node) []string {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return nil
	}
	t := receiverType(fn.Child("object"), f)
	if t == nil || t == f.Contract {
		return nil
	}
	g := t.Resolve(fn.Child("property").Text(), len(argNodes(call)))
	if g == nil {
		return nil
	}
	out := make([]string, len(g.Returns))
	for i, r := range g.Returns {
		out[i] = CanonicalType(r.Type)
	}
	return out
}
