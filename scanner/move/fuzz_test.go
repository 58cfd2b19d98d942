package move_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/move"
)

// FuzzParseMove feeds arbitrary bytes to the parser adapter and every
// detector: nothing may panic (a detector's panic would surface as a file
// error), and errors and findings must point into the file. The samples
// under testdata seed it, so it runs on them in every go test.
func FuzzParseMove(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*", "*.move"))
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte{0xff, 0xfe, 0x00})
	f.Add([]byte(""))
	f.Add([]byte("module a::b { public fun f(p: &mut P acquires { while ( p.v.length() ) }"))
	f.Add([]byte("module a::b; public(package) fun f<T>(x: u128): u64 { (x as u64) / 2 * 3 % timestamp_ms"))
	f.Add([]byte("#[test_only] module a::b { sui::dof::borrow<K, V<W>>>(acquires"))
	f.Fuzz(func(t *testing.T, src []byte) {
		u := move.ParseFile(scanner.File{Path: "sources/fuzz.x", Content: src})
		lines := u.Lines()
		for _, fd := range u.Check(nil) {
			if fd.Line < 1 || fd.Line > lines+1 {
				t.Fatalf("finding line %d outside 1..%d", fd.Line, lines)
			}
		}
		for _, e := range u.Errors() {
			if e.Line < 0 || e.Line > lines+1 {
				t.Fatalf("error line %d outside 1..%d", e.Line, lines)
			}
			if strings.HasPrefix(e.Message, "detector ") {
				t.Fatalf("detector panicked: %s", e.Message)
			}
		}
	})
}
