package economic

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// chainlinkStale: a Chainlink price read without the checks its answer
// needs. latestRoundData returns the answer with the time it was
// updated; a feed that stopped updating (a paused feed, a congested
// chain, a deprecated aggregator) keeps answering the last price, and a
// broken one can answer 0 or a negative number. latestAnswer returns no
// time at all.
//
// Decides: a latestRoundData() call (or an argument-less call on another
// contract whose result is declared into five slots typed as its round
// data, (uint80, int256 answer, uint256, uint256, uint80), whatever the
// function is called) whose updatedAt slot (the fourth) is
// not kept, or whose updatedAt value (through locals) never reaches a
// condition or an internal check function; or whose answer (the second
// slot) never reaches a condition; and every latestAnswer() call. A
// latestRoundData whose whole tuple is returned is the caller's to check
// and is left alone. Reports the call.
//
// Known false positives: checks done by the caller of an internal helper
// that returns the answer and its time.
type chainlinkStale struct{}

func (chainlinkStale) Meta() scanner.Rule {
	return rule(scanner.Rule{
		ID:             "ECON-ORACLE-STALE-PRICE",
		Title:          "Chainlink answer used without staleness or sign checks",
		Severity:       scanner.Medium,
		Confidence:     0.8,
		Category:       CategoryOracleMEV,
		CWE:            "CWE-20",
		Description:    "A Chainlink feed's answer is used without checking when it was updated (updatedAt against block.timestamp and the feed's heartbeat) or that it is positive. A stale or broken feed then prices collateral and payouts at a value the market left long ago.",
		Recommendation: "Read latestRoundData, require answer > 0 and block.timestamp - updatedAt <= the feed's heartbeat, and on L2s check the sequencer uptime feed; never use latestAnswer.",
		Tier:           scanner.TierStandard,
	})
}

func (d chainlinkStale) Check(u *solidity.Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.Funcs() {
		if f.Body == nil {
			continue
		}
		for _, call := range callsIn(f.Body, named("latestAnswer")) {
			if len(solidity.Args(call)) == 0 {
				out = append(out, u.Finding(d.Meta().ID, call, f))
			}
		}
		for _, call := range callsIn(f.Body, func(n *solidity.Node) bool { return named("latestRoundData")(n) || roundDataShaped(n) }) {
			if len(solidity.Args(call)) != 0 || returned(call) {
				continue
			}
			slots := resultSlots(call)
			if slots == nil {
				continue // a single value kept whole (a struct); not this shape
			}
			if !checked(f, slot(slots, 3)) || !checked(f, slot(slots, 1)) {
				out = append(out, u.Finding(d.Meta().ID, call, f))
			}
		}
	}
	return out
}

// roundData is the tuple latestRoundData returns: roundId, answer,
// startedAt, updatedAt, answeredInRound.
var roundData = []string{"uint80", "int256", "uint256", "uint256", "uint80"}

// roundDataShaped reports an argument-less call on another contract
// whose result is declared into five slots typed as Chainlink's round
// data, the signed answer among them: the feed read by its shape, under
// whatever name an interface gives it (a copy with every identifier
// renamed, a wrapper interface).
func roundDataShaped(call *solidity.Node) bool {
	if name, recv := memberCall(call); name == "" || recv == nil || len(solidity.Args(call)) != 0 {
		return false
	}
	p := call.Parent
	if p == nil || p.Kind != "variable_declaration_statement" {
		return false
	}
	var target *solidity.Node
	for _, c := range p.Children {
		if c.Kind == "variable_declaration_tuple" {
			target = c
		}
	}
	if target == nil {
		return false
	}
	slots := solidity.TupleSlots(target)
	if len(slots) != len(roundData) {
		return false
	}
	answer := false
	for i, s := range slots {
		if s == nil {
			continue
		}
		t := s.Child("type")
		if t == nil {
			return false
		}
		if solidity.CanonicalType(t.Text()) != roundData[i] {
			return false
		}
		answer = answer || i == 1
	}
	return answer
}

// returned reports whether call is the value of a return statement.
func returned(call *solidity.Node) bool {
	return call.Parent != nil && call.Parent.Kind == "return_statement"
}

// resultSlots returns the names each slot of the tuple call's result is
// kept in ("" for a dropped slot), or nil when the result is not
// destructured.
func resultSlots(call *solidity.Node) []string {
	p := call.Parent
	var target *solidity.Node
	switch {
	case p == nil:
		return nil
	case p.Kind == "variable_declaration_statement":
		for _, c := range p.Children {
			if c.Kind == "variable_declaration_tuple" {
				target = c
			}
		}
	case p.Kind == "assignment_expression" && call.Field == "right":
		if l := p.Child("left"); l != nil && l.Kind == "tuple_expression" {
			target = l
		}
	}
	if target == nil {
		return nil
	}
	var out []string
	for _, s := range solidity.TupleSlots(target) {
		switch {
		case s == nil:
			out = append(out, "")
		case s.Kind == "variable_declaration":
			out = append(out, s.Child("name").Text())
		default:
			out = append(out, s.Text())
		}
	}
	return out
}

func slot(slots []string, i int) string {
	if i < len(slots) {
		return slots[i]
	}
	return ""
}

// checked reports whether the local name, or a local computed from it,
// reaches a condition of f, a comparison (a check returned to the
// caller), or an argument of an internal function (a validation helper).
func checked(f *solidity.Function, name string) bool {
	if name == "" {
		return false
	}
	src := func(n *solidity.Node) bool {
		return n.Kind == "identifier" && n.Text() == name && n.Field != "property"
	}
	derived := f.Derived(src)
	for _, c := range f.Conditions() {
		if solidity.DependsOn(c, derived, src) {
			return true
		}
	}
	// A comparison computed for the caller (return answer == 0 &&
	// block.timestamp - updatedAt > grace: a sequencer-uptime check).
	compared := false
	f.Body.Walk(func(n *solidity.Node) bool {
		if compared {
			return false
		}
		if n.Kind == "binary_expression" {
			switch n.Operator() {
			case "==", "!=", "<", ">", "<=", ">=":
				compared = solidity.DependsOn(n, derived, src)
			}
		}
		return !compared
	})
	if compared {
		return true
	}
	for _, call := range callsIn(f.Body, func(n *solidity.Node) bool { return f.InternalCallee(n) != nil }) {
		for _, a := range solidity.Args(call) {
			if solidity.DependsOn(a, derived, src) {
				return true
			}
		}
	}
	return false
}
