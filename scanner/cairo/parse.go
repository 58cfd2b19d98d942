package cairo

import (
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// parser is a recursive-descent parser over Cairo tokens, with a Pratt
// parser for expressions. An item or statement it cannot parse becomes an
// ERROR node up to the next ";" or the "}" that closes it, and parsing
// goes on.
type parser struct {
	b        *syntax.Builder
	toks     []token
	pos      int
	depth    int
	noStruct bool // no struct literal here: if, while, match and for heads
}

type parseError struct{}
type bailout struct{}

func parse(src string) (*syntax.Node, *syntax.Builder) {
	b := syntax.NewBuilder(src)
	p := &parser{b: b, toks: lex(b)}
	root := b.Node("source_file", 0, len(src))
	p.items(root, true)
	return root, b
}

func (p *parser) tok() token { return p.toks[p.pos] }
func (p *parser) peek(k int) token {
	if p.pos+k < len(p.toks) {
		return p.toks[p.pos+k]
	}
	return p.toks[len(p.toks)-1]
}
func (p *parser) at(k tokKind) bool { return p.toks[p.pos].kind == k }
func (p *parser) atOp(s string) bool {
	t := p.toks[p.pos]
	return t.kind == tOp && t.text == s
}
func (p *parser) atWord(s string) bool {
	t := p.toks[p.pos]
	return t.kind == tIdent && t.text == s
}
func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}
func (p *parser) prevEnd() int {
	if p.pos == 0 {
		return 0
	}
	return p.toks[p.pos-1].end
}

func (p *parser) enter() {
	p.depth++
	if p.depth > syntax.MaxDepth {
		panic(bailout{})
	}
}
func (p *parser) leave() { p.depth-- }

func (p *parser) fail(msg string) {
	p.b.Errorf(p.tok().start, msg+", found \""+p.tok().text+"\"")
	panic(parseError{})
}

func (p *parser) expectOp(s string) {
	if !p.atOp(s) {
		p.fail("expected \"" + s + "\"")
	}
	p.next()
}

func (p *parser) ident() *syntax.Node {
	if !p.at(tIdent) {
		p.fail("expected a name")
	}
	t := p.next()
	return p.b.Node("identifier", t.start, t.end)
}

// recovering runs fn, turning a parse error into an ERROR node that skips
// to the next ";" or past the braces it opened, without consuming the "}"
// of the enclosing block.
func (p *parser) recovering(fn func() *syntax.Node) (n *syntax.Node) {
	start, pos, depth, ns := p.tok().start, p.pos, p.depth, p.noStruct
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		p.depth, p.noStruct = depth, ns
		switch r.(type) {
		case parseError:
		case bailout:
			p.b.Errorf(p.tok().start, "nesting too deep")
			p.pos = len(p.toks) - 1
		default:
			panic(r)
		}
		if p.pos == pos && !p.atOp("}") {
			p.next()
		}
		// Skip to the end of the broken construct: a ";" or the "}" that
		// closes braces opened here, or, when brackets stay unbalanced, the
		// next line that starts at the construct's column or left of it
		// (the next statement or item; its own closing brace is taken).
		col, _ := p.b.Column(start)
		level := 0
	skip:
		for !p.at(tEOF) {
			t := p.tok()
			if c, first := p.b.Column(t.start); first && c <= col && p.pos > pos {
				if t.kind == tOp && t.text == "}" && c == col && level > 0 {
					p.next()
				}
				break skip
			}
			if t.kind == tOp {
				switch t.text {
				case "{", "(", "[":
					level++
				case ")", "]":
					if level > 0 {
						level--
					}
				case "}":
					if level == 0 {
						break skip
					}
					level--
					if level == 0 {
						p.next()
						break skip
					}
				case ";":
					if level == 0 {
						p.next()
						break skip
					}
				}
			}
			p.next()
		}
		n = p.b.Node("ERROR", start, p.prevEnd())
	}()
	return fn()
}

