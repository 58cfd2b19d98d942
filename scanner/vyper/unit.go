package vyper

import (
	"path"
	"strings"
	"sync"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// Unit is one parsed Vyper file and the facts its detectors share.
type Unit struct {
	Path string
	Src  []byte
	Tree *syntax.Node
	// Pragma is the version comment ("# @version 0.3.0", "#pragma version
	// ^0.3.0"), nil when absent.
	Pragma *Pragma
	// NonreentrantByDefault is "#pragma nonreentrancy on" (0.4.2+).
	NonreentrantByDefault bool
	Functions             []*Function
	// State holds the storage variables: module-level declarations that are
	// neither constant nor immutable, by name, with their type expression.
	State map[string]*syntax.Node
	// Interfaces maps interface names declared in the file to their
	// functions' mutability (view, pure, nonpayable, payable).
	Interfaces map[string]map[string]string
	// Imports maps the names imports bind (alias or last path element) to
	// the module path.
	Imports map[string]string
	// Test is set for files under a tests/ folder: parsed, never checked.
	Test bool

	errs   []scanner.FileError
	lines  int
	bundle *bundle

	factsOnce sync.Once
}

// Pragma is a version pragma and the lowest compiler version it admits.
type Pragma struct {
	Text                string
	Line                int
	Major, Minor, Patch int
}

// Function is one def.
type Function struct {
	Name       string
	Node, Body *syntax.Node
	Decorators []string
	Unit       *Unit

	External, View, Deploy, Nonreentrant bool

	calls    []*syntax.Node // calls in the body, source order
	writes   []*syntax.Node // direct storage writes
	internal []*syntax.Node // calls of self.f() and module.f() that resolve
}

// Entry reports whether anyone may call f in a transaction that can
// change state: external, not view or pure, not the constructor.
func (f *Function) Entry() bool { return f.External && !f.View && !f.Deploy }

// bundle links the units scanned together: modules and .vyi interfaces.
type bundle struct {
	units      []*Unit
	interfaces map[string]map[string]string // by interface or file stem
	modules    map[string]*Unit             // .vy files by stem
}

func newUnit(f scanner.File) *Unit {
	tree, comments, b := parse(string(f.Content))
	u := &Unit{Path: f.Path, Src: f.Content, Tree: tree, State: map[string]*syntax.Node{}, Interfaces: map[string]map[string]string{}, Imports: map[string]string{}, lines: b.Lines()}
	for _, e := range b.Errors {
		u.errs = append(u.errs, scanner.FileError{File: f.Path, Line: e.Line, Message: e.Message})
	}
	p := "/" + strings.ToLower(f.Path)
	u.Test = strings.Contains(p, "/tests/") || strings.Contains(p, "/test/")
	for _, c := range comments {
		t := strings.TrimSpace(strings.TrimPrefix(c.text, "#"))
		switch {
		case strings.HasPrefix(t, "@version"):
			u.setPragma(strings.TrimSpace(strings.TrimPrefix(t, "@version")), c)
		case strings.HasPrefix(t, "pragma version"):
			u.setPragma(strings.TrimSpace(strings.TrimPrefix(t, "pragma version")), c)
		case strings.HasPrefix(t, "pragma nonreentrancy"):
			u.NonreentrantByDefault = strings.Contains(t, "on")
		}
	}
	u.collect()
	return u
}

func (u *Unit) setPragma(spec string, c comment) {
	if u.Pragma != nil {
		return
	}
	p := &Pragma{Text: spec, Line: c.line}
	// The lowest version the constraint admits: the first version number
	// in it ("^0.3.0", ">=0.2.15", "0.2.16", ">0.3.10" → 0.3.10).
	i := strings.IndexAny(spec, "0123456789")
	if i < 0 {
		return
	}
	nums := strings.SplitN(strings.FieldsFunc(spec[i:], func(r rune) bool { return r == ' ' || r == ',' || r == '<' })[0], ".", 3)
	v := []*int{&p.Major, &p.Minor, &p.Patch}
	for k, s := range nums {
		n := 0
		for _, r := range s {
			if r < '0' || r > '9' {
				break
			}
			n = n*10 + int(r-'0')
		}
		*v[k] = n
	}
	u.Pragma = p
}

// collect reads the module-level declarations.
func (u *Unit) collect() {
	for _, s := range u.Tree.Children {
		switch s.Kind {
		case "function_def":
			u.Functions = append(u.Functions, newFunction(u, s))
		case "ann_assign":
			name := s.Child("target")
			typ := s.Child("type")
			if name.Kind != "identifier" || typ == nil {
				continue
			}
			switch name.Text() {
			case "implements", "uses", "initializes", "exports":
				continue
			}
			// public(…), reentrant(…) (0.4.2) and transient(…) wrap the
			// type; constant(…) and immutable(…) are not storage.
			stored := true
			for typ != nil && typ.Kind == "call" {
				fn := typ.Child("function").Text()
				if fn == "constant" || fn == "immutable" {
					stored = false
				}
				if fn != "public" && fn != "reentrant" && fn != "transient" && fn != "constant" && fn != "immutable" {
					break
				}
				typ = typ.Child("argument")
			}
			if stored && typ != nil {
				u.State[name.Text()] = typ
			}
		case "interface_def":
			fs := map[string]string{}
			for _, d := range s.Child("body").Kids() {
				if d.Kind == "function_def" {
					fs[d.Child("name").Text()] = mutability(d)
				}
			}
			u.Interfaces[s.Child("name").Text()] = fs
		case "import_statement":
			// import a.b [as c] / from a import b [as c]: the alias or the
			// last name binds the module named by the last name.
			names := s.ChildrenOf("name")
			if len(names) == 0 {
				continue
			}
			mod := names[len(names)-1].Text()
			bind := mod
			if a := s.Child("alias"); a != nil {
				bind = a.Text()
			}
			u.Imports[bind] = mod
		}
	}
}

// mutability is the state mutability an interface function declares in
// its body (view, pure, nonpayable, payable) or by decorator (.vyi).
func mutability(d *syntax.Node) string {
	for _, dec := range d.ChildrenOf("decorator") {
		switch t := dec.Kids()[0].Text(); t {
		case "view", "pure", "payable", "nonpayable":
			return t
		}
	}
	if b := d.Child("body"); b != nil && len(b.Children) == 1 && b.Children[0].Kind == "expression_statement" {
		return b.Children[0].Children[0].Text()
	}
	return ""
}

func newFunction(u *Unit, n *syntax.Node) *Function {
	f := &Function{Name: n.Child("name").Text(), Node: n, Body: n.Child("body"), Unit: u}
	for _, d := range n.ChildrenOf("decorator") {
		e := d.Kids()[0]
		if e.Kind == "call" {
			e = e.Child("function")
		}
		name := e.Text()
		f.Decorators = append(f.Decorators, name)
		switch name {
		case "external":
			f.External = true
		case "view", "pure":
			f.View = true
		case "deploy":
			f.Deploy = true
		case "nonreentrant":
			f.Nonreentrant = true
		}
	}
	if f.Name == "__init__" {
		f.Deploy = true
	}
	if u.NonreentrantByDefault && f.External && !f.View {
		f.Nonreentrant = true
	}
	return f
}

// link builds the bundle of units scanned together.
func link(units []*Unit) {
	b := &bundle{units: units, interfaces: map[string]map[string]string{}, modules: map[string]*Unit{}}
	for _, u := range units {
		stem := strings.TrimSuffix(path.Base(u.Path), path.Ext(u.Path))
		if strings.HasSuffix(u.Path, ".vyi") {
			fs := map[string]string{}
			for _, f := range u.Functions {
				fs[f.Name] = mutability(f.Node)
			}
			b.interfaces[stem] = fs
		} else {
			b.modules[stem] = u
		}
		for name, fs := range u.Interfaces {
			b.interfaces[name] = fs
		}
	}
	for _, u := range units {
		u.bundle = b
	}
}

// facts computes each function's calls, storage writes and internal calls.
func (u *Unit) facts() {
	u.factsOnce.Do(func() {
		for _, f := range u.Functions {
			if f.Body == nil {
				continue
			}
			f.Body.Walk(func(n *syntax.Node) bool {
				switch n.Kind {
				case "call":
					f.calls = append(f.calls, n)
					if g := u.resolve(n); g != nil {
						f.internal = append(f.internal, n)
					}
					if fn := n.Child("function"); fn.Kind == "attribute" {
						switch fn.Child("attribute").Text() {
						case "append", "pop":
							if u.stateRoot(fn.Child("object")) != "" {
								f.writes = append(f.writes, n)
							}
						}
					}
				case "assign", "aug_assign":
					for _, t := range targets(n.Child("target")) {
						if u.stateRoot(t) != "" {
							f.writes = append(f.writes, n)
							break
						}
					}
				}
				return true
			})
		}
	})
}

func targets(t *syntax.Node) []*syntax.Node {
	if t != nil && t.Kind == "tuple" {
		return t.Children
	}
	return []*syntax.Node{t}
}

// stateRoot returns the storage variable an lvalue self.x[…].y… is rooted
// in, or "".
func (u *Unit) stateRoot(n *syntax.Node) string {
	for n != nil {
		switch n.Kind {
		case "subscript":
			n = n.Child("value")
		case "attribute":
			if o := n.Child("object"); o.Kind == "identifier" && o.Text() == "self" {
				if name := n.Child("attribute").Text(); u.State[name] != nil {
					return name
				}
				return ""
			}
			n = n.Child("object")
		default:
			return ""
		}
	}
	return ""
}

// resolve returns the function a call self.f(…) or module.f(…) names.
func (u *Unit) resolve(call *syntax.Node) *Function {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "attribute" {
		return nil
	}
	obj, name := fn.Child("object"), fn.Child("attribute").Text()
	if obj.Kind != "identifier" {
		return nil
	}
	target := u
	if obj.Text() != "self" {
		if u.bundle == nil || u.Imports[obj.Text()] == "" {
			return nil
		}
		target = u.bundle.modules[u.Imports[obj.Text()]]
		if target == nil {
			return nil
		}
	}
	for _, g := range target.Functions {
		if g.Name == name && !g.External {
			return g
		}
	}
	if target != u { // exported module functions are called the same way
		for _, g := range target.Functions {
			if g.Name == name {
				return g
			}
		}
	}
	return nil
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
			if h := g.Unit.resolve(c); h != nil && !visit(h, depth+1) {
				return false
			}
		}
		return true
	}
	visit(f, 0)
}

