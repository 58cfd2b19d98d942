package solidity

import "bytes"

// The tree-sitter grammar predates some syntax the current compiler takes:
// file-level `using L for T;` and `using L for T global;` (forge-std's
// LibVariable.sol, so every Foundry project), user-defined operators
// `using {f as ==} for T global;` (OpenZeppelin 5.x), `fallback(bytes
// calldata) external returns (bytes memory)` and `contract C layout at
// 0x…` (0.8.29). mask hides those constructs from the parser by writing
// spaces over them, so every byte offset and line of the rest of the file
// stays exact and nodes still read their text from the original source.
// What is lost is what the masked text said (the attached library, the
// fallback's parameters, the storage base), which no detector uses.
//
// It also blanks the `hex` prefix of hex string literals, which the
// grammar does not know either, and the unary plus of a swapped "x =+ v"
// (the grammar has none), and turns the first byte of a variable named
// like a Yul built-in into an underscore where assembly reaches its slot
// or offset (sstore(number.slot, n) in Optimism's L1Block).

// swappedPlus reports "=+" at s[i] that is an assignment's "=" glued to a
// unary plus (x =+ v), not part of ==, <=, +=, … nor x =++y.
func swappedPlus(s []byte, i int) bool {
	if i+1 >= len(s) || s[i+1] != '+' || i+2 < len(s) && (s[i+2] == '+' || s[i+2] == '=') {
		return false
	}
	return i == 0 || bytes.IndexByte([]byte("=<>!+-*/%&|^:"), s[i-1]) < 0
}

// mask returns src with the unsupported constructs blanked, or src itself
// when there is nothing to blank.
func mask(src []byte) []byte {
	if !bytes.Contains(src, []byte("using")) && !bytes.Contains(src, []byte("fallback")) &&
		!bytes.Contains(src, []byte("receive")) && !bytes.Contains(src, []byte("layout")) &&
		!bytes.Contains(src, []byte(`hex"`)) && !bytes.Contains(src, []byte(`hex'`)) &&
		!bytes.Contains(src, []byte(".slot")) && !bytes.Contains(src, []byte(".offset")) &&
		!bytes.Contains(src, []byte("=+")) {
		return src
	}
	m := masker{src: src}
	m.run()
	if m.out == nil {
		return src
	}
	return m.out
}

type masker struct {
	src []byte
	out []byte // a copy, made on the first change
}

// blank writes spaces over src[from:to], keeping line breaks.
func (m *masker) blank(from, to int) {
	if from >= to {
		return
	}
	if m.out == nil {
		m.out = bytes.Clone(m.src)
	}
	for i := from; i < to && i < len(m.out); i++ {
		if m.out[i] != '\n' && m.out[i] != '\r' {
			m.out[i] = ' '
		}
	}
}

// skip returns the offset after a comment or string literal starting at i,
// or i when none starts there.
func (m *masker) skip(i int) int {
	s := m.src
	switch {
	case i+1 < len(s) && s[i] == '/' && s[i+1] == '/':
		for i < len(s) && s[i] != '\n' {
			i++
		}
		return i
	case i+1 < len(s) && s[i] == '/' && s[i+1] == '*':
		if end := bytes.Index(s[i+2:], []byte("*/")); end >= 0 {
			return i + 2 + end + 2
		}
		return len(s)
	case s[i] == '"' || s[i] == '\'':
		q := s[i]
		for i++; i < len(s) && s[i] != q && s[i] != '\n'; i++ {
			if s[i] == '\\' {
				i++
			}
		}
		return min(i+1, len(s))
	}
	return i
}

// word returns the identifier starting at i ("" when none does).
func (m *masker) word(i int) string {
	if i > 0 && isIdent(m.src[i-1]) {
		return ""
	}
	j := i
	for j < len(m.src) && isIdent(m.src[j]) {
		j++
	}
	return string(m.src[i:j])
}

// next returns the offset of the next byte that is not space or comment.
func (m *masker) next(i int) int {
	for i < len(m.src) {
		if k := m.skip(i); k != i && (m.src[i] == '/') {
			i = k
			continue
		}
		if c := m.src[i]; c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		return i
	}
	return i
}

