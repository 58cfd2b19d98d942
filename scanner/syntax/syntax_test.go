package syntax_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// tree builds, over "call\nif c:\n a\nelse:\n b\nw\n", a function body
// holding a call, an if whose arms hold a and b, and a write w, inside a
// loop body.
func tree() (calls, a, b, w *syntax.Node, bl *syntax.Builder) {
	src := "call\nif c:\n a\nelse:\n b\nw\n"
	bl = syntax.NewBuilder(src)
	calls = bl.Node("call", 0, 4)
	a = bl.Node("a", 12, 13)
	b = bl.Node("b", 21, 22)
	w = bl.Node("w", 23, 24)
	ifn := bl.Node("if_statement", 5, 22)
	bl.Adopt(ifn, bl.Node("c", 8, 9), "condition")
	bl.Adopt(ifn, bl.Node("block", 12, 13, a), "body")
	bl.Adopt(ifn, bl.Node("block", 21, 22, b), "alternative")
	loop := bl.Node("for_statement", 0, 24)
	bl.Adopt(loop, bl.Node("block", 0, 24, calls, ifn, w), "body")
	return
}

func TestReachable(t *testing.T) {
	calls, a, b, w, _ := tree()
	branches, loops := []string{"if_statement"}, []string{"for_statement"}
	for _, c := range []struct {
		name     string
		from, to *syntax.Node
		want     bool
	}{
		{"later statement", calls, w, true},
		{"into an arm", calls, a, true},
		{"other arm", a, b, false},
		{"after the if", a, w, true},
		{"earlier, around the loop", w, calls, true},
	} {
		if got := syntax.Reachable(c.from, c.to, branches, loops); got != c.want {
			t.Errorf("%s: Reachable = %v, want %v", c.name, got, c.want)
		}
	}
	if got := syntax.Reachable(w, calls, branches, nil); got {
		t.Error("earlier statement reachable without a loop")
	}
}

func TestPositions(t *testing.T) {
	_, a, _, w, bl := tree()
	if a.Line != 3 || w.Line != 6 || a.Text() != "a" {
		t.Errorf("a at line %d %q, w at line %d", a.Line, a.Text(), w.Line)
	}
	if col, first := bl.Column(12); col != 1 || !first {
		t.Errorf("Column(12) = %d, %v", col, first)
	}
	if bl.Lines() != 6 {
		t.Errorf("Lines = %d", bl.Lines())
	}
	if p := a.Ancestor("if_statement"); p == nil || p.Child("alternative").Contains(a) {
		t.Error("a's if and arm")
	}
}
