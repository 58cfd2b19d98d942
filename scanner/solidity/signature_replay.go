package solidity

import (
	"math/big"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// signatureReplay: a signed authorisation that can be submitted again. If
// nothing records that a signature was used (a nonce, a used-hash map), the
// same signature works forever, and on other chains or contracts too.
//
// Decides: a public state-changing function that calls ecrecover (or an
// internal or library helper of the bundle that does, or a library
// outside the bundle called like one: digest and signature in, an
// address out, see recoveryShaped) but writes
// no state besides what the signed action itself does, i.e. nothing keyed
// by the signer or the hash, and increments no nonce: see replayProtected,
// which decides by data flow (a written variable read into the digest or
// a flag a condition reads, or an entry keyed by the digest a condition
// reads: a filled amount capped per signed order), never by names. A
// signer compared only with the caller (ecrecover(…) == msg.sender) is
// not reported: the caller could act without the signature
// (signerIsCaller); nor a function that acts on nothing (no state write,
// call or payment, see actsFrom: a public verifier not declared view);
// nor a recovery only a caller the contract restricts reaches (an
// authorised transmitter relaying signed reports, CallerChecked).
// A function that does record use is still reported when its digest is
// known to name neither the chain id nor the contract's address
// (unboundDigest): the signature replays on other chains and
// deployments, as EIP-712's domain separator prevents; or when the record
// is keyed by the signature itself and the recovery is a raw ecrecover
// bounding s by nothing (malleableRecord): the signature's other valid
// form passes under another key (SWC-117).
// Reports the ecrecover call, or the helper's call; a record keyed by a
// malleable signature at the hash keying it.
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
		Description:    "The function accepts a signature verified with ecrecover that can be submitted again: either nothing records it as used, so anyone who has seen it can replay it here, or its digest names neither the chain id nor the contract's address, so it verifies on other chains and other deployments whatever nonce this one keeps.",
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
		rs := byFunc[f]
		if len(rs) == 0 {
			// A helper that recovers the signer for f (recover(h, sig)).
			f.Body.Walk(func(n *Node) bool {
				if n.Kind == "call_expression" && recovers(f, n, 2) {
					rs = append(rs, n)
					return false
				}
				return true
			})
		}
		// A verifier that acts on nothing (checks and returns) has nothing
		// to replay: the function acting on its answer does.
		if len(rs) == 0 || !actsFrom(f, f.Body.Start) {
			continue
		}
		// A nonce or a used-digest record stops replay here, but not on
		// another chain or another deployment when the digest names
		// neither.
		protected := replayProtected(f)
		for _, r := range rs {
			if protected && !unboundDigest(f, r) {
				// A record keyed by the signature, of a recovery that
				// takes either form of it, is reported at the key's hash.
				if k := malleableRecord(f, r); k != nil && !f.CallerChecked(r) {
					out = append(out, u.finding(d.Meta().ID, k, scope(f)))
				}
				continue
			}
			// A submitter the function restricts (an authorised
			// transmitter relaying signed reports): nobody who merely saw
			// the signature can send it again.
			if !signerIsCaller(f, r) && !f.CallerChecked(r) {
				out = append(out, u.finding(d.Meta().ID, r, scope(f)))
			}
		}
	}
	return out
}

