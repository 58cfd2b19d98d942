package vyper

import (
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

var (
	branchKinds = []string{"if_statement"}
	loopKinds   = []string{"for_statement", "while_statement"}
)

// reachable reports whether the write w can run after the call c.
func reachable(c, w *syntax.Node) bool { return syntax.Reachable(c, w, branchKinds, loopKinds) }

// externalCall returns the node to report when n hands control to another
// contract that may call back: extcall, raw_call (not static), or a 0.2/0.3
// interface call Iface(addr).f(…) / self.iface.f(…) to a function not
// declared view or pure. send forwards no more than the 2,300 gas stipend
// and staticcall cannot change state, so neither counts.
func (u *Unit) externalCall(n *syntax.Node) bool {
	switch n.Kind {
	case "extcall":
		if c := n.Child("value"); c != nil && c.Kind == "call" && c.Child("function").Kind == "attribute" {
			return !u.fixedTarget(c.Child("function").Child("object"))
		}
		return true
	case "call":
		if callee(n) == "raw_call" {
			s := keyword(n, "is_static_call")
			return s == nil || s.Text() != "True"
		}
		if n.Ancestor("extcall", "staticcall") != nil {
			return false
		}
		fn := n.Child("function")
		if fn.Kind != "attribute" {
			return false
		}
		iface := u.interfaceOf(fn.Child("object"))
		if iface == "" || u.fixedTarget(fn.Child("object")) {
			return false
		}
		if u.bundle != nil {
			if fs := u.bundle.interfaces[iface]; fs != nil {
				m := fs[fn.Child("attribute").Text()]
				return m != "view" && m != "pure"
			}
		}
		return true
	}
	return false
}

// interfaceOf returns the interface type of an expression used as a call
// target: Iface(addr) or self.x with x declared of an interface type.
func (u *Unit) interfaceOf(obj *syntax.Node) string {
	switch obj.Kind {
	case "call":
		name := callee(obj)
		if u.isInterface(name) {
			return name
		}
	case "attribute":
		if o := obj.Child("object"); o.Kind == "identifier" && o.Text() == "self" {
			if t := u.State[obj.Child("attribute").Text()]; t != nil && u.isInterface(t.Text()) {
				return t.Text()
			}
		}
	}
	return ""
}

func (u *Unit) isInterface(name string) bool {
	if name == "" {
		return false
	}
	if _, ok := u.Interfaces[name]; ok {
		return true
	}
	if _, ok := u.Imports[name]; ok {
		// Imported modules are called as module.f(), not Module(addr).f().
		return true
	}
	if u.bundle != nil {
		_, ok := u.bundle.interfaces[name]
		return ok
	}
	return false
}

// hasExternalCall reports whether f or a function it calls makes an
// external call.
func (f *Function) hasExternalCall() bool {
	found := false
	f.reach(func(g *Function) bool {
		for _, c := range g.calls {
			if g.Unit.externalCall(c) || c.Parent != nil && c.Parent.Kind == "extcall" && g.Unit.externalCall(c.Parent) {
				found = true
				break
			}
		}
		return !found
	})
	return found
}

// externalCalls lists the external calls in f's own body, as the node to
// report (the extcall node for extcall, the call otherwise).
func (f *Function) externalCalls() []*syntax.Node {
	f.Unit.facts()
	var out []*syntax.Node
	for _, c := range f.calls {
		switch {
		case c.Parent != nil && c.Parent.Kind == "extcall" && c.Field == "value":
			if f.Unit.externalCall(c.Parent) {
				out = append(out, c.Parent)
			}
		case f.Unit.externalCall(c):
			out = append(out, c)
		}
	}
	return out
}

// fixedTarget reports whether a call target is a contract the deployer
// fixed: self.x where x is immutable, or a storage variable written only
// by the constructor. Calls to it are trusted not to re-enter.
func (u *Unit) fixedTarget(obj *syntax.Node) bool {
	if obj == nil || obj.Kind != "attribute" || obj.Child("object").Text() != "self" {
		return false
	}
	name := obj.Child("attribute").Text()
	if u.State[name] == nil {
		return true // immutable or constant
	}
	u.facts()
	for _, f := range u.Functions {
		if f.Deploy {
			continue
		}
		for _, w := range f.writes {
			for _, t := range targets(w.Child("target")) {
				if u.stateRoot(t) == name {
					return false
				}
			}
		}
	}
	return true
}
