package solidity_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bench"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// BenchmarkSmartBugs scans the whole SmartBugs Curated corpus in one
// process, as bulwark scan does after start-up: many small files rather
// than one large one, so detectors and garbage collection weigh more
// than in BenchmarkContract1000. It skips when shared/bench is absent.
// The tree sub-benchmark is the pure tree-sitter parse of the same files.
func BenchmarkSmartBugs(b *testing.B) {
	dir, err := bench.SharedDir()
	if err != nil {
		b.Skip(err)
	}
	var files []scanner.File
	root := filepath.Join(dir, "bench", "smartbugs-curated", "dataset")
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sol") {
			if src, err := os.ReadFile(p); err == nil {
				files = append(files, scanner.File{Path: p, Content: src})
			}
		}
		return nil
	})
	if len(files) == 0 {
		b.Skip("no .sol files under " + root)
	}
	b.Run("scan", func(b *testing.B) {
		eng := scanner.New(solidity.New())
		b.ReportAllocs()
		start := bench.CPUTime()
		for b.Loop() {
			if _, err := eng.Run(context.Background(), files, scanner.Options{Preset: scanner.PresetStandard}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(bench.CPUTime()-start)/float64(b.N), "cpu-ns/op")
	})
	// tree is tree-sitter's parse of every file alone, on one core: the
	// floor under the scan's CPU time.
	b.Run("tree", func(b *testing.B) {
		st := solidity.NewStages()
		defer st.Close()
		start := bench.CPUTime()
		for b.Loop() {
			for _, f := range files {
				st.Tree(f.Content)
			}
		}
		b.ReportMetric(float64(bench.CPUTime()-start)/float64(b.N), "cpu-ns/op")
	})
}
