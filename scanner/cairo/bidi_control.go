package cairo

import "github.com/bulwark-sec/bulwark/scanner"

// bidiControl: a Unicode bidirectional control character in the source
// (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F), the Cairo twin of
// SOL-BIDI-CONTROL. Editors and review tools render the text around it
// reordered, so a // comment can hide code, or a short or byte-array
// string can read in another order than the compiler sees it ("Trojan
// Source", CVE-2021-42574).
//
// Decides: the character anywhere in the file, comments and strings
// included (where it hides), through scanner.BidiFindings. Reports each
// line holding one, with the characters spelt out.
//
// Known false positives: right-to-left text in a comment that uses the
// controls as intended (rare in contract code).
type bidiControl struct{}

func (bidiControl) Meta() scanner.Rule {
	return scanner.BidiRule("CAIRO-BIDI-CONTROL", "Cairo source", "a // comment, a string literal, an argument order", "string", "")
}

func (d bidiControl) Check(u *Unit) []scanner.Finding {
	return scanner.BidiFindings(d.Meta().ID, u.Path, u.Src)
}
