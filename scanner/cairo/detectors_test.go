package cairo_test

import (
	"regexp"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/cairo"
	"github.com/bulwark-sec/bulwark/scanner/samples"
)

// TestDetectorSamples checks every detector line by line against its samples.
func TestDetectorSamples(t *testing.T) {
	samples.Check(t, scanner.New(cairo.New()), cairo.New().Rules(), "testdata", ".cairo")
}

// TestRegistry checks ids, metadata and samples of every detector.
func TestRegistry(t *testing.T) {
	samples.CheckRegistry(t, cairo.New().Rules(), regexp.MustCompile(`^CAIRO-[A-Z0-9]+(-[A-Z0-9]+)*$`), "testdata", ".cairo")
}

// TestBidiSkipsTests checks that CAIRO-BIDI-CONTROL, like every rule, leaves files
// under tests/ alone (parsed, never checked) and reports the same file
// elsewhere.
func TestBidiSkipsTests(t *testing.T) {
	src := []byte("// \u202e hidden\nfn f() {}\n")
	for _, c := range []struct {
		path string
		want int
	}{{"src/a.cairo", 1}, {"tests/a.cairo", 0}} {
		n := 0
		for _, f := range cairo.ParseFile(scanner.File{Path: c.path, Content: src}).Check(nil) {
			if f.DetectorID == "CAIRO-BIDI-CONTROL" {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%s: %d CAIRO-BIDI-CONTROL findings, want %d", c.path, n, c.want)
		}
	}
}
