package vyper

import (
	"github.com/bulwark-sec/bulwark/scanner/syntax"
)

// parser is a recursive-descent parser over the lexer's tokens, with a
// Pratt parser for expressions. A statement it cannot parse becomes an
// ERROR node up to the end of its line, and parsing goes on.
type parser struct {
	b     *syntax.Builder
	toks  []token
	pos   int
	depth int
}

// Parse parses Vyper source into a module node, its comments and errors.
func parse(src string) (*syntax.Node, []comment, *syntax.Builder) {
	b := syntax.NewBuilder(src)
	toks, comments := lex(b)
	p := &parser{b: b, toks: toks}
	mod := b.Node("module", 0, len(src))
	for !p.at(tEOF) {
		start := p.pos
		if p.at(tNewline) || p.at(tIndent) || p.at(tDedent) {
			p.pos++
			continue
		}
		b.Adopt(mod, p.statement(), "")
		if p.pos == start {
			p.pos++
		}
	}
	return mod, comments, b
}

func (p *parser) tok() token { return p.toks[p.pos] }

func (p *parser) at(k tokKind) bool { return p.toks[p.pos].kind == k }

func (p *parser) atOp(s string) bool {
	t := p.toks[p.pos]
	return t.kind == tOp && t.text == s
}

func (p *parser) atWord(s string) bool {
	t := p.toks[p.pos]
	return t.kind == tName && t.text == s
}

func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

// prevEnd is the end offset of the last consumed token.
func (p *parser) prevEnd() int {
	if p.pos == 0 {
		return 0
	}
	return p.toks[p.pos-1].end
}

// bailout is raised (as a panic) when the nesting passes MaxDepth; parse
// recovers it in statement and skips the rest of the file.
type bailout struct{}

func (p *parser) enter() {
	p.depth++
	if p.depth > syntax.MaxDepth {
		panic(bailout{})
	}
}

func (p *parser) leave() { p.depth-- }

type parseError struct{ off int }

func (p *parser) fail() { panic(parseError{p.tok().start}) }

func (p *parser) expectOp(s string) {
	if !p.atOp(s) {
		p.b.Errorf(p.tok().start, "expected "+quote(s)+", found "+quote(p.tok().text))
		p.fail()
	}
	p.next()
}

func (p *parser) name() *syntax.Node {
	if !p.at(tName) {
		p.b.Errorf(p.tok().start, "expected a name, found "+quote(p.tok().text))
		p.fail()
	}
	t := p.next()
	return p.b.Node("identifier", t.start, t.end)
}

// statement parses one statement, recovering from errors inside it.
func (p *parser) statement() (n *syntax.Node) {
	start := p.tok().start
	depth := p.depth
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		p.depth = depth
		switch r.(type) {
		case parseError:
		case bailout:
			p.b.Errorf(p.tok().start, "nesting too deep")
			p.pos = len(p.toks) - 1
		default:
			panic(r)
		}
		// Skip the rest of the logical line, and an indented block after it.
		for !p.at(tNewline) && !p.at(tEOF) {
			p.next()
		}
		p.next()
		n = p.b.Node("ERROR", start, p.prevEnd())
		if p.at(tIndent) {
			p.b.Adopt(n, p.block(), "body")
			p.b.Extend(n, p.prevEnd())
		}
	}()
	return p.stmt()
}

func (p *parser) endLine() {
	if p.atOp(";") {
		p.next()
	}
	if !p.at(tNewline) && !p.at(tEOF) && !p.at(tDedent) {
		p.b.Errorf(p.tok().start, "expected end of line, found "+quote(p.tok().text))
		p.fail()
	}
	if p.at(tNewline) {
		p.next()
	}
}

// suite parses the body after a ":": an indented block or one simple
// statement on the same line.
func (p *parser) suite() *syntax.Node {
	if p.at(tNewline) {
		p.next()
		if !p.at(tIndent) {
			p.b.Errorf(p.tok().start, "expected an indented block")
			return p.b.Node("block", p.tok().start, p.tok().start)
		}
		return p.block()
	}
	start := p.tok().start
	s := p.stmt()
	return p.b.Node("block", start, s.End, s)
}

