package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// refundNoDebit: a withdrawal pays the caller its recorded balance but does
// not reduce that balance on the way, so the caller can withdraw it again
// and again.
//
// Decides, on the analysis layer: in an entry function, a payment to the
// caller (ether by transfer, send or call with value; an ERC-20 transfer
// of the contract's tokens, tokenPayout) whose amount is read from state
// looked up by the caller (m[msg.sender], a field of it, through locals
// and storage pointers), or is bounded by such an entry in a condition
// every path to the payment passes (require(bal[msg.sender] >= v)); and a
// path through the payment, from the function's entry to its normal end,
// on which nothing is recorded against the caller: no write of state
// indexed by it or of a storage pointer to its entry, no internal call
// handed it that writes storage (CFG.PathAvoiding), leaving aside the arm
// of a test of the payment's result on which it failed. A function only
// checked callers reach is left out. A debit made only in one branch
// (if (unlocked) entry.amount = 0; pay(entry.amount)) leaves the other
// path paying again. Reports the payment.
//
// Known false positives: balances cleared in a function called afterwards.
type refundNoDebit struct{}

func (refundNoDebit) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-WITHDRAW-NO-DEBIT",
		Title:          "Withdrawal without debiting the balance",
		Severity:       scanner.Critical,
		Confidence:     0.8,
		Category:       "access_control",
		CWE:            "CWE-841",
		SWC:            "SWC-105",
		Description:    "The function pays msg.sender (ether or the contract's tokens) the balance recorded for it, or an amount checked against it, but on some path through the payment does not reduce or clear that balance, so the caller can repeat the withdrawal and drain the contract.",
		Recommendation: "Set the balance to zero (or subtract the amount) on every path before paying.",
		Tier:           scanner.TierQuick,
	}
}

func (d refundNoDebit) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		// Only a caller the contract trusts reaches a guarded function:
		// paying it again takes nothing it could not take anyway.
		if f.Body == nil || !f.Entry() || f.Guarded() {
			continue
		}
		var own map[string]bool
		var records []*Node
		for _, p := range callerPayments(f) {
			if own == nil {
				own = f.Derived(callerEntry)
				records = callerRecords(f, own)
			}
			if !DependsOn(p.amount, own, callerEntry) && !boundedByEntry(f, p.node, p.amount, own) {
				continue
			}
			// A payment that failed paid nothing: the arm of a test of its
			// result where it failed is not a way through it.
			g := f.CFG()
			failed := func(from, to *Block) bool {
				ok, success := successTest(p.node, from.Cond)
				return ok && len(from.Succs) == 2 && (to == from.Succs[0]) != success
			}
			if g.PathAvoiding(p.node, records, failed) {
				out = append(out, u.finding(d.Meta().ID, p.node, scope(f)))
			}
		}
	}
	return out
}

// payment is a payment and its amount.
type payment struct{ node, amount *Node }

// callerPayments returns f's payments to its caller: ether (transfer,
// send, call with value) and ERC-20 transfers of the contract's tokens.
func callerPayments(f *Function) []payment {
	var out []payment
	for _, c := range f.LowLevelCalls() {
		if c.isPayment() && c.Invoked && c.ValueArg != nil && isSender(unwrapConversion(c.Target)) {
			out = append(out, payment{c.Node, c.ValueArg})
		}
	}
	f.Body.Walk(func(n *Node) bool {
		if to, amount := tokenPayout(f, n); to != nil && isSender(unwrapConversion(to)) {
			out = append(out, payment{n, amount})
		}
		return true
	})
	return out
}

// callerRecords returns the nodes of f that record something against the
// caller: writes of state indexed by it or holding it, writes through a
// storage pointer to its entry (own: the locals derived from one), and
// calls of internal functions handed it (or its entry) that write
// storage.
func callerRecords(f *Function, own map[string]bool) []*Node {
	var out []*Node
	for _, w := range f.StateWrites() {
		if mentionsSender(w.Node) || own[w.Var] {
			out = append(out, w.Node)
		}
	}
	f.Body.Walk(func(n *Node) bool {
		if n.Kind != "call_expression" {
			return true
		}
		if h := f.internalCallee(n); h != nil && h != f && h.Body != nil && writesStorage(h, 3) {
			for _, a := range argNodes(n) {
				if mentionsSender(a) || mentionsAny(a, own) {
					out = append(out, n)
					break
				}
			}
		}
		return true
	})
	return out
}

// boundedByEntry reports whether a condition every path to n passes
// compares amount with the caller's entry: require(bal[msg.sender] >=
// amount).
func boundedByEntry(f *Function, n, amount *Node, own map[string]bool) bool {
	for _, gd := range f.Guards(n) {
		found := false
		gd.Cond.Walk(func(x *Node) bool {
			if found || x.Kind != "binary_expression" {
				return !found
			}
			switch x.Operator() {
			case "<", "<=", ">", ">=":
				l, r := x.Child("left"), x.Child("right")
				if l == nil || r == nil {
					return false
				}
				v := norm(amount.Text())
				found = norm(l.Text()) == v && DependsOn(r, own, callerEntry) || norm(r.Text()) == v && DependsOn(l, own, callerEntry)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
