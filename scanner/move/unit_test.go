package move_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/move"
)

func TestFrameworks(t *testing.T) {
	sui := move.ParseFile(scanner.File{Path: "sources/a.move", Content: []byte("module a::b;\nuse sui::coin;\npublic fun f(ctx: &mut TxContext) {}\n")})
	if !sui.Frameworks[move.Sui] || sui.Frameworks[move.Aptos] {
		t.Errorf("sui module: frameworks %v", sui.Frameworks)
	}
	aptos := move.ParseFile(scanner.File{Path: "sources/a.move", Content: []byte("module 0x1::b {\n use std::signer;\n struct R has key { v: u64 }\n public entry fun f(s: &signer) acquires R { borrow_global_mut<R>(signer::address_of(s)).v = 1; }\n}\n")})
	if !aptos.Frameworks[move.Aptos] || aptos.Frameworks[move.Sui] {
		t.Errorf("aptos module: frameworks %v", aptos.Frameworks)
	}
	if len(aptos.Errors()) > 0 {
		t.Errorf("aptos module with acquires: %v", aptos.Errors())
	}
}

// TestTestCodeSkipped checks that #[test_only] modules and functions,
// #[test] functions and a package's tests/ folder are never checked.
func TestTestCodeSkipped(t *testing.T) {
	const fun = "public fun price(a: u64, b: u64, c: u64): u64 { a / b * c }\n"
	tests := []struct {
		name, path, src string
		want            int
	}{
		{"module code", "sources/m.move", "module a::m {\n" + fun + "}\n", 1},
		{"test_only module", "sources/m.move", "#[test_only]\nmodule a::m {\n" + fun + "}\n", 0},
		{"test function", "sources/m.move", "module a::m {\n#[test]\n" + fun + "}\n", 0},
		{"test_only function", "sources/m.move", "module a::m {\n#[test_only]\n" + fun + "}\n", 0},
		{"tests folder", "tests/m_tests.move", "module a::m {\n" + fun + "}\n", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := move.ParseFile(scanner.File{Path: tc.path, Content: []byte(tc.src)})
			got := 0
			for _, f := range u.Check(nil) {
				if f.DetectorID == "MOVE-DIV-BEFORE-MUL" {
					got++
				}
			}
			if got != tc.want {
				t.Errorf("MOVE-DIV-BEFORE-MUL findings = %d, want %d", got, tc.want)
			}
		})
	}
}
