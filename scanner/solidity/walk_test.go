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
