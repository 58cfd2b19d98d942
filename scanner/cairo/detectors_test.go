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
