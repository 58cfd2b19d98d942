package solidity

import (
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
)

// Unit tests of the analysis layer on small snippets: inheritance
// resolution, CFG shapes, dominance, guard facts and summaries.

func parseSnippet(t *testing.T, src string) *Unit {
	t.Helper()
	u := ParseFile(scanner.File{Path: "s.sol", Content: []byte(src)})
	if len(u.Errors()) > 0 {
		t.Fatalf("parse errors: %v", u.Errors())
	}
	return u
}

func contractNamed(u *Unit, name string) *Contract {
	for _, c := range u.Contracts {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// stmtWith returns the shortest statement of f's CFG whose text contains s.
func stmtWith(t *testing.T, f *Function, s string) *Node {
	t.Helper()
	var found *Node
	f.Node.Walk(func(n *Node) bool {
		if strings.HasSuffix(n.Kind, "_statement") && n.Kind != "block_statement" && strings.Contains(n.Text(), s) && (found == nil || len(n.Text()) < len(found.Text())) {
			found = n
		}
		return true
	})
	if found == nil {
		t.Fatalf("no statement %q in %s", s, f.Name)
	}
	return found
}

func TestC3Linearization(t *testing.T) {
	// The diamond of the Solidity documentation: contract D is B, C
	// linearises as D, C, B, A.
	u := parseSnippet(t, `pragma solidity ^0.8.0;
contract A { function f() public virtual returns (uint) { return 1; } }
contract B is A { function f() public virtual override returns (uint) { return 2; } }
contract C is A { function f() public virtual override returns (uint) { return super.f(); } }
contract D is B, C { function g() public returns (uint) { return f(); } }
`)
	d := contractNamed(u, "D")
	var got []string
	for _, c := range d.Linearization() {
		got = append(got, c.Name)
	}
	if strings.Join(got, ",") != "D,C,B,A" {
		t.Errorf("linearisation %v, want D,C,B,A", got)
	}
	if f := d.Resolve("f", 0); f == nil || f.Contract.Name != "C" {
		t.Errorf("D.f resolves to %v, want C's", f)
	}
	// super.f() inside C, seen from D, is B.f.
	if f := d.ResolveSuper(contractNamed(u, "C"), "f", 0); f == nil || f.Contract.Name != "B" {
		t.Errorf("super.f from C in D resolves to %v, want B's", f)
	}
	if f := d.Resolve("f", 1); f != nil {
		t.Errorf("f with one argument resolves to %v, want nil", f.Contract.Name)
	}
}

func TestCFGShapes(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
contract K {
  uint x;
  function f(uint a) public returns (uint) {
    x = 0;
    if (a > 1) { x = 1; } else { x = 2; }
    for (uint i = 0; i < a; i++) { if (i == 3) break; x += i; }
    while (a > 0) { a--; if (a == 7) continue; x = 5; }
    unchecked { x -= 1; }
    try this.f(1) returns (uint v) { x = v; } catch { x = 4; }
    return x;
    x = 9;
  }
}
`)
	f := contractNamed(u, "K").Functions[0]
	g := f.CFG()
	first := g.BlockOf(stmtWith(t, f, "x = 0"))
	if first != g.Entry {
		t.Errorf("first statement not in the entry block")
	}
	thenB, elseB := g.BlockOf(stmtWith(t, f, "x = 1")), g.BlockOf(stmtWith(t, f, "x = 2"))
	if thenB == elseB || g.Dominates(thenB, elseB) || !g.Dominates(first, elseB) {
		t.Errorf("if/else arms: then %d else %d", thenB.ID, elseB.ID)
	}
	brk := stmtWith(t, f, "break")
	after := stmtWith(t, f, "x += i")
	if g.Dominates(g.BlockOf(after), g.BlockOf(brk)) {
		t.Error("the loop body after break dominates the break")
	}
	if !g.ReachableFrom(after, stmtWith(t, f, "x += i")) {
		t.Error("the loop body does not reach itself through the back edge")
	}
	if !g.ReachableFrom(brk, stmtWith(t, f, "a--")) {
		t.Error("break does not leave the loop")
	}
	cont := stmtWith(t, f, "continue")
	if g.ReachableFrom(cont, stmtWith(t, f, "x = 5")) && g.Dominates(g.BlockOf(cont), g.BlockOf(stmtWith(t, f, "x = 5"))) {
		t.Error("continue falls through")
	}
	if b := g.BlockOf(stmtWith(t, f, "x -= 1")); !b.Unchecked {
		t.Error("unchecked block not marked")
	}
	if g.BlockOf(stmtWith(t, f, "x = 2")).Unchecked {
		t.Error("checked block marked unchecked")
	}
	if !g.ReachableFrom(stmtWith(t, f, "x -= 1"), stmtWith(t, f, "x = 4")) || !g.ReachableFrom(stmtWith(t, f, "x -= 1"), stmtWith(t, f, "x = v")) {
		t.Error("try arms not reachable")
	}
	if b := g.BlockOf(stmtWith(t, f, "x = 9")); g.Reachable(b) {
		t.Error("code after return is reachable")
	}
	if !g.Reachable(g.Exit) {
		t.Error("exit unreachable")
	}
}

// TestPathAvoiding: a run through a statement that skips given nodes,
// and the ends of paths at assembly reverts and revert-only helpers.
func TestPathAvoiding(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
contract K {
  uint x; uint y;
  function _fail(bytes memory r) internal pure { assembly { revert(add(32, r), mload(r)) } }
  function f(uint a) public {
    if (a > 1) { x = 1; }
    y = a;
    if (a == 2) { x = 3; }
  }
  function g(uint a, bytes memory r) public {
    if (a == 0) { assembly { revert(0, 0) } }
    if (a == 1) { _fail(r); }
    x = a;
  }
}
`)
	c := contractNamed(u, "K")
	f := c.Function("f")
	g := f.CFG()
	pay, before, after := stmtWith(t, f, "y = a"), stmtWith(t, f, "x = 1"), stmtWith(t, f, "x = 3")
	if !g.PathAvoiding(pay, nil, nil) {
		t.Error("no path through the statement with nothing to avoid")
	}
	if !g.PathAvoiding(pay, []*Node{before}, nil) || !g.PathAvoiding(pay, []*Node{after}, nil) {
		t.Error("a write made in one branch blocks every path")
	}
	if g.PathAvoiding(pay, []*Node{pay}, nil) {
		t.Error("the statement itself is avoidable")
	}
	// Cutting the false arm of the first branch forces the write.
	first := g.BlockOf(before).Preds[0]
	cut := func(from, to *Block) bool { return from == first && to == first.Succs[1] }
	if g.PathAvoiding(pay, []*Node{before}, cut) {
		t.Error("a cut edge was taken")
	}
	h := c.Function("g")
	gh := h.CFG()
	for _, s := range []string{"revert(0, 0)", "_fail(r)"} {
		if gh.ReachableFrom(stmtWith(t, h, s), stmtWith(t, h, "x = a")) {
			t.Errorf("%s falls through", s)
		}
	}
	if !gh.Reachable(gh.BlockOf(stmtWith(t, h, "x = a"))) {
		t.Error("the statement after the reverting arms is unreachable")
	}
}

func TestGuardFacts(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
library PL { function pairFor(address f, uint a) internal pure returns (address) { return address(uint160(uint(keccak256(abi.encode(f, a))))); } }
contract G {
  address boss; uint x; mapping(address => bool) allowed;
  modifier m1() { require(msg.sender == boss, "no"); _; }
  modifier m2() { _; }
  modifier m3() { if (msg.sender != boss) revert(); _; }
  modifier m4() { if (boss == msg.sender) { _; } }
  function isBoss(address a) internal view returns (bool) { return a == boss; }
  function checkBoss() internal view { require(allowed[msg.sender]); }
  function a() public m1 { x = 1; }
  function b() public m2 { x = 2; }
  function c() public m3 { x = 3; }
  function d() public m4 { x = 4; }
  function e() public { require(isBoss(msg.sender)); x = 5; }
  function h() public { checkBoss(); x = 6; }
  function i(uint v) public { if (v > 1) { x = 7; } require(v < 9); x = 8; }
  function j(uint v) public { x = v > 2 ? v - 2 : 0; }
  function k(address who) public { require(who == boss); x = 9; }
  function l() public { if (msg.sender == tx.origin) { x = 10; } }
  function n() public { address me = msg.sender; require(allowed[me]); x = 11; }
  function o(uint v) public { require(allowed[msg.sender] || v > 0); x = 12; }
  function p() public { require(msg.sender == boss || allowed[msg.sender]); x = 13; }
  modifier m5() { if (msg.sender == boss) {} _; }
  modifier m6() { if (msg.sender != boss) {} else {} _; }
  function isCaller() internal view returns (bool) { return msg.sender == boss; }
  modifier m7() { require(isCaller()); _; }
  function q() public m5 { x = 14; }
  function r() public m6 { x = 15; }
  function s() public m7 { x = 16; }
  function t() public { require(msg.sender != boss); x = 17; }
  function v() public { if (allowed[msg.sender]) revert(); x = 18; }
  function w() public { require(!(msg.sender != boss)); x = 19; }
  function y() public { if (!allowed[msg.sender] || msg.sender != boss) revert(); x = 20; }
  function z(uint a) public { require(msg.sender == PL.pairFor(boss, a)); x = 21; }
  function aa(uint id) public { address o = owners[id]; require(msg.sender == o); x = 22; }
  function ab(address from, uint id) public { require(from == owners[id]); require(msg.sender == from); x = 23; }
  function ac(address from) public { require(msg.sender == from); x = 24; }
  mapping(uint => address) owners;
}
`)
	c := contractNamed(u, "G")
	fn := func(name string) *Function { return c.Resolve(name, -1) }
	for _, tc := range []struct {
		fn, stmt string
		want     bool
	}{
		{"a", "x = 1", true},
		{"b", "x = 2", false}, // a modifier that checks nothing
		{"c", "x = 3", true},  // if (…) revert() before _
		{"d", "x = 4", true},  // _ inside the if
		{"e", "x = 5", true},  // a helper comparing its argument with state
		{"h", "x = 6", true},  // a helper that checks, called on every path
		{"i", "x = 8", false},
		{"k", "x = 9", false},   // compares a parameter, not the caller
		{"l", "x = 10", false},  // an EOA check restricts nobody in particular
		{"n", "x = 11", true},   // the caller through a local
		{"o", "x = 12", false},  // a disjunction that admits anyone with v > 0
		{"p", "x = 13", true},   // both sides check the caller
		{"q", "x = 14", false},  // a comparison whose arm does nothing
		{"r", "x = 15", false},  // both arms empty
		{"s", "x = 16", true},   // a helper returning the caller check
		{"t", "x = 17", false},  // everyone but the boss
		{"v", "x = 18", false},  // everyone not listed (a ban list)
		{"w", "x = 19", true},   // negation flips the polarity
		{"y", "x = 20", true},   // past the revert both sides hold
		{"z", "x = 21", true},   // an address the contract's library computes
		{"aa", "x = 22", true},  // a local read from state
		{"ab", "x = 23", true},  // a parameter a guard equates with state
		{"ac", "x = 24", false}, // a parameter nothing ties to state
	} {
		f := fn(tc.fn)
		if got := f.CallerChecked(stmtWith(t, f, tc.stmt)); got != tc.want {
			t.Errorf("%s: CallerChecked(%s) = %v, want %v", tc.fn, tc.stmt, got, tc.want)
		}
	}
	// Guarded, the function-level fact, agrees: a check with no effect
	// restricts nobody; a bool helper's comparison does.
	for name, want := range map[string]bool{"a": true, "b": false, "q": false, "r": false, "s": true} {
		if got := fn(name).Guarded(); got != want {
			t.Errorf("%s: Guarded() = %v, want %v", name, got, want)
		}
	}
	i := fn("i")
	gs := i.Guards(stmtWith(t, i, "x = 8"))
	if len(gs) != 1 || gs[0].Cond.Text() != "v < 9" || !gs[0].True {
		t.Errorf("guards of x = 8: %v", gs)
	}
	gs = i.Guards(stmtWith(t, i, "x = 7"))
	if len(gs) != 1 || gs[0].Cond.Text() != "v > 1" {
		t.Errorf("guards of x = 7: %v", gs)
	}
	// The ternary's arm v - 2 is guarded by v > 2.
	j := fn("j")
	var sub *Node
	j.Body.Walk(func(n *Node) bool {
		if n.Kind == "binary_expression" && n.Text() == "v - 2" {
			sub = n
		}
		return true
	})
	gs = j.Guards(sub)
	if len(gs) != 1 || gs[0].Cond.Text() != "v > 2" || !gs[0].True {
		t.Errorf("guards of v - 2: %v", gs)
	}
}

// TestThrowGuards checks that a pre-0.5 "throw;" ends its path: the
// condition before it guards what follows.
func TestThrowGuards(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.4.24;
contract T {
  address boss; uint x;
  modifier m1 { if (msg.sender != boss) throw; _; }
  function a() m1 public { x = 1; }
  function b(uint v) public { if (v > 3) throw; x = v; }
  function d() public payable { if (msg.value < 1 ether) { throw; } x = 2; }
}
`)
	c := contractNamed(u, "T")
	a := c.Resolve("a", -1)
	if !a.CallerChecked(stmtWith(t, a, "x = 1")) {
		t.Errorf("a: x = 1 not caller-checked behind if (…) throw")
	}
	b := c.Resolve("b", -1)
	gs := b.Guards(stmtWith(t, b, "x = v"))
	if len(gs) != 1 || gs[0].Cond.Text() != "v > 3" || gs[0].True {
		t.Errorf("guards of x = v: %v", gs)
	}
	d := c.Resolve("d", -1)
	gs = d.Guards(stmtWith(t, d, "x = 2"))
	if len(gs) != 1 || gs[0].Cond.Text() != "msg.value < 1 ether" || gs[0].True {
		t.Errorf("guards of x = 2 behind { throw; }: %v", gs)
	}
}