// items parses items until "}" (or EOF at the top level) into parent.
func (p *parser) items(parent *syntax.Node, top bool) {
	for !p.at(tEOF) && !(p.atOp("}") && !top) {
		pos := p.pos
		if p.atOp("}") { // stray closing brace at the top level
			p.b.Errorf(p.tok().start, "unexpected \"}\"")
			p.next()
			continue
		}
		p.b.Adopt(parent, p.recovering(p.item), "")
		if p.pos == pos {
			p.next()
		}
	}
}

// attrs parses outer attributes #[…] (and inner #![…]).
func (p *parser) attrs() []*syntax.Node {
	var out []*syntax.Node
	for p.atOp("#") {
		start := p.next().start
		if p.atOp("!") {
			p.next()
		}
		p.expectOp("[")
		p.balanced("[", "]")
		out = append(out, p.b.Node("attribute", start, p.prevEnd()))
	}
	return out
}

// balanced skips to the close matching an open already consumed.
func (p *parser) balanced(open, close string) {
	level := 1
	for !p.at(tEOF) {
		t := p.next()
		if t.kind != tOp {
			continue
		}
		switch t.text {
		case open:
			level++
		case close:
			level--
			if level == 0 {
				return
			}
		}
	}
	p.fail("expected \"" + close + "\"")
}

func (p *parser) item() *syntax.Node {
	p.enter()
	defer p.leave()
	start := p.tok().start
	attrs := p.attrs()
	vis := ""
	if p.atWord("pub") {
		p.next()
		vis = "pub"
		if p.atOp("(") {
			p.next()
			p.balanced("(", ")")
		}
	}
	var n *syntax.Node
	t := p.tok()
	switch {
	case t.kind == tIdent && t.text == "mod":
		p.next()
		n = p.b.Node("module", start, start)
		p.b.Adopt(n, p.ident(), "name")
		if p.atOp(";") {
			p.next()
			break
		}
		p.b.Adopt(n, p.declList(), "body")
	case t.kind == tIdent && t.text == "use":
		p.next()
		n = p.b.Node("use_declaration", start, start)
		for !p.atOp(";") && !p.at(tEOF) && !p.atOp("}") {
			if p.atOp("{") {
				p.next()
				p.balanced("{", "}")
				continue
			}
			p.next()
		}
		p.expectOp(";")
	case t.kind == tIdent && (t.text == "fn" || t.text == "extern" && p.peek(1).text == "fn"):
		n = p.function(start)
	case t.kind == tIdent && (t.text == "struct" || t.text == "enum"):
		p.next()
		n = p.b.Node(t.text, start, start)
		p.b.Adopt(n, p.ident(), "name")
		p.generics(n)
		if p.atOp(";") {
			p.next()
			break
		}
		bs := p.tok().start
		p.expectOp("{")
		body := p.b.Node("field_list", bs, bs)
		for !p.atOp("}") && !p.at(tEOF) {
			fs := p.tok().start
			fattrs := p.attrs()
			if p.atWord("pub") {
				p.next()
				if p.atOp("(") {
					p.next()
					p.balanced("(", ")")
				}
			}
			f := p.b.Node("field", fs, fs)
			for _, a := range fattrs {
				p.b.Adopt(f, a, "attribute")
			}
			p.b.Adopt(f, p.ident(), "name")
			if p.atOp(":") {
				p.next()
				p.b.Adopt(f, p.typ(), "type")
			}
			p.b.Extend(f, p.prevEnd())
			p.b.Adopt(body, f, "")
			if !p.atOp(",") {
				break
			}
			p.next()
		}
		p.expectOp("}")
		p.b.Extend(body, p.prevEnd())
		p.b.Adopt(n, body, "body")
	case t.kind == tIdent && t.text == "trait":
		p.next()
		n = p.b.Node("trait", start, start)
		p.b.Adopt(n, p.ident(), "name")
		p.generics(n)
		if p.atOp(";") {
			p.next()
			break
		}
		p.b.Adopt(n, p.declList(), "body")
	case t.kind == tIdent && t.text == "impl":
		p.next()
		n = p.b.Node("impl", start, start)
		p.b.Adopt(n, p.ident(), "name")
		p.generics(n)
		if p.atOp("=") { // impl alias
			p.next()
			p.b.Adopt(n, p.typ(), "value")
			p.expectOp(";")
			break
		}
		if p.atWord("of") {
			p.next()
			p.b.Adopt(n, p.typ(), "trait")
		}
		if p.atOp(";") {
			p.next()
			break
		}
		p.b.Adopt(n, p.declList(), "body")
	case t.kind == tIdent && (t.text == "const" || t.text == "type" || t.text == "extern"):
		kind := map[string]string{"const": "const_item", "type": "type_alias", "extern": "extern_item"}[t.text]
		p.next()
		n = p.b.Node(kind, start, start)
		if p.at(tIdent) && (p.tok().text == "type" || p.tok().text == "fn") {
			p.next()
		}
		p.b.Adopt(n, p.ident(), "name")
		p.generics(n)
		if p.atOp(":") {
			p.next()
			p.b.Adopt(n, p.typ(), "type")
		}
		if p.atOp("=") {
			p.next()
			if kind == "type_alias" {
				p.b.Adopt(n, p.typ(), "value")
			} else {
				p.b.Adopt(n, p.expr(0), "value")
			}
		}
		for !p.atOp(";") && !p.at(tEOF) && !p.atOp("}") {
			p.next()
		}
		p.expectOp(";")
	case t.kind == tIdent && p.peek(1).kind == tOp && p.peek(1).text == "!":
		n = p.macro()
		if p.atOp(";") {
			p.next()
		}
	default:
		p.fail("expected an item")
	}
	for _, a := range attrs {
		p.b.Adopt(n, a, "attribute")
	}
	n.Op = vis
	n.Start, n.Line = start, p.b.Line(start)
	p.b.Extend(n, p.prevEnd())
	return n
}

