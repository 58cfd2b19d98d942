package rust

// Reply handler that ignores errors (CosmWasm): a reply entry point
// (a function taking a Reply) that never reads the reply's result. With
// ReplyOn::Always or ReplyOn::Error, a failed submessage then reaches the
// handler, which carries on as if it had succeeded (records a deposit,
// marks a position open).
//
// The detector flags functions with a Reply parameter that neither read
// its .result nor pass the reply on to another function (a parser such as
// parse_reply_instantiate_data reads it).

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type cwReply struct{}

func (cwReply) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-CW-REPLY-UNCHECKED", Title: "Reply handler ignores the submessage result",
		Severity: scanner.Medium, Confidence: 0.6, Category: "error_handling", CWE: "CWE-754",
		Description: "The reply handler never looks at msg.result, so a failed submessage is handled like a successful " +
			"one whenever the submessage replies on error.",
		Recommendation: "Match on msg.result (SubMsgResult::Ok / Err) or call msg.result.into_result()? before acting.",
		Tier:           scanner.TierStandard,
	}
}

func (d cwReply) Check(u *Unit) []scanner.Finding {
	if !u.Frameworks[CosmWasm] {
		return nil
	}
	id := d.Meta().ID
	var out []scanner.Finding
	for _, fn := range u.Fns {
		p, ok := fn.Param("Reply")
		if !ok {
			continue
		}
		if !strings.HasPrefix(p.Name, "_") && (mentions(fn.Body.Text(), p.Name+".result") || passed(fn.Body, p.Name)) {
			continue
		}
		out = append(out, u.finding(id, fn.Node.Child("name"), fn.Name))
	}
	return out
}

// passed reports whether name is an argument of a call (f(msg), f(&msg)).
func passed(body *Node, name string) bool {
	found := false
	body.Walk(func(n *Node) bool {
		if n.Kind == "arguments" {
			for _, a := range n.Children {
				if t := strings.TrimSpace(strings.TrimLeft(a.Text(), "&")); t == name || t == name+".clone()" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
