package badge

import "testing"

// TestTableCoversPrintableASCII pins the table to U+0020..U+007E: one
// missing entry would shift every later character.
func TestTableCoversPrintableASCII(t *testing.T) {
	if len(verdana11) != 0x7e-0x20+1 {
		t.Fatalf("table has %d entries, want %d", len(verdana11), 0x7e-0x20+1)
	}
	for _, c := range []struct {
		r    rune
		want int
	}{{' ', 387}, {'0', 699}, {'@', 1100}, {'A', 752}, {'Z', 754}, {'a', 661}, {'m', 1070}, {'z', 578}, {'~', 900}} {
		if got := charWidth(c.r); got != c.want {
			t.Errorf("charWidth(%q) = %d, want %d", c.r, got, c.want)
		}
	}
}
