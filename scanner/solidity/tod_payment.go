package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// todPayment: transaction-order dependence. A payment's amount is a single
// state variable that another public transaction can change, so whoever
// gets mined first decides what the payment is worth (a reward the owner
// lowers while a claim is pending).
//
// Decides: an ether payment whose amount is a plain state variable (not a
// per-user mapping entry) that a guarded public function (the owner's
// setter) writes, or a token payment the caller makes of such an amount
// (token.transferFrom(msg.sender, to, price) in a function anyone calls:
// the owner raises the price while the purchase is pending); or whose
// recipient is a plain state address that
// another public function lets anyone set to themselves (winner =
// msg.sender) without paying for it (no condition on msg.value) and
// that guards nothing (an owner taken over is SOL-UNPROTECTED-OWNER-WRITE):
// the first of two racing claims takes the payment. Reports the payment.
//
// Known false positives: amounts only the owner sets and users expect to
// change.
type todPayment struct{}

func (todPayment) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-TOD-PAYMENT",
		Title:          "Transaction-order dependent payment amount",
		Severity:       scanner.Medium,
		Confidence:     0.6,
		Category:       "front_running",
		CWE:            "CWE-362",
		SWC:            "SWC-114",
		Description:    "The amount paid out is a global state variable that another transaction can change. Whoever's transaction is mined first (e.g. the owner front-running a claim by lowering the reward) decides the outcome.",
		Recommendation: "Let callers commit to the amount they expect (pass it and require it matches), or lock the value once a claim is possible.",
		Tier:           scanner.TierStandard,
	}
}

func (d todPayment) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, c := range u.Contracts {
		written := map[string]bool{}
		for _, f := range c.AllFunctions() {
			// The classic order dependence: a privileged account can change
			// the amount while a user's transaction is pending.
			if f.Body == nil || !f.Entry() || !f.Guarded() {
				continue
			}
			for _, w := range f.StateWrites() {
				if v := c.StateVar(w.Var); v != nil && !v.Constant {
					written[w.Var] = true
				}
			}
		}
		claimed := claimedByAnyone(c)
		for _, f := range c.Functions {
			if f.Body == nil || !f.Entry() {
				continue
			}
			locals := f.Locals()
			for _, call := range f.LowLevelCalls() {
				t := call.Target
				if call.isPayment() && t != nil && t.Kind == "identifier" && claimed[t.Text()] != nil && claimed[t.Text()] != f && f.IsState(t.Text(), locals) {
					out = append(out, u.finding(d.Meta().ID, call.Node, scope(f)))
				}
			}
			for _, call := range f.LowLevelCalls() {
				if !call.isPayment() || len(call.Args) != 1 || call.Kind == "call" {
					continue
				}
				a := call.Args[0]
				if a.Kind == "identifier" && f.IsState(a.Text(), locals) && written[a.Text()] {
					out = append(out, u.finding(d.Meta().ID, call.Node, scope(f)))
				}
			}
			// The caller pays in tokens a price the owner can change
			// while the purchase is pending: token.transferFrom(
			// msg.sender, to, price) (or safeTransferFrom through a
			// library) in a function anyone calls.
			if f.Guarded() {
				continue
			}
			f.Body.Walk(func(n *Node) bool {
				if n.Kind != "call_expression" {
					return true
				}
				fn := n.Child("function")
				if fn == nil || fn.Kind != "member_expression" {
					return true
				}
				switch fn.Child("property").Text() {
				case "transferFrom", "safeTransferFrom":
				default:
					return true
				}
				args := argNodes(n)
				if len(args) == 4 && f.libraryCall(n) {
					args = args[1:] // SafeERC20.safeTransferFrom(token, from, to, amount)
				}
				if len(args) != 3 || !f.senderExpr(args[0]) {
					return true
				}
				if a := unparen(args[2]); a.Kind == "identifier" && f.IsState(a.Text(), locals) && written[a.Text()] && !boundedByCaller(f, n, a.Text()) {
					out = append(out, u.finding(d.Meta().ID, n, scope(f)))
				}
				return true
			})
		}
	}
	return out
}

// boundedByCaller reports a condition dominating n that compares state
// variable v with a parameter: the caller names the price it accepts
// (require(price <= maxPrice)), and a change while the call is pending
// makes it fail instead of charging more.
func boundedByCaller(f *Function, n *Node, v string) bool {
	for _, g := range f.Guards(n) {
		for _, cmp := range comparisonsIn(g.Cond) {
			l, r := unparen(cmp.Child("left")), unparen(cmp.Child("right"))
			for _, side := range [][2]*Node{{l, r}, {r, l}} {
				if side[0] != nil && side[1] != nil && side[0].Kind == "identifier" && side[0].Text() == v && f.Taint(side[1]).Has(FromParam) {
					return true
				}
			}
		}
	}
	return false
}

// claimedByAnyone maps the plain state variables of c that an unguarded
// public function sets to the caller, without a condition on msg.value
// dominating the write, to that function.
func claimedByAnyone(c *Contract) map[string]*Function {
	out := map[string]*Function{}
	for _, f := range c.AllFunctions() {
		if f.Body == nil || !f.Entry() || f.Guarded() || f.Kind != "function" {
			continue
		}
		for _, w := range f.StateWrites() {
			if w.Node.Kind != "assignment_expression" {
				continue
			}
			l, r := w.Node.Child("left"), w.Node.Child("right")
			if l == nil || l.Kind != "identifier" || r == nil || !mentionsSender(r) || r.Kind == "binary_expression" {
				continue
			}
			// Taking over an access-control variable is another rule's
			// (SOL-UNPROTECTED-OWNER-WRITE), not a race.
			if privileged(c)[l.Text()] {
				continue
			}
			if paidFor(f, w.Node) {
				continue
			}
			out[l.Text()] = f
		}
	}
	return out
}
