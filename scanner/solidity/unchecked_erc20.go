package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// uncheckedERC20: the boolean of an ERC20 transfer, transferFrom or approve
// is dropped. Tokens such as USDT return false instead of reverting, and
// some return nothing at all, so the contract books a transfer that never
// happened.
//
// Decides: a member call transfer(a, b), transferFrom(a, b, c) or
// approve(a, b) on another contract used as a statement of its own. Calls
// through SafeERC20 (safeTransfer…) are not matched. When the receiver's
// type is an interface or contract of the bundle, its declaration decides:
// a function returning nothing (ERC-721's transferFrom) or a type with
// ERC-721/1155's ownerOf/balanceOfBatch is not an ERC-20 call; names of
// variables and types play no part. Reports the call.
//
// Known false positives: tokens known to revert on failure.
type uncheckedERC20 struct{}

func (uncheckedERC20) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNCHECKED-ERC20-TRANSFER",
		Title:          "Unchecked ERC20 transfer result",
		Severity:       scanner.Medium,
		Confidence:     0.7,
		Category:       "unchecked_return",
		CWE:            "CWE-252",
		SWC:            "SWC-104",
		Description:    "The return value of an ERC20 transfer, transferFrom or approve is ignored. Tokens that signal failure by returning false (or return nothing) leave the contract believing a transfer happened.",
		Recommendation: "Use OpenZeppelin SafeERC20 (safeTransfer, safeTransferFrom, forceApprove) or require the returned boolean.",
		Tier:           scanner.TierStandard,
	}
}

func (d uncheckedERC20) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil {
			continue
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "call_expression" || n.Parent == nil || n.Parent.Kind != "expression_statement" {
				return true
			}
			fn := n.Child("function")
			if fn == nil || fn.Kind != "member_expression" {
				return true
			}
			obj := fn.Child("object").Text()
			if obj == "super" || obj == "this" {
				return true
			}
			args := len(argNodes(n))
			switch fn.Child("property").Text() {
			case "transfer", "approve":
				if args != 2 {
					return true
				}
			case "transferFrom":
				if args != 3 {
					return true
				}
			default:
				return true
			}
			// ERC721 transferFrom(from, to, tokenId) reverts on failure.
			if !returnsBool(receiverType(fn.Child("object"), f), fn.Child("property").Text(), args) {
				return true
			}
			out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			return true
		})
	}
	return out
}

// receiverType resolves the contract or interface of the bundle a call's
// receiver is declared as: a parameter, local or state variable of that
// type, an internal getter returning it, or a cast T(x). nil when unknown.
func receiverType(obj *Node, f *Function) *Contract {
	typ := receiverTypeName(obj, f)
	if typ == "" {
		return nil
	}
	return f.Contract.Unit.lookup(typ)
}

// receiverTypeName is the declared type name of obj (see receiverType),
// whether or not the bundle defines it; "" when unknown.
func receiverTypeName(obj *Node, f *Function) string {
	if obj == nil {
		return ""
	}
	typ := ""
	switch obj.Kind {
	case "call_expression":
		if h := f.internalCallee(obj); h != nil {
			// A getter: its declared return type.
			if rt := h.Node.Child("return_type"); rt != nil {
				if p := rt.FirstKind("parameter"); p != nil {
					typ = p.Child("type").Text()
				}
			}
		} else if fn := obj.Child("function"); fn != nil && fn.Kind == "identifier" && len(argNodes(obj)) == 1 {
			typ = fn.Text()
		}
	case "identifier":
		name := obj.Text()
		for _, p := range f.Params {
			if p.Name == name {
				typ = p.Type
			}
		}
		if d := f.localDecls()[name]; typ == "" && d != nil {
			typ = d.Child("type").Text()
		}
		if v := f.Contract.StateVar(name); typ == "" && v != nil {
			typ = v.Type
		}
	}
	return lastSegment(strings.TrimSpace(typ))
}

// attachedByUsing reports whether obj.name(…) calls a library function a
// using-for directive attaches to obj's type (IERC20(t).safeTransferFrom
// under using SafeERC20 for IERC20), not a function of the contract at
// obj: a directive of the lineage names obj's type (or any type), and the
// type, where the bundle defines it, does not declare name.
func (f *Function) attachedByUsing(obj *Node, name string) bool {
	typ := receiverTypeName(obj, f)
	if typ == "" {
		return false
	}
	t := f.Contract.Unit.lookup(typ)
	if t != nil {
		for _, x := range t.Linearization() {
			for _, g := range x.Functions {
				if g.Name == name {
					return false
				}
			}
		}
	}
	for _, c := range f.Contract.Lineage() {
		for _, ut := range c.UsingTypes {
			if ut == typ || ut == "*" && t != nil {
				return true
			}
		}
	}
	return false
}

// returnsBool reports whether a call of name with arity arguments on t
// is an ERC-20 call returning a boolean: true when t is unknown, false
// when t declares it without a return value or is an ERC-721/1155 type.
func returnsBool(t *Contract, name string, arity int) bool {
	if t == nil {
		return true
	}
	declared := false
	for _, x := range t.Linearization() {
		for _, g := range x.Functions {
			switch g.Name {
			case "ownerOf", "balanceOfBatch":
				return false
			case name:
				if len(g.Params) == arity {
					declared = true
					if rt := g.Node.Child("return_type"); rt != nil && strings.Contains(rt.Text(), "bool") {
						return true
					}
				}
			}
		}
	}
	return !declared
}