// replayProtected reports whether f records that a signature was used,
// judged by what the code does, never by names: a state variable read
// into the signed digest and written in f (nonces[from]++ inside the
// hash), a helper called inside the hash that writes state (_useNonce),
// or a flag set to a constant or bumped by one that a condition of f
// reads (require(!used[id]); used[id] = true), or a helper handed the
// digest's inputs or the recovered signer that marks state
// (_useCheckedNonce(signer, nonce)). Writes of internal functions f
// calls count as f's.
func replayProtected(f *Function) bool {
	inHash := map[string]bool{}
	protected := false
	f.Body.Walk(func(n *Node) bool {
		if !isHashCall(n) {
			return true
		}
		n.Walk(func(x *Node) bool {
			switch x.Kind {
			case "identifier":
				inHash[x.Text()] = true
			case "call_expression":
				// A helper in the digest that writes state (a nonce it
				// bumps), or a hook without a body that a deriving
				// contract implements (_getAndIncrementNonce): what it
				// does is unknown here, and guessing is the false
				// positive users see.
				if h := f.internalCallee(x); h != nil && (h.Body == nil || h.Summary().WritesState) {
					protected = true
				}
			}
			return true
		})
		return false
	})
	if protected {
		return true
	}
	// A local in the digest stands for what it was read from: uint256 n
	// = nonces[owner]; keccak256(…, n, …); nonces[owner] = n + 1.
	for _, ds := range f.Defs() {
		for _, d := range ds {
			if !inHash[d.Name] || d.Value == nil {
				continue
			}
			d.Value.Walk(func(x *Node) bool {
				if x.Kind == "identifier" {
					inHash[x.Text()] = true
				}
				return true
			})
		}
	}
	inCond := map[string]bool{}
	mark := func(n *Node) {
		n.Walk(func(x *Node) bool {
			if x.Kind == "identifier" {
				inCond[x.Text()] = true
			}
			return true
		})
	}
	for _, c := range f.Conditions() {
		mark(c)
		// A verifier called in the condition (require(verify(req,
		// sig))): what it checks and returns is checked here.
		c.Walk(func(x *Node) bool {
			if x.Kind == "call_expression" {
				for _, g := range runs(f.internalCallee(x), 2) {
					for _, gc := range g.Conditions() {
						mark(gc)
					}
					for _, r := range g.Body.FindAll("return_statement") {
						mark(r)
					}
				}
			}
			return true
		})
	}
	writes := append([]Write(nil), f.StateWrites()...)
	f.Body.Walk(func(n *Node) bool {
		if n.Kind == "call_expression" {
			if h := f.internalCallee(n); h != nil && h != f && h.Body != nil {
				writes = append(writes, h.StateWrites()...)
			}
		}
		return true
	})
	// An entry keyed by the digest that a condition reads: a used flag
	// or a filled amount capped per signed order (fills[user][hash] +=
	// amount; require(fills[user][hash] + amount <= max)).
	digest := f.Derived(isHashCall)
	for _, w := range writes {
		if inHash[w.Var] || inCond[w.Var] && (markWrite(w.Node) && !(bump(w.Node) && capsAbove(f, w.Var)) || keyedBy(w.Node, digest)) {
			return true
		}
	}
	// A helper handed the digest's inputs or the recovered signer that
	// records an event in state (_useCheckedNonce(signer, nonce) bumping
	// nonces[signer]; a helper setting used[from][nonce] = true; a
	// library bumping the entry it is called on, nonces[owner].increment()).
	signer := f.Derived(func(x *Node) bool { return recovers(f, x, 2) })
	found := false
	f.Body.Walk(func(n *Node) bool {
		if found || n.Kind != "call_expression" {
			return !found
		}
		h, args := f.codeCallee(n)
		if h == nil {
			// One of the contract's own functions called through this
			// (this.route(id, …)): it records in this contract's state.
			if fn := n.Child("function"); fn != nil && fn.Kind == "member_expression" && fn.Child("object").Text() == "this" {
				h, args = f.Contract.Resolve(fn.Child("property").Text(), argCount(n)), argNodes(n)
			}
		}
		if h == nil || h == f || h.Body == nil || !marksState(h, 3) {
			return true
		}
		for _, a := range args {
			a.Walk(func(x *Node) bool {
				found = found || x.Kind == "identifier" && (inHash[x.Text()] || signer[x.Text()])
				return !found
			})
		}
		return !found
	})
	return found
}

// marksState reports whether h, or an internal or library function it
// calls (depth levels deep), writes state with a mark (markWrite: a
// constant, ++), directly or through a storage parameter.
func marksState(h *Function, depth int) bool {
	return h.Reaches(depth, func(g *Function) bool {
		for _, w := range g.StateWrites() {
			// A counter capped above one (count[id] < maxUses) lets the
			// signature through that many times.
			if markWrite(w.Node) && !(bump(w.Node) && capsAbove(g, w.Var)) {
				return true
			}
		}
		// A library bumping a counter it is handed (Counters.increment).
		for _, w := range storageParamWrites(g) {
			if markWrite(w) {
				return true
			}
		}
		return false
	})
}

