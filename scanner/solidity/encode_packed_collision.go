package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// encodePackedCollision: abi.encodePacked concatenates dynamic values
// without their lengths, so ("ab", "c") and ("a", "bc") encode to the
// same bytes. Hashed, the two inputs share one digest: a signature over
// one authorises the other, and two keys land on the same mapping entry.
//
// Decides: a packed encoding (abi.encodePacked(…), or before 0.5 a hash
// call with several arguments, which packs them) with two or more
// arguments of dynamic type (string, bytes, T[]) by their declared types
// (parameters, locals, state variables, struct members, elements,
// conversions such as bytes(s), msg.data); literals and constants are
// fixed content and do not count. Fixed-size arguments between the
// dynamic ones do not prevent the collision (a || k || b equals
// (a || k) || k || b' when b = k || b'), so their position is ignored.
// The encoding must be hashed (directly or through a local) and the hash,
// or a value derived from it through locals or wrapping calls, used as a
// mapping or array key, compared with == or !=, or passed to ecrecover,
// to a helper of the bundle that calls it (an ECDSA library's recover,
// found by what it does), to a library outside the bundle called like
// one (recoveryShaped), or to ERC-1271's isValidSignature (a standard
// ABI). A hash only emitted, returned or stored is left alone. Reports
// the encoding.
//
// A hash a function returns counts as used the way the callers of that
// function in the bundle use the call's result (two calls deep).
//
// Known false positives: dynamic values the contract controls entirely
// (a fixed table of names); known misses: hashes returned to callers
// outside the bundle, call results of unknown type.
type encodePackedCollision struct{}

func (encodePackedCollision) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-ENCODE-PACKED-COLLISION",
		Title:          "Hash collision with abi.encodePacked of several dynamic values",
		Severity:       scanner.Medium,
		Confidence:     0.7,
		Category:       "other",
		CWE:            "CWE-294",
		SWC:            "SWC-133",
		Description:    "Two or more dynamic values (string, bytes, arrays) are packed with abi.encodePacked and hashed, and the hash authenticates or identifies something: a signature check, a mapping key, a comparison. Packing drops the lengths, so different inputs (\"ab\", \"c\") and (\"a\", \"bc\") give the same hash: a signature or a slot for one is valid for the other.",
		Recommendation: "Use abi.encode, which encodes lengths, or pass at most one dynamic value to abi.encodePacked.",
		Tier:           scanner.TierStandard,
	}
}

func (d encodePackedCollision) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, f := range u.funcs() {
		if f.Body == nil {
			continue
		}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind != "call_expression" {
				return true
			}
			var hash *Node
			switch {
			case IsMember(n.Child("function"), "abi", "encodePacked"):
				hash = d.hashOf(f, n)
			case isHashCall(n) && len(argNodes(n)) > 1 && u.Version.Before(5, 0):
				hash = n // keccak256(a, b) packs its arguments
			default:
				return true
			}
			dynamic := 0
			for _, a := range argNodes(n) {
				if d.dynamicArg(f, a) {
					dynamic++
				}
			}
			if dynamic >= 2 && hash != nil && d.keyed(f, hash, 2) {
				out = append(out, u.finding(d.Meta().ID, n, scope(f)))
			}
			return true
		})
	}
	return out
}

// dynamicArg reports whether a is a non-constant value of dynamic type.
func (encodePackedCollision) dynamicArg(f *Function, a *Node) bool {
	// Through parentheses and conversions to a dynamic type (bytes(s)):
	// the operand decides. bytes32(b) is fixed-size.
	for unwrapping := true; unwrapping; {
		switch a.Kind {
		case "parenthesized_expression":
			if len(a.Children) != 1 {
				return false
			}
			a = a.Children[0]
		case "type_cast_expression":
			arg := a.FirstKind("call_argument")
			if !IsDynamicType(f.ExprType(a)) || arg == nil || len(arg.Children) == 0 {
				return false
			}
			a = arg.Children[0]
		default:
			unwrapping = false
		}
	}
	if IsMember(a, "msg", "data") {
		return true
	}
	if a.Kind != "identifier" && a.Kind != "member_expression" && a.Kind != "array_access" {
		return false // literals, calls, operators
	}
	// A variable's value, not a constant's (Unknown: it lives in code).
	switch r := lvalueRoot(a); {
	case r == nil:
		return false
	case f.Location(r.Text()) == Storage, f.Location(r.Text()) == Memory, f.Location(r.Text()) == Calldata:
	default:
		return false
	}
	return IsDynamicType(f.ExprType(a))
}

// hashOf returns the hash call that digests the packed encoding, directly
// or through a local holding it, or nil.
func (encodePackedCollision) hashOf(f *Function, packed *Node) *Node {
	p := outer(packed)
	if p != nil && p.Kind == "call_argument" && isHashCall(p.Parent) {
		return p.Parent
	}
	held := f.Derived(func(x *Node) bool { return x == packed })
	if len(held) == 0 {
		return nil
	}
	var hash *Node
	f.Body.Walk(func(x *Node) bool {
		if hash == nil && isHashCall(x) {
			for _, a := range argNodes(x) {
				if a.Kind == "identifier" && held[a.Text()] {
					hash = x
				}
			}
		}
		return hash == nil
	})
	return hash
}

// keyed reports whether the hash, or a value derived from it, is used as
// an index, compared for equality or checked as a signed digest.
func (d encodePackedCollision) keyed(f *Function, hash *Node, depth int) bool {
	derived := f.Derived(func(x *Node) bool { return x == hash })
	used, returned := false, false
	f.Body.Walk(func(x *Node) bool {
		if used {
			return false
		}
		if x != hash && !(x.Kind == "identifier" && derived[x.Text()] && x.Field != "property" && x.Field != "name") {
			return true
		}
		// Climb through wrapping calls, conversions and parentheses.
		for c := x; c.Parent != nil; c = c.Parent {
			p := c.Parent
			switch p.Kind {
			case "array_access":
				used = c.Field == "index"
			case "binary_expression":
				op := p.Operator()
				used = op == "==" || op == "!="
			case "call_argument":
				call := p.Parent
				if call != nil && call.Kind == "call_expression" {
					// ecrecover, a helper of the bundle that recovers
					// (an ECDSA library), or ERC-1271's isValidSignature,
					// a standard ABI a contract wallet answers.
					if recovers(f, call, 3) || calleeName(call) == "isValidSignature" && len(argNodes(call)) == 2 {
						used = true
						break
					}
				}
				continue
			case "call_expression", "type_cast_expression", "parenthesized_expression":
				continue
			case "return_statement":
				returned = true
			}
			break
		}
		return !used
	})
	if used || !returned || depth == 0 {
		return used
	}
	// A helper returning the hash: what its callers do with the result.
	for _, c := range f.callers() {
		if c.fn != f && c.fn.Body != nil && d.keyed(c.fn, c.call, depth-1) {
			return true
		}
	}
	return false
}
