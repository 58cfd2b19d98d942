// Package render prints scan reports for people (text, coloured on a
// terminal) and programs (JSON).
package render

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/bulwark-sec/bulwark/scanner"
)

const (
	reset = "\x1b[0m"
	bold  = "\x1b[1m"
	dim   = "\x1b[2m"
)

var sevColor = map[scanner.Severity]string{
	scanner.Critical: "\x1b[1;35m",
	scanner.High:     "\x1b[1;31m",
	scanner.Medium:   "\x1b[33m",
	scanner.Low:      "\x1b[36m",
}

// Text writes one block per finding and a summary line. Suppressed
// findings are counted, not shown.
func Text(w io.Writer, rep *scanner.Report, color bool) error {
	paint := func(code, s string) string {
		if !color {
			return s
		}
		return code + s + reset
	}
	counts := map[scanner.Severity]int{}
	suppressed := 0
	for _, f := range rep.Findings {
		if f.Suppressed {
			suppressed++
			continue
		}
		counts[f.Severity]++
		fmt.Fprintf(w, "%s:%d: %s %s %s\n", f.File, f.Line, paint(sevColor[f.Severity], fmt.Sprintf("[%s]", f.Severity)), paint(bold, f.Title), paint(dim, f.DetectorID))
		if f.Snippet != "" {
			fmt.Fprintf(w, "    %s\n", f.Snippet)
		}
		fmt.Fprintf(w, "    %s\n\n", f.Recommendation)
	}
	for _, e := range rep.Errors {
		loc := e.File
		if e.Line > 0 {
			loc = fmt.Sprintf("%s:%d", e.File, e.Line)
		}
		fmt.Fprintf(w, "%s: %s %s\n", loc, paint(sevColor[scanner.High], "parse error:"), e.Message)
	}
	_, err := fmt.Fprintf(w, "%d files, %d lines: %d critical, %d high, %d medium, %d low, %d suppressed, %d parse errors\n",
		rep.Files, rep.Lines, counts[scanner.Critical], counts[scanner.High], counts[scanner.Medium], counts[scanner.Low], suppressed, len(rep.Errors))
	return err
}

// JSON writes the report as indented JSON.
func JSON(w io.Writer, rep *scanner.Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}
