package solidity_test

import (
	"strings"
	"testing"
	"testing/quick"

	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// TestDropSpace checks the allocation-free white-space removal against
// the strings.Fields idiom it replaces, including invalid UTF-8 and
// non-ASCII spaces.
func TestDropSpace(t *testing.T) {
	same := func(s string) bool { return solidity.DropSpace(s) == strings.Join(strings.Fields(s), "") }
	for _, s := range []string{"", " ", "a", "a b", " a\tb\n", "msg.sender", "x\u00a0y\u0085z\u2003", "\xff \xfe\x80", "é è", "a\v\fb\r"} {
		if !same(s) {
			t.Errorf("DropSpace(%q) = %q", s, solidity.DropSpace(s))
		}
	}
	if err := quick.Check(same, nil); err != nil {
		t.Error(err)
	}
}

// TestWordSet checks the ASCII fast path against the regexp it replaces.
func TestWordSet(t *testing.T) {
	words := []string{"owner", "auth", "only", "lock"}
	check := func(s string) bool {
		set, re := solidity.WordSetMatches(s, words...)
		return set == re
	}
	for _, s := range []string{"", "onlyOwner", "ONLY", "_checkAUTH", "transfer", "own", "ownEr", "xlOcKx", "\u212Aey", "ſ", "Ownér", "aut"} {
		if !check(s) {
			t.Errorf("wordSet and regexp disagree on %q", s)
		}
	}
	if err := quick.Check(check, nil); err != nil {
		t.Error(err)
	}
}

// TestConstBool checks the folding of literal-only conditions, which
// decides whether a tested call result decides anything.
func TestConstBool(t *testing.T) {
	for _, c := range []struct {
		expr    string
		val, ok bool
	}{
		{"true", true, true},
		{"false", false, true},
		{"1 == 1", true, true},
		{"(2 > 1)", true, true},
		{"0x10 == 16", true, true},
		{"1_000 >= 1000", true, true},
		{"1 != 1", false, true},
		{"!(3 <= 2)", true, true},
		{"x || 1 == 1", true, true},
		{"false && x", false, true},
		{"x && true", false, false},
		{"x || false", false, false},
		{"x", false, false},
		{"1 ether == 1", false, false},
		{"1 + 1 == 2", false, false},
	} {
		val, ok := solidity.ConstBool(c.expr)
		if val != c.val || ok != c.ok {
			t.Errorf("constBool(%s) = %v, %v; want %v, %v", c.expr, val, ok, c.val, c.ok)
		}
	}
}