func (p *parser) declList() *syntax.Node {
	start := p.tok().start
	p.expectOp("{")
	n := p.b.Node("declaration_list", start, start)
	p.items(n, false)
	p.expectOp("}")
	p.b.Extend(n, p.prevEnd())
	return n
}

// generics skips a generic parameter list <…> into a node.
func (p *parser) generics(n *syntax.Node) {
	if !p.atOp("<") {
		return
	}
	start := p.next().start
	p.angles()
	p.b.Adopt(n, p.b.Node("generics", start, p.prevEnd()), "generics")
}

// angles skips to the ">" matching a consumed "<".
func (p *parser) angles() {
	level := 1
	for !p.at(tEOF) {
		t := p.tok()
		if t.kind == tOp {
			switch t.text {
			case "<":
				level++
			case ">":
				level--
			case ">=":
				level--
			case "{", "}", ";":
				p.fail("expected \">\"")
			}
		}
		p.next()
		if level <= 0 {
			return
		}
	}
	p.fail("expected \">\"")
}

func (p *parser) function(start int) *syntax.Node {
	if p.atWord("extern") {
		p.next()
	}
	p.next() // fn
	n := p.b.Node("function", start, start)
	p.b.Adopt(n, p.ident(), "name")
	p.generics(n)
	ps := p.tok().start
	p.expectOp("(")
	params := p.b.Node("parameters", ps, ps)
	for !p.atOp(")") && !p.at(tEOF) {
		prs := p.tok().start
		prm := p.b.Node("parameter", prs, prs)
		for p.atWord("ref") || p.atWord("mut") {
			prm.Op += p.next().text
		}
		p.b.Adopt(prm, p.pattern(), "pattern")
		p.expectOp(":")
		p.b.Adopt(prm, p.typ(), "type")
		p.b.Extend(prm, p.prevEnd())
		p.b.Adopt(params, prm, "")
		if !p.atOp(",") {
			break
		}
		p.next()
	}
	p.expectOp(")")
	p.b.Extend(params, p.prevEnd())
	p.b.Adopt(n, params, "parameters")
	if p.atOp("->") {
		p.next()
		p.b.Adopt(n, p.typ(), "returns")
	}
	for p.atWord("implicits") || p.atWord("nopanic") {
		if p.next().text == "implicits" {
			p.expectOp("(")
			p.balanced("(", ")")
		}
	}
	if p.atOp(";") {
		p.next()
		return n
	}
	p.b.Adopt(n, p.block(), "body")
	return n
}

