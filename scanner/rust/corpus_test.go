package rust_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bench"
	"github.com/bulwark-sec/bulwark/scanner/rust"
)

// TestCorpusParseRate parses shared/bench/realworld/rust/* and wants at
// least 99% of each repository's files free of syntax errors. It logs
// every finding (go test -v) for triage and skips without the corpus.
func TestCorpusParseRate(t *testing.T) {
	dir, err := bench.SharedDir()
	if err != nil {
		t.Skip(err)
	}
	root := filepath.Join(dir, "bench", "realworld", "rust")
	ents, err := os.ReadDir(root)
	if err != nil {
		t.Skipf("no Rust corpus: %v", err)
	}
	eng := scanner.New(rust.New())
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		r, err := bench.RunCorpus(context.Background(), eng, filepath.Join(root, e.Name()), "rust", scanner.PresetStandard)
		if err != nil {
			t.Fatal(err)
		}
		if r.CleanFiles*100 < r.Files*99 {
			t.Errorf("%s: %d of %d files parsed without errors, want 99%%", e.Name(), r.CleanFiles, r.Files)
		}
		for _, f := range r.Findings {
			t.Logf("%s/%s:%d %s %s: %s", e.Name(), f.File, f.Line, f.Severity, f.DetectorID, f.Snippet)
		}
	}
}
