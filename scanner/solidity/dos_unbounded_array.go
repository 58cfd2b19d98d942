package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// dosUnboundedArray: storage arrays whose gas cost grows with their length
// until the function no longer fits in a block: growing an array in a loop
// the caller sizes, or clearing a whole dynamic array (which costs gas per
// element, the Governmental jackpot bug).
//
// Decides: push or length growth of a state array inside a loop; a state
// dynamic array reset with new T[](0) or delete. Reports the statement.
// Also a loop that writes state, pays or calls out, bounded by the length
// of a state array that anyone can grow: some function an unguarded entry
// reaches (Function.UnguardedEntry) pushes to it or raises its length,
// with no guard there comparing the array's length (a cap). Reports the
// loop.
//
// Known false positives: arrays that provably stay small; growth that
// costs the caller more than the harm is worth.
type dosUnboundedArray struct{}

func (dosUnboundedArray) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-DOS-UNBOUNDED-ARRAY",
		Title:          "Denial of service by an unbounded storage array",
		Severity:       scanner.Medium,
		Confidence:     0.7,
		Category:       "denial_of_service",
		CWE:            "CWE-400",
		SWC:            "SWC-128",
		Description:    "A storage array grows inside a loop or is cleared in one go. Both cost gas proportional to the array's length, which users can inflate until the function exceeds the block gas limit and can never run again.",
		Recommendation: "Bound the array's length, process it in batches, or keep a length counter instead of clearing the array.",
		Tier:           scanner.TierStandard,
	}
}

func (d dosUnboundedArray) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || constructionOnly(f, 3) {
			continue
		}
		locals := f.Locals()
		isArray := func(name string) bool {
			if !f.IsState(name, locals) {
				return false
			}
			v := f.Contract.StateVar(name)
			return v != nil && strings.HasSuffix(strings.TrimSpace(v.Type), "[]")
		}
		f.Body.Walk(func(n *Node) bool {
			switch n.Kind {
			case "for_statement", "while_statement", "do_while_statement":
				if n.Kind == "for_statement" && narrowCounter(f, n) {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					return true
				}
				if f.Mutability != "view" && f.Mutability != "pure" && f.Mutability != "constant" {
					if a := loopArray(n, isArray); a != "" && loopWorks(f, n) && growable(f.Contract, a) {
						out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					}
				}
			case "call_expression":
				if a := grownArray(n); a != nil && inLoop(n) {
					if r := lvalueRoot(a); r != nil && isArray(r.Text()) {
						out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					}
				}
			case "augmented_assignment_expression", "update_expression":
				if grownArray(n) != nil && inLoop(n) {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				}
			case "assignment_expression":
				l, r := n.Child("left"), n.Child("right")
				if l != nil && l.Kind == "identifier" && isArray(l.Text()) && r != nil && strings.HasPrefix(norm(r.Text()), "new") && strings.HasSuffix(norm(r.Text()), "(0)") {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				}
			case "unary_expression":
				if strings.HasPrefix(n.Text(), "delete") && len(n.Children) > 1 {
					t := n.Children[len(n.Children)-1]
					if t.Kind == "identifier" && isArray(t.Text()) {
						out = append(out, u.finding(d.Meta().ID, n, scope(f)))
					}
				}
			}
			return true
		})
	}
	return out
}

// loopArray returns the state array whose length bounds loop (i <
// a.length in its condition), or "".
func loopArray(loop *Node, isArray func(string) bool) string {
	cond := loop.Child("condition")
	if cond == nil {
		return ""
	}
	name := ""
	cond.Walk(func(n *Node) bool {
		if name == "" && n.Kind == "member_expression" && n.Child("property").Text() == "length" {
			if o := n.Child("object"); o != nil && o.Kind == "identifier" && isArray(o.Text()) {
				name = o.Text()
			}
		}
		return name == ""
	})
	return name
}

// growable reports whether a function of c that an unguarded entry
// reaches grows state array a (push, length++ or +=) with no guard on a's
// length before the growth.
func growable(c *Contract, a string) bool {
	for _, g := range c.AllFunctions() {
		if g.Body == nil || g.Kind == "constructor" {
			continue
		}
		for _, w := range g.StateWrites() {
			if w.Var != a || grownArray(w.Node) == nil || capped(g, w.Node, a) {
				continue
			}
			if g.UnguardedEntry(3) != nil {
				return true
			}
		}
	}
	return false
}

// grownArray returns the array a push or a length increase grows
// (a.push(v), a.length++, a.length += n), or nil.
func grownArray(w *Node) *Node {
	switch w.Kind {
	case "call_expression":
		if fn := w.Child("function"); fn != nil && fn.Kind == "member_expression" && fn.Child("property").Text() == "push" {
			return fn.Child("object")
		}
	case "augmented_assignment_expression", "update_expression":
		t := w.Child("left")
		if t == nil {
			t = w.Child("argument")
		}
		if t != nil && t.Kind == "member_expression" && t.Child("property").Text() == "length" && (w.Operator() == "+=" || w.Operator() == "++") {
			return t.Child("object")
		}
	}
	return nil
}

