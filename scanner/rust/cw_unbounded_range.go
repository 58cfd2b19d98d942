package rust

// Unbounded storage iteration in an execute path (CosmWasm): a handler
// that can write state (it takes DepsMut) iterates a storage map with
// range/keys and no take(n). The map grows with every user, so the
// handler's gas grows with it until the message can no longer execute.
//
// The detector flags range, keys, range_raw, keys_raw and prefix_range
// calls on a storage in execute handlers (functions taking DepsMut and
// MessageInfo), unless the iterator chain applies take(…). Queries (Deps)
// are left out: they are bounded by the node's query gas limit and lock no
// funds; so are migrate and sudo, which only the chain or admin can call.

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type cwUnboundedRange struct{}

func (cwUnboundedRange) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-CW-UNBOUNDED-RANGE", Title: "Unbounded storage iteration in an execute handler",
		Severity: scanner.Medium, Confidence: 0.6, Category: "denial_of_service", CWE: "CWE-400",
		Description: "An execute path iterates a storage map without a limit. Anyone who can add entries can make the " +
			"iteration exceed the block gas limit, and the message (and whatever depends on it) stops working.",
		Recommendation: "Paginate with start_after and take(limit), or keep a running aggregate instead of iterating.",
		Tier:           scanner.TierStandard,
	}
}

var rangeCalls = map[string]bool{"range": true, "keys": true, "range_raw": true, "keys_raw": true, "prefix_range": true}

func (d cwUnboundedRange) Check(u *Unit) []scanner.Finding {
	if !u.Frameworks[CosmWasm] {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		_, mut := fn.Param("DepsMut")
		_, info := fn.Param("MessageInfo")
		if !mut || !info {
			continue
		}
		for _, c := range fn.Body.Find("call_expression") {
			if !rangeCalls[callName(c)] || !strings.Contains(c.Child("arguments").Text(), "storage") {
				continue
			}
			top := c
			for top.Parent != nil && (top.Parent.Kind == "field_expression" || top.Parent.Kind == "call_expression" || top.Parent.Kind == "try_expression") {
				top = top.Parent
			}
			if strings.Contains(top.Text()[c.End-top.Start:], ".take(") {
				continue
			}
			at := c // report the line of .range(, not the start of the chain
			if f := c.Child("function").Child("field"); f != nil {
				at = f
			}
			out = append(out, u.finding(id, at, fn.Name))
		}
	}
	return out
}