// WritesState reports whether f writes storage, directly or through the
// functions it calls.
func (f *Function) WritesState() bool {
	w := false
	f.reach(func(g *Function) bool {
		w = len(g.writes) > 0
		return !w
	})
	return w
}

// isCaller reports whether n is msg.sender or tx.origin.
func isCaller(n *syntax.Node) bool {
	if n == nil || n.Kind != "attribute" {
		return false
	}
	switch n.Norm() {
	case "msg.sender", "tx.origin":
		return true
	}
	return false
}

// conditions returns the assert conditions and the conditions of ifs
// whose body raises, in f's body.
func conditions(body *syntax.Node) []*syntax.Node {
	var out []*syntax.Node
	body.Walk(func(n *syntax.Node) bool {
		switch n.Kind {
		case "assert_statement":
			out = append(out, n.Child("condition"))
		case "if_statement":
			if raises(n.Child("body")) {
				out = append(out, n.Child("condition"))
			}
		}
		return true
	})
	return out
}

func raises(b *syntax.Node) bool {
	if b == nil {
		return false
	}
	for _, s := range b.Children {
		if s.Kind == "raise_statement" {
			return true
		}
		if s.Kind == "assert_statement" && s.Child("condition").Norm() == "False" {
			return true
		}
	}
	return false
}

