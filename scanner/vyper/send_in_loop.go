package vyper

import "github.com/bulwark-sec/bulwark/scanner"

// sendInLoop: send() (or a reverting raw_call with value) inside a loop,
// so one recipient that rejects ether blocks every payment after it.
//
// Decides: a send(…) call, or a raw_call with value= that reverts on
// failure, in the body of a for or while loop. Reports the call.
//
// Known false positives: loops over a fixed list of trusted recipients.
type sendInLoop struct{}

func (sendInLoop) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "VY-SEND-IN-LOOP",
		Title:          "Ether payment inside a loop",
		Severity:       scanner.Medium,
		Confidence:     0.8,
		Category:       "denial_of_service",
		CWE:            "CWE-400",
		SWC:            "SWC-113",
		Description:    "The function pays several recipients in a loop and reverts when one payment fails. A recipient contract that rejects ether (or runs out of the 2,300 gas stipend) blocks the payments of everyone else.",
		Recommendation: "Let each recipient withdraw their own funds (pull payments), or record failed payments instead of reverting.",
		Tier:           scanner.TierStandard,
	}
}

func (d sendInLoop) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	u.facts()
	for _, f := range u.Functions {
		for _, c := range f.calls {
			if !inLoop(c) {
				continue
			}
			switch callee(c) {
			case "send":
				out = append(out, u.finding(d.Meta().ID, c, f))
			case "raw_call":
				r := keyword(c, "revert_on_failure")
				if keyword(c, "value") != nil && (r == nil || r.Text() != "False") {
					out = append(out, u.finding(d.Meta().ID, c, f))
				}
			}
		}
	}
	return out
}
