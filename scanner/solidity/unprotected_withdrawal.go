package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// unprotectedWithdrawal: anyone can take the contract's ether. A function
// without an access guard pays msg.sender an amount that is not owed to
// it: not the caller's own ether coming back, not a balance recorded for
// it, not a prize it qualified for.
//
// Decides: an ether payment (transfer, send, call with value) to
// msg.sender in a public or external function with no caller check
// (Function.Guarded), whose amount is not derived from msg.value, where
// no condition dominating the payment reads anything the caller supplies
// or owns (a parameter, msg.value, state looked up by msg.sender: a
// signature, a password, a deposit, a ticket), and the function records
// nothing against the caller (no write to state indexed by msg.sender,
// such as a claimed flag or a debit, directly or by handing msg.sender
// to an internal function that writes storage). Token withdrawals count
// too: an ERC-20 transfer(to, amount) of the contract's tokens to the
// caller or an address it picks, of an amount it picks or the contract's
// whole balance (not the surplus over an accounted reserve, which an AMM
// lets anyone skim), under the same conditions. A payment the function
// requires back before it ends is a flash loan, not a withdrawal: a
// condition after it holds the contract's balance read after the payment
// to at least the balance read before (repaidAfter). What remains is a
// payment gated only by global state (a flag, a deadline) or by nothing.
// Reports the payment.
//
// Known false positives: faucets and bounties that pay anyone by design;
// a limit enforced elsewhere (a cooldown stored under another key).
type unprotectedWithdrawal struct{}

func (unprotectedWithdrawal) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNPROTECTED-WITHDRAWAL",
		Title:          "Ether or token withdrawal without access control",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-105",
		Description:    "A function anyone can call sends the contract's ether to the caller, and nothing ties the amount to the caller: no deposit, no recorded balance, no qualification, no record that it was paid. Anyone can call it, repeatedly, and drain the contract.",
		Recommendation: "Restrict the function to an authorised role, or pay only what is recorded for msg.sender and debit it before paying.",
		Tier:           scanner.TierStandard,
	}
}

func (d unprotectedWithdrawal) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || f.Guarded() || f.Kind != "function" || f.Contract.Kind != "contract" {
			continue
		}
		if recordsCaller(f) {
			continue
		}
		ownEntry := f.Derived(callerEntry)
		for _, c := range f.LowLevelCalls() {
			if !c.isPayment() || !c.Invoked || c.Target == nil || !isMember(unwrapConversion(c.Target), "msg", "sender") {
				continue
			}
			v := c.ValueArg
			if v == nil || v.Text() == "0" || f.Taint(v).Has(FromValue) {
				continue
			}
			// The caller's own recorded amount (m[msg.sender], directly or
			// through a local) is a balance withdrawal:
			// SOL-WITHDRAW-NO-DEBIT and SOL-REENTRANCY judge those.
			if DependsOn(v, ownEntry, callerEntry) {
				continue
			}
			if qualified(f, c.Node) || repaidAfter(f, c.Node) {
				continue
			}
			out = append(out, u.finding(d.Meta().ID, c.Node, scope(f)))
		}
		// The contract's tokens: token.transfer(to, amount) (or a
		// library wrapper around it) to the caller or an address it picks,
		// of an amount it picks or the whole balance.
		f.Body.Walk(func(n *Node) bool {
			to, amount := tokenPayout(f, n)
			if to == nil {
				return true
			}
			if !isSender(unwrapConversion(to)) && !f.Taint(to).Has(FromParam) {
				return true
			}
			if t := f.Taint(amount); t.Has(FromValue) || !t.Has(FromParam) && !amount.Mentions("balanceOf") {
				return true
			}
			// The surplus over what the contract accounts for
			// (balanceOf(this) - reserve) belongs to nobody: an AMM's skim.
			if a := unwrapConversion(amount); a.Kind == "binary_expression" && a.Operator() == "-" && a.Child("left").Mentions("balanceOf") {
				return true
			}
			if !qualified(f, n) && !signerChecked(f, n) && !repaidAfter(f, n) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			}
			return false
		})
	}
	return out
}

