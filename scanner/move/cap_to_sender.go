package move

// Capability minted to the sender (Sui): a public or entry function creates
// an object of a type the module's init creates (the admin or treasury
// capability minted once at publication) and transfers it to the sender,
// without any capability or sender check. Anyone can mint themselves the
// capability.
//
// The detector flags transfer::transfer/public_transfer to
// tx_context::sender / ctx.sender() of such an object in an unguarded
// public or entry function. Known false positives: types init creates that
// are also meant to be handed to anyone (e.g. a per-user receipt).

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type capToSender struct{}

func (capToSender) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "MOVE-SUI-CAP-TO-SENDER", Title: "Capability created and sent to the caller by a public function",
		Severity: scanner.Critical, Confidence: 0.75, Category: "access_control", CWE: "CWE-284",
		Description: "A public or entry function creates an object of a type the module's init mints once (a capability) " +
			"and transfers it to the transaction sender without checking who calls. Anyone can obtain the capability and " +
			"every function it guards.",
		Recommendation: "Create capabilities only in init, or require an existing capability to mint a new one.",
		Tier:           scanner.TierQuick,
	}
}

func (d capToSender) Check(u *Unit) []scanner.Finding {
	id := d.Meta().ID
	var out []scanner.Finding
	for _, m := range u.Modules {
		minted := map[string]bool{}
		for _, f := range m.Funs {
			if f.Init() {
				for _, p := range f.Body.Find("pack_expression") {
					t := typeBase(head(p).Text())
					if s := m.Structs[t]; s != nil && s.Abilities["key"] && !m.Shared[t] {
						minted[t] = true
					}
				}
			}
		}
		if len(minted) == 0 {
			continue
		}
		for _, f := range m.Funs {
			if f.Init() || !f.Public() || f.Guarded() {
				continue
			}
			packs := false
			for _, p := range f.Body.Find("pack_expression") {
				if minted[typeBase(head(p).Text())] {
					packs = true
				}
			}
			if !packs {
				continue
			}
			for _, c := range f.Body.Find("call_expression") {
				if n := callName(c); n != "transfer" && n != "public_transfer" {
					continue
				}
				if args := c.Child("args"); args != nil && strings.Contains(args.Text(), "sender") {
					out = append(out, u.finding(id, c, m.Name+"::"+f.Name))
				}
			}
		}
	}
	return out
}
