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
	return scanner.Rule{
		ID:             "CAIRO-BIDI-CONTROL",
		Title:          "Bidirectional control character in the source",
		Severity:       scanner.High,
		Confidence:     0.9,
		Category:       "other",
		CWE:            "CWE-451",
		Description:    "The Cairo source holds a Unicode bidirectional control character such as the right-to-left override (U+202E). Editors and diff views display the surrounding text reordered, so what a reviewer reads (a // comment, a string literal, an argument order) is not what the compiler compiles.",
		Recommendation: "Remove the character; if right-to-left text is needed in a comment or string, write it without override or isolate controls.",
		Tier:           scanner.TierQuick,
	}
}

func (d bidiControl) Check(u *Unit) []scanner.Finding {
	return scanner.BidiFindings(d.Meta().ID, u.Path, u.Src)
}
