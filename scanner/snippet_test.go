package scanner_test

import (
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
)

func TestFirstLineAndLineStart(t *testing.T) {
	if got := scanner.FirstLine("  a = b;\n  c = d;"); got != "a = b;" {
		t.Errorf("FirstLine = %q", got)
	}
	if got := scanner.FirstLine(strings.Repeat("x", 300)); len(got) != 200 {
		t.Errorf("FirstLine kept %d bytes, want 200", len(got))
	}
	src := []byte("one\n  two three\n")
	if got := scanner.LineStart(src, strings.Index(string(src), "three")); got != 4 {
		t.Errorf("LineStart = %d, want 4", got)
	}
	if got := scanner.LineStart(src, 2); got != 0 {
		t.Errorf("LineStart on the first line = %d", got)
	}
}
