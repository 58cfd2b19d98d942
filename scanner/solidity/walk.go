package solidity

import (
	"math/big"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// funcs returns every function and modifier declared in the unit. Most
// detectors start from it: the list is built once, and callers must not
// modify it.
func (u *Unit) funcs() []*Function {
	u.funcsOnce.Do(func() {
		for _, c := range u.Contracts {
			u.allFuncs = append(u.allFuncs, c.Functions...)
			u.allFuncs = append(u.allFuncs, c.Modifiers...)
		}
	})
	return u.allFuncs
}

// conditions returns the condition expressions in n: if/while/for/ternary
// conditions and require/assert arguments.
func conditions(n *Node) []*Node {
	var out []*Node
	n.Walk(func(x *Node) bool {
		switch x.Kind {
		case "if_statement", "while_statement", "do_while_statement", "ternary_expression":
			if c := x.Child("condition"); c != nil {
				out = append(out, c)
			}
		case "call_expression":
			if name := calleeName(x); name == "require" || name == "assert" {
				if a := argNodes(x); len(a) > 0 {
					out = append(out, a[0])
				}
			}
		}
		return true
	})
	return out
}

// inCondition reports whether n sits inside a condition of an if, loop,
// ternary, require or assert.
func inCondition(n *Node) bool {
	for p := n; p.Parent != nil; p = p.Parent {
		par := p.Parent
		switch par.Kind {
		case "if_statement", "while_statement", "do_while_statement", "ternary_expression", "for_statement":
			return p.Field == "condition"
		case "call_argument":
			if call := par.Parent; call != nil && call.Kind == "call_expression" {
				if name := calleeName(call); name == "require" || name == "assert" {
					return true
				}
			}
		case "function_body", "block_statement", "expression_statement":
			return false
		}
	}
	return false
}

// inLoop reports whether n sits in the body of a loop.
func inLoop(n *Node) bool {
	for p := n; p.Parent != nil; p = p.Parent {
		switch p.Parent.Kind {
		case "for_statement", "while_statement", "do_while_statement":
			if p.Field == "body" {
				return true
			}
		case "function_definition", "modifier_definition", "constructor_definition", "fallback_receive_definition":
			return false
		}
	}
	return false
}

// isMember reports whether n is the member expression obj.prop.
func isMember(n *Node, obj, prop string) bool {
	return n.Kind == "member_expression" && n.Child("object").Text() == obj && n.Child("property").Text() == prop
}

// isSender reports whether n is the caller: msg.sender, _msgSender() or a
// payable()/address() conversion of either.
func isSender(n *Node) bool {
	if n == nil {
		return false
	}
	t := norm(n.Text())
	switch t {
	case "msg.sender", "payable(msg.sender)", "address(msg.sender)", "_msgSender()", "payable(_msgSender())":
		return true
	}
	return false
}

// unparen strips parentheses.
func unparen(n *Node) *Node {
	for n != nil && n.Kind == "parenthesized_expression" && len(n.Children) > 0 {
		n = n.Children[0]
	}
	return n
}

// unwrapConversion strips parentheses and type conversions:
// uint48(block.timestamp) gives block.timestamp, payable(msg.sender) and
// address(msg.sender) give msg.sender.
func unwrapConversion(n *Node) *Node {
	for n != nil {
		switch {
		case n.Kind == "parenthesized_expression" && len(n.Children) == 1:
			n = n.Children[0]
		case n.Kind == "type_cast_expression", n.Kind == "payable_conversion_expression":
			a := n.FirstKind("call_argument")
			if a == nil || len(a.Children) == 0 {
				return n
			}
			n = a.Children[0]
		default:
			return n
		}
	}
	return n
}

// norm strips whitespace and outer parentheses for text comparison.
func norm(s string) string {
	s = dropSpace(s)
	for len(s) > 1 && s[0] == '(' && closes(s) == len(s)-1 {
		s = s[1 : len(s)-1]
	}
	return s
}

// dropSpace removes Unicode white space from s, as
// strings.Join(strings.Fields(s), "") does, without allocating when s has
// none.
func dropSpace(s string) string {
	i := 0
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if asciiSpace[c] {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s[:i])
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if !asciiSpace[c] {
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// closes returns the index of the parenthesis closing s[0], or -1.
func closes(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// isHashCall reports whether n calls a hash function.
func isHashCall(n *Node) bool {
	if n.Kind != "call_expression" {
		return false
	}
	switch calleeName(n) {
	case "keccak256", "sha3", "sha256", "ripemd160":
		return true
	}
	return false
}

// funcOf returns the Function whose node contains n.
func (u *Unit) funcOf(n *Node) *Function {
	for _, f := range u.funcs() {
		if f.Node.Contains(n) {
			return f
		}
	}
	return nil
}

// isPayment reports whether the call moves ether.
func (c *Call) isPayment() bool {
	return c.Value || c.Kind == "transfer" || c.Kind == "send"
}

// reverting reports whether the call reverts the transaction when it
// fails: transfer, or a send/call whose result is required, directly
// (require(x.send(v)), if (!x.send(v)) revert()) or through the local
// holding it ((bool ok, ) = x.call{value: v}(""); require(ok)).
func (c *Call) reverting() bool {
	if c.Kind == "transfer" {
		return true
	}
	if failureReverts(c.Node) {
		return true
	}
	flag := successLocal(c.Node)
	if flag == "" {
		return false
	}
	body := enclosingBody(c.Node)
	if body == nil {
		return false
	}
	// The first read of the flag after the call, unless a later
	// assignment replaces it first.
	found, done := false, false
	body.Walk(func(n *Node) bool {
		if done || n.End <= c.Node.End {
			return false // decided, or before the call
		}
		if n.Start >= c.Node.End && n.Kind == "assignment_expression" {
			if r := n.Child("right"); r != nil && successLocal(r) == flag {
				done = true
				return false
			}
		}
		if n.Kind == "identifier" && n.Text() == flag && n.Field != "name" && n.Field != "property" && failureReverts(n) {
			found, done = true, true
		}
		return !done
	})
	return found
}

// failureReverts reports whether the boolean n, false, reverts the
// transaction: the condition holding it (through !, parentheses, && and
// ||) is then false in require or assert, or takes an if into an arm that
// reverts.
func failureReverts(n *Node) bool {
	v := false // the value of x when n is false
	x := n
	for p := x.Parent; p != nil; x, p = p, p.Parent {
		switch p.Kind {
		case "parenthesized_expression":
			continue
		case "unary_expression":
			if p.Operator() != "!" {
				return false
			}
			v = !v
			continue
		case "binary_expression":
			// false && y is false, true || y is true; otherwise y decides.
			if op := p.Operator(); op == "&&" && !v || op == "||" && v {
				continue
			}
			return false
		case "call_argument":
			call := p.Parent
			if call == nil || len(argNodes(call)) == 0 || argNodes(call)[0] != x {
				return false
			}
			name := calleeName(call)
			return !v && (name == "require" || name == "assert")
		case "if_statement":
			if x.Field != "condition" {
				return false
			}
			arms := ifArms(p)
			arm := 1 // the else arm runs when the condition is false
			if v {
				arm = 0
			}
			if arm >= len(arms) {
				return false
			}
			t := arms[arm].Text()
			return strings.Contains(t, "throw") || strings.Contains(t, "revert")
		}
		return false
	}
	return false
}

// successLocal returns the variable a call's success flag is stored in:
// the first element of (bool ok, …) = call, (ok, …) = call, or ok = call;
// "" when the result is not stored or the first element is skipped.
func successLocal(call *Node) string {
	p := call.Parent
	for p != nil && (p.Kind == "parenthesized_expression" || p.Kind == "tuple_expression" && len(p.NamedChildren()) == 1) {
		p = p.Parent // (ok, data) = (to.call.value(v)("")): a one-element tuple is parentheses
	}
	if p == nil {
		return ""
	}
	switch p.Kind {
	case "variable_declaration_statement":
		if strings.HasPrefix(norm(p.Text()), "(,") {
			return ""
		}
		d := p.FirstKind("variable_declaration")
		if t := p.FirstKind("variable_declaration_tuple"); t != nil {
			d = t.FirstKind("variable_declaration")
		}
		if d != nil {
			return d.Child("name").Text()
		}
	case "assignment_expression":
		if p.Operator() != "=" {
			return ""
		}
		l := unparen(p.Child("left"))
		if l != nil && l.Kind == "tuple_expression" {
			if strings.HasPrefix(norm(l.Text()), "(,") || len(l.Children) == 0 {
				return ""
			}
			l = l.Children[0]
		}
		if l != nil && l.Kind == "identifier" {
			return l.Text()
		}
	}
	return ""
}

// enclosingBody returns the body of the function or modifier holding n.
func enclosingBody(n *Node) *Node {
	for p := n.Parent; p != nil; p = p.Parent {
		switch p.Kind {
		case "function_definition", "modifier_definition", "constructor_definition", "fallback_receive_definition":
			return p.Child("body")
		}
	}
	return nil
}

// wordSet matches like the regexp (?i)w1|w2|…: whether s contains one of
// the words, ignoring case. ASCII text (every identifier) is compared
// byte by byte; anything else goes to the regexp, which folds Unicode.
type wordSet struct {
	words []string // lowercase ASCII, no regexp syntax
	re    *regexp.Regexp
}

func newWordSet(words ...string) wordSet {
	return wordSet{words: words, re: regexp.MustCompile("(?i)" + strings.Join(words, "|"))}
}

// MatchString reports whether s contains one of the words.
func (w wordSet) MatchString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return w.re.MatchString(s)
		}
	}
	for _, x := range w.words {
		if containsFoldASCII(s, x) {
			return true
		}
	}
	return false
}

// containsFoldASCII reports whether the ASCII string s contains the
// lowercase ASCII word, ignoring case.
func containsFoldASCII(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		j := 0
		for j < len(word) {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != word[j] {
				break
			}
			j++
		}
		if j == len(word) {
			return true
		}
	}
	return false
}

