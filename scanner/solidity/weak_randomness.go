package solidity

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
)

// weakRandomness: randomness derived from block values (blockhash, number,
// difficulty/prevrandao, coinbase, gaslimit, timestamp) that miners and
// other contracts can predict or influence.
//
// Decides per contract: the contract turns block values into a number,
// i.e. calls blockhash, hashes a block value, or takes a block value modulo
// something, directly or through a local computed from one. If so every use of a block value in the contract (including
// state variable initialisers) feeds the generator and is reported, the
// timestamp only when other block values are used too (timestamp alone is
// the timestamp-dependence detector's). Reports each use.
//
// A block value that only goes into an identifier is left out (idOnly):
// hashed into a record id or a receipt used as a key, emitted, added to a
// set, or handed to outside callers by a getter nothing in the bundle
// calls.
//
// A block hash a checked caller's value is compared with (a proposer
// anchoring its data to a block: verifiedHash) draws nothing either.
//
// A block value stored as a record (a state variable or an entry no draw
// reads: when a bet was made, when a round started) is not reported; nor
// is a committed future block: blockhash of a block number stored at a
// commit, read within blockhash's 256-block window (committedDraws).
//
// Known false positives: block numbers compared for bookkeeping in a
// contract that also derives randomness.
type weakRandomness struct{}

func (weakRandomness) Meta() scanner.Rule {
	return scanner.Rule{
		ID:             "SOL-WEAK-RANDOMNESS",
		Title:          "Weak randomness from block values",
		Severity:       scanner.High,
		Confidence:     0.8,
		Category:       "bad_randomness",
		CWE:            "CWE-330",
		SWC:            "SWC-120",
		Description:    "The contract derives a random number from block attributes (blockhash, block.number, difficulty, coinbase, timestamp). Miners can influence them and any contract calling in the same block can compute the same value, so the outcome is predictable.",
		Recommendation: "Use a verifiable randomness source (Chainlink VRF) or a commit-reveal scheme; never block values.",
		Tier:           scanner.TierQuick,
	}
}

var entropyMembers = map[string]bool{"number": true, "difficulty": true, "prevrandao": true, "coinbase": true, "gaslimit": true, "blockhash": true}

// blockSource classifies n as a block value: "entropy", "timestamp" or "".
func blockSource(n *Node) string {
	switch n.Kind {
	case "member_expression":
		if n.Child("object").Text() == "block" {
			p := n.Child("property").Text()
			if entropyMembers[p] {
				return "entropy"
			}
			if p == "timestamp" {
				return "timestamp"
			}
		}
	case "identifier":
		if n.Text() == "now" && !(n.Parent != nil && n.Parent.Kind == "member_expression" && n.Field == "property") {
			return "timestamp"
		}
	case "call_expression":
		if fn := n.Child("function"); fn != nil && (fn.Kind == "identifier" && fn.Text() == "blockhash" || isMember(fn, "block", "blockhash")) {
			return "entropy"
		}
	}
	return ""
}

// randomContext reports whether c turns block values into numbers, and
// whether it uses block values other than the timestamp. The weak
// randomness and timestamp detectors both ask; the contract is walked once.
func randomContext(c *Contract) (random, entropy bool) {
	c.randomOnce.Do(func() { c.random, c.entropy = computeRandomContext(c) })
	return c.random, c.entropy
}

func computeRandomContext(c *Contract) (random, entropy bool) {
	c.Node.Walk(func(n *Node) bool {
		if s := blockSource(n); s == "entropy" {
			entropy = true
			if n.Kind == "call_expression" || isMember(n, "block", "blockhash") {
				random = true
			}
		}
		if isHashCall(n) || n.Kind == "binary_expression" && n.Operator() == "%" {
			n.Walk(func(x *Node) bool {
				if blockSource(x) != "" {
					random = true
				}
				return !random
			})
		}
		return true
	})
	if random || !entropy {
		return random, entropy
	}
	// Through locals: seed = block.timestamp + block.prevrandao;
	// players[seed % n].
	for _, f := range c.Functions {
		if f.Body == nil {
			continue
		}
		derived := f.Derived(func(n *Node) bool { return blockSource(n) != "" })
		if len(derived) == 0 {
			continue
		}
		f.Body.Walk(func(n *Node) bool {
			if isHashCall(n) || n.Kind == "binary_expression" && n.Operator() == "%" {
				random = random || mentionsAny(n, derived)
			}
			return !random
		})
		if random {
			break
		}
	}
	return random, entropy
}

