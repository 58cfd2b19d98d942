package move

// Resource account signer capability leak (Aptos): a public function
// returns a signer or a SignerCapability (or a reference to one). Any module
// can call it and act as the resource account: withdraw its coins, publish
// code, move its resources.
//
// The detector reads the return type of public (not friend or package)
// functions. Known false positives: none known; a public accessor is the bug.

import "github.com/bulwark-sec/bulwark/scanner"

type signerCapLeak struct{}

func (signerCapLeak) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "MOVE-APTOS-SIGNER-CAP-LEAK", Title: "Public function hands out a signer or SignerCapability",
		Severity: scanner.Critical, Confidence: 0.85, Category: "access_control", CWE: "CWE-668",
		Description: "A public function returns a signer or the SignerCapability of a (resource) account. Any module on " +
			"chain can call it and sign as that account.",
		Recommendation: "Keep the capability inside the module: make the function public(friend)/package or private and " +
			"expose only the operations the account should allow.",
		Tier: scanner.TierQuick,
	}
}

func (d signerCapLeak) Check(u *Unit) []scanner.Finding {
	id := d.Meta().ID
	var out []scanner.Finding
	for _, m := range u.Modules {
		for _, f := range m.Funs {
			if f.Visibility != "public" {
				continue
			}
			for _, t := range splitTuple(f.Return) {
				if b := typeBase(t); b == "signer" || b == "SignerCapability" {
					out = append(out, u.finding(id, f.Node.Child("name"), m.Name+"::"+f.Name))
					break
				}
			}
		}
	}
	return out
}

// splitTuple splits a return type (A, &B) into its parts.
func splitTuple(t string) []string {
	t = trimSpaces(t)
	if len(t) > 1 && t[0] == '(' && t[len(t)-1] == ')' {
		t = t[1 : len(t)-1]
	}
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '<', '(':
			depth++
		case '>', ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, t[start:i])
				start = i + 1
			}
		}
	}
	return append(out, t[start:])
}
