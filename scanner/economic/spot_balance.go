package economic

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// spotBalancePower: voting power, rewards or shares recorded from the
// caller's current token balance (balanceOf(msg.sender), or ERC20Votes'
// current getVotes). A flash loan lends that balance for one transaction:
// the caller borrows, votes or claims with it, and repays.
//
// Decides: in a public or external function, a call x.balanceOf(caller)
// or x.getVotes(caller) on another contract whose value (through locals)
// is written to state, unless the function also pulls that amount from
// the caller (transferFrom / safeTransferFrom of a value computed from it:
// the tokens are then locked, not borrowed). Snapshot reads
// (getPastVotes, balanceOfAt, getPriorVotes) are the fix and never match.
// Reports the balance read, once per function.
//
// Known false positives: balances of tokens that cannot be flash-loaned
// or transferred (soulbound tokens).
type spotBalancePower struct{}

func (spotBalancePower) Meta() scanner.Rule {
	return rule(scanner.Rule{
		ID:             "ECON-SPOT-BALANCE-POWER",
		Title:          "Votes or rewards from a flash-loanable current balance",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       CategoryFlashLoan,
		CWE:            "CWE-841",
		Description:    "Voting power, rewards or shares are recorded from the caller's current token balance. A flash loan lends that balance for one transaction, so anyone can borrow, vote or claim with it, and repay in the same transaction.",
		Recommendation: "Read balances at a past snapshot (ERC20Votes getPastVotes at the proposal's snapshot block, ERC20Snapshot balanceOfAt), or require the tokens to be deposited and locked for at least one block before they count.",
		Tier:           scanner.TierStandard,
	})
}

func (d spotBalancePower) Check(u *solidity.Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Funcs() {
		if !entry(f) {
			continue
		}
		reads := callsIn(f.Body, func(n *solidity.Node) bool {
			name, obj := memberCall(n)
			if name != "balanceOf" && name != "getVotes" || obj == nil || solidity.IsThis(obj) || obj.Text() == "super" {
				return false
			}
			a := solidity.Args(n)
			return len(a) == 1 && solidity.IsSender(a[0]) && f.InternalCallee(n) == nil
		})
		for _, r := range reads {
			isRead := func(n *solidity.Node) bool { return n == r }
			derived := f.Derived(isRead)
			if len(valueWrites(f, derived, isRead)) == 0 || pulled(f, derived, isRead) {
				continue
			}
			out = append(out, u.Finding(d.Meta().ID, r, f))
			break
		}
	}
	return out
}

// pulled reports a transferFrom / safeTransferFrom in f whose amount
// depends on the read: the balance is deposited, not borrowed.
func pulled(f *solidity.Function, derived map[string]bool, src func(*solidity.Node) bool) bool {
	for _, c := range callsIn(f.Body, named("transferFrom", "safeTransferFrom")) {
		a := solidity.Args(c)
		if len(a) > 0 && solidity.DependsOn(a[len(a)-1], derived, src) {
			return true
		}
	}
	return false
}
