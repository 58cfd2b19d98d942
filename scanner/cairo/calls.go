package cairo

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

var (
	branchKinds = []string{"if_expression", "match_arms"}
	loopKinds   = []string{"loop_expression", "while_expression", "for_expression"}
)

// reachable reports whether w can run after c.
func reachable(c, w *syntax.Node) bool { return syntax.Reachable(c, w, branchKinds, loopKinds) }

// entries returns the functions anyone can call in a transaction that
// may write storage, outside test code.
func (u *Unit) entries() []*Function {
	if u.Test {
		return nil
	}
	var out []*Function
	for _, f := range u.Functions {
		if f.External && f.RefSelf && !f.Constructor && !f.Test && f.Body != nil {
			out = append(out, f)
		}
	}
	return out
}

// isSyscall reports whether call calls the named syscall (by its last
// path segment: starknet::syscalls::x and x alike).
func isSyscall(call *syntax.Node, name string) bool {
	return call.Kind == "call_expression" && calleeName(call) == name
}

// dispatcherTrait returns the interface trait behind a dispatcher value:
// IFooDispatcher { contract_address: a } or a local bound to one, or a
// parameter typed IFooDispatcher; "" otherwise. Dispatchers are the code
// Starknet generates for every #[starknet::interface] trait.
func (f *Function) dispatcherTrait(recv *syntax.Node) string {
	typ := ""
	switch recv.Kind {
	case "struct_expression":
		typ = recv.Child("name").Text()
	case "identifier":
		name := recv.Text()
		for _, p := range f.Node.Child("parameters").Kids() {
			if p.Child("pattern").Text() == name {
				typ = p.Child("type").Text()
			}
		}
		f.Body.Walk(func(n *syntax.Node) bool {
			if n.Kind == "let_declaration" && n.Start < recv.Start && n.Child("pattern").Text() == name {
				if v := n.Child("value"); v != nil && v.Kind == "struct_expression" {
					typ = v.Child("name").Text()
				} else if t := n.Child("type"); t != nil {
					typ = t.Text()
				}
			}
			return true
		})
	}
	typ = typ[strings.LastIndex(typ, ":")+1:]
	for _, suffix := range []string{"SafeLibraryDispatcher", "LibraryDispatcher", "SafeDispatcher", "Dispatcher"} {
		if strings.HasSuffix(typ, suffix) && len(typ) > len(suffix) {
			return strings.TrimSuffix(typ, suffix)
		}
	}
	return ""
}

// externalCall reports whether n calls another contract that may call
// back and change state: call_contract_syscall, or a dispatcher method
// not declared view (self: @TContractState) in its interface.
func (f *Function) externalCall(n *syntax.Node) bool {
	if n.Kind != "call_expression" {
		return false
	}
	if isSyscall(n, "call_contract_syscall") {
		return true
	}
	m := method(n)
	if m == "" {
		return false
	}
	trait := f.dispatcherTrait(receiver(n))
	if trait == "" {
		return false
	}
	if f.Unit.bundle != nil {
		if views, ok := f.Unit.bundle.traits[trait]; ok {
			return !views[m]
		}
	}
	return true
}

// storageReads maps f's locals bound to storage reads (let x =
// self.m.read()) to the storage member.
func storageLocals(body *syntax.Node) map[string]string {
	out := map[string]string{}
	body.Walk(func(n *syntax.Node) bool {
		if n.Kind == "let_declaration" {
			if v := n.Child("value"); v != nil {
				if m := readOf(v); m != "" && n.Child("pattern").Kind == "identifier" {
					out[n.Child("pattern").Text()] = m
				}
			}
		}
		return true
	})
	return out
}

// readOf returns the storage member n reads (self.m.read(),
// self.m.entry(k).read(), self.m.read(k)), or "".
func readOf(n *syntax.Node) string {
	for n != nil && (n.Kind == "unary_expression" || n.Kind == "try_expression") {
		n = n.Kids()[0]
	}
	if n == nil || n.Kind != "call_expression" || accessOp(n) != "read" {
		return ""
	}
	return storageRoot(n)
}

// storageIn returns the storage members n reads, directly or through
// locals bound to reads.
func storageIn(n *syntax.Node, locals map[string]string) []string {
	var out []string
	n.Walk(func(x *syntax.Node) bool {
		if m := readOf(x); m != "" {
			out = append(out, m)
			return false
		}
		if x.Kind == "identifier" && locals[x.Text()] != "" {
			out = append(out, locals[x.Text()])
		}
		return true
	})
	return out
}

// lock reports whether g behaves as a re-entrancy lock: it checks a
// storage member that it also writes (OpenZeppelin's ReentrancyGuard
// start(), a hand-written entered flag).
func (g *Function) lock() bool {
	g.Unit.facts()
	if g.Body == nil || len(g.writes) == 0 {
		return false
	}
	written := map[string]bool{}
	for _, w := range g.writes {
		written[storageRoot(w)] = true
	}
	locals := storageLocals(g.Body)
	for _, c := range conditions(g.Body) {
		for _, m := range storageIn(c, locals) {
			if written[m] {
				return true
			}
		}
	}
	return false
}
