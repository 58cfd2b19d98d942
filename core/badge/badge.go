// Package badge renders shields-style "flat" SVG badges: a grey label on
// the left and a coloured message on the right, sized from the text as
// Verdana 11px would set it, so that README badges of bulwark sit among
// shields.io badges without looking out of place.
package badge

import (
	"fmt"
	"math"
	"strings"
)

// Colours of the flat style.
const (
	Green  = "#4c1"
	Red    = "#e05d44"
	Yellow = "#dfb317"
	Grey   = "#9f9f9f"
	label  = "#555"
)

// GateLabel is the left half of the quality-gate badge.
const GateLabel = "quality gate"

// gateColors maps an evaluation status to its colour; anything else is
// grey.
var gateColors = map[string]string{"passing": Green, "failing": Red, "pending": Yellow}

// Gate renders the quality-gate badge for status (passing, failing,
// pending; anything else renders grey).
func Gate(status string) []byte {
	c, ok := gateColors[status]
	if !ok {
		c = Grey
	}
	return Render(GateLabel, status, c)
}

// horizPadding is the space left and right of each text, in pixels.
const horizPadding = 5

// Render returns the SVG of a flat badge. Both texts are XML-escaped;
// color is written as given, so it must come from this package's constants
// or another trusted source.
func Render(labelText, message, color string) []byte {
	lt, mt := TextWidth(labelText), TextWidth(message)
	lw, mw := lt+2*horizPadding, mt+2*horizPadding
	w := lw + mw
	title := escape(labelText + ": " + message)
	l, m := escape(labelText), escape(message)
	// Text is drawn at 10x size and scaled down by .1, which keeps
	// sub-pixel positions in integers. As shields does, the label is set
	// 1px right of its box's start and the message 1px left of its own.
	lx := 10*(1+horizPadding) + 5*lt
	mx := 10*(lw-1+horizPadding) + 5*mt
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="20" role="img" aria-label="%s">`, w, title)
	fmt.Fprintf(&b, `<title>%s</title>`, title)
	b.WriteString(`<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`)
	fmt.Fprintf(&b, `<clipPath id="r"><rect width="%d" height="20" rx="3" fill="#fff"/></clipPath>`, w)
	fmt.Fprintf(&b, `<g clip-path="url(#r)"><rect width="%d" height="20" fill="%s"/><rect x="%d" width="%d" height="20" fill="%s"/><rect width="%d" height="20" fill="url(#s)"/></g>`,
		lw, label, lw, mw, color, w)
	b.WriteString(`<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="110">`)
	for _, t := range []struct {
		x, length int
		text      string
	}{{lx, 10 * lt, l}, {mx, 10 * mt, m}} {
		// A dark copy 1px lower is the shadow that keeps white text
		// legible on light colours.
		fmt.Fprintf(&b, `<text aria-hidden="true" x="%d" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="%d">%s</text>`, t.x, t.length, t.text)
		fmt.Fprintf(&b, `<text x="%d" y="140" transform="scale(.1)" fill="#fff" textLength="%d">%s</text>`, t.x, t.length, t.text)
	}
	b.WriteString(`</g></svg>`)
	return []byte(b.String())
}

// TextWidth is the width in pixels of s set in Verdana 11px, rounded to
// the nearest integer and then up to an odd one, which centres the text
// on the pixel grid.
func TextWidth(s string) int {
	var hundredths int
	for _, r := range s {
		hundredths += charWidth(r)
	}
	w := int(math.Round(float64(hundredths) / 100))
	if w%2 == 0 {
		w++
	}
	return w
}

// fallbackWidth is used for characters outside the table: the width of
// "m", the widest lowercase letter, so unknown text never overflows its
// box.
const fallbackWidth = 1070

// charWidth returns the advance width of r in Verdana 11px, in hundredths
// of a pixel.
func charWidth(r rune) int {
	if r >= 32 && int(r-32) < len(verdana11) {
		return verdana11[r-32]
	}
	return fallbackWidth
}

// verdana11 holds the advance widths of printable ASCII (U+0020 to
// U+007E) in Verdana at 11px, in hundredths of a pixel: the same font
// metrics shields.io measures its badges with.
var verdana11 = [...]int{
	387, 433, 505, 900, 699, 1184, 799, 295, 500, 500, 699, 900, 400, 500, 400, 500, // space ! " # $ % & ' ( ) * + , - . /
	699, 699, 699, 699, 699, 699, 699, 699, 699, 699, // 0-9
	500, 500, 900, 900, 900, 600, 1100, // : ; < = > ? @
	752, 754, 768, 848, 696, 632, 853, 827, 463, 500, 762, 612, 927, // A-M
	823, 866, 663, 866, 765, 752, 678, 805, 752, 1088, 754, 677, 754, // N-Z
	500, 500, 500, 900, 699, 699, // [ \ ] ^ _ `
	661, 685, 573, 685, 655, 387, 685, 696, 302, 379, 651, 302, 1070, // a-m
	696, 668, 685, 685, 469, 573, 433, 696, 651, 900, 651, 651, 578, // n-z
	698, 500, 698, 900, // { | } ~
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}