// tokenPayout returns the recipient and amount of an ERC-20 payment out
// of this contract: x.transfer(to, amount) (tokenTransfer), or x.g(to,
// amount) through a library function that makes such a transfer.
func tokenPayout(f *Function, call *Node) (to, amount *Node) {
	if call.Kind != "call_expression" {
		return nil, nil
	}
	fn := call.Child("function")
	args := argNodes(call)
	if fn == nil || fn.Kind != "member_expression" || len(args) != 2 {
		return nil, nil
	}
	if fn.Child("property").Text() == "transfer" && tokenTransfer(f, call) {
		return args[0], args[1]
	}
	// token.g(to, amount) through a library whose g makes an ERC-20
	// transfer (a safe-transfer wrapper), judged by its body.
	if g := f.libraryCallee(call); g != nil && g.Reaches(2, makesTokenTransfer) {
		return args[0], args[1]
	}
	return nil, nil
}

// makesTokenTransfer reports whether g's body makes an ERC-20 transfer.
func makesTokenTransfer(g *Function) bool {
	found := false
	g.Body.Walk(func(n *Node) bool {
		if !found && n.Kind == "call_expression" {
			if fn := n.Child("function"); fn != nil && fn.Kind == "member_expression" && fn.Child("property").Text() == "transfer" {
				found = tokenTransfer(g, n)
			}
		}
		return !found
	})
	return found
}

// recordsCaller reports whether f writes state indexed by or holding the
// caller (a debit, a claimed flag, a recorded winner), directly or by
// handing the caller to an internal function that writes storage
// (callerRecords).
func recordsCaller(f *Function) bool { return len(callerRecords(f, nil)) > 0 }

// callerEntry reports whether n reads state looked up by the caller
// (m[msg.sender], m[msg.sender].f).
func callerEntry(n *Node) bool {
	return n.Kind == "array_access" && n.Child("index") != nil && mentionsSender(n.Child("index"))
}

// qualified reports whether a condition dominating n qualifies the
// caller: it reads msg.sender, tx.origin or msg.value (directly, through
// locals or internal calls), or matches the caller's input against
// something (an equality, or a helper call such as a signature or proof
// check). A bound on a caller-chosen amount (amount <= cap) qualifies
// nobody.
func qualified(f *Function, n *Node) bool {
	for _, g := range f.Guards(n) {
		t := f.Taint(g.Cond)
		if t.Has(FromSender | FromOrigin | FromValue) {
			return true
		}
		if !t.Has(FromParam) {
			continue
		}
		matched := false
		g.Cond.Walk(func(x *Node) bool {
			switch {
			case matched:
			case x.Kind == "binary_expression" && (x.Operator() == "==" || x.Operator() == "!="):
				matched = f.Taint(x).Has(FromParam)
			case x.Kind == "call_expression" && x != g.Cond:
				matched = f.Taint(x).Has(FromParam)
			}
			return !matched
		})
		if matched {
			return true
		}
	}
	return false
}

// repaidAfter reports whether a condition after payment n requires the
// contract's balance read after n (balanceOf, address(this).balance,
// directly or through locals) to be at least a balance read before n:
// the payment must come back within the transaction (a flash loan).
func repaidAfter(f *Function, n *Node) bool {
	balance := func(x *Node) bool {
		return x.Kind == "call_expression" && calleeName(x) == "balanceOf" && len(argNodes(x)) == 1 ||
			x.Kind == "member_expression" && x.Child("property").Text() == "balance" && (x.Child("object").Text() == "address(this)" || x.Child("object").Text() == "this")
	}
	before := func(x *Node) bool { return balance(x) && x.End <= n.Start }
	after := func(x *Node) bool { return balance(x) && x.Start >= n.End }
	var db, da map[string]bool
	for _, c := range f.Conditions() {
		if c.Start < n.End {
			continue
		}
		found := false
		c.Walk(func(x *Node) bool {
			if found || x.Kind != "binary_expression" {
				return !found
			}
			hi, lo := x.Child("left"), x.Child("right")
			switch x.Operator() {
			case ">=", ">":
			case "<=", "<":
				hi, lo = lo, hi
			default:
				return true
			}
			if hi == nil || lo == nil {
				return true
			}
			if db == nil {
				db, da = f.Derived(before), f.Derived(after)
			}
			found = DependsOn(hi, da, after) && DependsOn(lo, db, before)
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
