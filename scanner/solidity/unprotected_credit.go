package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// unprotectedCredit: anyone can create a balance from nothing. A public
// function adds an amount the caller chooses to an entry of a state
// mapping (a balance, a reward, a share count) and takes nothing for it:
// no ether, no tokens pulled, no debit elsewhere, no proof that the amount
// is owed.
//
// Decides: in a public or external function without a caller check
// (Function.Guarded), a write m[k] += a or m[k] = m[k] + a to a state
// mapping entry, where the amount a carries a parameter (the layer's
// taint) and not msg.value, and the function (with its internal callees)
// debits nothing (no -= or subtraction written to state), makes no call
// to another contract (no transferFrom that pulls tokens), and no
// condition dominating the write checks msg.value (a purchase), verifies a
// signature or calls a helper with the caller's input (a Merkle proof).
// A mapping of times (compared with the block timestamp somewhere: a lock
// its owner extends) is not a balance. Reports the credit; a credit made
// by an internal helper (_mint(to, amount)) with an amount the function
// passes in, at a call no caller check dominates, by a helper that checks
// no caller itself, is reported at the function's call of the helper.
//
// Known false positives: test tokens and faucets that mint to anyone by
// design; credits bounded by a cap the caller cannot exceed repeatedly.
type unprotectedCredit struct{}

func (unprotectedCredit) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNPROTECTED-CREDIT",
		Title:          "Balance credited from nothing",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-105",
		Description:    "A function anyone can call adds an amount of the caller's choosing to a balance (tokens, rewards, shares) without receiving ether or tokens, debiting anyone, or checking a proof that the amount is owed. Anyone can mint themselves any balance and then withdraw or sell it.",
		Recommendation: "Restrict minting to an authorised role, credit only what was received (msg.value or the measured token transfer), or verify a signature or Merkle proof of the amount owed.",
		Tier:           scanner.TierStandard,
	}
}

func (d unprotectedCredit) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || f.Guarded() || f.Kind != "function" || f.Contract.Kind != "contract" {
			continue
		}
		// The cheap facts first: a credit at all, no call out, no debit;
		// then the data flow of each amount.
		var credits []*Node
		for _, w := range f.StateWrites() {
			if creditAmount(w.Node) != nil {
				credits = append(credits, w.Node)
			}
		}
		helpers := helperCredits(f)
		if len(credits) == 0 && len(helpers) == 0 || f.Summary().ExternalCall || debits(f) {
			continue
		}
		for _, w := range credits {
			if t := f.Taint(creditAmount(w)); !t.Has(FromParam) || t.Has(FromValue) {
				continue
			}
			if paidFor(f, w) || signerChecked(f, w) || verified(f, w) || deadlineVar(f.Contract, lvalueRoot(w.Child("left"))) {
				continue
			}
			out = append(out, u.finding(d.Meta().ID, w, scope(f)))
		}
		// A credit an internal helper makes with an amount f passes in
		// (_mint(to, amount)) is reported at f's call.
		reported := map[*Node]bool{}
		for _, hc := range helpers {
			if reported[hc.call] {
				continue
			}
			if t := f.Taint(hc.amount); !t.Has(FromParam) || t.Has(FromValue) {
				continue
			}
			if paidFor(f, hc.call) || signerChecked(f, hc.call) || verified(f, hc.call) ||
				paidFor(hc.h, hc.credit) || signerChecked(hc.h, hc.credit) ||
				deadlineVar(hc.h.Contract, lvalueRoot(hc.credit.Child("left"))) {
				continue
			}
			reported[hc.call] = true
			out = append(out, u.finding(d.Meta().ID, hc.call, scope(f)))
		}
	}
	return out
}

// helperCredit is a credit made by an internal function h that f calls
// (at call) whose amount is a parameter of h: amount is the argument f
// passes for it.
type helperCredit struct {
	call, credit, amount *Node
	h                    *Function
}

// helperCredits returns the credits f's internal helpers make with an
// amount f passes in, at call sites no caller check dominates; helpers
// that check the caller themselves are left out.
func helperCredits(f *Function) []helperCredit {
	var out []helperCredit
	f.Body.Walk(func(n *Node) bool {
		if n.Kind != "call_expression" {
			return true
		}
		h := f.internalCallee(n)
		if h == nil || h == f || h.Body == nil || h.Kind != "function" {
			return true
		}
		var ws []*Node
		for _, w := range h.StateWrites() {
			if creditAmount(w.Node) != nil {
				ws = append(ws, w.Node)
			}
		}
		if len(ws) == 0 || h.Guarded() || f.CallerChecked(n) {
			return true
		}
		args := argNodes(n)
		for _, w := range ws {
			amt := creditAmount(w)
			for i, p := range h.Params {
				if i >= len(args) || p.Name == "" {
					continue
				}
				src := func(x *Node) bool { return x.Kind == "identifier" && x.Text() == p.Name }
				if DependsOn(amt, h.Derived(src), src) {
					out = append(out, helperCredit{call: n, credit: w, amount: args[i], h: h})
					break
				}
			}
		}
		return true
	})
	return out
}

// creditAmount returns a when w adds it to a mapping entry (m[k] += a,
// m[k] = m[k] + a), nil otherwise.
func creditAmount(w *Node) *Node {
	l := w.Child("left")
	if l == nil || rootEntry(l) == nil {
		return nil
	}
	switch {
	case w.Kind == "augmented_assignment_expression" && w.Operator() == "+=":
		return w.Child("right")
	case w.Kind == "assignment_expression":
		r := w.Child("right")
		if r != nil && r.Kind == "binary_expression" && r.Operator() == "+" {
			if x := r.Child("left"); x != nil && norm(x.Text()) == norm(l.Text()) {
				return r.Child("right")
			}
		}
	}
	return nil
}

// debits reports whether f or an internal function it calls writes a
// decrease to state (-=, x = x - a, --).
func debits(f *Function) bool {
	return f.Reaches(2, func(g *Function) bool {
		for _, w := range g.StateWrites() {
			switch w.Node.Kind {
			case "augmented_assignment_expression":
				if w.Node.Operator() == "-=" {
					return true
				}
			case "update_expression":
				if len(w.Node.Text()) >= 2 && (w.Node.Text()[:2] == "--" || w.Node.Text()[len(w.Node.Text())-2:] == "--") {
					return true
				}
			case "assignment_expression":
				if r := w.Node.Child("right"); r != nil && r.Kind == "binary_expression" && r.Operator() == "-" {
					return true
				}
			}
		}
		return false
	})
}

// deadlineVar reports whether the state variable v holds times: a
// condition somewhere in c compares it with the block timestamp (a lock
// extended by its owner adds no value).
func deadlineVar(c *Contract, v *Node) bool {
	if v == nil {
		return false
	}
	found := false
	for _, x := range c.Lineage() {
		for _, g := range x.Functions {
			if g.Body == nil {
				continue
			}
			for _, cond := range g.Conditions() {
				if cond.Mentions(v.Text()) && g.Taint(cond).Has(FromTime) {
					found = true
				}
			}
		}
	}
	return found
}

// verified reports whether a condition dominating n calls a function with
// the caller's input: a proof or a signature checked by a helper.
func verified(f *Function, n *Node) bool {
	for _, g := range f.Guards(n) {
		found := false
		g.Cond.Walk(func(x *Node) bool {
			if !found && x.Kind == "call_expression" && f.Taint(x).Has(FromParam|FromSender) {
				if fn := x.Child("function"); fn != nil && fn.Text() != "require" {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