// constBool evaluates a condition made of literals only: true, false,
// comparisons of two number literals, and !, &&, || of those. ok is
// false when n depends on anything else.
func constBool(n *Node) (val, ok bool) {
	n = unparen(n)
	if n == nil {
		return false, false
	}
	switch n.Kind {
	case "boolean_literal":
		return n.Text() == "true", true
	case "unary_expression":
		if n.Operator() == "!" && len(n.Children) >= 2 {
			v, ok := constBool(n.Children[len(n.Children)-1])
			return !v, ok
		}
	case "binary_expression":
		l, r := n.Child("left"), n.Child("right")
		switch op := n.Operator(); op {
		case "&&", "||":
			lv, lok := constBool(l)
			rv, rok := constBool(r)
			switch {
			case lok && rok:
				if op == "&&" {
					return lv && rv, true
				}
				return lv || rv, true
			case lok && lv == (op == "||"), rok && rv == (op == "||"):
				return op == "||", true // x || true, false && x
			}
		case "==", "!=", "<", "<=", ">", ">=":
			a, aok := numberValue(l)
			b, bok := numberValue(r)
			if !aok || !bok {
				return false, false
			}
			c := a.Cmp(b)
			switch op {
			case "==":
				return c == 0, true
			case "!=":
				return c != 0, true
			case "<":
				return c < 0, true
			case "<=":
				return c <= 0, true
			case ">":
				return c > 0, true
			default:
				return c >= 0, true
			}
		}
	}
	return false, false
}

