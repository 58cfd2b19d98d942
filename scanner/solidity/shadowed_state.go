package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// shadowedState: a state variable redeclared in a derived contract. The
// base's functions keep using their own copy, so the two silently diverge
// (an owner set in one is not the owner checked in the other).
//
// Decides: a state variable whose name is declared, not private, by a base
// contract found in the bundle (0.6 made this a compile error). Reports the
// derived declaration.
//
// Known false positives: none; the code is at best confusing.
type shadowedState struct{}

func (shadowedState) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-SHADOWED-STATE",
		Title:          "State variable shadows a base contract's",
		Severity:       scanner.High,
		Confidence:     0.9,
		Category:       "shadowing",
		CWE:            "CWE-710",
		SWC:            "SWC-119",
		Description:    "A derived contract declares a state variable with the same name as one in its base. Both exist in storage; the base's functions read and write the base's copy, the derived ones their own.",
		Recommendation: "Remove the redeclaration and assign the inherited variable (e.g. in the constructor).",
		Tier:           scanner.TierQuick,
	}
}

func (d shadowedState) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, c := range u.Contracts {
		for _, v := range c.StateVars {
			for _, b := range c.Bases {
				hit := false
				for _, bv := range b.StateVars {
					if bv.Name == v.Name && v.Name != "" && !isPrivate(bv) {
						hit = true
					}
				}
				if hit {
					out = append(out, u.finding(d.Meta().ID, v.Node, c.Name))
					break
				}
			}
		}
	}
	return out
}

func isPrivate(v *StateVar) bool {
	for _, c := range v.Node.Children {
		if c.Kind == "visibility" && c.Text() == "private" {
			return true
		}
	}
	return false
}