// block parses INDENT statement… DEDENT.
func (p *parser) block() *syntax.Node {
	p.enter()
	defer p.leave()
	start := p.tok().start
	p.next() // INDENT
	blk := p.b.Node("block", start, start)
	for !p.at(tDedent) && !p.at(tEOF) {
		at := p.pos
		if p.at(tNewline) || p.at(tIndent) {
			p.next()
			continue
		}
		p.b.Adopt(blk, p.statement(), "")
		if p.pos == at {
			p.next()
		}
	}
	end := p.prevEnd()
	p.next() // DEDENT
	if len(blk.Children) > 0 {
		blk.Start = blk.Children[0].Start
		blk.Line = blk.Children[0].Line
	}
	p.b.Extend(blk, end)
	return blk
}

func (p *parser) stmt() *syntax.Node {
	p.enter()
	defer p.leave()
	t := p.tok()
	start := t.start
	if t.kind == tOp && t.text == "@" {
		return p.funcDef()
	}
	if t.kind == tName {
		switch t.text {
		case "def":
			return p.funcDef()
		case "event", "struct", "interface", "flag", "enum":
			if p.toks[p.pos+1].kind == tName {
				p.next()
				name := p.name()
				n := p.b.Node(t.text+"_def", start, start)
				p.b.Adopt(n, name, "name")
				p.expectOp(":")
				p.b.Adopt(n, p.suite(), "body")
				p.b.Extend(n, p.prevEnd())
				return n
			}
		case "if":
			return p.ifStmt()
		case "for":
			p.next()
			n := p.b.Node("for_statement", start, start)
			p.b.Adopt(n, p.name(), "target")
			if p.atOp(":") {
				p.next()
				p.b.Adopt(n, p.expr(precCompare), "type")
			}
			if !p.atWord("in") {
				p.b.Errorf(p.tok().start, "expected \"in\"")
				p.fail()
			}
			p.next()
			p.b.Adopt(n, p.expr(precLowest), "iter")
			p.expectOp(":")
			p.b.Adopt(n, p.suite(), "body")
			p.b.Extend(n, p.prevEnd())
			return n
		case "while":
			p.next()
			n := p.b.Node("while_statement", start, start)
			p.b.Adopt(n, p.expr(precLowest), "condition")
			p.expectOp(":")
			p.b.Adopt(n, p.suite(), "body")
			p.b.Extend(n, p.prevEnd())
			return n
		case "return", "raise":
			p.next()
			n := p.b.Node(t.text+"_statement", start, start)
			if !p.at(tNewline) && !p.at(tEOF) && !p.atOp(";") {
				p.b.Adopt(n, p.exprList(), "value")
			}
			p.b.Extend(n, p.prevEnd())
			p.endLine()
			return n
		case "assert":
			p.next()
			n := p.b.Node("assert_statement", start, start)
			p.b.Adopt(n, p.expr(precLowest), "condition")
			if p.atOp(",") {
				p.next()
				p.b.Adopt(n, p.expr(precLowest), "message")
			}
			p.b.Extend(n, p.prevEnd())
			p.endLine()
			return n
		case "pass", "break", "continue":
			p.next()
			n := p.b.Node(t.text+"_statement", start, t.end)
			p.endLine()
			return n
		case "log":
			if p.toks[p.pos+1].kind == tName {
				p.next()
				n := p.b.Node("log_statement", start, start)
				p.b.Adopt(n, p.expr(precLowest), "value")
				p.b.Extend(n, p.prevEnd())
				p.endLine()
				return n
			}
		case "import", "from":
			n := p.b.Node("import_statement", start, start)
			field := "name"
			for !p.at(tNewline) && !p.at(tEOF) {
				tk := p.next()
				switch {
				case tk.kind != tName || tk.text == "from" || tk.text == "import":
				case tk.text == "as":
					field = "alias"
				default:
					p.b.Adopt(n, p.b.Node("identifier", tk.start, tk.end), field)
					field = "name"
				}
			}
			p.b.Extend(n, p.prevEnd())
			p.endLine()
			return n
		}
	}
	// Expression statement, assignment, annotated declaration.
	target := p.exprList()
	switch {
	case p.atOp(":"):
		p.next()
		n := p.b.Node("ann_assign", start, start)
		p.b.Adopt(n, target, "target")
		p.b.Adopt(n, p.exprList(), "type")
		if p.atOp("=") {
			p.next()
			p.b.Adopt(n, p.exprList(), "value")
		}
		p.b.Extend(n, p.prevEnd())
		p.endLine()
		return n
	case p.atOp("="):
		p.next()
		n := p.b.Node("assign", start, start)
		p.b.Adopt(n, target, "target")
		p.b.Adopt(n, p.exprList(), "value")
		p.b.Extend(n, p.prevEnd())
		p.endLine()
		return n
	case p.at(tOp) && len(p.tok().text) >= 2 && p.tok().text[len(p.tok().text)-1] == '=' && isAugOp(p.tok().text):
		op := p.next().text
		n := p.b.Node("aug_assign", start, start)
		n.Op = op
		p.b.Adopt(n, target, "target")
		p.b.Adopt(n, p.exprList(), "value")
		p.b.Extend(n, p.prevEnd())
		p.endLine()
		return n
	}
	n := p.b.Node("expression_statement", start, target.End, target)
	p.endLine()
	return n
}

