package solidity

import (
	"strings"
	"testing"
)

// Unit tests of the data-location fact (location.go): every row of
// Location's rules, and member and index accesses inheriting the base's.

func TestLocation(t *testing.T) {
	u8 := parseSnippet(t, `pragma solidity ^0.8.0;
contract C1 {
    struct S1 { uint a; uint[] b; T1 t; }
    struct T1 { uint c; }
    enum E1 { A, B }
    mapping(uint => S1) q1;
    S1[] q2;
    uint q3;
    uint constant K = 1;
    function f1(uint p1, string calldata p2, bytes memory p3, S1 memory p4, uint[] calldata p5) external returns (S1 memory r1) {
        S1 memory v1 = q1[p1];
        S1 storage v2 = q2[p1];
        uint v3 = q3;
        E1 v4 = E1.A;
        C1 v5 = this;
        uint[] memory v6 = new uint[](3);
        S1 memory v7 = S1(1, v6, T1(2));
    }
    function f2(S1 storage p1, uint[] memory p2, bytes p3) internal {}
    function f3(string p1, S1 p2) public {}
}
`)
	u4 := parseSnippet(t, `pragma solidity ^0.4.24;
contract C2 {
    struct S2 { uint a; }
    mapping(uint => S2) q1;
    function f1(uint[] p1, S2 p2) external {
        S2 v1;
        S2 memory v2 = q1[1];
        var v3 = q1[2];
        uint[] v4;
        var v5 = 7;
    }
    function f2(bytes p1) public {}
}
`)
	c1, c2 := contractNamed(u8, "C1"), contractNamed(u4, "C2")
	fn := func(c *Contract, name string) *Function {
		for _, f := range c.Functions {
			if f.Name == name {
				return f
			}
		}
		t.Fatalf("no function %s", name)
		return nil
	}
	for _, tc := range []struct {
		f    *Function
		name string
		want Loc
	}{
		{fn(c1, "f1"), "q1", Storage},
		{fn(c1, "f1"), "q3", Storage},
		{fn(c1, "f1"), "K", Stack},
		{fn(c1, "f1"), "p1", Stack},
		{fn(c1, "f1"), "p2", Calldata},
		{fn(c1, "f1"), "p3", Memory},
		{fn(c1, "f1"), "p4", Memory},
		{fn(c1, "f1"), "p5", Calldata},
		{fn(c1, "f1"), "r1", Memory},
		{fn(c1, "f1"), "v1", Memory},
		{fn(c1, "f1"), "v2", Storage},
		{fn(c1, "f1"), "v3", Stack},
		{fn(c1, "f1"), "v4", Stack},
		{fn(c1, "f1"), "v5", Stack},
		{fn(c1, "f1"), "v6", Memory},
		{fn(c1, "f1"), "nope", Unknown},
		{fn(c1, "f2"), "p1", Storage},
		{fn(c1, "f2"), "p2", Memory},
		{fn(c1, "f2"), "p3", Memory}, // internal: memory by default
		{fn(c1, "f3"), "p1", Memory},
		{fn(c1, "f3"), "p2", Memory},
		{fn(c2, "f1"), "p1", Calldata}, // external in 0.4: forced calldata
		{fn(c2, "f1"), "p2", Calldata},
		{fn(c2, "f1"), "v1", Storage}, // pre-0.5 default
		{fn(c2, "f1"), "v2", Memory},
		{fn(c2, "f1"), "v3", Storage}, // var takes its value's location
		{fn(c2, "f1"), "v4", Storage},
		{fn(c2, "f1"), "v5", Unknown},
		{fn(c2, "f2"), "p1", Memory},
	} {
		if got := tc.f.Location(tc.name); got != tc.want {
			t.Errorf("%s.%s: Location(%s) = %v, want %v", tc.f.Contract.Name, tc.f.Name, tc.name, got, tc.want)
		}
	}

	// Expressions: accesses inherit the base's location; fresh values are
	// memory; call results are unknown.
	f1 := fn(c1, "f1")
	exprs := map[string]Loc{}
	f1.Body.Walk(func(n *Node) bool {
		switch n.Kind {
		case "array_access", "member_expression", "call_expression":
			exprs[n.Text()] = f1.LocationOf(n)
		}
		return true
	})
	for text, want := range map[string]Loc{
		"q1[p1]":           Storage,
		"q2[p1]":           Storage,
		"new uint[](3)":    Memory,
		"S1(1, v6, T1(2))": Memory,
	} {
		if got, ok := exprs[text]; !ok || got != want {
			t.Errorf("LocationOf(%s) = %v (seen %v), want %v", text, got, ok, want)
		}
	}
	u := parseSnippet(t, `pragma solidity ^0.8.0;
contract C3 {
    struct S3 { uint[] b; T3 t; }
    struct T3 { uint[] c; }
    mapping(uint => S3) q1;
    function f1(S3 memory p1, uint i) internal returns (uint) {
        S3 storage s = q1[i];
        return s.t.c[i] + p1.t.c[i] + q1[i].b[0] + f2().b[0];
    }
    function f2() internal returns (S3 storage) { return q1[0]; }
}
`)
	g := fn(contractNamed(u, "C3"), "f1")
	got := map[string]Loc{}
	g.Body.Walk(func(n *Node) bool {
		if n.Kind == "array_access" && n.Parent.Kind != "member_expression" {
			got[n.Text()] = g.LocationOf(n)
		}
		return true
	})
	for text, want := range map[string]Loc{"s.t.c[i]": Storage, "p1.t.c[i]": Memory, "q1[i].b[0]": Storage, "f2().b[0]": Unknown} {
		if got[text] != want {
			t.Errorf("LocationOf(%s) = %v, want %v", text, got[text], want)
		}
	}
}

