package move_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/move"
	"github.com/bulwark-sec/bulwark/scanner/samples"
)

// FuzzParseMove feeds arbitrary bytes to the parser adapter and every
// detector: nothing may panic (a detector's panic would surface as a file
// error), and errors and findings must point into the file. The samples
// under testdata seed it, so it runs on them in every go test.
func FuzzParseMove(f *testing.F) {
	samples.FuzzUnit(f, ".move", func(src scanner.File) scanner.Parsed { return move.ParseFile(src) },
		"module a::b { public fun f(p: &mut P acquires { while ( p.v.length() ) }",
		"module a::b; public(package) fun f<T>(x: u128): u64 { (x as u64) / 2 * 3 % timestamp_ms",
		"#[test_only] module a::b { sui::dof::borrow<K, V<W>>>(acquires",
	)
}