// typ parses a type: a path with generic arguments, a tuple, a fixed-size
// array, a snapshot @T or desnap *T.
func (p *parser) typ() *syntax.Node {
	p.enter()
	defer p.leave()
	start := p.tok().start
	for p.atOp("@") || p.atOp("*") || p.atWord("ref") || p.atWord("mut") {
		p.next()
	}
	switch {
	case p.atOp("("):
		p.next()
		p.balanced("(", ")")
	case p.atOp("["):
		p.next()
		p.balanced("[", "]")
	case p.atOp("_") || p.atWord("_"):
		p.next()
	default:
		if p.atOp("::") {
			p.next()
		}
		p.ident()
		for {
			if p.atOp("::") {
				p.next()
				if p.atOp("<") {
					continue
				}
				p.ident()
				continue
			}
			if p.atOp("<") {
				p.next()
				p.angles()
				continue
			}
			break
		}
	}
	return p.b.Node("type", start, p.prevEnd())
}

func (p *parser) block() *syntax.Node {
	p.enter()
	defer p.leave()
	start := p.tok().start
	p.expectOp("{")
	ns := p.noStruct
	p.noStruct = false
	n := p.b.Node("block", start, start)
	for !p.atOp("}") && !p.at(tEOF) {
		pos := p.pos
		if p.atOp(";") {
			p.next()
			continue
		}
		p.b.Adopt(n, p.recovering(p.statement), "")
		if p.pos == pos {
			p.next()
		}
	}
	p.noStruct = ns
	p.expectOp("}")
	p.b.Extend(n, p.prevEnd())
	return n
}

func (p *parser) statement() *syntax.Node {
	start := p.tok().start
	switch {
	case p.atOp("#"):
		attrs := p.attrs()
		s := p.statement()
		for _, a := range attrs {
			p.b.Adopt(s, a, "attribute")
		}
		return s
	case p.atWord("let"):
		p.next()
		n := p.b.Node("let_declaration", start, start)
		if p.atWord("mut") || p.atWord("ref") {
			n.Op = p.next().text
		}
		p.b.Adopt(n, p.pattern(), "pattern")
		if p.atOp(":") {
			p.next()
			p.b.Adopt(n, p.typ(), "type")
		}
		if p.atOp("=") {
			p.next()
			p.b.Adopt(n, p.expr(0), "value")
		}
		if p.atWord("else") {
			p.next()
			p.b.Adopt(n, p.block(), "alternative")
		}
		p.expectOp(";")
		p.b.Extend(n, p.prevEnd())
		return n
	case p.atWord("use") || p.atWord("const") || p.atWord("fn") || p.atWord("impl") || p.atWord("struct") || p.atWord("enum") || p.atWord("trait") || p.atWord("mod"):
		return p.item()
	}
	e := p.expr(0)
	n := p.b.Node("expression_statement", start, e.End, e)
	if p.atOp(";") {
		p.next()
		p.b.Extend(n, p.prevEnd())
	} else if !p.atOp("}") && !blockLike(e) {
		p.fail("expected \";\"")
	}
	return n
}

func blockLike(e *syntax.Node) bool {
	switch e.Kind {
	case "if_expression", "match_expression", "loop_expression", "while_expression", "for_expression", "block":
		return true
	}
	return false
}

// pattern parses a pattern; Cairo's patterns are written like
// expressions (paths, calls, tuples, struct literals), so the expression
// parser reads them.
func (p *parser) pattern() *syntax.Node {
	ns := p.noStruct
	defer func() { p.noStruct = ns }()
	for p.atWord("ref") || p.atWord("mut") {
		p.next()
	}
	return p.expr(precOr)
}

// Binding powers, loosest first.
const (
	precAssign = iota + 1
	precRange
	precOr
	precAnd
	precCompare
	precBitOr
	precBitXor
	precBitAnd
	precShift
	precAdd
	precMul
	precUnary
)

var binaryPrec = map[string]int{
	"=": precAssign, "+=": precAssign, "-=": precAssign, "*=": precAssign, "/=": precAssign, "%=": precAssign, "|=": precAssign,
	"..": precRange, "..=": precRange,
	"||": precOr, "&&": precAnd,
	"==": precCompare, "!=": precCompare, "<": precCompare, ">": precCompare, "<=": precCompare, ">=": precCompare,
	"|": precBitOr, "^": precBitXor, "&": precBitAnd,
	"+": precAdd, "-": precAdd, "*": precMul, "/": precMul, "%": precMul,
}

