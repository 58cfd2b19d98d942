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
