package move_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner/move"
	"github.com/bulwark-sec/bulwark/scanner/samples"
)

// TestCorpusParseRate parses shared/bench/realworld/move/* and wants at
// least 99% of each repository's files free of syntax errors; it logs
// every finding (go test -v) for triage and skips without the corpus.
func TestCorpusParseRate(t *testing.T) { samples.CorpusParseRate(t, move.New()) }
