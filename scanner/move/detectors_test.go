package move_test

import (
	"regexp"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/move"
	"github.com/bulwark-sec/bulwark/scanner/samples"
)

// TestDetectorSamples checks every detector line by line against its
// samples: a missing finding and an extra one both fail.
func TestDetectorSamples(t *testing.T) {
	samples.Check(t, scanner.New(move.New()), move.New().Rules(), "testdata", ".move")
}

// TestRegistry checks ids, metadata and samples of every detector.
func TestRegistry(t *testing.T) {
	samples.CheckRegistry(t, move.New().Rules(), regexp.MustCompile(`^MOVE-[A-Z0-9]+(-[A-Z0-9]+)*$`), "testdata", ".move")
}

// TestBidiSkipsTests checks that MOVE-BIDI-CONTROL, like every rule, leaves files
// under tests/ alone (parsed, never checked) and reports the same file
// elsewhere.
func TestBidiSkipsTests(t *testing.T) {
	src := []byte("// \u202e hidden\nmodule a::b {}\n")
	for _, c := range []struct {
		path string
		want int
	}{{"sources/a.move", 1}, {"tests/a.move", 0}} {
		n := 0
		for _, f := range move.ParseFile(scanner.File{Path: c.path, Content: src}).Check(nil) {
			if f.DetectorID == "MOVE-BIDI-CONTROL" {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%s: %d MOVE-BIDI-CONTROL findings, want %d", c.path, n, c.want)
		}
	}
}
