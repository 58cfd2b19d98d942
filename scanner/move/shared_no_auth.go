package move

// Shared object mutated without authorisation (Sui): a public or entry
// function takes a shared object of its module by &mut and assigns one of
// its fields or withdraws from its balances, yet takes no capability or
// other owned object, no signer, and never checks the sender. Anyone can
// call it on the shared object.
//
// Shared types are those the module passes to transfer::share_object.
// The finding is the first assignment of a caller-supplied value (a
// parameter) to a field of the shared object, or the first withdrawal from
// one of its balances (coin::take, balance::split, .split, withdraw_all) of
// an amount the caller chose; values the caller does not choose (a version
// bump to a constant) are left alone. Known false
// positives: fields meant to be set by anyone.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type sharedNoAuth struct{}

func (sharedNoAuth) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "MOVE-SUI-SHARED-NO-AUTH", Title: "Shared object mutated by an unguarded public function",
		Severity: scanner.High, Confidence: 0.65, Category: "access_control", CWE: "CWE-862",
		Description: "A public or entry function writes a field of a shared object, or withdraws from one of its balances, " +
			"without requiring a capability, an owned object or a sender check. Shared objects can be passed by any " +
			"transaction, so anyone can change that state or take those funds.",
		Recommendation: "Require a capability object (&AdminCap) or assert the sender against a stored address before " +
			"writing, or make the function public(package).",
		Tier: scanner.TierQuick,
	}
}

func (d sharedNoAuth) Check(u *Unit) []scanner.Finding {
	id := d.Meta().ID
	var out []scanner.Finding
	for _, m := range u.Modules {
		for _, f := range m.Funs {
			if !f.Public() || f.Init() || f.Guarded() {
				continue
			}
			shared := map[string]bool{}
			for _, p := range f.Params {
				if m.Shared[typeBase(p.Type)] && refMut(p.Type) {
					shared[p.Name] = true
				}
			}
			if len(shared) == 0 {
				continue
			}
			input := map[string]bool{}
			for _, p := range f.Params {
				if !shared[p.Name] && !frameworkTypes[typeBase(p.Type)] || typeBase(p.Type) == "address" || primitive(p.Type) {
					input[p.Name] = true
				}
			}
			if at := unguardedWrite(f, shared, input); at != nil {
				out = append(out, u.finding(id, at, m.Name+"::"+f.Name))
			}
		}
	}
	return out
}

func refMut(t string) bool {
	t = trimSpaces(t)
	return len(t) > 4 && t[:4] == "&mut"
}

func trimSpaces(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' && s[i] != '\n' {
			b = append(b, s[i])
		}
	}
	return string(b)
}

func primitive(t string) bool {
	switch typeBase(t) {
	case "u8", "u16", "u32", "u64", "u128", "u256", "bool", "address", "vector":
		return true
	}
	return false
}

// readsAny reports whether n reads one of the variables.
func readsAny(n *Node, vars map[string]bool) bool {
	found := false
	n.Walk(func(c *Node) bool {
		if c.Kind == "name_expression" && vars[strings.TrimSpace(c.Text())] {
			found = true
		}
		return !found
	})
	return found
}

// takes are the framework calls that move value out of a balance or coin
// held in an object: coin::take(&mut obj.balance, amount, ctx),
// balance::split(&mut obj.balance, amount), obj.balance.split(amount),
// balance::withdraw_all(&mut obj.balance).
var takes = map[string]bool{"take": true, "split": true, "withdraw_all": true}

// unguardedWrite returns the first statement writing a shared parameter
// with a caller-supplied value: a field assignment from an input, or value
// taken out of one of its balances (an amount the caller chose, or all of it).
func unguardedWrite(f *Fun, shared, input map[string]bool) *Node {
	var at *Node
	f.Body.Walk(func(n *Node) bool {
		if at != nil {
			return false
		}
		switch n.Kind {
		case "assign_expression":
			lhs := n.Child("lhs")
			if lhs != nil && lhs.Kind == "dot_expression" && shared[rootName(lhs.Text())] && readsAny(n.Child("rhs"), input) {
				at = n
			}
		case "call_expression":
			name := callName(n)
			if !takes[name] {
				return true
			}
			args := n.Child("args")
			var target string
			if d := n.Parent; d != nil && d.Kind == "dot_expression" && n.Field == "access" {
				target = d.Child("expr").Text() // obj.balance.split(amount)
			} else if args != nil && len(args.Children) > 0 {
				target = args.Children[0].Text() // balance::split(&mut obj.balance, amount)
			}
			if strings.Contains(target, ".") && shared[rootName(target)] && (name == "withdraw_all" || readsAny(args, input)) {
				at = n
			}
		}
		return true
	})
	return at
}
