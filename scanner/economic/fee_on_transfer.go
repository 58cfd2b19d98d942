package economic

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// feeOnTransfer: a deposit credited with the amount asked for rather than
// the amount received. Fee-on-transfer tokens deliver less than the
// amount passed to transferFrom, and rebasing tokens change balances
// later; crediting the requested amount makes the books exceed the
// vault's real balance, and the last withdrawers cannot be paid.
//
// Decides: in a public or external function, a transferFrom or
// safeTransferFrom to address(this) of an amount, followed by a state
// write that adds a value computed from that amount (+=, or = … + …),
// in a function that never reads balanceOf(address(this)) (the
// before/after measurement that fixes it). A credit to a variable that
// the function also debits by a value from the amount is a move between
// entries (a liquidation's seized collateral), not a deposit. Reports the
// credit.
//
// Known false positives: contracts that only accept a fixed, known token
// without transfer fees.
type feeOnTransfer struct{}

func (feeOnTransfer) Meta() scanner.Rule {
	return rule(scanner.Rule{
		ID:             "ECON-FEE-ON-TRANSFER-ACCOUNTING",
		Title:          "Deposit credited without measuring the tokens received",
		Severity:       scanner.Medium,
		Confidence:     0.6,
		Category:       CategoryDeFi,
		CWE:            "CWE-682",
		Description:    "The contract pulls tokens with transferFrom and credits the requested amount. With fee-on-transfer or rebasing tokens it receives less than it records, so its books exceed its balance and the last users to withdraw cannot be paid.",
		Recommendation: "Credit the balance difference: read balanceOf(address(this)) before and after the transfer and record the difference, or refuse tokens whose transfers are not exact.",
		Tier:           scanner.TierStandard,
	})
}

func (d feeOnTransfer) Check(u *solidity.Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Funcs() {
		if !entry(f) || len(callsIn(f.Body, isThisBalance)) > 0 {
			continue
		}
		for _, pull := range callsIn(f.Body, named("transferFrom", "safeTransferFrom")) {
			a := solidity.Args(pull)
			// token.transferFrom(from, this, amount), or
			// SafeERC20.safeTransferFrom(token, from, this, amount).
			if len(a) < 3 || !solidity.IsThis(a[len(a)-2]) {
				continue
			}
			amount := a[len(a)-1]
			if amount.Kind != "identifier" {
				continue
			}
			name := amount.Text()
			src := func(n *solidity.Node) bool {
				return n.Kind == "identifier" && n.Text() == name && n.Field != "property"
			}
			derived := f.Derived(src)
			if w := credit(f, pull, derived, src); w != nil {
				out = append(out, u.Finding(d.Meta().ID, w, f))
				break
			}
		}
	}
	return out
}

// credit returns the first state write after pull that adds a value
// computed from the amount: x += amount, or x = y + amount.
func credit(f *solidity.Function, pull *solidity.Node, derived map[string]bool, src func(*solidity.Node) bool) *solidity.Node {
	// A state variable that also loses a value computed from the amount
	// moves it between entries (collateral seized from a borrower to its
	// liquidator): an internal transfer, not a deposit.
	debited := map[string]bool{}
	for _, w := range f.StateWrites() {
		n := w.Node
		r := n.Child("right")
		if r == nil || !solidity.DependsOn(r, derived, src) {
			continue
		}
		if n.Kind == "augmented_assignment_expression" && n.Operator() == "-=" ||
			n.Kind == "assignment_expression" && r.Kind == "binary_expression" && r.Operator() == "-" {
			debited[w.Var] = true
		}
	}
	for _, w := range valueWrites(f, derived, src) {
		if w.Start < pull.Start {
			continue
		}
		if v := writtenVar(f, w); debited[v] {
			continue
		}
		switch {
		case w.Kind == "augmented_assignment_expression" && w.Operator() == "+=":
			return w
		case w.Kind == "assignment_expression":
			if r := w.Child("right"); r.Kind == "binary_expression" && r.Operator() == "+" {
				return w
			}
		}
	}
	return nil
}

// writtenVar returns the state variable a write of f writes.
func writtenVar(f *solidity.Function, w *solidity.Node) string {
	for _, x := range f.StateWrites() {
		if x.Node == w {
			return x.Var
		}
	}
	return ""
}
