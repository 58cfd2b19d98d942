package solidity

import (
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// useIn returns the identifier name inside the shortest statement of f
// whose text contains stmt, the last such identifier when the statement
// mentions it more than once (x = x - 1 gives the read).
func useIn(t *testing.T, f *Function, stmt, name string) *Node {
	t.Helper()
	s := stmtWith(t, f, stmt)
	var use *Node
	s.Walk(func(n *Node) bool {
		if n.Kind == "identifier" && n.Text() == name {
			use = n
		}
		return true
	})
	if use == nil {
		t.Fatalf("no %s in %q", name, s.Text())
	}
	return use
}

// defTexts returns the source of each definition reaching use, sorted.
func defTexts(r *Reaching, use *Node) []string {
	var out []string
	for _, d := range r.At(use) {
		txt := d.Node.Text()
		if d.Node.Kind == "function_definition" {
			txt = "param " + d.Name
		}
		out = append(out, strings.Join(strings.Fields(txt), " "))
	}
	sort.Strings(out)
	return out
}

func TestReachingDefinitions(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.8.0;
contract A {
    uint s;
    function f(uint p, bool c) external returns (uint) {
        uint x = 1;
        uint a = x;
        x = p;
        uint b = x;
        if (c) {
            x = 2;
        } else {
            x += 3;
        }
        uint d = x;
        for (uint i = 0; i < p; i++) {
            x = i;
        }
        uint e = x;
        (uint y, uint z) = (x, 7);
        s = y + z;
        x = x - 1;
        return x;
    }
}
`)
	f := contractNamed(u, "A").Function("f")
	r := f.Reaching()
	cases := []struct {
		stmt, name string
		want       []string
	}{
		{"uint a = x", "x", []string{"uint x = 1;"}},
		{"uint b = x", "x", []string{"x = p"}},
		{"x = p", "p", []string{"param p"}},
		// both arms of the if reach the join
		{"uint d = x", "x", []string{"x += 3", "x = 2"}},
		// the loop may run zero times: the definitions before it and the
		// one in its body both reach the statement after it
		{"uint e = x", "x", []string{"x += 3", "x = 2", "x = i"}},
		{"x = i", "i", []string{"i++", "uint i = 0;"}},
		// tuple slots are separate definitions
		{"s = y + z", "z", []string{"(uint y, uint z) = (x, 7);"}},
		// a statement's own assignment takes effect after it
		{"x = x - 1", "x", []string{"x += 3", "x = 2", "x = i"}},
		{"return x", "x", []string{"x = x - 1"}},
	}
	for _, c := range cases {
		got := defTexts(r, useIn(t, f, c.stmt, c.name))
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s: defs of %s (-want +got):\n%s", c.stmt, c.name, diff)
		}
	}
	// Constants through definitions.
	for _, c := range []struct {
		stmt, name string
		want       int64
		ok         bool
	}{
		{"uint a = x", "x", 1, true},
		{"uint b = x", "x", 0, false},
		{"s = y + z", "z", 7, true},
	} {
		v, ok := r.Const(useIn(t, f, c.stmt, c.name))
		if ok != c.ok || ok && v.Int64() != c.want {
			t.Errorf("%s: Const(%s) = %v, %v; want %d, %v", c.stmt, c.name, v, ok, c.want, c.ok)
		}
	}
}

func TestReachingConstants(t *testing.T) {
	u := parseSnippet(t, `pragma solidity ^0.5.0;
contract B {
    function g(bool c) public {
        uint8 v;
        uint8 w = 0x10 + 2 * 3;
        uint8 k = c ? 1 : 2;
        if (c) { w = 22; }
        v = v - 10;
        w = w - 30;
        k = k + 1;
    }
}
`)
	f := contractNamed(u, "B").Function("g")
	r := f.Reaching()
	for _, c := range []struct {
		stmt, name string
		want       int64
		ok         bool
	}{
		{"v = v - 10", "v", 0, true},  // declared without a value
		{"w = w - 30", "w", 22, true}, // 0x10 + 6 on one path, 22 on the other
		{"k = k + 1", "k", 0, false},  // a ternary is not one constant
	} {
		v, ok := r.Const(useIn(t, f, c.stmt, c.name))
		if ok != c.ok || ok && v.Int64() != c.want {
			t.Errorf("%s: Const(%s) = %v, %v; want %d, %v", c.stmt, c.name, v, ok, c.want, c.ok)
		}
	}
}
