package move_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/move"
	"github.com/bulwark-sec/bulwark/scanner/scannertest"
)

// TestDetectorSamples checks every detector line by line against its
// samples: a missing finding and an extra one both fail.
func TestDetectorSamples(t *testing.T) {
	scannertest.Samples(t, scanner.New(move.New()), move.New().Rules(), ".move")
}

// TestRegistry checks ids, metadata and samples of every detector.
func TestRegistry(t *testing.T) {
	scannertest.Registry(t, move.New().Rules(), `^MOVE-[A-Z0-9]+(-[A-Z0-9]+)*$`, ".move")
}