func TestSummaries(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
interface T { function pull() external; }
contract S {
  uint n; address o;
  function pay(address to) internal { payable(to).transfer(1); }
  function poke(T t) internal { t.pull(); }
  function bump() internal { n++; }
  function only() internal view { require(msg.sender == o); }
  function outer(address to) public { only(); pay(to); bump(); }
  function viaPoke(T t) public { poke(t); }
  function pure2(uint a) public pure returns (uint) { return a + 1; }
}
`)
	c := contractNamed(u, "S")
	for _, tc := range []struct {
		fn   string
		want Summary
	}{
		{"outer", Summary{WritesState: true, ExternalCall: true, SendsValue: true, ChecksCaller: true}},
		{"viaPoke", Summary{ExternalCall: true}},
		{"pure2", Summary{}},
		{"only", Summary{ChecksCaller: true}},
	} {
		if got := c.Resolve(tc.fn, -1).Summary(); got != tc.want {
			t.Errorf("%s: summary %+v, want %+v", tc.fn, got, tc.want)
		}
	}
}

// TestUsingFor: x.g(…) resolves through using-for directives of the
// contract and its bases, by name and arity.
func TestUsingFor(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
library L { function g(uint a, uint b) internal pure returns (uint) { return a + b; } }
library M { function h(bytes32 a) internal pure returns (bytes32) { return a; } }
contract B { using L for uint; }
contract C is B {
  using M for bytes32;
  function f(uint x, bytes32 y) public pure returns (uint, bytes32) { return (x.g(1), y.h()); }
  function k(uint x) public pure returns (uint) { return x.g(1, 2); }
}
`)
	if u.bundle == nil {
		link([]*Unit{u})
	}
	c := contractNamed(u, "C")
	calls := map[string]*Node{}
	for _, fn := range []string{"f", "k"} {
		c.Function(fn).Body.Walk(func(n *Node) bool {
			if n.Kind == "call_expression" {
				calls[n.Text()] = n
			}
			return true
		})
	}
	for text, want := range map[string]string{"x.g(1)": "L.g", "y.h()": "M.h", "x.g(1, 2)": ""} {
		n := calls[text]
		if n == nil {
			t.Fatalf("no call %s", text)
		}
		got := ""
		if g := c.Function("f").libraryCallee(n); g != nil {
			got = g.Contract.Name + "." + g.Name
		}
		if got != want {
			t.Errorf("%s resolves to %q, want %q", text, got, want)
		}
	}
}