// expr parses an expression whose operators bind tighter than min.
func (p *parser) expr(min int) *syntax.Node {
	p.enter()
	defer p.leave()
	left := p.unary()
	for chain := 0; ; chain++ {
		if chain > syntax.MaxDepth { // a left-nested tree this deep is as deep as nesting
			panic(bailout{})
		}
		t := p.tok()
		if t.kind != tOp {
			return left
		}
		prec, ok := binaryPrec[t.text]
		if !ok || prec <= min {
			return left
		}
		p.next()
		rmin := prec
		if prec == precAssign {
			rmin = precAssign - 1 // right-associative
		}
		right := p.expr(rmin)
		kind := "binary_expression"
		if prec == precAssign {
			kind = "assignment_expression"
		}
		n := p.b.Node(kind, left.Start, right.End)
		n.Op = t.text
		p.b.Adopt(n, left, "left")
		p.b.Adopt(n, right, "right")
		left = n
	}
}

func (p *parser) unary() *syntax.Node {
	t := p.tok()
	if t.kind == tOp && (t.text == "-" || t.text == "!" || t.text == "@" || t.text == "*" || t.text == "~") || t.kind == tIdent && (t.text == "ref" || t.text == "mut") && p.peek(1).kind == tIdent {
		p.next()
		p.enter()
		x := p.unary()
		p.leave()
		n := p.b.Node("unary_expression", t.start, x.End)
		n.Op = t.text
		p.b.Adopt(n, x, "operand")
		return n
	}
	return p.postfix(p.primary())
}

func (p *parser) postfix(x *syntax.Node) *syntax.Node {
	for i := 0; ; i++ {
		if i > syntax.MaxDepth {
			panic(bailout{})
		}
		switch {
		case p.atOp("?"):
			p.next()
			n := p.b.Node("try_expression", x.Start, p.prevEnd())
			p.b.Adopt(n, x, "value")
			x = n
		case p.atOp("."):
			p.next()
			var f *syntax.Node
			if p.at(tNumber) { // tuple field t.0
				t := p.next()
				f = p.b.Node("identifier", t.start, t.end)
			} else {
				f = p.ident()
			}
			n := p.b.Node("field_expression", x.Start, f.End)
			p.b.Adopt(n, x, "value")
			p.b.Adopt(n, f, "field")
			x = n
			if p.atOp("::") && p.peek(1).text == "<" { // method turbofish
				p.next()
				p.next()
				p.angles()
				p.b.Extend(x, p.prevEnd())
			}
		case p.atOp("("):
			n := p.b.Node("call_expression", x.Start, x.Start)
			p.b.Adopt(n, x, "function")
			p.arguments(n, ")")
			x = n
		case p.atOp("["):
			p.next()
			ns := p.noStruct
			p.noStruct = false
			idx := p.expr(0)
			p.noStruct = ns
			p.expectOp("]")
			n := p.b.Node("index_expression", x.Start, p.prevEnd())
			p.b.Adopt(n, x, "value")
			p.b.Adopt(n, idx, "index")
			x = n
		default:
			return x
		}
	}
}

// arguments parses (…) or […] call arguments into n.
func (p *parser) arguments(n *syntax.Node, close string) {
	p.next() // ( or [
	ns := p.noStruct
	p.noStruct = false
	for !p.atOp(close) && !p.at(tEOF) {
		as := p.tok().start
		switch {
		case p.atOp(":") && p.peek(1).kind == tIdent: // f(:name)
			p.next()
			id := p.ident()
			a := p.b.Node("named_argument", as, id.End, id)
			p.b.Adopt(n, a, "argument")
		case p.at(tIdent) && p.peek(1).kind == tOp && p.peek(1).text == ":":
			name := p.ident()
			p.next()
			v := p.expr(0)
			a := p.b.Node("named_argument", as, v.End)
			p.b.Adopt(a, name, "name")
			p.b.Adopt(a, v, "value")
			p.b.Adopt(n, a, "argument")
		default:
			p.b.Adopt(n, p.expr(0), "argument")
		}
		if !p.atOp(",") {
			break
		}
		p.next()
	}
	p.noStruct = ns
	p.expectOp(close)
	p.b.Extend(n, p.prevEnd())
}

