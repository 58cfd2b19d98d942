package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// frontrunSolution: a prize for submitting the preimage of a stored hash.
// The answer travels in clear in the pending transaction; anyone can copy
// it with a higher gas price.
//
// Decides: a condition compares a hash of a function parameter with
// something, in a public function that then pays ether or records the
// caller as the one to pay (a state address set to msg.sender that a
// payment elsewhere sends to). Reports the condition.
//
// A parameter the function also checks inside a hash binding it to the
// caller (the reveal of a commit-reveal scheme: keccak256(msg.sender,
// solution, salt) == commits[msg.sender]) is committed: a copier has no
// commitment to match (committedParams).
//
// Known false positives: commitments checked in another function.
type frontrunSolution struct{}

func (frontrunSolution) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-FRONTRUN-SOLUTION",
		Title:          "Front-runnable solution submission",
		Severity:       scanner.Medium,
		Confidence:     0.7,
		Category:       "front_running",
		CWE:            "CWE-362",
		SWC:            "SWC-114",
		Description:    "The function rewards whoever submits the preimage of a hash. The solution is visible in the mempool, so an observer can submit it first with a higher gas price and take the reward.",
		Recommendation: "Use commit-reveal: first commit keccak256(solution, msg.sender), reveal in a later block.",
		Tier:           scanner.TierStandard,
	}
}

func (d frontrunSolution) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil || !f.Entry() || len(f.Params) == 0 {
			continue
		}
		pays := false
		for _, c := range f.LowLevelCalls() {
			if c.isPayment() {
				pays = true
			}
		}
		if !pays && !recordsPayee(f) {
			continue
		}
		committed := committedParams(f)
		for _, cond := range f.Conditions() {
			hit := false
			cond.Walk(func(n *Node) bool {
				if hit {
					return false
				}
				if isHashCall(n) && !mentionsSender(n) {
					for _, p := range f.Params {
						if n.Mentions(p.Name) && !committed[p.Name] {
							hit = true
						}
					}
				}
				return !hit
			})
			if hit {
				out = append(out, u.finding(d.Meta().ID, cond, scope(f)))
			}
		}
	}
	return out
}

// committedParams returns the parameters of f that a condition of f
// checks inside a hash binding them to the caller (directly or through a
// local: keccak256(abi.encodePacked(msg.sender, solution, salt)) ==
// commits[msg.sender]), the reveal of a commit-reveal scheme: a copier
// has no commitment of their own to match.
func committedParams(f *Function) map[string]bool {
	bound := func(x *Node) bool { return isHashCall(x) && mentionsSender(x) }
	held := f.Derived(bound)
	out := map[string]bool{}
	for _, c := range f.Conditions() {
		if !DependsOn(c, held, bound) {
			continue
		}
		var hashes []*Node
		c.Walk(func(x *Node) bool {
			if bound(x) {
				hashes = append(hashes, x)
				return false
			}
			return true
		})
		for name := range held {
			if c.Mentions(name) {
				for _, ds := range f.Defs() {
					for _, d := range ds {
						if d.Name == name && d.Value != nil && bound(unparen(d.Value)) {
							hashes = append(hashes, d.Value)
						}
					}
				}
			}
		}
		for _, h := range hashes {
			for _, p := range f.Params {
				if h.Mentions(p.Name) {
					out[p.Name] = true
				}
			}
		}
	}
	return out
}

// recordsPayee reports whether f sets a plain state address to the
// caller that some function of its contract pays.
func recordsPayee(f *Function) bool {
	payees := map[string]bool{}
	for _, g := range f.Contract.AllFunctions() {
		if g.Body == nil {
			continue
		}
		for _, c := range g.LowLevelCalls() {
			if c.isPayment() && c.Target != nil && c.Target.Kind == "identifier" {
				payees[c.Target.Text()] = true
			}
		}
	}
	for _, w := range f.StateWrites() {
		if w.Node.Kind != "assignment_expression" {
			continue
		}
		l, r := w.Node.Child("left"), w.Node.Child("right")
		if l != nil && l.Kind == "identifier" && payees[l.Text()] && r != nil && mentionsSender(r) {
			return true
		}
	}
	return false
}