func TestStructFields(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
struct F1 { bytes b; mapping(address => uint) m; }
contract C1 { struct S1 { uint a; F1 f; } }
contract C2 is C1 {}
`)
	c2 := contractNamed(u, "C2")
	if fs, ok := c2.StructFields("S1"); !ok || len(fs) != 2 || fs[1].Type != "F1" {
		t.Errorf("S1 from a base: %v %v", fs, ok)
	}
	if fs, ok := c2.StructFields("F1"); !ok || len(fs) != 2 || fs[1].Type != "mapping(address => uint)" {
		t.Errorf("file-level F1: %v %v", fs, ok)
	}
	if _, ok := c2.StructFields("C1"); ok {
		t.Error("C1 is a contract, not a struct")
	}
}

func TestExprType(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
struct F1 { string s; uint[] xs; }
contract C1 {
    struct S1 { F1 f; bytes b; }
    mapping(address => mapping(uint => S1)) q1;
    S1[3] q2;
    function f1(string calldata p1) external {
        x(q1[msg.sender][1].f.s, q2[0].b, q1[msg.sender][2].f.xs[0], q2[1].f.xs.length, bytes(p1), msg.data, p1);
    }
}
`)
	f := contractNamed(u, "C1").Functions[0]
	var got []string
	for _, a := range argNodes(f.Body.FindAll("call_expression")[0]) {
		got = append(got, f.ExprType(a))
	}
	want := []string{"string", "bytes", "uint", "uint256", "bytes", "bytes", "string"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("ExprType = %q, want %q", got, want)
	}
}

func TestLocationVarCycle(t *testing.T) {
	// Code no compiler accepts must not recurse forever.
	u := parseSnippet(t, `pragma solidity ^0.4.24;
contract C1 { function f1() public { var a = b; var b = a; var c = c; } }
`)
	f := contractNamed(u, "C1").Functions[0]
	for _, name := range []string{"a", "b", "c"} {
		if got := f.Location(name); got != Unknown {
			t.Errorf("Location(%s) = %v, want unknown", name, got)
		}
	}
}