// TestLayout: state variables placed as solc places them, bases first,
// small value types packed, constants and immutables skipped, and the
// layout stopping before a variable of a size it cannot tell.
func TestLayout(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
interface I {}
contract A {
    uint8 a1;
    address a2;
    uint256 constant K = 1;
    bool a3;
    address immutable a4 = address(0);
}
contract B is A {
    mapping(address => uint) b1;
    uint128 b2;
    I b3;
    bytes32 b4;
    uint16[] b5;
    uint64 b6;
    uint256[3] b7;
    uint256 b8;
}
`)
	b := contractNamed(u, "B")
	layout := b.Layout()
	got := map[string]Slot{}
	for v, s := range layout {
		got[v.Name] = s
	}
	want := map[string]Slot{
		"a1": {0, 0, 1}, "a2": {0, 1, 20}, "a3": {0, 21, 1},
		"b1": {1, 0, 32}, "b2": {2, 0, 16}, "b3": {3, 0, 20}, "b4": {4, 0, 32}, "b5": {5, 0, 32}, "b6": {6, 0, 8},
	}
	for name, w := range want {
		if g, ok := got[name]; !ok || g != w {
			t.Errorf("%s: slot %+v (known %v), want %+v", name, g, ok, w)
		}
	}
	for _, name := range []string{"K", "a4", "b7", "b8"} {
		if _, ok := got[name]; ok {
			t.Errorf("%s placed at %+v; want it left out", name, got[name])
		}
	}
	if !(Slot{0, 1, 20}).Overlaps(Slot{0, 20, 1}) || (Slot{0, 0, 1}).Overlaps(Slot{0, 1, 20}) || (Slot{1, 0, 32}).Overlaps(Slot{0, 0, 32}) {
		t.Error("Overlaps is wrong")
	}
}

// TestUnresolvedAssertion: a function the bundle does not define, called
// as a statement with a condition first (Balancer's _require), guards
// what follows as require does; handed no condition, it guards nothing.
func TestUnresolvedAssertion(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.7.0;
contract K {
  uint x;
  function f(uint a, uint b) public {
    _check(a <= b, 7);
    x = b - a;
    _note(a, 7);
    x = a - b;
  }
}
`)
	f := contractNamed(u, "K").Functions[0]
	g := f.CFG()
	gs := f.Guards(stmtWith(t, f, "x = b - a"))
	if len(gs) != 1 || gs[0].Cond.Text() != "a <= b" || !gs[0].True {
		t.Errorf("guards of x = b - a: %v", gs)
	}
	if !g.Reachable(g.Revert) {
		t.Error("the assertion's failure does not revert")
	}
	if gs := f.Guards(stmtWith(t, f, "x = a - b")); len(gs) != 1 {
		t.Errorf("_note(a, 7) added a guard: %d guards", len(gs))
	}
}

