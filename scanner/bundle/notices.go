package bundle

import (
	"fmt"
	"sort"
	"strings"
)

// languageNames name the languages of the source extensions.
var languageNames = map[string]string{".sol": "Solidity", ".vy": "Vyper", ".vyi": "Vyper", ".rs": "Rust",
	".move": "Move", ".cairo": "Cairo"}

// Notices words what a load skipped, one line per kind, for every caller
// to show the same text. raise says how to raise lim.MaxFileBytes (e.g.
// "raise it with --max-file-size"); empty when the caller cannot.
func (s *Skipped) Notices(lim Limits, raise string) []string {
	var out []string
	list := func(names []string) string {
		if len(names) > 3 {
			return strings.Join(names[:3], ", ") + fmt.Sprintf(" and %d more", len(names)-3)
		}
		return strings.Join(names, ", ")
	}
	if n := len(s.TooLarge); n > 0 {
		line := fmt.Sprintf("skipped %d file(s) over the %s file limit: %s", n, formatSize(lim.MaxFileBytes), list(s.TooLarge))
		if raise != "" {
			line += " (" + raise + ")"
		}
		out = append(out, line)
	}
	if n := len(s.NotText); n > 0 {
		out = append(out, fmt.Sprintf("skipped %d file(s) that are not text (NUL bytes or invalid UTF-8): %s", n, list(s.NotText)))
	}
	exts := make([]string, 0, len(s.Unsupported))
	for ext := range s.Unsupported {
		exts = append(exts, ext)
	}
	sort.Strings(exts)
	for _, ext := range exts {
		out = append(out, fmt.Sprintf("%d %s file(s): no %s scanner in this version", len(s.Unsupported[ext]), ext, languageNames[ext]))
	}
	return out
}

// Count is the number of files skipped.
func (s *Skipped) Count() int {
	n := len(s.TooLarge) + len(s.NotText)
	for _, names := range s.Unsupported {
		n += len(names)
	}
	return n
}

func formatSize(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	if n%(1<<10) == 0 {
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
