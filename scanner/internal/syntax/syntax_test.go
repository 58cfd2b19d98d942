package syntax_test

import (
	"strings"
	"testing"

	tsrust "github.com/tree-sitter/tree-sitter-rust/bindings/go"

	"github.com/bulwark-sec/bulwark/scanner/internal/syntax"
)

var rust = syntax.NewGrammar(tsrust.Language())

func TestParse(t *testing.T) {
	p := syntax.NewParser(rust)
	defer p.Close()
	src := []byte("fn f(a: u64) -> u64 {\n    a + 1\n}\n")
	root, errs := p.Parse(src, src, nil)
	if len(errs) != 0 {
		t.Fatalf("errors: %v", errs)
	}
	fns := root.Find("function_item")
	if len(fns) != 1 || fns[0].Child("name").Text() != "f" || fns[0].Line != 1 || fns[0].EndLine != 3 {
		t.Fatalf("function: %+v", fns)
	}
	bin := root.Find("binary_expression")
	if len(bin) != 1 || bin[0].Child("operator").Text() != "+" || bin[0].Line != 2 || bin[0].Parent.Kind != "block" {
		t.Fatalf("binary expression: %+v", bin)
	}
	// Punctuation is dropped, operators and keywords are kept.
	if d := root.Dump(); strings.Contains(d, `"{"`) || strings.Contains(d, `"("`) || !strings.Contains(d, `"fn"`) {
		t.Errorf("tree:\n%s", d)
	}
}

func TestParseErrorsAndRemap(t *testing.T) {
	p := syntax.NewParser(rust)
	defer p.Close()
	src := []byte("fn f() {\n    let x = ;\n}\n")
	_, errs := p.Parse(src, src, nil)
	if len(errs) == 0 || errs[0].Line != 2 {
		t.Errorf("errors = %v, want one on line 2", errs)
	}
	// A pre-pass that inserted one byte at offset 0: offsets map back.
	orig := []byte("fn g() {}\n")
	text := append([]byte(" "), orig...)
	root, _ := p.Parse(orig, text, func(i int) int { return max(0, i-1) })
	if g := root.Find("function_item"); len(g) != 1 || g[0].Text() != "fn g() {}" {
		t.Errorf("remapped function: %q", g[0].Text())
	}
	// Empty and invalid input parse to a root without panicking.
	for _, in := range [][]byte{nil, {0xff, 0x00, 0xfe}} {
		if root, _ := p.Parse(in, in, nil); root == nil {
			t.Errorf("no root for %q", in)
		}
	}
}
