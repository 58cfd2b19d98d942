package solidity

import "github.com/bulwark-sec/bulwark/scanner"

// bidiControl: a Unicode bidirectional control character in the source
// (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F). Editors and review tools
// render the text around it reordered, so a comment can hide code, or an
// argument list can read in another order than the compiler sees it (the
// right-to-left override, SWC-130; "Trojan Source", CVE-2021-42574).
//
// Decides: the character anywhere in the file, comments and strings
// included (both are where it hides). Reports each line holding one, with
// the characters spelt out in the snippet.
//
// Known false positives: right-to-left text in a comment that uses the
// controls as intended (rare in contract code).
type bidiControl struct{}

func (bidiControl) Meta() scanner.Rule {
	return scanner.BidiRule("SOL-BIDI-CONTROL", "source", "a comment, an argument order, a string", "string", "SWC-130")
}

func (d bidiControl) Check(u *Unit) []scanner.Finding {
	return scanner.BidiFindings(d.Meta().ID, u.Path, u.Src)
}