// macro parses name!(…) / name![…] / name!{…}.
func (p *parser) macro() *syntax.Node {
	name := p.ident()
	p.next() // !
	n := p.b.Node("macro_invocation", name.Start, name.Start)
	p.b.Adopt(n, name, "macro")
	switch {
	case p.atOp("("):
		p.arguments(n, ")")
	case p.atOp("["):
		p.arguments(n, "]")
	case p.atOp("{"):
		p.next()
		p.balanced("{", "}")
		p.b.Extend(n, p.prevEnd())
	default:
		p.fail("expected macro arguments")
	}
	return n
}

func (p *parser) primary() *syntax.Node {
	t := p.tok()
	start := t.start
	switch t.kind {
	case tNumber:
		p.next()
		return p.b.Node("number", start, t.end)
	case tString:
		p.next()
		return p.b.Node("string", start, t.end)
	case tIdent:
		switch t.text {
		case "true", "false":
			p.next()
			return p.b.Node("boolean", start, t.end)
		case "if":
			return p.ifExpr()
		case "match":
			p.next()
			n := p.b.Node("match_expression", start, start)
			p.b.Adopt(n, p.head(), "value")
			bs := p.tok().start
			p.expectOp("{")
			arms := p.b.Node("match_arms", bs, bs)
			for !p.atOp("}") && !p.at(tEOF) {
				as := p.tok().start
				arm := p.b.Node("match_arm", as, as)
				p.b.Adopt(arm, p.pattern(), "pattern")
				p.expectOp("=>")
				v := p.expr(0)
				p.b.Adopt(arm, v, "value")
				p.b.Extend(arm, p.prevEnd())
				p.b.Adopt(arms, arm, "")
				if p.atOp(",") {
					p.next()
				} else if !blockLike(v) {
					break
				}
			}
			p.expectOp("}")
			p.b.Extend(arms, p.prevEnd())
			p.b.Adopt(n, arms, "body")
			p.b.Extend(n, p.prevEnd())
			return n
		case "loop":
			p.next()
			n := p.b.Node("loop_expression", start, start)
			p.b.Adopt(n, p.block(), "body")
			p.b.Extend(n, p.prevEnd())
			return n
		case "while":
			p.next()
			n := p.b.Node("while_expression", start, start)
			p.b.Adopt(n, p.head(), "condition")
			p.b.Adopt(n, p.block(), "body")
			p.b.Extend(n, p.prevEnd())
			return n
		case "for":
			p.next()
			n := p.b.Node("for_expression", start, start)
			p.b.Adopt(n, p.pattern(), "pattern")
			if !p.atWord("in") {
				p.fail("expected \"in\"")
			}
			p.next()
			p.b.Adopt(n, p.head(), "value")
			p.b.Adopt(n, p.block(), "body")
			p.b.Extend(n, p.prevEnd())
			return n
		case "return", "break":
			p.next()
			n := p.b.Node(t.text+"_expression", start, t.end)
			if !p.atOp(";") && !p.atOp("}") && !p.atOp(",") && !p.atOp(")") {
				p.b.Adopt(n, p.expr(0), "value")
				p.b.Extend(n, p.prevEnd())
			}
			return n
		case "continue":
			p.next()
			return p.b.Node("continue_expression", start, t.end)
		case "let": // if let / while let
			p.next()
			n := p.b.Node("let_condition", start, start)
			p.b.Adopt(n, p.pattern(), "pattern")
			p.expectOp("=")
			p.b.Adopt(n, p.expr(precOr), "value")
			p.b.Extend(n, p.prevEnd())
			return n
		}
		if p.peek(1).kind == tOp && p.peek(1).text == "!" && !(p.peek(2).kind == tOp && p.peek(2).text == "=") {
			return p.macro()
		}
		return p.path()
	case tOp:
		switch t.text {
		case "(":
			p.next()
			ns := p.noStruct
			p.noStruct = false
			defer func() { p.noStruct = ns }()
			if p.atOp(")") {
				p.next()
				return p.b.Node("tuple_expression", start, p.prevEnd())
			}
			e := p.expr(0)
			if p.atOp(",") {
				n := p.b.Node("tuple_expression", start, start, e)
				for p.atOp(",") {
					p.next()
					if p.atOp(")") {
						break
					}
					p.b.Adopt(n, p.expr(0), "")
				}
				p.expectOp(")")
				p.b.Extend(n, p.prevEnd())
				return n
			}
			p.expectOp(")")
			return e
		case "[":
			n := p.b.Node("array_expression", start, start)
			p.arguments(n, "]")
			return n
		case "{":
			return p.block()
		case "|", "||":
			p.next()
			n := p.b.Node("closure_expression", start, start)
			if t.text == "|" {
				for !p.atOp("|") && !p.at(tEOF) {
					for p.atWord("mut") || p.atWord("ref") {
						p.next()
					}
					prm := p.expr(precBitOr) // "|" closes the parameters
					if p.atOp(":") {
						p.next()
						p.b.Adopt(prm, p.typ(), "type")
					}
					p.b.Adopt(n, prm, "parameter")
					if !p.atOp(",") {
						break
					}
					p.next()
				}
				p.expectOp("|")
			}
			if p.atOp("->") {
				p.next()
				p.typ()
			}
			p.b.Adopt(n, p.expr(0), "body")
			p.b.Extend(n, p.prevEnd())
			return n
		case "..":
			p.next()
			n := p.b.Node("base_expression", start, start)
			p.b.Adopt(n, p.expr(precRange), "value")
			p.b.Extend(n, p.prevEnd())
			return n
		case "::":
			return p.path()
		}
	}
	p.fail("expected an expression")
	return nil
}

