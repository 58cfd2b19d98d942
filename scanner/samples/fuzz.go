package samples

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
)

// FuzzUnit fuzzes a language's parser adapter and every detector on the
// parsed unit: nothing may panic (a detector's panic surfaces as a file
// error and fails the target), and errors and findings must point into the
// file. The samples under testdata/*/*ext and extra seed it, so it runs on
// them in every go test.
func FuzzUnit(f *testing.F, ext string, parse func(scanner.File) scanner.Parsed, extra ...string) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*", "*"+ext))
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte{0xff, 0xfe, 0x00})
	f.Add([]byte(""))
	for _, s := range extra {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		u := parse(scanner.File{Path: "sources/fuzz.x", Content: src})
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