func (d weakRandomness) Check(u *Unit) []scanner.Finding {
	var out []scanner.Finding
	for _, c := range u.Contracts {
		if c.Kind == "interface" {
			continue
		}
		random, entropy := randomContext(c)
		if !random || !entropy {
			continue
		}
		// A library that only returns blockhash is a utility, not a draw.
		if c.Kind == "library" && !drawsNumbers(c) {
			continue
		}
		feeds := seedVariables(c)
		draws, commits := committedDraws(c)
		c.Node.Walk(func(n *Node) bool {
			if draws[n] || len(commits) > 0 && commitWrite(n, commits) {
				return false
			}
			s := blockSource(n)
			if s == "" {
				// uint(msg.sender) % n: the caller picks the outcome.
				if n.Kind == "binary_expression" && n.Operator() == "%" && mentionsSender(n.Child("left")) {
					out = append(out, u.finding(d.Meta().ID, n, c.Name))
				}
				return true
			}
			if n.Kind == "call_expression" || isMember(n, "block", "blockhash") || inRandomExpr(n) || flowsInto(n, feeds, c) {
				if f := u.funcOf(n); f == nil || !idOnly(f, n) && !verifiedHash(f, n) {
					out = append(out, u.finding(d.Meta().ID, n, c.Name))
				}
			}
			return false
		})
	}
	return out
}

// verifiedHash reports a block hash compared for equality with a value
// the caller hands in, in a function only checked callers reach: a
// trusted submitter proving which block its data is anchored to
// (require(blockhash(n) == h) from a proposer). Nothing is drawn or won
// by the comparison; a guessing game is open to anyone, and its draw
// stays reported.
func verifiedHash(f *Function, n *Node) bool {
	if n.Kind != "call_expression" || !f.Guarded() {
		return false
	}
	top := n
	for top.Parent != nil && top.Parent.Kind == "parenthesized_expression" {
		top = top.Parent
	}
	p := top.Parent
	if p == nil || p.Kind != "binary_expression" || p.Operator() != "==" && p.Operator() != "!=" {
		return false
	}
	other := p.Child("left")
	if other == top {
		other = p.Child("right")
	}
	other = unwrapConversion(other)
	return other != nil && other.Kind == "identifier" && f.Param(other.Text())
}

// committedDraws returns the blockhash draws of c that read a block fixed
// in an earlier transaction and still inside blockhash's window:
// blockhash(x) or blockhash(x ± k) where x is state every write of which
// stores block.number (± a constant) or resets it, under a condition that
// bounds block.number against x by 256 blocks. The guess was made before
// that block existed, and the window check stops the zero hash of an
// expired block (a commit, then a future block hash). It also returns the
// access paths of those commits: their block.number writes record the
// draw's block and draw nothing.
func committedDraws(c *Contract) (draws map[*Node]bool, commits map[string]bool) {
	for _, f := range c.Functions {
		if f.Body == nil {
			continue
		}
		f.Body.Walk(func(h *Node) bool {
			if h.Kind != "call_expression" || blockSource(h) != "entropy" || len(argNodes(h)) != 1 {
				return true
			}
			x := offsetBase(argNodes(h)[0])
			r := lvalueRoot(x)
			if r == nil || !f.stateName(r) || x.Kind != "identifier" && x.Kind != "member_expression" && x.Kind != "array_access" {
				return true
			}
			path := accessPathOf(x)
			if !committedBlock(c, r.Text(), path) || !windowChecked(f, h, r.Text()) {
				return true
			}
			if draws == nil {
				draws, commits = map[*Node]bool{}, map[string]bool{}
			}
			draws[h] = true
			commits[path] = true
			return true
		})
	}
	return draws, commits
}

