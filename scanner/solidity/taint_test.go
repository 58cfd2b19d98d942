package solidity

import "testing"

func TestTaint(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
interface I { function price() external view returns (uint); }
library L { function twice(uint a) internal pure returns (uint) { return a * 2; } }
contract T {
    using L for uint;
    struct P { uint a; address b; }
    uint s;
    I oracle;
    function f(uint p) external payable {
        uint x = msg.value;
        uint y = x;
        x = 0;
        uint z = x;
        (uint q, uint w) = (p, block.timestamp);
        P memory m;
        m.a = q;
        m.b = msg.sender;
        uint k = m.a;
        address o = m.b;
        uint c = oracle.price();
        uint d = c.twice();
        uint e = g(w, 5);
        s = y + z + k + d + e + h(msg.value) + uint160(o);
    }
    function g(uint a, uint b) internal pure returns (uint r) {
        r = a + b;
    }
    function h(uint v) internal view returns (uint) {
        return v + block.number;
    }
    function n(uint v) internal pure returns (uint) { return v; }
    function j() external { s = n(s); }
}
`)
	c := contractNamed(u, "T")
	f := c.Function("f")
	cases := []struct {
		stmt, name string
		want       Source
	}{
		{"uint y = x", "x", FromValue},
		{"uint z = x", "x", 0},               // x was reassigned 0 in between
		{"uint k = m.a", "m", FromParam},     // m.a = q, q from p (tuple slot)
		{"address o = m.b", "m", FromSender}, // the other field
		{"uint d = c.twice()", "c", FromCall},
		{"uint e = g(w, 5)", "w", FromTime},
	}
	for _, tc := range cases {
		n := useIn(t, f, tc.stmt, tc.name)
		if tc.name == "m" {
			n = n.Parent // the field access m.a / m.b
		}
		if got := f.Taint(n); got != tc.want {
			t.Errorf("%s: Taint(%s) = %b, want %b", tc.stmt, n.Text(), got, tc.want)
		}
	}
	// Through an internal function's result and a library call.
	d := stmtWith(t, f, "uint d = c.twice()")
	if got := f.Taint(d.Child("value")); got != FromCall {
		t.Errorf("c.twice() = %b, want FromCall", got)
	}
	e := stmtWith(t, f, "uint e = g(w, 5)")
	if got := f.Taint(e.Child("value")); got != FromTime {
		t.Errorf("g(w, 5) = %b, want FromTime", got)
	}
	// An internal function's parameter carries what its callers pass.
	g := c.Function("g")
	if got := g.Taint(useIn(t, g, "r = a + b", "a")); got != FromTime {
		t.Errorf("g's a = %b, want FromTime (f passes w)", got)
	}
	h := c.Function("h")
	if got := h.Taint(stmtWith(t, h, "return v + block.number")); got != FromValue|FromBlock {
		t.Errorf("h's return = %b, want FromValue|FromBlock", got)
	}
	n := c.Function("n")
	if got := n.Taint(stmtWith(t, n, "return v")); got != 0 {
		t.Errorf("n's return = %b, want nothing (j passes state)", got)
	}
}

// TestTaintAtCallSite: a callee's result at a call carries what that call
// passes, not what the callee's other callers pass (h(msg.value) in one
// function does not taint h(p) in another).
func TestTaintAtCallSite(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.4.24;
library L { function sub(uint a, uint b) internal pure returns (uint) { return a - b; } }
contract T {
    using L for uint;
    uint s;
    function paid() external payable { s = s.sub(msg.value); }
    function free(uint p) external { uint x = p.sub(s); s = x; }
    function both(uint p) external payable { uint y = p.sub(msg.value); s = y; }
}
`)
	c := contractNamed(u, "T")
	free := c.Function("free")
	if got := free.Taint(stmtWith(t, free, "uint x = p.sub(s)").Child("value")); got != FromParam {
		t.Errorf("p.sub(s) = %b, want FromParam only", got)
	}
	both := c.Function("both")
	if got := both.Taint(stmtWith(t, both, "uint y = p.sub(msg.value)").Child("value")); got != FromParam|FromValue {
		t.Errorf("p.sub(msg.value) = %b, want FromParam|FromValue", got)
	}
}

func TestUnguardedEntry(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
contract U {
    address o;
    function leaf() internal {}
    function mid() internal { leaf(); }
    function open() external { mid(); }
    function shut() external { require(msg.sender == o); mid(); }
    function lone() internal {}
    function onlyShut() internal {}
    function viaShut() external { if (msg.sender != o) revert(); onlyShut(); }
}
`)
	c := contractNamed(u, "U")
	for name, want := range map[string]string{"leaf": "open", "mid": "open", "open": "open", "shut": "", "lone": "", "onlyShut": ""} {
		got := ""
		if e := c.Function(name).UnguardedEntry(3); e != nil {
			got = e.Name
		}
		if got != want {
			t.Errorf("UnguardedEntry(%s) = %q, want %q", name, got, want)
		}
	}
}
