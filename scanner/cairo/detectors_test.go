package cairo_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/cairo"
	"github.com/bulwark-sec/bulwark/scanner/scannertest"
)

// TestDetectorSamples checks every detector line by line against its samples.
func TestDetectorSamples(t *testing.T) {
	scannertest.Samples(t, scanner.New(cairo.New()), cairo.New().Rules(), ".cairo")
}

// TestRegistry checks ids, metadata and samples of every detector.
func TestRegistry(t *testing.T) {
	scannertest.Registry(t, cairo.New().Rules(), "CAIRO", ".cairo")
}
