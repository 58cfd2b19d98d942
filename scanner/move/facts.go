package move

import "strings"

// Facts about functions that detectors share: who may call them and
// what guards they have.

// frameworkTypes are Sui and Aptos framework types that grant no
// authority when passed in: context, clock, randomness, money and values.
var frameworkTypes = map[string]bool{
	"TxContext": true, "Clock": true, "Random": true, "Coin": true, "Balance": true, "String": true,
	"vector": true, "Option": true, "ID": true, "UID": true, "address": true, "bool": true, "u8": true,
	"u16": true, "u32": true, "u64": true, "u128": true, "u256": true, "Table": true, "Bag": true,
	"TypeName": true, "Url": true, "VecMap": true, "VecSet": true, "Object": true, "FungibleAsset": true,
}

// AuthParam returns a parameter that proves authority: a signer, an owned
// object of this module (a key struct the module never shares), or an
// object of another package (a capability or proof it issued).
func (f *Fun) AuthParam() (Param, bool) {
	for _, p := range f.Params {
		t := typeBase(p.Type)
		if t == "signer" {
			return p, true
		}
		if frameworkTypes[t] || strings.HasPrefix(t, "$") || len(t) <= 1 {
			continue // primitives, framework values, macro and type parameters
		}
		if s, ok := f.Module.Structs[t]; ok {
			if s.Abilities["key"] && !f.Module.Shared[t] {
				return p, true
			}
			continue
		}
		if !isTypeParam(f, t) {
			return p, true
		}
	}
	return Param{}, false
}

func isTypeParam(f *Fun, t string) bool {
	tp := f.Node.Child("type_parameters")
	if tp == nil {
		return false
	}
	for _, c := range tp.Find("type_parameter_identifier") {
		if c.Text() == t {
			return true
		}
	}
	return false
}

// SenderChecked reports whether the function compares the transaction
// sender (tx_context::sender, ctx.sender(), signer::address_of) in an
// assert!, an if condition or an equality.
func (f *Fun) SenderChecked() bool {
	found := false
	f.Body.Walk(func(n *Node) bool {
		if found {
			return false
		}
		t := ""
		switch n.Kind {
		case "macro_call_expression":
			t = n.Text()
		case "binary_expression":
			if op := n.Child("operator").Text(); op == "==" || op == "!=" {
				t = n.Text()
			}
		}
		if t != "" && (strings.Contains(t, "sender(") || strings.Contains(t, "address_of(")) {
			found = true
		}
		return true
	})
	return found
}

// Guarded reports whether the function restricts its caller at all.
func (f *Fun) Guarded() bool {
	_, ok := f.AuthParam()
	return ok || f.SenderChecked()
}

// unparen strips parenthesised expression lists: ((a / b)) → a / b.
func unparen(n *Node) *Node {
	for n != nil && n.Kind == "expression_list" && len(n.Children) == 1 {
		n = n.Children[0]
	}
	return n
}

func binOp(n *Node) string {
	if n == nil || n.Kind != "binary_expression" {
		return ""
	}
	return n.Child("operator").Text()
}

// rootName is the variable an access path starts from: p.a.b → p.
func rootName(s string) string {
	s = strings.TrimLeft(strings.TrimSpace(s), "&*( ")
	s = strings.TrimPrefix(s, "mut ")
	if i := strings.IndexAny(s, ".[( "); i >= 0 {
		s = s[:i]
	}
	return s
}
