package vyper_test

import (
	"regexp"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/samples"
	"github.com/bulwark-sec/bulwark/scanner/vyper"
)

// TestDetectorSamples checks every detector line by line against its samples.
func TestDetectorSamples(t *testing.T) {
	samples.Check(t, scanner.New(vyper.New()), vyper.New().Rules(), "testdata", ".vy")
}

// TestRegistry checks ids, metadata and samples of every detector.
func TestRegistry(t *testing.T) {
	samples.CheckRegistry(t, vyper.New().Rules(), regexp.MustCompile(`^VY-[A-Z0-9]+(-[A-Z0-9]+)*$`), "testdata", ".vy")
}

// TestBidiSkipsTests checks that VY-BIDI-CONTROL, like every rule, leaves files
// under tests/ alone (parsed, never checked) and reports the same file
// elsewhere.
func TestBidiSkipsTests(t *testing.T) {
	src := []byte("# \u202e hidden\nx: uint256\n")
	for _, c := range []struct {
		path string
		want int
	}{{"contracts/a.vy", 1}, {"tests/a.vy", 0}} {
		n := 0
		for _, f := range vyper.ParseFile(scanner.File{Path: c.path, Content: src}).Check(nil) {
			if f.DetectorID == "VY-BIDI-CONTROL" {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%s: %d VY-BIDI-CONTROL findings, want %d", c.path, n, c.want)
		}
	}
}
