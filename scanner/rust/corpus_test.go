package rust_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner/rust"
	"github.com/bulwark-sec/bulwark/scanner/samples"
)

// TestCorpusParseRate parses shared/bench/realworld/rust/* and wants at
// least 99% of each repository's files free of syntax errors; it logs
// every finding (go test -v) for triage and skips without the corpus.
func TestCorpusParseRate(t *testing.T) { samples.CorpusParseRate(t, rust.New()) }
