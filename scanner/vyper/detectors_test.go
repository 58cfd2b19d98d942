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
