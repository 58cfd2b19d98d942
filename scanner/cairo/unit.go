package cairo

import (
	"strings"
	"sync"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// Unit is one parsed Cairo file and the facts its detectors share.
type Unit struct {
	Path      string
	Src       []byte
	Tree      *syntax.Node
	Functions []*Function
	// Storage maps the fields of #[storage] structs to their types.
	Storage map[string]string
	// Components maps component storage names to component module names,
	// from component!(path: X, storage: y, …).
	Components map[string]string
	// Test is set for files under a tests/ folder: parsed, never checked.
	Test bool

	errs   []scanner.FileError
	lines  int
	bundle *bundle

	factsOnce sync.Once
}

// Function is one fn with the context Starknet gives it.
type Function struct {
	Name       string
	Node, Body *syntax.Node
	Unit       *Unit
	// Module is the name of the innermost enclosing mod ("" at top level).
	Module string
	// External: callable by anyone in a transaction (#[external(v0)], in an
	// #[abi(embed_v0)] or #[embeddable_as] impl, or an #[l1_handler]).
	External, L1Handler, Constructor bool
	// RefSelf: the function takes ref self, so it may write storage.
	RefSelf bool
	// View: the function takes self by snapshot (@).
	View bool
	Test bool

	calls    []*syntax.Node // call expressions and macro invocations, source order
	writes   []*syntax.Node // storage writes: self.x….write(…)
	internal []*syntax.Node // calls that resolve to functions of the bundle
}

// bundle links the units scanned together: components and traits.
type bundle struct {
	byName map[[2]string][]*Function // functions by module and name
	traits map[string]map[string]bool
}

func hasAttr(n *syntax.Node, prefix string) bool {
	for _, a := range n.ChildrenOf("attribute") {
		if strings.HasPrefix(strings.Join(strings.Fields(a.Text()), ""), prefix) {
			return true
		}
	}
	return false
}

func newUnit(f scanner.File) *Unit {
	tree, b := parse(string(f.Content))
	u := &Unit{Path: f.Path, Src: f.Content, Tree: tree, Storage: map[string]string{}, Components: map[string]string{}, lines: b.Lines()}
	for _, e := range b.Errors {
		u.errs = append(u.errs, scanner.FileError{File: f.Path, Line: e.Line, Message: e.Message})
	}
	p := "/" + strings.ToLower(f.Path)
	u.Test = strings.Contains(p, "/tests/") || strings.Contains(p, "/test/") || strings.HasSuffix(p, "/tests.cairo")
	u.collect(tree, "", false)
	return u
}

// collect walks items, skipping nothing: test code is marked, not dropped.
func (u *Unit) collect(n *syntax.Node, module string, test bool) {
	for _, c := range n.Kids() {
		if c.Kind == "attribute" {
			continue
		}
		t := test || hasAttr(c, "#[cfg(test)]") || hasAttr(c, "#[test]")
		switch c.Kind {
		case "module":
			u.collect(c.Child("body"), c.Child("name").Text(), t)
		case "trait":
			u.collect(c.Child("body"), module, t)
		case "impl":
			if body := c.Child("body"); body != nil {
				for _, fn := range body.Kids() {
					if fn.Kind == "function" {
						u.addFunction(fn, c, module, t || hasAttr(fn, "#[test]"))
					}
				}
			}
		case "function":
			u.addFunction(c, nil, module, t)
		case "struct":
			// Cairo 1.0 named the struct Storage without an attribute.
			if hasAttr(c, "#[storage]") || c.Child("name").Text() == "Storage" {
				for _, fl := range c.Child("body").Kids() {
					u.Storage[fl.Child("name").Text()] = fl.Child("type").Norm()
				}
			}
		case "macro_invocation", "expression_statement":
			if c.Kind == "expression_statement" {
				c = c.Kids()[0]
			}
			if c.Child("macro").Text() == "component" {
				var path, storage string
				for _, a := range c.ChildrenOf("argument") {
					switch a.Child("name").Text() {
					case "path":
						path = a.Child("value").Text()
					case "storage":
						storage = a.Child("value").Text()
					}
				}
				u.Components[storage] = path[strings.LastIndex(path, ":")+1:]
			}
		}
	}
}

func (u *Unit) addFunction(n, impl *syntax.Node, module string, test bool) {
	f := &Function{Name: n.Child("name").Text(), Node: n, Body: n.Child("body"), Unit: u, Module: module, Test: test}
	f.L1Handler = hasAttr(n, "#[l1_handler]")
	f.Constructor = hasAttr(n, "#[constructor]")
	f.External = hasAttr(n, "#[external(v0)]") || f.L1Handler
	if hasAttr(n, "#[external]") { // Cairo 1.0: no self, storage through paths
		f.External, f.RefSelf = true, true
	}
	if impl != nil && (hasAttr(impl, "#[abi(embed_v0)]") || hasAttr(impl, "#[external(v0)]") || hasAttr(impl, "#[embeddable_as(")) {
		f.External = true
	}
	if ps := n.Child("parameters"); len(ps.Kids()) > 0 {
		first := ps.Children[0]
		if first.Child("pattern").Text() == "self" {
			f.RefSelf = strings.Contains(first.Op, "ref")
			f.View = strings.HasPrefix(first.Child("type").Text(), "@")
		}
	}
	u.Functions = append(u.Functions, f)
}

// Params returns the function's parameter names.
func (f *Function) Params() []string {
	var out []string
	for _, p := range f.Node.Child("parameters").Kids() {
		out = append(out, p.Child("pattern").Text())
	}
	return out
}

func link(units []*Unit) {
	b := &bundle{byName: map[[2]string][]*Function{}, traits: map[string]map[string]bool{}}
	for _, u := range units {
		for _, f := range u.Functions {
			k := [2]string{f.Module, f.Name}
			b.byName[k] = append(b.byName[k], f)
		}
		u.Tree.Walk(func(n *syntax.Node) bool {
			if n.Kind == "trait" {
				views := map[string]bool{}
				for _, fn := range n.Child("body").Kids() {
					if fn.Kind == "function" {
						ps := fn.Child("parameters").Kids()
						views[fn.Child("name").Text()] = len(ps) > 0 && strings.HasPrefix(ps[0].Child("type").Text(), "@")
					}
				}
				b.traits[n.Child("name").Text()] = views
			}
			return n.Kind != "function"
		})
	}
	for _, u := range units {
		u.bundle = b
	}
}

func (u *Unit) facts() {
	u.factsOnce.Do(func() {
		for _, f := range u.Functions {
			if f.Body == nil {
				continue
			}
			f.Body.Walk(func(n *syntax.Node) bool {
				switch n.Kind {
				case "call_expression", "macro_invocation":
					f.calls = append(f.calls, n)
					if n.Kind == "call_expression" {
						if accessOp(n) == "write" && storageRoot(n) != "" {
							f.writes = append(f.writes, n)
						}
						if f.resolve(n) != nil {
							f.internal = append(f.internal, n)
						}
					}
				}
				return true
			})
		}
	})
}

// method returns the method name of a call x.m(…), or "".
func method(call *syntax.Node) string {
	if fn := call.Child("function"); fn != nil && fn.Kind == "field_expression" {
		return fn.Child("field").Text()
	}
	return ""
}

// accessOp returns the method of x.m(…) or the last segment of a path
// call a::m(…): read and write are storage accesses.
func accessOp(call *syntax.Node) string {
	if m := method(call); m != "" {
		return m
	}
	if fn := call.Child("function"); fn != nil && fn.Kind == "path" {
		return calleeName(call)
	}
	return ""
}

// receiver returns x of a method call x.m(…).
func receiver(call *syntax.Node) *syntax.Node {
	if fn := call.Child("function"); fn != nil && fn.Kind == "field_expression" {
		return fn.Child("value")
	}
	return nil
}

// storageRoot returns the storage member a chain self.x.….m(…) starts
// with, or "".
//
// Cairo 1.0 (before 2.0) contracts read and write storage through paths,
// x::read() and x::write(v); those count too.
func storageRoot(n *syntax.Node) string {
	if n != nil && n.Kind == "call_expression" {
		if fn := n.Child("function"); fn.Kind == "path" {
			segs := strings.Split(fn.Norm(), "::")
			if len(segs) == 2 && (segs[1] == "read" || segs[1] == "write") && segs[0] != "" && segs[0][0] >= 'a' && segs[0][0] <= 'z' {
				return segs[0]
			}
			return ""
		}
	}
	for n != nil {
		switch n.Kind {
		case "call_expression":
			n = n.Child("function")
		case "field_expression":
			v := n.Child("value")
			if v.Kind == "identifier" && v.Text() == "self" {
				return n.Child("field").Text()
			}
			n = v
		case "index_expression":
			n = n.Child("value")
		default:
			return ""
		}
	}
	return ""
}

// calleeName returns the last path segment of a free or path call f(…) /
// A::f(…), or "".
func calleeName(call *syntax.Node) string {
	fn := call.Child("function")
	if fn == nil {
		return ""
	}
	switch fn.Kind {
	case "identifier":
		return fn.Text()
	case "path":
		t := fn.Text()
		return strings.TrimSpace(t[strings.LastIndex(t, ":")+1:])
	}
	return ""
}

// resolve returns the bundle function a call names: self.f(…), Impl::f(…)
// and f(…) in f's module, self.component.f(…) in the component's module.
func (f *Function) resolve(call *syntax.Node) *Function {
	if f.Unit.bundle == nil || call.Kind != "call_expression" {
		return nil
	}
	module, name := f.Module, ""
	if m := method(call); m != "" {
		r := receiver(call)
		switch {
		case r.Kind == "identifier" && r.Text() == "self":
			name = m
		case r.Kind == "field_expression" && r.Child("value").Text() == "self" && f.Unit.Components[r.Child("field").Text()] != "":
			module, name = f.Unit.Components[r.Child("field").Text()], m
		default:
			return nil
		}
	} else {
		name = calleeName(call)
	}
	if name == "" {
		return nil
	}
	var found *Function
	for _, g := range f.Unit.bundle.byName[[2]string{module, name}] {
		if g != f {
			if found == nil || !g.External && found.External {
				found = g
			}
		}
	}
	return found
}

// reach visits f and every function it calls, each once.
func (f *Function) reach(fn func(*Function) bool) {
	seen := map[*Function]bool{}
	var visit func(g *Function, depth int) bool
	visit = func(g *Function, depth int) bool {
		if seen[g] || depth > 32 {
			return true
		}
		seen[g] = true
		g.Unit.facts()
		if !fn(g) {
			return false
		}
		for _, c := range g.internal {
			if h := g.resolve(c); h != nil && !visit(h, depth+1) {
				return false
			}
		}
		return true
	}
	visit(f, 0)
}

// conditions returns assert conditions (assert(c, …), assert!(c, …),
// assert_eq!/assert_ne!) and the conditions of ifs whose branch panics.
func conditions(body *syntax.Node) []*syntax.Node {
	var out []*syntax.Node
	body.Walk(func(n *syntax.Node) bool {
		switch n.Kind {
		case "call_expression", "macro_invocation":
			name := calleeName(n)
			if n.Kind == "macro_invocation" {
				name = n.Child("macro").Text()
			}
			switch name {
			case "assert": // the asserted expression
				if a := n.ChildrenOf("argument"); len(a) > 0 {
					out = append(out, a[0])
				}
			case "assert_eq", "assert_ne": // the macro: its first two arguments compared
				out = append(out, n)
			}
		case "if_expression":
			if panics(n.Child("consequence")) || panics(n.Child("alternative")) {
				out = append(out, n.Child("condition"))
			}
		case "match_expression":
			for _, arm := range n.Child("body").Kids() {
				if panics(arm.Child("value")) {
					out = append(out, n.Child("value"))
					break
				}
			}
		}
		return true
	})
	return out
}

func panics(n *syntax.Node) bool {
	found := false
	n.Walk(func(x *syntax.Node) bool {
		switch {
		case x.Kind == "macro_invocation" && x.Child("macro").Text() == "panic",
			x.Kind == "call_expression" && (calleeName(x) == "panic" || calleeName(x) == "panic_with_felt252" || calleeName(x) == "panic_with_const_felt252"):
			found = true
		}
		return !found
	})
	return found
}

// callerLocals returns the locals of f bound to values that depend on
// get_caller_address() (directly or through other such locals).
func callerLocals(body *syntax.Node) map[string]bool {
	locals := map[string]bool{}
	body.Walk(func(n *syntax.Node) bool {
		if n.Kind == "let_declaration" && dependsOnCaller(n.Child("value"), locals) {
			n.Child("pattern").Walk(func(x *syntax.Node) bool {
				if x.Kind == "identifier" {
					locals[x.Text()] = true
				}
				return true
			})
		}
		return true
	})
	return locals
}

// dependsOnCaller reports whether n calls get_caller_address (or reads
// the execution info's caller) or uses a local that does.
func dependsOnCaller(n *syntax.Node, locals map[string]bool) bool {
	found := false
	n.Walk(func(x *syntax.Node) bool {
		switch {
		case x.Kind == "call_expression" && calleeName(x) == "get_caller_address":
			found = true
		case x.Kind == "field_expression" && x.Child("field").Text() == "caller_address":
			found = true
		case x.Kind == "identifier" && locals[x.Text()]:
			found = true
		}
		return !found
	})
	return found
}

// Guarded reports whether f, or a function it calls, checks the caller:
// an assertion or panicking branch on a caller check (checksCaller).
func (f *Function) Guarded() bool {
	g := false
	f.reach(func(h *Function) bool {
		if h.Body == nil {
			return true
		}
		callers := callerLocals(h.Body)
		checks := checkLocals(h.Body, callers)
		for _, c := range conditions(h.Body) {
			if checksCaller(c, callers, checks) {
				g = true
				break
			}
		}
		return !g
	})
	return g
}

// notChecks are methods whose result says nothing about who the caller
// is: conversions, unwrapping, zero tests, storage access.
var notChecks = map[string]bool{"is_zero": true, "is_non_zero": true, "into": true, "try_into": true, "unwrap": true,
	"expect": true, "read": true, "write": true, "entry": true, "unbox": true}

// checksCaller reports whether cond decides on who the caller is: it
// compares a caller-dependent value (== or !=) with something other than
// zero, passes one to a function (has_role(role, caller), a signature
// check), uses a local holding such a result, or is a storage read keyed
// by the caller (self.admins.read(caller)). A zero test of the caller
// alone is not an access check.
func checksCaller(cond *syntax.Node, callers, checks map[string]bool) bool {
	for cond != nil && cond.Kind == "unary_expression" && cond.Op == "!" {
		cond = cond.Child("operand")
	}
	if cond == nil {
		return false
	}
	if readOf(cond) != "" && dependsOnCaller(cond, callers) {
		return true
	}
	found := false
	cond.Walk(func(x *syntax.Node) bool {
		switch x.Kind {
		case "binary_expression":
			if x.Op == "==" || x.Op == "!=" {
				l, r := x.Child("left"), x.Child("right")
				if dependsOnCaller(l, callers) && !zeroLike(r) || dependsOnCaller(r, callers) && !zeroLike(l) {
					found = true
				}
			}
		case "macro_invocation":
			if m := x.Child("macro").Text(); m == "assert_eq" || m == "assert_ne" {
				if a := x.ChildrenOf("argument"); len(a) >= 2 {
					if dependsOnCaller(a[0], callers) && !zeroLike(a[1]) || dependsOnCaller(a[1], callers) && !zeroLike(a[0]) {
						found = true
					}
				}
				return false
			}
		case "call_expression":
			if !notChecks[accessOp(x)] && !notChecks[calleeName(x)] {
				for _, a := range x.ChildrenOf("argument") {
					if dependsOnCaller(a, callers) {
						found = true
					}
				}
			}
		case "identifier":
			if checks[x.Text()] {
				found = true
			}
		}
		return !found
	})
	return found
}

// checkLocals returns the locals bound to caller checks (let authorized
// = self.has_role(role, get_caller_address())).
func checkLocals(body *syntax.Node, callers map[string]bool) map[string]bool {
	checks := map[string]bool{}
	body.Walk(func(n *syntax.Node) bool {
		if n.Kind == "let_declaration" && n.Child("pattern").Kind == "identifier" {
			if v := n.Child("value"); v != nil && checksCaller(v, callers, checks) {
				checks[n.Child("pattern").Text()] = true
			}
		}
		return true
	})
	return checks
}

// zeroLike reports whether n is zero: 0, Zero::zero(), a zero address
// constant.
func zeroLike(n *syntax.Node) bool {
	t := n.Norm()
	return t == "0" || strings.Contains(strings.ToLower(t), "zero") || strings.Contains(t, "::<0>")
}

// WritesStorage reports whether f writes storage, directly or through the
// functions it calls.
func (f *Function) WritesStorage() bool {
	w := false
	f.reach(func(g *Function) bool {
		w = len(g.writes) > 0
		return !w
	})
	return w
}

func (u *Unit) finding(id string, n *syntax.Node, f *Function) scanner.Finding {
	snippet := strings.TrimSpace(n.Text())
	if i := strings.IndexByte(snippet, '\n'); i >= 0 {
		snippet = snippet[:i]
	}
	snippet = strings.Clone(snippet)
	scope := ""
	if f != nil {
		scope = f.Module + "." + f.Name
	}
	return scanner.Finding{DetectorID: id, File: u.Path, Line: n.Line, EndLine: n.EndLine, Snippet: snippet, Fingerprint: scanner.Fingerprint(id, scope, snippet)}
}
