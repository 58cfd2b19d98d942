package solidity

import (
	"regexp"

	"github.com/bulwark-sec/bulwark/scanner"
)

// unprotectedUpgrade: anyone can point a proxy at new code. Whoever
// chooses the implementation owns every balance behind the proxy.
//
// Decides: a public or external function without an access guard (no
// sender-checking modifier, no msg.sender check, no _authorizeUpgrade-style
// hook) that writes the implementation variable (implementation, logic,
// masterCopy, singleton, target of a proxy) or calls an upgrade helper
// (_upgradeTo…, _setImplementation). Reports the function header.
//
// Known false positives: guards enforced by a proxy admin contract outside
// the bundle.
type unprotectedUpgrade struct{}

func (unprotectedUpgrade) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-UNPROTECTED-UPGRADE",
		Title:          "Unprotected upgrade",
		Severity:       scanner.Critical,
		Confidence:     0.75,
		Category:       "access_control",
		CWE:            "CWE-284",
		SWC:            "SWC-105",
		Description:    "A function anyone can call replaces the implementation a proxy delegates to. An attacker upgrades to a contract of their own and takes the funds and state behind the proxy.",
		Recommendation: "Restrict upgrades to an admin or governance role (e.g. override _authorizeUpgrade with onlyOwner in UUPS) and initialise implementations so they cannot be taken over.",
		Tier:           scanner.TierQuick,
	}
}

var (
	implName    = regexp.MustCompile(`(?i)^_?(implementation|impl|logic|logicContract|masterCopy|singleton|_?implementationAddress)$`)
	upgradeCall = regexp.MustCompile(`^_?(upgradeTo|upgradeToAndCall|setImplementation|upgradeToAndCallUUPS|upgradeBeaconToAndCall)$`)
)

func (d unprotectedUpgrade) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || f.Guarded() {
			continue
		}
		hit := false
		for _, w := range f.StateWrites() {
			if implName.MatchString(w.Var) {
				hit = true
			}
		}
		f.Body.Walk(func(n *Node) bool {
			if !hit && n.Kind == "call_expression" && upgradeCall.MatchString(calleeName(n)) {
				hit = true
			}
			return !hit
		})
		if hit {
			out = append(out, u.finding(d.Meta().ID, f.Node, scope(f)))
		}
	}
	return out
}