// committedBlock reports whether every write of state path (rooted at
// root) in c's lineage stores block.number, plus or minus a constant, or
// resets it (a literal, delete), and one stores block.number.
func committedBlock(c *Contract, root, path string) bool {
	stored := false
	for _, x := range c.Lineage() {
		for _, g := range x.Functions {
			if g.Body == nil {
				continue
			}
			for _, w := range g.StateWrites() {
				if w.Var != root || !overlaps(accessPathOf(writtenBy(w.Node)), path) {
					continue
				}
				switch w.Node.Kind {
				case "unary_expression": // delete
					continue
				case "assignment_expression":
				default:
					return false
				}
				v := offsetBase(w.Node.Child("right"))
				switch {
				case v == nil:
					return false
				case isMember(v, "block", "number"):
					stored = true
				case !isLiteral(v):
					return false
				}
			}
		}
	}
	return stored
}

// offsetBase returns x for x + k or x - k with k a literal (block.number
// + 1, stored + 20), and n itself otherwise, parentheses dropped.
func offsetBase(n *Node) *Node {
	n = unparen(n)
	if n != nil && n.Kind == "binary_expression" && (n.Operator() == "+" || n.Operator() == "-") && isLiteral(unparen(n.Child("right"))) {
		return unparen(n.Child("left"))
	}
	return n
}

// windowChecked reports whether a condition every path to draw h passes
// bounds block.number against state root (or a local read from it) within
// 256 blocks.
func windowChecked(f *Function, h *Node, root string) bool {
	read := f.Derived(func(n *Node) bool { return n.Kind == "identifier" && n.Text() == root })
	for _, gd := range f.Guards(h) {
		number, stored, window := false, false, false
		gd.Cond.Walk(func(x *Node) bool {
			switch {
			case isMember(x, "block", "number"):
				number = true
			case x.Kind == "identifier" && (x.Text() == root || read[x.Text()]):
				stored = true
			case literalValue(f, x) == "256":
				window = true
			}
			return true
		})
		if number && stored && window {
			return true
		}
	}
	return false
}

// literalValue returns the literal n is, or that the constant state
// variable n names is declared with (MAX_DISTANCE = 256); "" otherwise.
func literalValue(f *Function, n *Node) string {
	if isLiteral(n) {
		return n.Text()
	}
	if n.Kind != "identifier" || n.Field == "property" || f.Param(n.Text()) || f.Locals()[n.Text()] {
		return ""
	}
	if sv := f.Contract.StateVar(n.Text()); sv != nil && sv.Constant {
		if v := unparen(sv.Node.Child("value")); v != nil && isLiteral(v) {
			return v.Text()
		}
	}
	return ""
}

