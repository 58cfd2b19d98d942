package vyper_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner/samples"
	"github.com/bulwark-sec/bulwark/scanner/vyper"
)

// TestCorpusParses parses every file of shared/bench/realworld/vyper, lists
// the ones with errors, and fails below 99% clean files in a repository.
func TestCorpusParses(t *testing.T) { samples.CorpusParseRate(t, vyper.New()) }