func isAugOp(s string) bool {
	switch s {
	case "+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^=", "<<=", ">>=":
		return true
	}
	return false
}

func (p *parser) ifStmt() *syntax.Node {
	p.enter()
	defer p.leave()
	start := p.next().start // if / elif
	n := p.b.Node("if_statement", start, start)
	p.b.Adopt(n, p.expr(precLowest), "condition")
	p.expectOp(":")
	p.b.Adopt(n, p.suite(), "body")
	switch {
	case p.atWord("elif"):
		p.b.Adopt(n, p.ifStmt(), "alternative")
	case p.atWord("else"):
		p.next()
		p.expectOp(":")
		p.b.Adopt(n, p.suite(), "alternative")
	}
	p.b.Extend(n, p.prevEnd())
	return n
}

// funcDef parses decorators and a def.
func (p *parser) funcDef() *syntax.Node {
	start := p.tok().start
	n := p.b.Node("function_def", start, start)
	for p.atOp("@") {
		ds := p.next().start
		e := p.expr(precLowest)
		p.b.Adopt(n, p.b.Node("decorator", ds, e.End, e), "decorator")
		for p.at(tNewline) {
			p.next()
		}
	}
	if !p.atWord("def") {
		p.b.Errorf(p.tok().start, "expected \"def\" after decorators")
		p.fail()
	}
	p.next()
	p.b.Adopt(n, p.name(), "name")
	ps := p.tok().start
	p.expectOp("(")
	params := p.b.Node("parameters", ps, ps)
	for !p.atOp(")") {
		pst := p.tok().start
		prm := p.b.Node("parameter", pst, pst)
		p.b.Adopt(prm, p.name(), "name")
		if p.atOp(":") {
			p.next()
			p.b.Adopt(prm, p.expr(precLowest), "type")
		}
		if p.atOp("=") {
			p.next()
			p.b.Adopt(prm, p.expr(precLowest), "default")
		}
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
		p.b.Adopt(n, p.expr(precLowest), "returns")
	}
	p.expectOp(":")
	p.b.Adopt(n, p.suite(), "body")
	p.b.Extend(n, p.prevEnd())
	return n
}

// Binding powers, loosest first.
const (
	precLowest = iota
	precWalrus
	precTernary
	precOr
	precAnd
	precNot
	precCompare
	precBitOr
	precBitXor
	precBitAnd
	precShift
	precAdd
	precMul
	precUnary
	precPow
	precPostfix
)

