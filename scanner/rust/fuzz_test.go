package rust_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/rust"
	"github.com/bulwark-sec/bulwark/scanner/samples"
)

// FuzzParseRust feeds arbitrary bytes to the parser adapter and every
// detector: nothing may panic (a detector's panic would surface as a file
// error), and errors and findings must point into the file. The samples
// under testdata seed it, so it runs on them in every go test.
func FuzzParseRust(f *testing.F) {
	samples.FuzzUnit(f, ".rs", func(src scanner.File) scanner.Parsed { return rust.ParseFile(src) },
		"#[derive(Accounts)]\npub struct A<'info> { #[account(mut, has_one = , seeds = [)] pub a: Account<'info, >, }",
		"fn f(ctx: Context<X>) { **a.lamports.borrow_mut() = 0; CpiContext::new(; }",
		"#![cfg(test)]\n#[cfg(test)] mod t { #[test] fn x() {",
	)
}