// commitWrite reports whether block value n is what a write of one of the
// commits' paths stores.
func commitWrite(n *Node, commits map[string]bool) bool {
	if !isMember(n, "block", "number") {
		return false
	}
	for p := n.Parent; p != nil && !strings.HasSuffix(p.Kind, "_statement"); p = p.Parent {
		if p.Kind == "assignment_expression" {
			l := p.Child("left")
			for path := range commits {
				if l != nil && !l.Contains(n) && overlaps(accessPathOf(l), path) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// inRandomExpr reports whether n sits inside a hash, a modulo or a
// blockhash call.
func inRandomExpr(n *Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		switch {
		case isHashCall(p), p.Kind == "binary_expression" && p.Operator() == "%":
			return true
		case p.Kind == "call_expression" && blockSource(p) == "entropy":
			return true
		case strings.HasSuffix(p.Kind, "_statement"), p.Kind == "state_variable_declaration":
			return false
		}
	}
	return false
}

// assignedName returns the variable a block value is stored in, and
// whether that variable is a state variable.
func assignedName(n *Node, c *Contract) (string, bool) {
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.Kind {
		case "variable_declaration_statement":
			if d := p.FirstKind("variable_declaration"); d != nil {
				return d.Child("name").Text(), false
			}
			return "", false
		case "state_variable_declaration":
			return p.Child("name").Text(), true
		case "assignment_expression", "augmented_assignment_expression":
			if r := lvalueRoot(p.Child("left")); r != nil && !p.Child("left").Contains(n) {
				return r.Text(), c.StateVar(r.Text()) != nil
			}
			return "", false
		case "call_expression":
			if calleeName(p) == "require" || calleeName(p) == "assert" {
				return "", false
			}
			// a.push(…, block.number, …): stored like an assignment.
			if fn := p.Child("function"); fn != nil && fn.Kind == "member_expression" && fn.Child("property").Text() == "push" {
				if r := lvalueRoot(fn.Child("object")); r != nil {
					return r.Text(), c.StateVar(r.Text()) != nil
				}
			}
		}
		if strings.HasSuffix(p.Kind, "_statement") {
			return "", false
		}
	}
	return "", false
}

// seedVariables returns the variables that reach a hash, modulo or
// blockhash in c, directly or through other variables.
func seedVariables(c *Contract) map[string]bool {
	feeds := map[string]bool{}
	for pass := 0; pass < 3; pass++ {
		c.Node.Walk(func(n *Node) bool {
			if n.Kind == "identifier" && inRandomExpr(n) {
				feeds[n.Text()] = true
			}
			if n.Kind == "identifier" && feeds[n.Text()] {
				return true
			}
			if n.Kind == "identifier" {
				if name, _ := assignedName(n, c); name != "" && feeds[name] && name != n.Text() {
					feeds[n.Text()] = true
				}
			}
			return true
		})
	}
	return feeds
}

// flowsInto reports whether the block value n is stored in a variable that
// feeds the generator: a local or a state variable (a seed kept for later)
// some hash, modulo or blockhash of the contract reads. A block number or
// time stored as a record (when a bet was made, when a round started)
// draws nothing.
func flowsInto(n *Node, feeds map[string]bool, c *Contract) bool {
	name, _ := assignedName(n, c)
	return name != "" && feeds[name]
}

// drawsNumbers reports whether c hashes or reduces block values.
func drawsNumbers(c *Contract) bool {
	found := false
	c.Node.Walk(func(n *Node) bool {
		if found {
			return false
		}
		if isHashCall(n) || n.Kind == "binary_expression" && n.Operator() == "%" {
			n.Walk(func(x *Node) bool {
				if blockSource(x) != "" {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// idOnly reports whether the block value n, in f, only goes into an
// identifier: the value, or the hash it is mixed into, is used as a key
// (records[id] = …), emitted, or returned by a function other contracts
// call, directly or through a local used only so. It draws nothing: a
// registry's id (keccak256(blockhash(block.number - 1), address(this),
// nonce)), a relay receipt, a getter of blockhash(n). A modulo, a
// comparison or any other use on the way is a draw.
func idOnly(f *Function, n *Node) bool {
	top := n
	for {
		p := top.Parent
		if p == nil {
			return false
		}
		switch {
		case p.Kind == "parenthesized_expression", p.Kind == "call_argument",
			p.Kind == "type_cast_expression", p.Kind == "payable_conversion_expression":
		case p.Kind == "call_expression" && (isHashCall(p) || encodes(p) || converts(p)):
		case p.Kind == "binary_expression" && (p.Operator() == "-" || p.Operator() == "+") && blockSource(n) != "":
			// blockhash(block.number - 1): the argument of the value
		default:
			return idSink(f, top, 2)
		}
		top = p
	}
}

// idSink reports whether the value v ends as an identifier: an index, an
// emitted argument, an external getter's return, or a local or a
// parameter of an internal callee whose every read is one of those.
func idSink(f *Function, v *Node, depth int) bool {
	p := v.Parent
	if p == nil {
		return false
	}
	switch {
	case p.Kind == "array_access" && v.Field == "index":
		return true
	case p.Kind == "call_argument" && p.Parent != nil && p.Parent.Kind == "emit_statement":
		return true // emit E(id)
	case p.Kind == "return_statement":
		return handedOut(f)
	case p.Kind == "variable_declaration_statement" && v.Field == "value":
		if d := p.FirstKind("variable_declaration"); d != nil {
			return readsAreIDs(f, d.Child("name").Text(), depth)
		}
	case p.Kind == "assignment_expression" && v.Field == "right":
		l := p.Child("left")
		if l == nil || l.Kind != "identifier" || f.Param(l.Text()) {
			return false
		}
		// A named return (a local too) is handed out when the function
		// ends: only to outside callers is that no draw.
		if isReturn(f, l.Text()) {
			return handedOut(f) && readsAreIDs(f, l.Text(), depth)
		}
		if f.Locals()[l.Text()] {
			return readsAreIDs(f, l.Text(), depth)
		}
	}
	return false
}

// readsAreIDs reports whether every read of local name in f is an
// identifier use (idSink), following a call's argument into an internal
// callee's parameter depth calls deep.
func readsAreIDs(f *Function, name string, depth int) bool {
	ok, seen := true, false
	f.Body.Walk(func(x *Node) bool {
		if !ok || x.Kind != "identifier" || x.Text() != name {
			return ok
		}
		if p := x.Parent; p != nil && (p.Kind == "variable_declaration" || p.Kind == "assignment_expression" && x.Field == "left") {
			return true // its definition
		}
		seen = true
		if idSink(f, x, depth) {
			return true
		}
		// ids.add(id) of a set held in state: a key too.
		if a := x.Parent; a != nil && a.Kind == "call_argument" {
			if call := a.Parent; call != nil && call.Kind == "call_expression" && stateLibraryCall(f, call) {
				return true
			}
		}
		// h(…, id, …): the callee's parameter, read only as an id.
		if a := x.Parent; a != nil && a.Kind == "call_argument" && depth > 0 {
			if call := a.Parent; call != nil && call.Kind == "call_expression" {
				if h := f.internalCallee(call); h != nil && h.Body != nil {
					for i, arg := range argNodes(call) {
						if arg == x && i < len(h.Params) && h.Params[i].Name != "" && readsAreIDs(h, h.Params[i].Name, depth-1) {
							return true
						}
					}
				}
			}
		}
		ok = false
		return false
	})
	return ok && (seen || isReturn(f, name))
}

// handedOut reports whether what f returns goes only to other contracts:
// f is callable from outside, and every call of it in the bundle returns
// its value on from a function so handed out (two calls up): a public
// getter the contract's own draw calls is part of the draw.
func handedOut(f *Function) bool { return handedOutIn(f, 2) }

func handedOutIn(f *Function, depth int) bool {
	callable := f.Kind == "function" && f.Visibility != "internal" && f.Visibility != "private"
	if !callable {
		return false
	}
	for _, c := range f.callers() {
		if c.fn == f {
			continue
		}
		if depth == 0 || !returnsCall(c.fn, c.call) || !handedOutIn(c.fn, depth-1) {
			return false
		}
	}
	return true
}

// returnsCall reports whether g returns the value of call: call is what a
// return statement returns, or is assigned, whole or as a tuple, to g's
// named returns ((n, h, r) = other(…)).
func returnsCall(g *Function, call *Node) bool {
	p := outer(call)
	switch {
	case p == nil:
		return false
	case p.Kind == "return_statement":
		return true
	case p.Kind == "assignment_expression":
		l, r := p.Child("left"), p.Child("right")
		if l == nil || r == nil || !r.Contains(call) {
			return false
		}
		targets := []*Node{l}
		if l.Kind == "tuple_expression" {
			targets = TupleSlots(l)
		}
		for _, t := range targets {
			if t == nil || t.Kind != "identifier" || !isReturn(g, t.Text()) {
				return false
			}
		}
		return true
	}
	return false
}

// encodes reports abi.encode(…) or abi.encodePacked(…).
func encodes(call *Node) bool {
	fn := call.Child("function")
	return IsMember(fn, "abi", "encode") || IsMember(fn, "abi", "encodePacked")
}

// converts reports a conversion to an elementary type written as a call:
// uint256(x), bytes32(h).
func converts(call *Node) bool {
	fn := call.Child("function")
	return fn != nil && len(argNodes(call)) == 1 && elementary.MatchString(dropSpace(fn.Text()))
}

// stateLibraryCall reports a library function called on a state variable
// through using-for (ids.add(id) of an EnumerableSet): the library is the
// bundle's, or the variable's type is neither elementary, a mapping, an
// array nor a contract, so only a library can take the call.
func stateLibraryCall(f *Function, call *Node) bool {
	fn := call.Child("function")
	if fn == nil || fn.Kind != "member_expression" {
		return false
	}
	o := fn.Child("object")
	if o == nil || o.Kind != "identifier" || !f.stateName(o) {
		return false
	}
	if f.libraryCallee(call) != nil {
		return true
	}
	sv := f.Contract.StateVar(o.Text())
	if sv == nil {
		return false
	}
	t := dropSpace(sv.Type)
	return t != "" && !elementary.MatchString(t) && !strings.HasPrefix(t, "mapping") && !strings.HasSuffix(t, "]") &&
		f.Contract.Unit.lookup(t) == nil
}
