package rust

// CosmWasm execute handler without a sender check: a handler that can
// write contract storage never looks at info (the MessageInfo carrying
// the sender and funds), so any account can run it.
//
// Two shapes: a function taking MessageInfo that writes storage (save,
// update, remove, set on a storage) and never reads info.sender nor hands
// info to another function (reading only info.funds checks no one); and a dispatch arm (match ExecuteMsg … =>) of a function that
// has the MessageInfo which calls a storage-writing handler of the same
// file without passing info. instantiate is exempt: it runs once, when the
// deployer creates the contract. Known false positives: handlers that are
// meant to be permissionless and take no funds (e.g. a public crank).

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

type cwMissingSender struct{}

func (cwMissingSender) Meta() scanner.Rule {
	return scanner.Rule{
		ID: "RS-CW-MISSING-SENDER", Title: "Execute handler writes state without checking info.sender",
		Severity: scanner.High, Confidence: 0.6, Category: "access_control", CWE: "CWE-862",
		Description: "A CosmWasm execute handler changes contract storage but never reads the MessageInfo of the call, " +
			"so it cannot restrict who may call it: anyone can send this message.",
		Recommendation: "Check info.sender against the stored owner or admin (cw_ownable::assert_owner, ADMIN.assert_admin), " +
			"or document why the handler is permissionless.",
		Tier: scanner.TierStandard,
	}
}

var storageWrites = map[string]bool{"save": true, "update": true, "remove": true, "set": true, "clear": true}

// writesStorage reports a storage write in n: a save/update/remove call whose
// arguments or receiver name a storage.
func writesStorage(n *Node) *Node {
	var at *Node
	n.Walk(func(c *Node) bool {
		if at != nil {
			return false
		}
		if c.Kind == "call_expression" && storageWrites[callName(c)] {
			if strings.Contains(c.Text(), "storage") {
				at = c
			}
		}
		return true
	})
	return at
}

func usesVar(body *Node, name string) bool {
	used := false
	body.Walk(func(c *Node) bool {
		if used {
			return false
		}
		if c.Kind == "identifier" && c.Text() == name && (c.Parent == nil || c.Parent.Kind != "field_expression" || c.Field == "value") {
			used = true
		}
		return true
	})
	return used
}

func (d cwMissingSender) Check(u *Unit) []scanner.Finding {
	if !u.Frameworks[CosmWasm] {
		return nil
	}
	id := d.Meta().ID
	byName := map[string]*Fn{}
	for _, fn := range u.Fns {
		byName[fn.Name] = fn
	}
	var out []scanner.Finding
	for _, fn := range u.Fns {
		info, ok := fn.Param("MessageInfo")
		if !ok || fn.Name == "instantiate" {
			continue
		}
		if w := writesStorage(fn.Body); w != nil && (strings.HasPrefix(info.Name, "_") || !readsSender(fn.Body, info.Name)) {
			out = append(out, u.finding(id, fn.Node.Child("name"), fn.Name))
			continue
		}
		for _, arm := range fn.Body.Find("match_arm") {
			if usesVar(arm, info.Name) {
				continue
			}
			v := arm.Child("value")
			if v == nil || v.Kind != "call_expression" && v.Kind != "try_expression" {
				continue
			}
			call := v
			if v.Kind == "try_expression" && len(v.Children) > 0 {
				call = v.Children[0]
			}
			g := byName[call.Child("function").Text()]
			if g == nil || g == fn {
				continue
			}
			if _, has := g.Param("MessageInfo"); has {
				continue
			}
			if _, has := g.Param("DepsMut"); !has {
				continue
			}
			if writesStorage(g.Body) != nil {
				out = append(out, u.finding(id, call, fn.Name))
			}
		}
	}
	return out
}

// readsSender reports whether body reads info.sender or hands the whole
// MessageInfo to another function (which may check it: assert_admin,
// must_pay, a helper). Reading only info.funds is not a sender check.
func readsSender(body *Node, info string) bool {
	found := false
	body.Walk(func(n *Node) bool {
		if found {
			return false
		}
		switch n.Kind {
		case "field_expression":
			if n.Child("value").Text() == info && n.Child("field").Text() == "sender" {
				found = true
			}
		case "arguments":
			for _, a := range n.Children {
				if t := strings.TrimSpace(strings.TrimLeft(a.Text(), "&")); t == info || t == info+".clone()" {
					found = true
				}
			}
		case "struct_expression", "tuple_expression", "let_declaration":
			// info moved into a value or another binding: assume it is used.
			for _, c := range n.Find("identifier") {
				if c.Text() == info && c.Parent.Kind != "field_expression" {
					found = true
				}
			}
		}
		return true
	})
	return found
}
