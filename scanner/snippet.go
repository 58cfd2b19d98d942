package scanner

import "strings"

// FirstLine is s up to its first line break, trimmed and cut at 200
// bytes: what a finding shows as its snippet.
func FirstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimSpace(s)
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

// LineStart returns the offset of the start of the line holding off.
func LineStart(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}
