package cairo_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner/cairo"
	"github.com/bulwark-sec/bulwark/scanner/samples"
)

// TestCorpusParses parses every file of shared/bench/realworld/cairo, lists
// the ones with errors, and fails below 99% clean files in a repository.
func TestCorpusParses(t *testing.T) { samples.CorpusParseRate(t, cairo.New()) }