// loopWorks reports whether loop writes state, pays or calls another
// contract: work every run must get through (a loop that only sums or
// logs fails only its caller's read).
func loopWorks(f *Function, loop *Node) bool {
	for _, w := range f.StateWrites() {
		if loop.Contains(w.Node) {
			return true
		}
	}
	for _, c := range f.LowLevelCalls() {
		if loop.Contains(c.Node) {
			return true
		}
	}
	found := false
	loop.Walk(func(n *Node) bool {
		found = found || n.Kind == "call_expression" && isExternalMemberCall(n) && f.internalCallee(n) == nil
		return !found
	})
	return found
}

// capped reports whether a guard of w in g reads a's length, directly or
// through a local assigned from it (n = a.length; if (n + k > cap) …).
func capped(g *Function, w *Node, a string) bool {
	isLen := func(n *Node) bool {
		return n.Kind == "member_expression" && n.Child("property").Text() == "length" && n.Child("object").Text() == a
	}
	derived := g.Derived(isLen)
	for _, gd := range g.Guards(w) {
		if DependsOn(gd.Cond, derived, isLen) {
			return true
		}
	}
	// A check after the growth that every normal exit passes
	// (xs.push(v); require(xs.length < 256)).
	if cfg := g.CFG(); cfg.Reachable(cfg.Exit) {
		for _, gd := range cfg.guardsAt(cfg.Exit) {
			if gd.Cond.Start > w.Start && DependsOn(gd.Cond, derived, isLen) {
				return true
			}
		}
	}
	return false
}

// constructionOnly reports whether f runs only while the contract is
// constructed: it is the constructor, or an internal function every call
// of which (in the bundle, depth calls up) is made from such a function.
func constructionOnly(f *Function, depth int) bool {
	if f.Kind == "constructor" {
		return true
	}
	if depth == 0 || f.Kind != "function" || f.Entry() || f.Visibility == "public" || f.Visibility == "external" {
		return false
	}
	cs := f.callers()
	if len(cs) == 0 {
		return false
	}
	for _, c := range cs {
		if c.fn == f || !constructionOnly(c.fn, depth-1) {
			return false
		}
	}
	return true
}

// narrowCounter reports a for loop whose counter is declared narrower
// than the length of the stored list it runs over (directly or through a
// local holding it), where the list's growth is not capped:
// for (uint8 i = 0; i < xs.length; i++)
// (or var i = 0 before 0.5, which is a uint8), for counters below 32
// bits. Past 255 entries the counter wraps and the loop never ends
// (before 0.8) or the increment reverts (0.8 on): the function stops
// working for good.
func narrowCounter(f *Function, loop *Node) bool {
	init := loop.Child("initial")
	if init == nil || init.Kind != "variable_declaration_statement" {
		return false
	}
	decl := init.FirstKind("variable_declaration")
	if decl == nil {
		return false
	}
	name := decl.Child("name").Text()
	width := 0
	if t := decl.Child("type"); t != nil {
		width = intWidth(t.Text())
	}
	if width == 0 && strings.HasPrefix(strings.TrimSpace(init.Text()), "var") && f.Contract.Unit.Version.Before(5, 0) {
		if v := init.Child("value"); v != nil && isLiteral(v) {
			width = 8 // var i = 0 infers the smallest type that holds 0
		}
	}
	// From 32 bits on, no list can outgrow the counter: pushing 2**32
	// entries costs more gas than any chain will ever spend on it.
	if width == 0 || width >= 32 {
		return false
	}
	cond := loop.Child("condition")
	if cond != nil && cond.Kind == "expression_statement" && len(cond.Children) > 0 {
		cond = cond.Children[0]
	}
	cond = unparen(cond)
	if cond == nil || cond.Kind != "binary_expression" {
		return false
	}
	switch cond.Operator() {
	case "<", "<=", "!=":
	default:
		return false
	}
	l, r := unparen(cond.Child("left")), unparen(cond.Child("right"))
	if l == nil || r == nil || l.Text() != name {
		return false
	}
	// The bound: a length, or a variable declared wider than the counter;
	// not the length of an array every growth of which is capped
	// (require(xs.length < 256) where it is pushed to).
	length := r
	if r.Kind == "identifier" {
		w, ok := f.declaredWidths()[r.Text()]
		if !ok || w <= width {
			return false
		}
		if ds := f.Reaching().At(r); len(ds) == 1 && ds[0].Value != nil {
			length = unparen(ds[0].Value) // uint n = xs.length
		}
	}
	// Only a stored list grows across calls; a list passed in is as long
	// as its caller makes it.
	if length.Kind == "member_expression" && length.Child("property").Text() == "length" {
		a := lvalueRoot(length.Child("object"))
		return a != nil && f.IsState(a.Text(), f.Locals()) && !growthCapped(f.Contract, a.Text())
	}
	return false
}

// growthCapped reports whether every push to (or length increase of)
// state array a in c's lineage is capped by a guard comparing its length.
func growthCapped(c *Contract, a string) bool {
	for _, g := range c.AllFunctions() {
		if g.Body == nil {
			continue
		}
		for _, w := range g.StateWrites() {
			if w.Var == a && grownArray(w.Node) != nil && !capped(g, w.Node, a) {
				return false
			}
		}
	}
	return true
}