// until returns the offset of the first stop byte at nesting level zero
// from i, skipping comments, strings and bracketed groups (len(src) when
// there is none).
func (m *masker) until(i int, stop ...byte) int {
	depth := 0
	for i < len(m.src) {
		if k := m.skip(i); k != i {
			i = k
			continue
		}
		c := m.src[i]
		if depth == 0 && bytes.IndexByte(stop, c) >= 0 {
			return i
		}
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
		i++
	}
	return i
}

// closing returns the offset of the bracket closing the one at i.
func (m *masker) closing(i int) int {
	open, close := m.src[i], map[byte]byte{'(': ')', '[': ']', '{': '}'}[m.src[i]]
	depth := 0
	for j := i; j < len(m.src); {
		if k := m.skip(j); k != j {
			j = k
			continue
		}
		switch m.src[j] {
		case open:
			depth++
		case close:
			if depth--; depth == 0 {
				return j
			}
		}
		j++
	}
	return len(m.src)
}

func (m *masker) run() {
	s := m.src
	depth := 0
	for i := 0; i < len(s); {
		if k := m.skip(i); k != i {
			i = k
			continue
		}
		switch c := s[i]; {
		case c == '{':
			depth++
			i++
			continue
		case c == '}':
			depth--
			i++
			continue
		case c == '=' && swappedPlus(s, i):
			// x =+ v: the grammar has no unary plus. A space over the
			// sign parses it as x = v, which is what it does; the
			// statement's text still shows the swapped operator to
			// SOL-NO-EFFECT.
			m.blank(i+1, i+2)
			i += 2
			continue
		case !isIdent(c):
			i++
			continue
		}
		w := m.word(i)
		if w == "" {
			for i < len(s) && isIdent(s[i]) {
				i++
			}
			continue
		}
		end := i + len(w)
		switch w {
		case "hex":
			if end < len(s) && (s[end] == '"' || s[end] == '\'') {
				m.blank(i, end)
			}
		case "using":
			semi := m.until(end, ';')
			body := s[end:semi]
			// Contract-level `using L for T;` parses and matters (SafeMath);
			// the file-level, global and operator forms do not parse.
			if depth == 0 || bytes.Contains(body, []byte("global")) || bytes.Contains(body, []byte("{")) {
				m.blank(i, min(semi+1, len(s)))
				end = semi
			}
		case "fallback", "receive":
			open := m.next(end)
			if open < len(s) && s[open] == '(' {
				closeP := m.closing(open)
				if closeP >= len(s) {
					break // unterminated: leave it to the parser's error
				}
				m.blank(open+1, closeP)
				// The header runs to the body or the semicolon.
				stop := m.until(closeP+1, '{', ';')
				header := s[closeP+1 : stop]
				if r := bytes.Index(header, []byte("returns")); r >= 0 {
					ro := m.next(closeP + 1 + r + len("returns"))
					if ro < stop && s[ro] == '(' {
						m.blank(closeP+1+r, m.closing(ro)+1)
					}
				}
				end = closeP
			}
		case "number", "basefee", "timestamp", "coinbase", "difficulty", "prevrandao", "gaslimit",
			"chainid", "balance", "address", "origin", "caller", "gasprice", "callvalue", "gas",
			"blobbasefee", "selfbalance":
			// A state variable named like a Yul built-in, reached in
			// assembly as number.slot or x.offset: the grammar reads the
			// built-in and fails. An underscore over its first byte makes
			// it a name again; nodes still read the original text.
			if bytes.HasPrefix(s[end:], []byte(".slot")) || bytes.HasPrefix(s[end:], []byte(".offset")) {
				if m.out == nil {
					m.out = bytes.Clone(m.src)
				}
				m.out[i] = '_'
			}
		case "layout":
			at := m.next(end)
			if m.word(at) == "at" {
				brace := m.until(at, '{')
				m.blank(i, brace)
				end = brace
			}
		}
		i = max(end, i+1)
	}
}
