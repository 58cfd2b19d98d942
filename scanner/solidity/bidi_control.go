package solidity

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bulwark-sec/bulwark/scanner"
)

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
	return scanner.Rule{
		ID:             "SOL-BIDI-CONTROL",
		Title:          "Bidirectional control character in the source",
		Severity:       scanner.High,
		Confidence:     0.9,
		Category:       "other",
		CWE:            "CWE-451",
		SWC:            "SWC-130",
		Description:    "The source holds a Unicode bidirectional control character such as the right-to-left override (U+202E). Editors and diff views display the surrounding text reordered, so what a reviewer reads (a comment, an argument order, a string) is not what the compiler compiles.",
		Recommendation: "Remove the character; if right-to-left text is needed in a comment or string, write it without override or isolate controls.",
		Tier:           scanner.TierQuick,
	}
}

// isBidi reports the bidirectional formatting characters.
func isBidi(r rune) bool {
	return r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || r == 0x200E || r == 0x200F
}

func (d bidiControl) Check(u *Unit) []scanner.Finding {
	// All of them encode as E2 80 xx or E2 81 xx: most files have no E2.
	if !bytes.Contains(u.Src, []byte("\xe2\x80")) && !bytes.Contains(u.Src, []byte("\xe2\x81")) {
		return nil
	}
	var out []scanner.Finding
	last := 0
	for i := 0; i < len(u.Src); {
		r, size := utf8.DecodeRune(u.Src[i:])
		if isBidi(r) {
			if line := u.lines.line(i); line != last {
				last = line
				out = append(out, d.finding(u, i, line))
			}
		}
		i += size
	}
	return out
}

// finding reports the line holding offset off, its controls spelt out.
func (d bidiControl) finding(u *Unit, off, line int) scanner.Finding {
	text := scanner.FirstLine(string(u.Src[scanner.LineStart(u.Src, off):]))
	var b strings.Builder
	for _, r := range text {
		if isBidi(r) {
			fmt.Fprintf(&b, "<U+%04X>", r)
			continue
		}
		b.WriteRune(r)
	}
	snippet := strings.TrimSpace(b.String())
	return scanner.Finding{
		DetectorID:  d.Meta().ID,
		File:        u.Path,
		Line:        line,
		EndLine:     line,
		Snippet:     snippet,
		Fingerprint: scanner.Fingerprint(d.Meta().ID, "", snippet),
	}
}
