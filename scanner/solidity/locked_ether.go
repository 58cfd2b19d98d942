package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// lockedEther: a contract that accepts ether but has no way to send it out,
// so every wei sent is lost.
//
// Decides: a non-abstract contract of the bundle with a payable function,
// fallback or receive, where neither it nor its bases transfer, send, call
// with value, delegatecall, selfdestruct, or use assembly calls. Bases
// outside the bundle may send ether, so a contract with an unresolved base
// is skipped. Reports the contract.
//
// Known false positives: ether withdrawn through an unresolved library.
type lockedEther struct{}

func (lockedEther) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-LOCKED-ETHER",
		Title:          "Contract locks ether",
		Severity:       scanner.Medium,
		Confidence:     0.7,
		Category:       "locked_ether",
		CWE:            "CWE-400",
		SWC:            "",
		Description:    "The contract can receive ether through a payable function but has no code path that sends ether out. Funds sent to it are locked forever.",
		Recommendation: "Remove payable, or add a (protected) withdrawal function.",
		Tier:           scanner.TierStandard,
	}
}

func (d lockedEther) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, c := range u.Contracts {
		if c.Kind != "contract" || c.Abstract || len(c.Bases) != len(c.BaseNames) && len(c.BaseNames) > 0 {
			continue
		}
		var payable *Function
		sends := false
		for _, x := range c.Lineage() {
			if len(x.BaseNames) > 0 && len(x.Bases) == 0 {
				sends = true // unresolved base: assume it may send
			}
			for _, f := range x.Functions {
				if f.Mutability == "payable" && f.Kind != "constructor" && payable == nil {
					payable = f
				}
			}
			x.Node.Walk(func(n *Node) bool {
				if sends {
					return false
				}
				switch n.Kind {
				case "assembly_statement":
					t := n.Text()
					sends = strings.Contains(t, "call(") || strings.Contains(t, "create") || strings.Contains(t, "selfdestruct")
				case "call_expression":
					if name := calleeName(n); name == "selfdestruct" || name == "suicide" {
						sends = true
					}
					if c := lowLevelCall(n); c != nil && (c.isPayment() || c.Kind == "delegatecall" || c.Kind == "callcode") {
						sends = true
					}
					if CallOption(n, "value") != nil {
						sends = true // anything{value: x}(…)
					}
					if libSendsValue(c, n) {
						sends = true // Address.sendValue, functionCallWithValue: by what the library does
					}
				}
				return !sends
			})
		}
		if payable != nil && !sends {
			n := c.Node
			out = append(out, scanner.Finding{DetectorID: d.Meta().ID, File: u.Path, Line: n.Line, EndLine: n.Line,
				Snippet: strings.Clone(scanner.FirstLine(n.Text())), Fingerprint: scanner.Fingerprint(d.Meta().ID, c.Name, "contract "+c.Name)})
		}
	}
	return out
}

// libSendsValue reports whether call runs a function of a library in the
// bundle (x.g(…) under using-for, or L.g(…)) or of c's lineage that sends
// ether, judged by its summary rather than its name.
func libSendsValue(c *Contract, call *Node) bool {
	fn := call.Child("function")
	if fn == nil {
		return false
	}
	name := calleeName(call)
	if fn.Kind == "identifier" {
		if g := c.Resolve(name, -1); g != nil && g.Body != nil {
			return g.Summary().SendsValue
		}
		return false
	}
	if fn.Kind != "member_expression" {
		return false
	}
	for _, l := range c.Unit.bundle {
		if l.Kind != "library" {
			continue
		}
		for _, g := range l.Functions {
			if g.Name == name && g.Body != nil && g.Summary().SendsValue {
				return true
			}
		}
	}
	return false
}
