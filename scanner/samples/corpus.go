package samples

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bench"
)

// CorpusParseRate scans each repository of shared/bench/realworld/<lang>/
// with lang alone and wants at least 99% of its files free of parse
// errors. It logs the errors and every finding (go test -v) for triage,
// and skips, saying why, without the corpus.
func CorpusParseRate(t *testing.T, lang scanner.Language) {
	t.Helper()
	dir, err := bench.SharedDir()
	if err != nil {
		t.Skip(err)
	}
	root := filepath.Join(dir, "bench", "realworld", lang.Name())
	ents, err := os.ReadDir(root)
	if err != nil {
		t.Skipf("no %s corpus: %v", lang.Name(), err)
	}
	eng := scanner.New(lang)
	files := 0
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		r, err := bench.RunCorpus(context.Background(), eng, filepath.Join(root, e.Name()), lang.Name(), scanner.PresetStandard)
		if err != nil {
			t.Fatal(err)
		}
		files += r.Files
		for _, fe := range r.Errors {
			t.Logf("%s/%s:%d: %s", e.Name(), fe.File, fe.Line, fe.Message)
		}
		if r.CleanFiles*100 < r.Files*99 {
			t.Errorf("%s: %d of %d files parsed without errors, want 99%%", e.Name(), r.CleanFiles, r.Files)
		}
		for _, f := range r.Findings {
			t.Logf("%s/%s:%d %s %s: %s", e.Name(), f.File, f.Line, f.Severity, f.DetectorID, f.Snippet)
		}
	}
	if files == 0 {
		t.Skipf("no %s files under %s", lang.Name(), root)
	}
}
