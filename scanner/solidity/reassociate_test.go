package solidity_test

import (
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// shape prints an expression tree as nested parentheses: binary and
// unary operators, calls, members and indices.
func shape(n *solidity.Node) string {
	if n == nil {
		return "<nil>"
	}
	switch n.Kind {
	case "binary_expression":
		return "(" + shape(n.Child("left")) + " " + n.Operator() + " " + shape(n.Child("right")) + ")"
	case "unary_expression":
		return "(" + n.Children[0].Kind + shape(n.Children[len(n.Children)-1]) + ")"
	case "call_expression":
		var args []string
		for _, a := range solidity.Args(n) {
			args = append(args, shape(a))
		}
		return shape(n.Child("function")) + "(" + strings.Join(args, ",") + ")"
	case "member_expression":
		return shape(n.Child("object")) + "." + n.Child("property").Text()
	case "array_access":
		return shape(n.Child("base")) + "[" + shape(n.Child("index")) + "]"
	case "parenthesized_expression":
		return shape(n.Children[0])
	case "update_expression":
		if k := len(n.Children); k == 2 && !n.Children[1].Named {
			return "(" + shape(n.Children[0]) + n.Children[1].Kind + ")"
		}
	case "ternary_expression":
		var parts []string
		for _, c := range n.Children {
			if c.Named {
				parts = append(parts, shape(c))
			}
		}
		if len(parts) == 3 {
			return "(" + parts[0] + " ? " + parts[1] + " : " + parts[2] + ")"
		}
	}
	return n.Text()
}

// TestReassociate: calls, indices and members bind tighter than unary and
// binary operators, and chains keep Solidity's precedence, whatever the
// grammar's first reading.
func TestReassociate(t *testing.T) {
	cases := map[string]string{
		"x / y.f(z)":                    "(x / y.f(z))",
		"x * y[1]":                      "(x * y[1])",
		"-y.f()":                        "(-y.f())",
		"!m[k]":                         "(!m[k])",
		"x == y.f(1)":                   "(x == y.f(1))",
		"a + b * c.f()":                 "(a + (b * c.f()))",
		"x / y.f().g()":                 "(x / y.f().g())",
		"b[k] >= m && b[k] >= a":        "((b[k] >= m) && (b[k] >= a))",
		"!t.transfer(a, v)":             "(!t.transfer(a,v))",
		"x && y >= z":                   "(x && (y >= z))",
		"x ** y ** z":                   "(x ** (y ** z))",
		"x - y - z":                     "((x - y) - z)",
		"(x / y).f()":                   "(x / y).f()",
		"c == 0 ? a : a * s / t.g(h)":   "((c == 0) ? a : ((a * s) / t.g(h)))",
		"c ? a : m[k]":                  "(c ? a : m[k])",
		"(c ? a : b).f()":               "(c ? a : b).f()",
		"a.b(c) + d.e[f] * g.h(i).j[k]": "(a.b(c) + (d.e[f] * g.h(i).j[k]))",
		"a == n[k]++":                   "(a == (n[k]++))",
		"a.b != c.d--":                  "(a.b != (c.d--))",
		"(a == b)++":                    "((a == b)++)",
	}
	for expr, want := range cases {
		src := "pragma solidity ^0.8.0;\ncontract A {\n    function f() public {\n        r = " + expr + ";\n    }\n}\n"
		u := solidity.ParseFile(scanner.File{Path: "a.sol", Content: []byte(src)})
		var got string
		u.Root.Walk(func(n *solidity.Node) bool {
			if n.Kind == "assignment_expression" {
				r := n.Child("right")
				got = shape(r)
				if r.Text() != expr || r.Line != 4 {
					t.Errorf("%s: node text %q on line %d", expr, r.Text(), r.Line)
				}
				return false
			}
			return true
		})
		if got != want {
			t.Errorf("%s: got %s, want %s", expr, got, want)
		}
	}
}