var binaryPrec = map[string]int{
	"or": precOr, "and": precAnd,
	"<": precCompare, "<=": precCompare, ">": precCompare, ">=": precCompare, "==": precCompare, "!=": precCompare,
	"in": precCompare, "is": precCompare, "not": precCompare,
	"|": precBitOr, "^": precBitXor, "&": precBitAnd, "<<": precShift, ">>": precShift,
	"+": precAdd, "-": precAdd, "*": precMul, "/": precMul, "//": precMul, "%": precMul, "**": precPow,
	":=": precWalrus,
}

// exprList parses an expression or a bare tuple a, b, c.
func (p *parser) exprList() *syntax.Node {
	e := p.expr(precLowest)
	if !p.atOp(",") {
		return e
	}
	n := p.b.Node("tuple", e.Start, e.End, e)
	for p.atOp(",") {
		p.next()
		if p.at(tNewline) || p.atOp("=") || p.atOp(":") || p.at(tEOF) {
			break
		}
		p.b.Adopt(n, p.expr(precLowest), "")
	}
	p.b.Extend(n, p.prevEnd())
	return n
}

// expr parses an expression whose operators bind tighter than min.
func (p *parser) expr(min int) *syntax.Node {
	p.enter()
	defer p.leave()
	left := p.prefix()
	for chain := 0; ; chain++ {
		if chain > syntax.MaxDepth { // a left-nested tree this deep is as deep as nesting
			panic(bailout{})
		}
		t := p.tok()
		var op string
		switch t.kind {
		case tOp:
			op = t.text
		case tName:
			op = t.text
		default:
			return left
		}
		if op == "if" && min < precTernary {
			p.next()
			cond := p.expr(precTernary)
			if !p.atWord("else") {
				p.b.Errorf(p.tok().start, "expected \"else\"")
				p.fail()
			}
			p.next()
			orelse := p.expr(precLowest)
			n := p.b.Node("ternary", left.Start, orelse.End)
			p.b.Adopt(n, left, "body")
			p.b.Adopt(n, cond, "condition")
			p.b.Adopt(n, orelse, "orelse")
			left = n
			continue
		}
		prec, ok := binaryPrec[op]
		if !ok || prec <= min && !(op == "**" && prec == min) {
			return left
		}
		if op == "not" && !(p.toks[p.pos+1].kind == tName && p.toks[p.pos+1].text == "in") {
			return left
		}
		p.next()
		if op == "not" {
			p.next()
			op = "not in"
		} else if op == "is" && p.atWord("not") {
			p.next()
			op = "is not"
		}
		rmin := prec
		if op == "**" {
			rmin = precUnary - 1 // right-associative, and -x on the right
		}
		right := p.expr(rmin)
		kind := "binary"
		switch prec {
		case precCompare:
			kind = "compare"
		case precOr, precAnd:
			kind = "bool_op"
		case precWalrus:
			kind = "walrus"
		}
		n := p.b.Node(kind, left.Start, right.End)
		n.Op = op
		p.b.Adopt(n, left, "left")
		p.b.Adopt(n, right, "right")
		left = n
	}
}

func (p *parser) prefix() *syntax.Node {
	t := p.tok()
	start := t.start
	switch {
	case t.kind == tName && t.text == "not":
		p.next()
		x := p.expr(precNot - 1)
		n := p.b.Node("unary", start, x.End)
		n.Op = "not"
		p.b.Adopt(n, x, "operand")
		return n
	case t.kind == tName && (t.text == "extcall" || t.text == "staticcall") && p.toks[p.pos+1].kind == tName:
		p.next()
		x := p.expr(precUnary)
		n := p.b.Node(t.text, start, x.End)
		p.b.Adopt(n, x, "value")
		return n
	case t.kind == tOp && (t.text == "-" || t.text == "+" || t.text == "~"):
		p.next()
		x := p.expr(precUnary)
		n := p.b.Node("unary", start, x.End)
		n.Op = t.text
		p.b.Adopt(n, x, "operand")
		return n
	}
	return p.postfix(p.atom())
}

