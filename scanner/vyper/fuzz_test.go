package vyper_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/vyper"
)

// FuzzParseVyper checks that no input panics or hangs the parser or the
// detectors. The seeds are the samples and a few broken shapes; normal
// go test runs them.
func FuzzParseVyper(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*", "*.vy"))
	for _, p := range seeds {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{
		"@external\ndef f(:\n    x = (\ndef g():\n    pass\n",
		"event E:\n\tx: uint256\n  y: int128\n",
		"x: uint256 = ((((((((1\n",
		"def f():\n    return extcall extcall staticcall\n",
		"\"\"\"unterminated\n",
		"if x:\n  if y:\n    if z:\n      pass\n   else:\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		u := vyper.ParseFile(scanner.File{Path: "fuzz.vy", Content: src})
		u.Check(nil)
	})
}
