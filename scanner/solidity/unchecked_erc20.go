package solidity

import (
	"regexp"

	"github.com/bulwark-sec/bulwark/scanner"
)

var (
	tokenIDName = regexp.MustCompile(`(?i)tokenid|^_?id$|nft`)
	nftType     = regexp.MustCompile(`(?i)721|1155|nft`)
)

// uncheckedERC20: the boolean of an ERC20 transfer, transferFrom or approve
// is dropped. Tokens such as USDT return false instead of reverting, and
// some return nothing at all, so the contract books a transfer that never
// happened.
//
// Decides: a member call transfer(a, b), transferFrom(a, b, c) or
// approve(a, b) on another contract used as a statement of its own. Calls
// through SafeERC20 (safeTransfer…) are not matched. Reports the call.
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
			if a := argNodes(n); tokenIDName.MatchString(a[len(a)-1].Text()) || nftTyped(fn.Child("object"), f) {
				return true
			}
			out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			return true
		})
	}
	return out
}

// nftTyped reports whether the receiver is a variable declared with an
// ERC721/ERC1155 type.
func nftTyped(obj *Node, f *Function) bool {
	if obj == nil || obj.Kind != "identifier" {
		return false
	}
	typ := ""
	for _, p := range f.Params {
		if p.Name == obj.Text() {
			typ = p.Type
		}
	}
	if v := f.Contract.StateVar(obj.Text()); typ == "" && v != nil {
		typ = v.Type
	}
	return nftType.MatchString(typ)
}
