package vyper_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bench"
	"github.com/bulwark-sec/bulwark/scanner/vyper"
)

// TestCorpusParses parses every file of shared/bench/realworld/vyper and
// lists the ones with errors; it fails below 99% clean files.
func TestCorpusParses(t *testing.T) {
	dir, err := bench.SharedDir()
	if err != nil {
		t.Skip(err)
	}
	root := filepath.Join(dir, "bench", "realworld", "vyper")
	total, bad := 0, 0
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".vy") || strings.HasSuffix(p, ".vyi")) {
			return nil
		}
		src, _ := os.ReadFile(p)
		total++
		u := vyper.ParseFile(scanner.File{Path: p, Content: src})
		if errs := u.Errors(); len(errs) > 0 {
			bad++
			t.Logf("%s: %v", p, errs)
		}
		return nil
	})
	if total == 0 {
		t.Skip("no Vyper files under " + root)
	}
	if float64(total-bad) < 0.99*float64(total) {
		t.Errorf("%d of %d files parse with errors", bad, total)
	}
}
