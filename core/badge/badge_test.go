package badge_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/core/badge"
)

func TestTextWidth(t *testing.T) {
	for _, tc := range []struct {
		text string
		want int
	}{
		// Sums of Verdana 11px advances, rounded, then bumped to odd:
		// passing 41.75 → 43, failing 33.35 → 33, pending 44.04 → 45,
		// unknown 50.03 → 51, "quality gate" 65.51 → 67.
		{"passing", 43},
		{"failing", 33},
		{"pending", 45},
		{"unknown", 51},
		{"quality gate", 67},
		{"", 1},
		// Outside the table every rune counts as wide as "m" (10.7).
		{"ü", 11},
		{"日本", 21},
	} {
		if got := badge.TextWidth(tc.text); got != tc.want {
			t.Errorf("TextWidth(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
	if badge.TextWidth("mmmm") <= badge.TextWidth("iiii") {
		t.Error("m is not wider than i")
	}
}

// TestRenderShape checks every badge is well-formed XML, accessible, and
// sized from its text: the boxes add up to the width and each text's
// textLength is its measured width.
func TestRenderShape(t *testing.T) {
	for _, tc := range []struct{ label, message, color string }{
		{badge.GateLabel, "passing", badge.Green},
		{badge.GateLabel, "failing", badge.Red},
		{badge.GateLabel, "pending", badge.Yellow},
		{badge.GateLabel, "unknown", badge.Grey},
		{`a<b>&"c'`, "</svg><script>alert(1)</script>", badge.Grey},
	} {
		svg := badge.Render(tc.label, tc.message, tc.color)
		dec := xml.NewDecoder(bytes.NewReader(svg))
		var texts []string
		var title string
		inTitle := false
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%q: not well-formed XML: %v\n%s", tc.message, err, svg)
			}
			switch x := tok.(type) {
			case xml.StartElement:
				inTitle = x.Name.Local == "title"
				if x.Name.Local == "script" {
					t.Fatalf("%q: a script element got through", tc.message)
				}
			case xml.CharData:
				if inTitle {
					title += string(x)
				} else if s := strings.TrimSpace(string(x)); s != "" {
					texts = append(texts, s)
				}
			case xml.EndElement:
				inTitle = false
			}
		}
		want := tc.label + ": " + tc.message
		if title != want {
			t.Errorf("title = %q, want %q", title, want)
		}
		if !bytes.Contains(svg, []byte(`role="img"`)) || !bytes.Contains(svg, []byte(`aria-label="`)) {
			t.Errorf("%q: no role or aria-label", tc.message)
		}
		if strings.Join(texts, "|") != strings.Join([]string{tc.label, tc.label, tc.message, tc.message}, "|") {
			t.Errorf("texts = %q", texts)
		}
		lw, mw := badge.TextWidth(tc.label)+10, badge.TextWidth(tc.message)+10
		if got := attr(t, svg, `<svg[^>]* width="(\d+)"`); got != lw+mw {
			t.Errorf("%q: width %d, want %d", tc.message, got, lw+mw)
		}
		if got := attr(t, svg, `<rect x="(\d+)" width="\d+" height="20" fill="`+regexp.QuoteMeta(tc.color)); got != lw {
			t.Errorf("%q: message box at x=%d, want %d", tc.message, got, lw)
		}
		if got := attr(t, svg, `<rect x="\d+" width="(\d+)"`); got != mw {
			t.Errorf("%q: message box width %d, want %d", tc.message, got, mw)
		}
	}
}

func attr(t *testing.T, svg []byte, pattern string) int {
	t.Helper()
	m := regexp.MustCompile(pattern).FindSubmatch(svg)
	if m == nil {
		t.Fatalf("no match for %s in %s", pattern, svg)
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

func TestGateColors(t *testing.T) {
	for status, color := range map[string]string{"passing": "#4c1", "failing": "#e05d44", "pending": "#dfb317",
		"unknown": "#9f9f9f", "anything": "#9f9f9f"} {
		if svg := badge.Gate(status); !bytes.Contains(svg, []byte(`fill="`+color+`"`)) {
			t.Errorf("Gate(%q) lacks fill %s", status, color)
		}
	}
}
