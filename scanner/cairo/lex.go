package cairo

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

type tokKind uint8

const (
	tEOF tokKind = iota
	tIdent
	tNumber
	tString // 'short string' or "byte array"
	tOp
)

type token struct {
	kind       tokKind
	text       string
	start, end int
}

var ops3 = []string{"..=", "<<=", ">>="}
var ops2 = []string{"::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "..", "|="}

// lex splits Cairo source into tokens; comments are dropped.
func lex(b *syntax.Builder) []token {
	src := b.Src
	toks := make([]token, 0, len(src)/5+16) // about one token per five bytes
	emit := func(k tokKind, s, e int) { toks = append(toks, token{kind: k, text: src[s:e], start: s, end: e}) }
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			i += j
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				b.Errorf(i, "unterminated comment")
				i = len(src)
			} else {
				i += j + 4
			}
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80:
			j := i
			for j < len(src) && isIdentPart(src[j]) {
				j++
			}
			emit(tIdent, i, j)
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && isIdentPart(src[j]) {
				j++
			}
			emit(tNumber, i, j)
			i = j
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) || src[j] != c {
				b.Errorf(i, "unterminated string")
				if j > len(src) {
					j = len(src)
				}
				emit(tString, i, j)
				i = j
				continue
			}
			emit(tString, i, j+1)
			i = j + 1
		default:
			n := 0
			for _, o := range ops3 {
				if strings.HasPrefix(src[i:], o) {
					n = 3
					break
				}
			}
			if n == 0 {
				for _, o := range ops2 {
					if strings.HasPrefix(src[i:], o) {
						n = 2
						break
					}
				}
			}
			if n == 0 && strings.IndexByte("{}()[]<>,;:.#!@*&|^+-/%=?~$", c) >= 0 {
				n = 1
			}
			if n == 0 {
				b.Errorf(i, "unexpected character \""+src[i:i+1]+"\"")
				i++
				continue
			}
			emit(tOp, i, i+n)
			i += n
		}
	}
	emit(tEOF, len(src), len(src))
	return toks
}

func isIdentPart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
