package scanner

import "testing"

func TestBidiFindings(t *testing.T) {
	src := []byte("a\nb \u202e c \u202c\n\xff\xfe plain é\nx \u2067y\u2069\n")
	got := BidiFindings("X", "f", src)
	if len(got) != 2 {
		t.Fatalf("got %d findings, want 2 (one per line): %+v", len(got), got)
	}
	if got[0].Line != 2 || got[0].Snippet != "b <U+202E> c <U+202C>" {
		t.Errorf("first: line %d snippet %q", got[0].Line, got[0].Snippet)
	}
	if got[1].Line != 4 || got[1].Snippet != "x <U+2067>y<U+2069>" {
		t.Errorf("second: line %d snippet %q", got[1].Line, got[1].Snippet)
	}
	if BidiFindings("X", "f", []byte("plain → ascii\n")) != nil {
		t.Error("no control, yet a finding")
	}
}
