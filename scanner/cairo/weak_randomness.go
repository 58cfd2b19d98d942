package cairo

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// weakRandomness: the block timestamp or number used as randomness.
//
// Decides: get_block_timestamp(), get_block_number(), or the
// block_timestamp / block_number of get_block_info(), directly or through
// a local, inside a modulo (%) or a hash (pedersen, poseidon_hash_span,
// keccak) — the shapes that turn them into a random pick. Comparisons
// with deadlines are not reported. Reports the block value.
//
// Known false positives: hashes that mix the timestamp into an id rather
// than a random choice.
type weakRandomness struct{}

func (weakRandomness) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "CAIRO-WEAK-RANDOMNESS",
		Title:          "Block timestamp used as randomness",
		Severity:       scanner.High,
		Confidence:     0.7,
		Category:       "randomness",
		CWE:            "CWE-330",
		Description:    "A random choice is derived from the block timestamp or number. The sequencer chooses the timestamp within bounds and every caller in the block sees the same values, so the outcome can be predicted or steered.",
		Recommendation: "Use a verifiable randomness oracle (VRF) or a commit-reveal scheme.",
		Tier:           scanner.TierQuick,
	}
}

func isBlockValue(n *syntax.Node) bool {
	switch n.Kind {
	case "call_expression":
		switch calleeName(n) {
		case "get_block_timestamp", "get_block_number":
			return true
		}
	case "field_expression":
		switch n.Child("field").Text() {
		case "block_timestamp", "block_number":
			return true
		}
	}
	return false
}

var hashes = map[string]bool{"pedersen": true, "poseidon_hash_span": true, "keccak_u256s_be_inputs": true, "keccak_u256s_le_inputs": true, "compute_keccak_byte_array": true, "hades_permutation": true}

func (d weakRandomness) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	if u.Test {
		return nil
	}
	for _, f := range u.Functions {
		if f.Body == nil || f.Test {
			continue
		}
		tainted := map[string]*syntax.Node{}
		f.Body.Walk(func(n *syntax.Node) bool {
			if n.Kind == "let_declaration" && n.Child("pattern").Kind == "identifier" {
				if v := n.Child("value"); v != nil {
					var src *syntax.Node
					v.Walk(func(x *syntax.Node) bool {
						if src == nil && isBlockValue(x) {
							src = x
						}
						return src == nil
					})
					if src != nil {
						tainted[n.Child("pattern").Text()] = src
					}
				}
			}
			return true
		})
		reported := map[*syntax.Node]bool{}
		f.Body.Walk(func(n *syntax.Node) bool {
			shape := n.Kind == "binary_expression" && n.Op == "%" || n.Kind == "call_expression" && hashes[calleeName(n)]
			if !shape {
				return true
			}
			n.Walk(func(x *syntax.Node) bool {
				var at *syntax.Node
				switch {
				case isBlockValue(x):
					at = x
				case x.Kind == "identifier" && tainted[x.Text()] != nil:
					at = tainted[x.Text()]
				}
				if at != nil && !reported[at] {
					reported[at] = true
					out = append(out, u.finding(d.Meta().ID, at, f))
				}
				return true
			})
			return false
		})
	}
	return out
}
