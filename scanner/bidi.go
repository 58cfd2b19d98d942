package scanner

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// IsBidi reports the Unicode bidirectional formatting characters
// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F): the "Trojan Source"
// controls (CVE-2021-42574, SWC-130) that make editors show text in
// another order than compilers read it.
func IsBidi(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || r == 0x200E || r == 0x200F
}

// BidiRule is the rule every language's bidirectional-control detector
// reports under: id, what the file is ("source", "Vyper source"), what a
// reviewer reads there, the literal kind the text may need, and an SWC
// id where the language has one.
func BidiRule(id, subject, reads, literal, swc string) Rule {
	return Rule{
		ID:             id,
		Title:          "Bidirectional control character in the source",
		Severity:       High,
		Confidence:     0.9,
		Category:       "other",
		CWE:            "CWE-451",
		SWC:            swc,
		Description:    "The " + subject + " holds a Unicode bidirectional control character such as the right-to-left override (U+202E). Editors and diff views display the surrounding text reordered, so what a reviewer reads (" + reads + ") is not what the compiler compiles.",
		Recommendation: "Remove the character; if right-to-left text is needed in a comment or " + literal + ", write it without override or isolate controls.",
		Tier:           TierQuick,
	}
}

// BidiFindings returns one finding of rule id per line of src holding a
// bidirectional control, its snippet the line with the controls spelt
// out (<U+202E>). Any language's scanner can report them with it: the
// Solidity, Vyper, Cairo and Move scanners do (SOL-, VY-, CAIRO- and
// MOVE-BIDI-CONTROL). Rust needs no such rule: rustc itself denies these
// characters in literals and comments (the deny-by-default lints
// text_direction_codepoint_in_literal and
// text_direction_codepoint_in_comment).
func BidiFindings(id, path string, src []byte) []Finding {
	// They all encode as E2 80 xx or E2 81 xx: most files hold neither.
	if !bytes.Contains(src, []byte("\xe2\x80")) && !bytes.Contains(src, []byte("\xe2\x81")) {
		return nil
	}
	var out []Finding
	line, last := 1, 0
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		switch {
		case r == '\n':
			line++
		case IsBidi(r) && line != last:
			last = line
			snippet := spellBidi(FirstLine(string(src[LineStart(src, i):])))
			out = append(out, Finding{DetectorID: id, File: path, Line: line, EndLine: line, Snippet: snippet,
				Fingerprint: Fingerprint(id, "", snippet)})
		}
		i += size
	}
	return out
}

// spellBidi writes the controls in s as <U+XXXX>.
func spellBidi(s string) string {
	var b strings.Builder
	for _, r := range s {
		if IsBidi(r) {
			fmt.Fprintf(&b, "<U+%04X>", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