// markWrite reports a write that records an event rather than moving an
// amount: x = literal, x++, x += 1, x = n + 1 (the next nonce after the
// one used); delete is not one.
func markWrite(n *Node) bool {
	switch n.Kind {
	case "update_expression":
		return true
	case "assignment_expression", "augmented_assignment_expression":
		r := unparen(n.Child("right"))
		if r == nil {
			return false
		}
		if n.Kind == "augmented_assignment_expression" {
			return r.Text() == "1"
		}
		if r.Kind == "binary_expression" && r.Operator() == "+" && (r.Child("right").Text() == "1" || r.Child("left").Text() == "1") {
			return true
		}
		return isLiteral(r) || r.Text() == "true" || r.Text() == "false"
	}
	return false
}

// bump reports a write that adds one: x++, x += 1, x = x + 1.
func bump(n *Node) bool {
	switch n.Kind {
	case "update_expression":
		return true
	case "augmented_assignment_expression":
		return n.Operator() == "+=" && unparen(n.Child("right")).Text() == "1"
	case "assignment_expression":
		r := unparen(n.Child("right"))
		return r != nil && r.Kind == "binary_expression" && r.Operator() == "+"
	}
	return false
}

// capsAbove reports whether a condition of f bounds variable v by an
// amount other than 0 or 1 (require(count[id] < maxUses)): a counter so
// capped lets the same signature through that many times, where a used
// flag (== 0, < 1) lets it through once.
func capsAbove(f *Function, v string) bool {
	found := false
	for _, c := range f.Conditions() {
		c.Walk(func(x *Node) bool {
			if found || x.Kind != "binary_expression" {
				return !found
			}
			switch x.Operator() {
			case "<", "<=", ">", ">=":
			default:
				return true
			}
			l, r := unparen(x.Child("left")), unparen(x.Child("right"))
			for _, side := range [][2]*Node{{l, r}, {r, l}} {
				if root := lvalueRoot(side[0]); root != nil && root.Text() == v {
					if t := dropSpace(side[1].Text()); t != "0" && t != "1" {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// malleableRecord returns the hash keying a use record by the signature
// itself (used[keccak256(…, sig)] = true) where the recovery r accepts
// either of a signature's two valid forms: a raw ecrecover, in f or in a
// helper of the bundle, with no condition bounding s by half the curve
// order. The other form (s' = n - s, v flipped) recovers the same signer
// under another key, so the record does not stop replay (SWC-117). A
// library outside the bundle (ECDSA) is taken to reject the high form.
// nil if there is none.
func malleableRecord(f *Function, r *Node) *Node {
	var sig []*Node
	args := argNodes(r)
	if calleeName(r) == "ecrecover" && r.Child("function").Kind == "identifier" {
		if len(args) == 4 {
			sig = args[1:]
		}
	} else {
		for _, a := range args {
			if t := strings.TrimSpace(f.ExprType(a)); t == "bytes" || strings.HasPrefix(t, "bytes ") {
				sig = append(sig, a)
			}
		}
	}
	if len(sig) == 0 || !rawRecovery(f, r, 3) {
		return nil
	}
	names := map[string]bool{}
	for _, a := range sig {
		a.Walk(func(x *Node) bool {
			if x.Kind == "identifier" {
				names[x.Text()] = true
			}
			return true
		})
	}
	// Hashes of the signature, and the locals holding them.
	ofSig := func(x *Node) bool { return isHashCall(x) && mentionsAny(x, names) }
	keys := f.Derived(ofSig)
	for _, w := range f.StateWrites() {
		if !markWrite(w.Node) {
			continue
		}
		for _, i := range indices(writtenBy(w.Node)) {
			if i == nil || !DependsOn(i, keys, ofSig) {
				continue
			}
			// The hash itself: in the index, or where the local keying
			// the record was assigned.
			var at *Node
			f.Body.Walk(func(x *Node) bool {
				if at == nil && ofSig(x) && (i.Contains(x) || x.Start < w.Node.Start) {
					at = x
				}
				return at == nil
			})
			if at != nil {
				return at
			}
		}
	}
	return nil
}

// rawRecovery reports whether call is, or reaches through the bundle's
// internal and library functions (depth levels), an ecrecover whose
// function bounds s by no condition against half the curve order (a
// literal of 255 bits or more: 0x7FFF…20A0).
func rawRecovery(f *Function, call *Node, depth int) bool {
	if fn := call.Child("function"); fn != nil && fn.Kind == "identifier" && fn.Text() == "ecrecover" {
		return !boundsHalfOrder(f)
	}
	if depth == 0 {
		return false
	}
	h := f.internalCallee(call)
	if h == nil {
		h = f.libraryCallee(call)
	}
	if h == nil || h == f || h.Body == nil || boundsHalfOrder(h) {
		return false
	}
	found := false
	h.Body.Walk(func(n *Node) bool {
		found = found || n.Kind == "call_expression" && rawRecovery(h, n, depth-1)
		return !found
	})
	return found
}

// boundsHalfOrder reports a condition of f comparing something with a
// literal of at least 255 bits: the bound on s that rules out a
// signature's second form.
func boundsHalfOrder(f *Function) bool {
	for _, c := range f.Conditions() {
		found := false
		c.Walk(func(x *Node) bool {
			if found {
				return false
			}
			if isLiteral(x) {
				var v big.Int
				if _, ok := v.SetString(strings.ReplaceAll(strings.TrimSpace(x.Text()), "_", ""), 0); ok && v.BitLen() >= 255 {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// keyedBy reports whether write w's target is indexed by one of names.
func keyedBy(w *Node, names map[string]bool) bool {
	for _, i := range indices(writtenBy(w)) {
		if i != nil && mentionsAny(i, names) {
			return true
		}
	}
	return false
}

// signerIsCaller reports whether every comparison of the signer
// recovered by r (an ecrecover or a recovering helper's call) is with the
// caller itself (ecrecover(…) == msg.sender, or in one arm of an ||): the
// caller could act without the signature, so replaying it gives nobody
// anything. A comparison with anyone else (w == owner || w ==
// msg.sender) lets that signer's signature act for any caller.
func signerIsCaller(f *Function, r *Node) bool {
	signer := f.Derived(func(x *Node) bool { return x == r })
	isSigner := func(x *Node) bool {
		x = unwrapConversion(x)
		return x != nil && (x == r || x.Kind == "identifier" && signer[x.Text()])
	}
	caller, other := false, false
	f.Body.Walk(func(n *Node) bool {
		if n.Kind != "binary_expression" || n.Operator() != "==" && n.Operator() != "!=" {
			return true
		}
		l, rr := unparen(n.Child("left")), unparen(n.Child("right"))
		switch {
		case isSigner(l) && f.senderExpr(rr), isSigner(rr) && f.senderExpr(l):
			caller = true
		case isSigner(l), isSigner(rr):
			other = true
		}
		return true
	})
	return caller && !other
}

// unboundDigest reports whether the digest a recovery r in f checks
// (ecrecover's or a recovery helper's first argument) is known to mix in
// neither the chain id nor the contract's address: the same signature
// then verifies on every other chain and every other deployment sharing
// the signer, whatever nonce the contract keeps. It follows the digest
// through locals, hash and encoding builtins, internal functions (their
// returns; a chainid or this anywhere in one counts) and state variables
// (their initialisers and every assignment, a domain separator cached
// by the constructor). A digest the caller hands in, a parameter, or a
// call the bundle cannot resolve leaves it unknown: not reported.
func unboundDigest(f *Function, r *Node) bool {
	args := argNodes(r)
	if len(args) == 0 {
		return false
	}
	d := digestTrace{seen: map[digestVar]bool{}}
	d.expr(f, args[0], 3, false)
	return !d.bound && !d.opaque
}

type digestTrace struct {
	bound, opaque bool
	seen          map[digestVar]bool
}

// digestVar is a variable the trace followed: a local of fn, or a state
// variable (fn nil).
type digestVar struct {
	fn   *Function
	name string
}

// expr follows n in f; hashed is set once the trace has passed through
// a hash, below which parameters are signed content.
func (d *digestTrace) expr(f *Function, n *Node, depth int, hashed bool) {
	if n == nil || d.bound || d.opaque {
		return
	}
	if depth < 0 {
		d.opaque = true
		return
	}
	locals := f.Locals()
	n.Walk(func(x *Node) bool {
		if d.bound || d.opaque {
			return false
		}
		switch x.Kind {
		case "member_expression":
			if isMember(x, "block", "chainid") {
				d.bound = true
				return false
			}
			if x.Field == "property" {
				return false
			}
		case "identifier":
			if x.Field == "property" {
				return false
			}
			name := x.Text()
			switch {
			case name == "this":
				d.bound = true
			case locals[name] && !f.Param(name):
				d.local(f, name, depth, hashed || hashedWithin(x, n))
			case f.Param(name):
				// Signed content inside a hash; the digest itself when
				// the caller hands it in whole.
				if !hashed && !hashedWithin(x, n) {
					d.opaque = true
				}
			case f.Contract.StateVar(name) != nil:
				d.state(f, name, depth-1)
			}
			return false
		case "call_expression":
			fn := x.Child("function")
			switch {
			case isHashCall(x), encodes(x), converts(x):
				return true
			case fn != nil && fn.Kind == "identifier" && f.Contract.Unit.lookup(fn.Text()) != nil:
				return true // T(x): a conversion to a contract or struct type
			}
			h := f.internalCallee(x)
			if h == nil && fn != nil && fn.Kind == "member_expression" {
				h = f.libraryCallee(x)
			}
			if h == nil || h.Body == nil {
				d.opaque = true
				return false
			}
			d.body(h)
			in := hashed || hashedWithin(x, n)
			for _, v := range h.Body.FindAll("return_statement") {
				d.expr(h, v, depth-1, in)
			}
			for _, a := range argNodes(x) {
				d.expr(f, a, depth, in)
			}
			return false
		}
		return true
	})
}

// local follows a local's definitions, and a chainid read in the
// function's assembly (assembly { id := chainid() }).
func (d *digestTrace) local(f *Function, name string, depth int, hashed bool) {
	key := digestVar{f, name}
	if d.seen[key] {
		return
	}
	d.seen[key] = true
	d.body(f)
	for _, ds := range f.Defs() {
		for _, df := range ds {
			if df.Name != name {
				continue
			}
			switch {
			case df.Value != nil:
				d.expr(f, df.Value, depth, hashed)
			case df.Part != nil:
				d.expr(f, df.Part, depth, hashed)
			}
		}
	}
}

// state follows a state variable's initialiser (read as if in f, which
// names no local of it) and every assignment of it in the lineage of
// f's contract; none at all leaves it unknown.
func (d *digestTrace) state(f *Function, name string, depth int) {
	sv := f.Contract.StateVar(name)
	if sv == nil || strings.HasPrefix(strings.TrimSpace(sv.Type), "mapping") {
		return // a per-key record (a nonce), signed content
	}
	key := digestVar{nil, name}
	if d.seen[key] {
		return
	}
	d.seen[key] = true
	if depth < 0 {
		d.opaque = true
		return
	}
	found := false
	if v := sv.Node.Child("value"); v != nil {
		found = true
		d.expr(f, v, depth, false)
	}
	for _, x := range f.Contract.Linearization() {
		for _, g := range x.Functions {
			if g.Body == nil {
				continue
			}
			for _, w := range g.StateWrites() {
				if l := w.Node.Child("left"); w.Var == name && w.Node.Kind == "assignment_expression" && l != nil && l.Kind == "identifier" {
					found = true
					d.body(g)
					d.expr(g, w.Node.Child("right"), depth, false)
				}
			}
		}
	}
	if !found {
		d.opaque = true
	}
}

// body marks the digest bound when h reads the chain id in assembly.
func (d *digestTrace) body(h *Function) {
	h.Body.Walk(func(n *Node) bool {
		if n.Kind == "yul_evm_builtin" && n.Text() == "chainid" {
			d.bound = true
		}
		return !d.bound
	})
}

// hashedWithin reports whether x sits in a hash call at or below root.
func hashedWithin(x, root *Node) bool {
	for p := x; p != nil; p = p.Parent {
		if isHashCall(p) {
			return true
		}
		if p == root {
			break
		}
	}
	return false
}
