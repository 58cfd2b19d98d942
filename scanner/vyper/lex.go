package vyper

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// tokKind classifies a token.
type tokKind uint8

const (
	tEOF tokKind = iota
	tName
	tNumber
	tString
	tOp
	tNewline
	tIndent
	tDedent
)

type token struct {
	kind       tokKind
	text       string
	start, end int
}

// comment is one # comment, kept for the version pragma.
type comment struct {
	text string
	line int
	off  int
}

// lexer turns Vyper source into tokens with Python's layout rules:
// NEWLINE ends a logical line, INDENT and DEDENT open and close blocks,
// and line breaks inside brackets are ignored.
type lexer struct {
	src      string
	b        *syntax.Builder
	toks     []token
	comments []comment
}

// blockStarts are words that, at column 0 inside an unclosed bracket, end
// the bracket: a missing ")" must not swallow the rest of the file.
var blockStarts = map[string]bool{"def": true, "event": true, "struct": true, "interface": true, "flag": true, "enum": true}

func lex(b *syntax.Builder) ([]token, []comment) {
	l := &lexer{src: b.Src, b: b, toks: make([]token, 0, len(b.Src)/5+16)}
	l.run()
	return l.toks, l.comments
}

func (l *lexer) emit(k tokKind, start, end int) {
	l.toks = append(l.toks, token{kind: k, text: l.src[start:end], start: start, end: end})
}

func (l *lexer) run() {
	src := l.src
	indents := []int{0}
	depth := 0
	i := 0
	atLineStart := true
	for i < len(src) {
		if atLineStart {
			atLineStart = false
			// Measure the indentation of a line that holds code.
			col, j := 0, i
			for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\f') {
				if src[j] == '\t' {
					col = (col/8 + 1) * 8
				} else {
					col++
				}
				j++
			}
			if j >= len(src) || src[j] == '\n' || src[j] == '\r' || src[j] == '#' {
				// A blank or comment-only line: no tokens, no layout.
				k := strings.IndexByte(src[j:], '\n')
				if k < 0 {
					k = len(src) - j
				}
				if j < len(src) && src[j] == '#' {
					l.comments = append(l.comments, comment{text: strings.TrimRight(src[j:j+k], "\r"), line: l.b.Line(j), off: j})
				}
				i = j + k + 1
				atLineStart = true
				continue
			}
			if depth > 0 && col == 0 && (src[j] == '@' || blockStarts[wordAt(src, j)]) {
				l.b.Errorf(j, "unclosed bracket")
				depth = 0
				l.emit(tNewline, j, j)
			}
			if depth == 0 {
				if col > indents[len(indents)-1] {
					indents = append(indents, col)
					l.emit(tIndent, j, j)
				} else {
					for col < indents[len(indents)-1] {
						indents = indents[:len(indents)-1]
						l.emit(tDedent, j, j)
					}
					if col != indents[len(indents)-1] {
						l.b.Errorf(j, "inconsistent indentation")
						indents = append(indents, col)
						l.emit(tIndent, j, j)
					}
				}
			}
			i = j
		}
		c := src[i]
		switch {
		case c == '\n':
			if depth == 0 {
				l.emit(tNewline, i, i)
			}
			i++
			atLineStart = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			i += 2
			if i < len(src) && src[i-1] == '\r' && src[i] == '\n' {
				i++
			}
		case c == '#':
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			l.comments = append(l.comments, comment{text: src[i : i+j], line: l.b.Line(i), off: i})
			i += j
		case isIdentStart(c):
			j := i
			for j < len(src) && isIdentPart(src[j]) {
				j++
			}
			if j < len(src) && (src[j] == '"' || src[j] == '\'') && isStringPrefix(src[i:j]) {
				i = l.str(i, j)
				continue
			}
			l.emit(tName, i, j)
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i + 1
			for j < len(src) {
				d := src[j]
				if isIdentPart(d) || d == '.' && !(j+1 < len(src) && src[j+1] == '.') {
					j++
				} else if (d == '+' || d == '-') && (src[j-1] == 'e' || src[j-1] == 'E') && !strings.HasPrefix(src[i:], "0x") {
					j++
				} else {
					break
				}
			}
			l.emit(tNumber, i, j)
			i = j
		case c == '"' || c == '\'':
			i = l.str(i, i)
		default:
			n := opLen(src[i:])
			if n == 0 {
				l.b.Errorf(i, "unexpected character "+quote(src[i:i+1]))
				i++
				continue
			}
			switch c {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				if depth > 0 {
					depth--
				}
			}
			l.emit(tOp, i, i+n)
			i += n
		}
	}
	if n := len(l.toks); n > 0 && l.toks[n-1].kind != tNewline && l.toks[n-1].kind != tDedent {
		l.emit(tNewline, len(src), len(src))
	}
	for len(indents) > 1 {
		indents = indents[:len(indents)-1]
		l.emit(tDedent, len(src), len(src))
	}
	l.emit(tEOF, len(src), len(src))
}

// str lexes a string literal whose quote starts at q (prefix from start).
func (l *lexer) str(start, q int) int {
	src := l.src
	quoteCh := src[q]
	triple := strings.HasPrefix(src[q:], strings.Repeat(string(quoteCh), 3))
	j := q + 1
	if triple {
		j = q + 3
	}
	for j < len(src) {
		switch {
		case src[j] == '\\':
			j += 2
			continue
		case triple && strings.HasPrefix(src[j:], strings.Repeat(string(quoteCh), 3)):
			j += 3
			l.emit(tString, start, j)
			return j
		case !triple && src[j] == quoteCh:
			j++
			l.emit(tString, start, j)
			return j
		case !triple && src[j] == '\n':
			l.b.Errorf(start, "unterminated string")
			l.emit(tString, start, j)
			return j
		}
		j++
	}
	l.b.Errorf(start, "unterminated string")
	l.emit(tString, start, len(src))
	return len(src)
}

func wordAt(s string, i int) string {
	j := i
	for j < len(s) && isIdentPart(s[j]) {
		j++
	}
	return s[i:j]
}

func isStringPrefix(p string) bool {
	switch strings.ToLower(p) {
	case "b", "x", "r", "u", "f", "br", "rb":
		return true
	}
	return false
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

var ops3 = []string{"**=", "//=", ">>=", "<<=", "..."}
var ops2 = []string{"**", "//", ">>", "<<", "<=", ">=", "==", "!=", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", ":="}

func opLen(s string) int {
	for _, o := range ops3 {
		if strings.HasPrefix(s, o) {
			return 3
		}
	}
	for _, o := range ops2 {
		if strings.HasPrefix(s, o) {
			return 2
		}
	}
	if strings.IndexByte("()[]{}:,.;@=+-*/%<>&|^~!", s[0]) >= 0 {
		return 1
	}
	return 0
}

func quote(s string) string { return "\"" + s + "\"" }
