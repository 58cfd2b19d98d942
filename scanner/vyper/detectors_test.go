package vyper_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/scannertest"
	"github.com/bulwark-sec/bulwark/scanner/vyper"
)

// TestDetectorSamples checks every detector line by line against its samples.
func TestDetectorSamples(t *testing.T) {
	scannertest.Samples(t, scanner.New(vyper.New()), vyper.New().Rules(), ".vy")
}

// TestRegistry checks ids, metadata and samples of every detector.
func TestRegistry(t *testing.T) {
	scannertest.Registry(t, vyper.New().Rules(), "VY", ".vy")
}