// TestGuardedNotByRevertArm: a caller check restricts when its outcome
// leads on to the function's end; the arm that only reverts restricts
// nobody (require(msg.sender != owner) turns the owner away). A caller's
// entry compared with zero restricts when it is required nonzero; a
// field of it restricts when used as a truth value, not as an amount.
func TestGuardedNotByRevertArm(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
contract K {
  address o;
  uint x;
  function open() public { require(msg.sender != o); x = 1; }
  function shut() public { require(msg.sender == o); x = 2; }
  function shutIf() public { if (msg.sender != o) revert(); x = 3; }
  mapping(address => uint) m;
  function member() public { require(m[msg.sender] != 0); x = 6; }
  function memberIf() public { if (m[msg.sender] == 0) revert(); x = 7; }
  function outsider() public { require(m[msg.sender] == 0); x = 8; }
  struct E { bool active; uint t; }
  mapping(address => E) e;
  function entryFlag() public { E storage l = e[msg.sender]; require(l.active); x = 9; }
  function entryTime() public { E storage l = e[msg.sender]; require(block.timestamp > l.t); x = 10; }
  function ends(bool s) public {
    x = 4;
    assembly { switch s case 0 { revert(0, 0) } default { invalid() } }
  }
  function returns_(bool s) public {
    x = 5;
    assembly { switch s case 0 { return(0, 0) } default { revert(0, 0) } }
  }
}
`)
	c := contractNamed(u, "K")
	for name, want := range map[string]bool{"open": false, "shut": true, "shutIf": true, "member": true, "memberIf": true, "outsider": false, "entryFlag": true, "entryTime": false} {
		if got := c.Function(name).Guarded(); got != want {
			t.Errorf("%s: Guarded() = %v, want %v", name, got, want)
		}
	}
	if !c.Function("ends").AlwaysReverts() {
		t.Error("a switch whose every case reverts does not end the function")
	}
	if c.Function("returns_").AlwaysReverts() {
		t.Error("a switch with a returning case is taken to always revert")
	}
}
