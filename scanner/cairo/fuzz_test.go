package cairo_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/cairo"
)

// FuzzParseCairo checks that no input panics or hangs the parser or the
// detectors. The seeds are the samples and a few broken shapes; normal
// go test runs them.
func FuzzParseCairo(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*", "*.cairo"))
	for _, p := range seeds {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{
		"#[starknet::contract]\nmod M {\n fn f(ref self: ContractState) { let x = ; self.a.write(1); }\n}",
		"fn f() { match x { A => { , _ => 1 } }",
		"fn f() { ((((((((((((1 }",
		"impl X of Y<Z<W<V { fn g() {} }",
		"fn f() { let g = |a, b| a | b; g(1, 2) }",
		"'unterminated\n fn f() {}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		u := cairo.ParseFile(scanner.File{Path: "fuzz.cairo", Content: src})
		u.Check(nil)
	})
}