func (p *parser) atom() *syntax.Node {
	t := p.tok()
	start := t.start
	switch t.kind {
	case tName:
		p.next()
		switch t.text {
		case "True", "False", "None":
			return p.b.Node("constant", start, t.end)
		}
		return p.b.Node("identifier", start, t.end)
	case tNumber:
		p.next()
		return p.b.Node("number", start, t.end)
	case tString:
		p.next()
		n := p.b.Node("string", start, t.end)
		for p.at(tString) { // implicit concatenation
			p.b.Extend(n, p.next().end)
		}
		return n
	case tOp:
		switch t.text {
		case "(":
			p.next()
			if p.atOp(")") {
				p.next()
				return p.b.Node("tuple", start, p.prevEnd())
			}
			e := p.expr(precWalrus)
			if p.atOp(",") {
				n := p.b.Node("tuple", start, start, e)
				for p.atOp(",") {
					p.next()
					if p.atOp(")") {
						break
					}
					p.b.Adopt(n, p.expr(precWalrus), "")
				}
				p.expectOp(")")
				p.b.Extend(n, p.prevEnd())
				return n
			}
			p.expectOp(")")
			return e
		case "[":
			p.next()
			n := p.b.Node("list", start, start)
			for !p.atOp("]") {
				p.b.Adopt(n, p.expr(precWalrus), "")
				if !p.atOp(",") {
					break
				}
				p.next()
			}
			p.expectOp("]")
			p.b.Extend(n, p.prevEnd())
			return n
		case "{":
			p.next()
			n := p.b.Node("dict", start, start)
			for !p.atOp("}") {
				k := p.expr(precLowest)
				p.expectOp(":")
				v := p.expr(precLowest)
				pair := p.b.Node("pair", k.Start, v.End)
				p.b.Adopt(pair, k, "key")
				p.b.Adopt(pair, v, "value")
				p.b.Adopt(n, pair, "")
				if !p.atOp(",") {
					break
				}
				p.next()
			}
			p.expectOp("}")
			p.b.Extend(n, p.prevEnd())
			return n
		case "...":
			p.next()
			return p.b.Node("ellipsis", start, t.end)
		}
	}
	p.b.Errorf(start, "unexpected "+quote(t.text))
	p.fail()
	return nil
}

func (p *parser) postfix(x *syntax.Node) *syntax.Node {
	for depth := 0; ; depth++ {
		if depth > syntax.MaxDepth {
			panic(bailout{})
		}
		switch {
		case p.atOp("."):
			p.next()
			attr := p.name()
			n := p.b.Node("attribute", x.Start, attr.End)
			p.b.Adopt(n, x, "object")
			p.b.Adopt(n, attr, "attribute")
			x = n
		case p.atOp("("):
			p.next()
			n := p.b.Node("call", x.Start, x.Start)
			p.b.Adopt(n, x, "function")
			for !p.atOp(")") {
				if p.at(tName) && p.toks[p.pos+1].kind == tOp && p.toks[p.pos+1].text == "=" {
					k := p.name()
					p.next()
					v := p.expr(precLowest)
					kw := p.b.Node("keyword", k.Start, v.End)
					p.b.Adopt(kw, k, "name")
					p.b.Adopt(kw, v, "value")
					p.b.Adopt(n, kw, "argument")
				} else {
					p.b.Adopt(n, p.expr(precWalrus), "argument")
				}
				if !p.atOp(",") {
					break
				}
				p.next()
			}
			p.expectOp(")")
			p.b.Extend(n, p.prevEnd())
			x = n
		case p.atOp("["):
			p.next()
			idx := p.exprList()
			p.expectOp("]")
			n := p.b.Node("subscript", x.Start, p.prevEnd())
			p.b.Adopt(n, x, "value")
			p.b.Adopt(n, idx, "index")
			x = n
		default:
			return x
		}
	}
}
