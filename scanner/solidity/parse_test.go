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

func TestContract1000(t *testing.T) {
	src := bench.Solidity1000()
	if n := strings.Count(string(src), "\n"); n < 990 || n > 1010 {
		t.Fatalf("generated %d lines", n)
	}
	u := solidity.ParseFile(scanner.File{Path: "big.sol", Content: src})
	if len(u.Errors()) != 0 {
		t.Fatalf("parse errors: %v", u.Errors())
	}
}

// BenchmarkContract1000 measures parse plus every detector on a
// 1,000-line contract (goal: under 5 ms).
func BenchmarkContract1000(b *testing.B) {
	src := bench.Solidity1000()
	eng := scanner.New(solidity.New())
	files := []scanner.File{{Path: "big.sol", Content: src}}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	start := bench.CPUTime()
	for b.Loop() {
		if _, err := eng.Run(context.Background(), files, scanner.Options{Preset: scanner.PresetDeep, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
	// CPU time per op is reported beside wall time: on a shared machine
	// the wall time mostly measures the neighbours.
	b.ReportMetric(float64(bench.CPUTime()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkStages1000 splits BenchmarkContract1000 into cumulative
// stages on the same file, one parser reused: tree-sitter's parse alone
// (the floor no Go change can lower), plus flattening the tree in C, plus
// building the Go tree, reassociating and indexing it, and the Unit's
// facts.
// Every detector and the engine's bookkeeping make up the rest of
// Contract1000.
func BenchmarkStages1000(b *testing.B) {
	src := bench.Solidity1000()
	st := solidity.NewStages()
	defer st.Close()
	stages := []struct {
		name string
		run  func() bool
	}{
		{"tree", func() bool { return st.Tree(src) }},
		{"flat", func() bool { return st.Flat(src) > 0 }},
		{"unit", func() bool { return st.Unit(src).Root != nil }},
	}
	for _, s := range stages {
		b.Run(s.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			start := bench.CPUTime()
			for b.Loop() {
				if !s.run() {
					b.Fatal("parse failed")
				}
			}
			b.ReportMetric(float64(bench.CPUTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// FuzzParse feeds arbitrary bytes to the parser entry point and every
// detector: they must never panic, and errors must point into the file.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*", "*.sol"))
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("contract A { function f( { }"))
	f.Add([]byte("pragma solidity ^0.4.0; contract { } } {"))
	f.Add([]byte{0xff, 0xfe, 0x00})
	f.Add([]byte("pragma solidity ^0.4.0; contract A { uint x; function f(uint a) public { require((a)>1&&(a)<2); x += a; } }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		u := solidity.ParseFile(scanner.File{Path: "fuzz.sol", Content: src})
		lines := u.Lines()
		for _, e := range u.Errors() {
			if e.Line < 0 || e.Line > lines+1 {
				t.Fatalf("error line %d outside 1..%d", e.Line, lines)
			}
		}
		for _, fd := range u.Check(nil) {
			if fd.Line < 1 || fd.Line > lines+1 {
				t.Fatalf("finding line %d outside 1..%d", fd.Line, lines)
			}
		}
		// The engine turns a detector's panic into a file error so one
		// odd file cannot take a scan down; here it is a bug to fix.
		for _, e := range u.Errors() {
			if strings.HasPrefix(e.Message, "detector ") {
				t.Fatalf("%s", e.Message)
			}
		}
	})
}
