package vyper

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// weakRandomness: block values used as a source of randomness, which the
// block's proposer chooses or anyone can predict.
//
// Decides: block.prevrandao or block.difficulty anywhere in a function
// (they have no other use), and block.timestamp or block.number inside a
// modulo or a hash (keccak256, sha256) — the shapes that turn them into a
// random pick. Comparisons with deadlines are not reported.
//
// Known false positives: prevrandao read for logging.
type weakRandomness struct{}

func (weakRandomness) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "VY-WEAK-RANDOMNESS",
		Title:          "Block values used as randomness",
		Severity:       scanner.High,
		Confidence:     0.75,
		Category:       "randomness",
		CWE:            "CWE-330",
		SWC:            "SWC-120",
		Description:    "A random choice is derived from block.timestamp, block.number or block.prevrandao. Validators choose or know these values, and other contracts in the same block read the same ones, so the outcome can be predicted or steered.",
		Recommendation: "Use a verifiable randomness source (a VRF oracle) or a commit-reveal scheme.",
		Tier:           scanner.TierQuick,
	}
}

func (d weakRandomness) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Functions {
		if f.Body == nil {
			continue
		}
		f.Body.Walk(func(n *syntax.Node) bool {
			if n.Kind != "attribute" || n.Child("object").Text() != "block" {
				return true
			}
			switch n.Child("attribute").Text() {
			case "prevrandao", "difficulty":
				out = append(out, u.finding(d.Meta().ID, n, f))
			case "timestamp", "number":
				if randomShape(n) {
					out = append(out, u.finding(d.Meta().ID, n, f))
				}
			}
			return true
		})
	}
	return out
}

// randomShape reports whether n feeds a modulo or a hash in its statement.
func randomShape(n *syntax.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		switch {
		case p.Kind == "binary" && p.Op == "%":
			return true
		case p.Kind == "call" && (callee(p) == "keccak256" || callee(p) == "sha256"):
			return true
		case p.Kind == "block" || p.Kind == "function_def":
			return false
		}
	}
	return false
}
