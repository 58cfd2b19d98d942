package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// approveRace: the ERC20 approve race. Changing an allowance from N to M
// lets the spender front-run the change and spend N + M.
//
// Decides: a public approve(spender, value) that overwrites the allowance
// entry without requiring the old or the new value to be zero. Reports the
// write.
//
// Known false positives: tokens that document the race and offer
// increaseAllowance/decreaseAllowance; suppress with that reason.
type approveRace struct{}

func (approveRace) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-ERC20-APPROVE-RACE",
		Title:          "ERC20 approve race condition",
		Severity:       scanner.Low,
		Confidence:     0.6,
		Category:       "front_running",
		CWE:            "CWE-362",
		SWC:            "SWC-114",
		Description:    "approve() overwrites an existing allowance. A spender watching the mempool can spend the old allowance before the change is mined and the new one after it.",
		Recommendation: "Require the allowance to be set to zero first, or provide increaseAllowance/decreaseAllowance and recommend them.",
		Tier:           scanner.TierStandard,
	}
}

func (d approveRace) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || f.Name != "approve" || len(f.Params) != 2 {
			continue
		}
		spender, value := f.Params[0].Name, f.Params[1].Name
		zeroCheck := false
		for _, c := range f.Conditions() {
			t := norm(c.Text())
			if strings.Contains(t, "==0") || strings.Contains(t, value+"==0") {
				zeroCheck = true
			}
		}
		if zeroCheck {
			continue
		}
		for _, w := range f.StateWrites() {
			if w.Node.Kind != "assignment_expression" {
				continue
			}
			l := w.Node.Child("left")
			if l.Kind == "array_access" && l.Mentions(spender) && w.Node.Child("right").Mentions(value) {
				out = append(out, u.finding(d.Meta().ID, w.Node, scope(f)))
			}
		}
	}
	return out
}
