package rust_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/rust"
)

// FuzzParseRust feeds arbitrary bytes to the parser adapter and every
// detector: nothing may panic (a detector's panic would surface as a file
// error), and errors and findings must point into the file. The samples
// under testdata seed it, so it runs on them in every go test.
func FuzzParseRust(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*", "*.rs"))
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte{0xff, 0xfe, 0x00})
	f.Add([]byte(""))
	f.Add([]byte("#[derive(Accounts)]\npub struct A<'info> { #[account(mut, has_one = , seeds = [)] pub a: Account<'info, >, }"))
	f.Add([]byte("fn f(ctx: Context<X>) { **a.lamports.borrow_mut() = 0; CpiContext::new(; }"))
	f.Add([]byte("#![cfg(test)]\n#[cfg(test)] mod t { #[test] fn x() {"))
	f.Fuzz(func(t *testing.T, src []byte) {
		u := rust.ParseFile(scanner.File{Path: "sources/fuzz.x", Content: src})
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