// numberValue parses a plain number literal (decimal or hex, with
// underscores; no units or exponents).
func numberValue(n *Node) (*big.Int, bool) {
	n = unparen(n)
	if n == nil || n.Kind != "number_literal" {
		return nil, false
	}
	t, base := strings.ReplaceAll(n.Text(), "_", ""), 10
	if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X") {
		t, base = t[2:], 16
	}
	return new(big.Int).SetString(t, base)
}

// builtinFuncs are the global functions Solidity defines: a call of one
// is never a call of the bundle's or a dependency's function.
var builtinFuncs = map[string]bool{
	"require": true, "assert": true, "revert": true, "keccak256": true, "sha256": true, "sha3": true,
	"ripemd160": true, "ecrecover": true, "addmod": true, "mulmod": true, "blockhash": true,
	"blobhash": true, "gasleft": true, "selfdestruct": true, "suicide": true, "type": true,
}

// ifArms returns an if statement's arms: the statement run when the
// condition holds, then the else statement if there is one.
func ifArms(ifs *Node) []*Node {
	var arms []*Node
	for _, c := range ifs.Children {
		if c.Field == "body" {
			arms = append(arms, c)
		}
	}
	return arms
}

// comparisonsIn returns the comparisons (==, !=, <, <=, >, >=) in c.
func comparisonsIn(c *Node) []*Node {
	var out []*Node
	c.Walk(func(x *Node) bool {
		if x.Kind == "binary_expression" {
			switch x.Operator() {
			case "==", "!=", "<", "<=", ">", ">=":
				out = append(out, x)
			}
		}
		return true
	})
	return out
}