// head parses the head of if, while, match and for, where "{" opens the
// body rather than a struct literal.
func (p *parser) head() *syntax.Node {
	ns := p.noStruct
	p.noStruct = true
	defer func() { p.noStruct = ns }()
	return p.expr(0)
}

func (p *parser) ifExpr() *syntax.Node {
	p.enter()
	defer p.leave()
	start := p.next().start
	n := p.b.Node("if_expression", start, start)
	p.b.Adopt(n, p.head(), "condition")
	p.b.Adopt(n, p.block(), "consequence")
	if p.atWord("else") {
		p.next()
		if p.atWord("if") {
			p.b.Adopt(n, p.ifExpr(), "alternative")
		} else {
			p.b.Adopt(n, p.block(), "alternative")
		}
	}
	p.b.Extend(n, p.prevEnd())
	return n
}

// path parses a::b::<T>::c, and a struct literal after it where allowed.
func (p *parser) path() *syntax.Node {
	start := p.tok().start
	if p.atOp("::") {
		p.next()
	}
	p.ident()
	segs := 1
	for p.atOp("::") {
		p.next()
		if p.atOp("<") {
			p.next()
			p.angles()
			continue
		}
		p.ident()
		segs++
	}
	kind := "identifier"
	if segs > 1 || p.prevEnd()-start != len(p.toks[p.pos-1].text) {
		kind = "path"
	}
	n := p.b.Node(kind, start, p.prevEnd())
	if p.atOp("{") && !p.noStruct {
		s := p.b.Node("struct_expression", start, start)
		p.b.Adopt(s, n, "name")
		p.next()
		for !p.atOp("}") && !p.at(tEOF) {
			fs := p.tok().start
			if p.atOp("..") {
				p.b.Adopt(s, p.primary(), "base")
			} else {
				for p.atWord("mut") || p.atWord("ref") {
					p.next()
				}
				name := p.ident()
				f := p.b.Node("field_initializer", fs, fs)
				p.b.Adopt(f, name, "field")
				if p.atOp(":") {
					p.next()
					p.b.Adopt(f, p.expr(0), "value")
				}
				p.b.Extend(f, p.prevEnd())
				p.b.Adopt(s, f, "")
			}
			if !p.atOp(",") {
				break
			}
			p.next()
		}
		p.expectOp("}")
		p.b.Extend(s, p.prevEnd())
		return s
	}
	return n
}
