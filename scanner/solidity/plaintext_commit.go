package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// plaintextCommit: a game where players submit their move in clear (odds
// and evens, rock-paper-scissors) and a later payout depends on the stored
// moves. The next player reads the pending transaction or the public
// storage and picks the winning answer.
//
// Decides: a payable public function that demands a fixed stake
// (msg.value == or != a constant) stores one of its numeric, bool or string
// parameters in a state variable, and a function of the contract reads that
// variable and pays ether. Reports the store.
//
// Known false positives: values that do not decide a payout (deposits
// recorded for bookkeeping are skipped unless the payer reads them).
type plaintextCommit struct{}

func (plaintextCommit) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-FRONTRUN-PLAINTEXT-MOVE",
		Title:          "Move submitted in plain text",
		Severity:       scanner.Medium,
		Confidence:     0.6,
		Category:       "front_running",
		CWE:            "CWE-362",
		SWC:            "SWC-114",
		Description:    "A player's choice is sent and stored in clear, and the payout depends on it. Other players see it in the mempool or in storage and answer with the winning choice.",
		Recommendation: "Use commit-reveal: accept keccak256(choice, salt, msg.sender) first and the choice with its salt in a later phase.",
		Tier:           scanner.TierStandard,
	}
}

func (d plaintextCommit) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, c := range u.Contracts {
		// State variables read by a function that pays ether.
		decides := map[string]bool{}
		for _, f := range c.AllFunctions() {
			if f.Body == nil {
				continue
			}
			pays := false
			for _, call := range f.LowLevelCalls() {
				if call.isPayment() {
					pays = true
				}
			}
			if !pays {
				continue
			}
			f.Body.Walk(func(n *Node) bool {
				if n.Kind == "identifier" && c.StateVar(n.Text()) != nil {
					decides[n.Text()] = true
				}
				return true
			})
		}
		for _, f := range c.Functions {
			if f.Body == nil || !f.Entry() || f.Mutability != "payable" {
				continue
			}
			// A game: a fixed stake, and small plain values as moves (a
			// bytes32 is likely a commitment already).
			if !fixedStake(f) {
				continue
			}
			moves := map[string]bool{}
			for _, p := range f.Params {
				if strings.HasPrefix(p.Type, "uint") || strings.HasPrefix(p.Type, "int") || p.Type == "bool" || p.Type == "string" {
					moves[p.Name] = true
				}
			}
			for _, w := range f.StateWrites() {
				if w.Node.Kind != "assignment_expression" || !decides[w.Var] {
					continue
				}
				if r := w.Node.Child("right"); r != nil && mentionsAny(r, moves) {
					out = append(out, u.finding(d.Meta().ID, w.Node, scope(f)))
				}
			}
		}
	}
	return out
}

// fixedStake reports whether f compares msg.value for (in)equality with a
// constant: the entry fee of a game.
func fixedStake(f *Function) bool {
	for _, c := range f.Conditions() {
		t := norm(c.Text())
		if !strings.Contains(t, "==") && !strings.Contains(t, "!=") {
			continue
		}
		for _, cmp := range comparisons(c.Text()) {
			other := ""
			switch {
			case cmp[0] == "msg.value":
				other = cmp[1]
			case cmp[1] == "msg.value":
				other = cmp[0]
			default:
				continue
			}
			if constantAmount(other, f.Contract) {
				return true
			}
		}
	}
	return false
}

// constantAmount reports whether s is a literal amount (1 ether, 100) or a
// constant state variable.
func constantAmount(s string, c *Contract) bool {
	for _, unit := range []string{"wei", "gwei", "szabo", "finney", "ether"} {
		s = strings.TrimSuffix(s, unit)
	}
	if isNumber(s) {
		return true
	}
	v := c.StateVar(s)
	return v != nil && v.Constant
}
