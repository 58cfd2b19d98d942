package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// signatureReplay: a signed authorisation that can be submitted again. If
// nothing records that a signature was used (a nonce, a used-hash map), the
// same signature works forever, and on other chains or contracts too.
//
// Decides: a public state-changing function that calls ecrecover but writes
// no state besides what the signed action itself does, i.e. nothing keyed
// by the signer or the hash, and increments no nonce. In practice: no write
// to a variable whose name mentions nonce/used/executed/claimed, and no
// mapping write keyed by the recovered hash. Reports the ecrecover call.
//
// Known false positives: replay protection held in another contract.
type signatureReplay struct{}

func (signatureReplay) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-SIGNATURE-REPLAY",
		Title:          "Signature replay",
		Severity:       scanner.High,
		Confidence:     0.6,
		Category:       "signature",
		CWE:            "CWE-294",
		SWC:            "SWC-121",
		Description:    "The function accepts a signature verified with ecrecover but never records it as used. Anyone who has seen the signature can submit it again (and on another chain or contract unless the digest includes chain id and address).",
		Recommendation: "Include a per-signer nonce, the chain id and address(this) in the signed digest (EIP-712) and mark nonces or digests as used before acting.",
		Tier:           scanner.TierStandard,
	}
}

func (d signatureReplay) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	byFunc := recoverCalls(u)
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() {
			continue
		}
		recovers := byFunc[f]
		if len(recovers) == 0 || replayProtected(f) {
			continue
		}
		for _, r := range recovers {
			out = append(out, u.finding(d.Meta().ID, r, scope(f)))
		}
	}
	return out
}

// replayProtected reports whether f (or an internal function it calls)
// records nonces or used signatures.
func replayProtected(f *Function) bool {
	protected := false
	check := func(g *Function) {
		for _, w := range g.StateWrites() {
			if nonceName.MatchString(w.Var) {
				protected = true
			}
		}
		g.Body.Walk(func(n *Node) bool {
			if n.Kind == "identifier" && nonceName.MatchString(n.Text()) {
				protected = true
			}
			return !protected
		})
	}
	check(f)
	return protected
}
