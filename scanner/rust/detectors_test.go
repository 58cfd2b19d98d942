package rust_test

import (
	"regexp"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/rust"
	"github.com/bulwark-sec/bulwark/scanner/samples"
)

// TestDetectorSamples checks every detector line by line against its
// samples: a missing finding and an extra one both fail.
func TestDetectorSamples(t *testing.T) {
	samples.Check(t, scanner.New(rust.New()), rust.New().Rules(), "testdata", ".rs")
}

// TestRegistry checks ids, metadata and samples of every detector.
func TestRegistry(t *testing.T) {
	samples.CheckRegistry(t, rust.New().Rules(), regexp.MustCompile(`^RS-(SOL|CW)-[A-Z0-9]+(-[A-Z0-9]+)*$`), "testdata", ".rs")
}