// mentionsCaller reports whether n reads msg.sender or tx.origin.
func mentionsCaller(n *syntax.Node) bool {
	found := false
	n.Walk(func(x *syntax.Node) bool {
		if isCaller(x) {
			found = true
		}
		return !found
	})
	return found
}

// checksCaller reports whether cond decides on who the caller is: it
// compares msg.sender or tx.origin (==, !=, in, not in) with something
// other than the zero address, passes it to a function (self._is_admin(
// msg.sender)), or is a role map keyed by it (self.minters[msg.sender]).
// A zero-address test alone is not an access check.
func checksCaller(cond *syntax.Node) bool {
	if cond == nil {
		return false
	}
	if cond.Kind == "subscript" && isCaller(cond.Child("index")) {
		return true
	}
	found := false
	cond.Walk(func(x *syntax.Node) bool {
		switch x.Kind {
		case "compare":
			switch x.Op {
			case "==", "!=", "in", "not in":
				l, r := x.Child("left"), x.Child("right")
				if mentionsCaller(l) && !zeroAddress(r) || mentionsCaller(r) && !zeroAddress(l) {
					found = true
				}
			}
		case "call":
			switch callee(x) {
			case "empty", "convert", "len":
			default:
				for _, a := range x.ChildrenOf("argument") {
					if mentionsCaller(a) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// zeroAddress reports whether n is empty(address), ZERO_ADDRESS or 0.
func zeroAddress(n *syntax.Node) bool {
	switch t := n.Norm(); t {
	case "empty(address)", "ZERO_ADDRESS", "0":
		return true
	}
	return false
}

// Guarded reports whether f, or a function it calls, checks the caller
// (an assert or raising if deciding on msg.sender/tx.origin, checksCaller),
// or refuses a second call by checking storage it writes itself (a
// one-shot initialiser's flag).
func (f *Function) Guarded() bool {
	g := false
	f.reach(func(h *Function) bool {
		for _, c := range conditions(h.Body) {
			if checksCaller(c) {
				g = true
			}
		}
		return !g
	})
	if g {
		return true
	}
	written := map[string]bool{}
	f.reach(func(h *Function) bool {
		for _, w := range h.writes {
			if t := w.Child("target"); t != nil {
				for _, x := range targets(t) {
					written[h.Unit.stateRoot(x)] = true
				}
			}
		}
		return true
	})
	for _, c := range conditions(f.Body) {
		c.Walk(func(x *syntax.Node) bool {
			if name := f.Unit.stateRoot(x); x.Kind == "attribute" && name != "" && written[name] {
				g = true
			}
			return !g
		})
	}
	return g
}

// callee returns the name of a free function call f(…), or "".
func callee(call *syntax.Node) string {
	if fn := call.Child("function"); fn != nil && fn.Kind == "identifier" {
		return fn.Text()
	}
	return ""
}

// keyword returns the value of the keyword argument name of a call.
func keyword(call *syntax.Node, name string) *syntax.Node {
	for _, a := range call.ChildrenOf("argument") {
		if a.Kind == "keyword" && a.Child("name").Text() == name {
			return a.Child("value")
		}
	}
	return nil
}

// args returns the positional arguments of a call.
func args(call *syntax.Node) []*syntax.Node {
	var out []*syntax.Node
	for _, a := range call.ChildrenOf("argument") {
		if a.Kind != "keyword" {
			out = append(out, a)
		}
	}
	return out
}

// inLoop reports whether n sits in a for or while body.
func inLoop(n *syntax.Node) bool {
	return n.Ancestor("for_statement", "while_statement") != nil
}

func (u *Unit) finding(id string, n *syntax.Node, f *Function) scanner.Finding {
	snippet := strings.TrimSpace(n.Text())
	if i := strings.IndexByte(snippet, '\n'); i >= 0 {
		snippet = snippet[:i]
	}
	snippet = strings.Clone(snippet)
	scope := ""
	if f != nil {
		scope = f.Name
	}
	return scanner.Finding{DetectorID: id, File: u.Path, Line: n.Line, EndLine: n.EndLine, Snippet: snippet, Fingerprint: scanner.Fingerprint(id, scope, snippet)}
}
