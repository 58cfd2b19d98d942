package rust

import (
	"regexp"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/internal/syntax"
)

// Node is a syntax node of a Rust file.
type Node = syntax.Node

// Framework is a smart-contract framework a file is written for.
type Framework string

// Frameworks the Rust scanner tells apart.
const (
	Anchor   Framework = "anchor"
	Native   Framework = "solana"
	CosmWasm Framework = "cosmwasm"
)

// Unit is one parsed Rust file and the facts detectors share.
type Unit struct {
	Path string
	Src  []byte
	Root *Node
	// Test is set when the whole file is test code (a Cargo tests/ folder,
	// #![cfg(test)]); it is then parsed but never checked.
	Test bool
	// Frameworks lists the frameworks the file uses.
	Frameworks map[Framework]bool
	// Fns are the file's functions outside test code, methods included.
	Fns []*Fn
	// Accounts are the #[derive(Accounts)] structs outside test code.
	Accounts []*Accounts
	// Structs maps the file's struct names to their items.
	Structs map[string]*Node
	// Enums holds the file's enum names.
	Enums map[string]bool

	errs  []scanner.FileError
	lines int
}

// Fn is one function item.
type Fn struct {
	Name   string
	Node   *Node
	Body   *Node
	Params []Param
	Attrs  []string // attribute texts, without #[ ]
}

// Param is one function parameter: its pattern and type as written.
type Param struct {
	Name, Type string
}

// Param returns the first parameter whose type's base name is base.
func (f *Fn) Param(base string) (Param, bool) {
	for _, p := range f.Params {
		if typeBase(p.Type) == base {
			return p, true
		}
	}
	return Param{}, false
}

// HasAttr reports whether an attribute of f mentions word.
func (f *Fn) HasAttr(word string) bool {
	for _, a := range f.Attrs {
		if hasWord(a, word) {
			return true
		}
	}
	return false
}

// Accounts is an Anchor #[derive(Accounts)] struct.
type Accounts struct {
	Name        string
	Node        *Node
	Fields      []*Field
	Instruction []string // names bound by #[instruction(...)]
}

// Field returns the field called name, or nil.
func (a *Accounts) Field(name string) *Field {
	for _, f := range a.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Field is one account of an Accounts struct.
type Field struct {
	Name string
	Node *Node
	// Type is the base of the field's type (Account, Signer, AccountInfo,
	// UncheckedAccount, Program, Sysvar, …) and Inner its account type.
	Type, Inner string
	// Constraints are the #[account(...)] entries: key → value ("" for flags).
	Constraints map[string]string
	// HasOne lists every has_one target (a field may carry several).
	HasOne []string
	Raw    string // the #[account(...)] text
}

// Has reports whether the field carries constraint key.
func (f *Field) Has(key string) bool { _, ok := f.Constraints[key]; return ok }

// KeyConstrained reports whether a constraint of the struct pins the
// field's key: address = …, or any constraint comparing name.key
// (including the string constraints of Anchor before 0.20).
func (a *Accounts) KeyConstrained(f *Field) bool {
	if f.Has("address") {
		return true
	}
	for _, g := range a.Fields {
		if mentionsKey(g.Raw, f.Name) {
			return true
		}
	}
	return false
}

// Unchecked reports whether the field's type lets any account through:
// AccountInfo or UncheckedAccount.
func (f *Field) Unchecked() bool { return f.Type == "AccountInfo" || f.Type == "UncheckedAccount" }

func (u *Unit) analyze() {
	u.Frameworks = map[Framework]bool{}
	u.Structs, u.Enums = map[string]*Node{}, map[string]bool{}
	if testPath(u.Path) {
		u.Test = true
	}
	src := string(u.Src)
	switch {
	case strings.Contains(src, "#[program]") || strings.Contains(src, "derive(Accounts)") || strings.Contains(src, "anchor_lang"):
		u.Frameworks[Anchor] = true
	case strings.Contains(src, "entrypoint!") || strings.Contains(src, "next_account_info") || strings.Contains(src, "solana_program"):
		u.Frameworks[Native] = true
	}
	if strings.Contains(src, "cosmwasm_std") || strings.Contains(src, "DepsMut") || strings.Contains(src, "MessageInfo") || strings.Contains(src, "entry_point") {
		u.Frameworks[CosmWasm] = true
	}
	u.items(u.Root)
}

// Solana reports whether the file is an Anchor or native Solana program.
func (u *Unit) Solana() bool { return u.Frameworks[Anchor] || u.Frameworks[Native] }

// testPath reports files of a Cargo or Move tests/ folder: a "tests"
// segment with no src/ below it (tests/x/programs/y/src/lib.rs is a
// program's source, tests/it.rs an integration test).
func testPath(p string) bool {
	segs := strings.Split(strings.ReplaceAll(p, "\\", "/"), "/")
	test := false
	for _, s := range segs[:len(segs)-1] {
		switch s {
		case "tests":
			test = true
		case "src", "sources":
			test = false
		}
	}
	return test
}

var testAttr = regexp.MustCompile(`^(cfg\s*\(\s*test\s*\)|(\w+::)*test(\s*\(.*\))?)$`)

// isTestAttr reports #[test], #[tokio::test], #[cfg(test)] and
// #[cfg(all(test, …))]: items compiled only for tests.
func isTestAttr(a string) bool {
	if testAttr.MatchString(a) {
		return true
	}
	s := strings.ReplaceAll(a, " ", "")
	return strings.HasPrefix(s, "cfg(all(") && (strings.Contains(s, "(test,") || strings.Contains(s, ",test,") || strings.Contains(s, ",test)"))
}

// items collects functions, structs and Accounts structs of a container,
// skipping items under test attributes.
func (u *Unit) items(container *Node) {
	var attrs []string
	for _, c := range container.Children {
		switch c.Kind {
		case "attribute_item":
			attrs = append(attrs, attrText(c))
			continue
		case "inner_attribute_item":
			if isTestAttr(attrText(c)) {
				u.Test = true
			}
			continue
		case "line_comment", "block_comment":
			continue
		}
		isTest := false
		for _, a := range attrs {
			if isTestAttr(a) {
				isTest = true
			}
		}
		cur := attrs
		attrs = nil
		if isTest {
			continue
		}
		switch c.Kind {
		case "mod_item", "impl_item", "trait_item":
			if b := c.Child("body"); b != nil {
				u.items(b)
			}
		case "function_item":
			u.fn(c, cur)
		case "struct_item":
			if n := c.Child("name"); n != nil {
				u.Structs[n.Text()] = c
			}
			for _, a := range cur {
				if strings.HasPrefix(a, "derive") && hasWord(a, "Accounts") {
					u.accounts(c, cur)
				}
			}
		case "enum_item":
			if n := c.Child("name"); n != nil {
				u.Enums[n.Text()] = true
			}
		}
	}
}

func attrText(n *Node) string {
	t := strings.TrimSpace(n.Text())
	t = strings.TrimPrefix(t, "#!")
	t = strings.TrimPrefix(t, "#")
	t = strings.TrimPrefix(t, "[")
	return strings.TrimSpace(strings.TrimSuffix(t, "]"))
}

func (u *Unit) fn(n *Node, attrs []string) {
	f := &Fn{Node: n, Body: n.Child("body"), Attrs: attrs}
	if nm := n.Child("name"); nm != nil {
		f.Name = nm.Text()
	}
	if ps := n.Child("parameters"); ps != nil {
		for _, p := range ps.Children {
			if p.Kind != "parameter" {
				continue
			}
			name := strings.TrimPrefix(p.Child("pattern").Text(), "mut ")
			f.Params = append(f.Params, Param{Name: strings.TrimSpace(name), Type: p.Child("type").Text()})
		}
	}
	if f.Body != nil {
		u.Fns = append(u.Fns, f)
	}
}

func (u *Unit) accounts(n *Node, attrs []string) {
	a := &Accounts{Node: n}
	if nm := n.Child("name"); nm != nil {
		a.Name = nm.Text()
	}
	for _, at := range attrs {
		if rest, ok := strings.CutPrefix(at, "instruction"); ok {
			for _, part := range splitTop(strings.Trim(strings.TrimSpace(rest), "()")) {
				if name, _, ok := strings.Cut(part, ":"); ok {
					a.Instruction = append(a.Instruction, strings.TrimSpace(name))
				}
			}
		}
	}
	body := n.Child("body")
	if body == nil {
		return
	}
	var raw []string
	for _, c := range body.Children {
		switch c.Kind {
		case "attribute_item":
			if t := attrText(c); strings.HasPrefix(t, "account") {
				raw = append(raw, t)
			}
		case "field_declaration":
			f := &Field{Node: c, Constraints: map[string]string{}}
			f.Name = c.Child("name").Text()
			f.Type, f.Inner = splitType(c.Child("type").Text())
			for _, r := range raw {
				f.Raw += r
				inner := strings.TrimSpace(strings.TrimPrefix(r, "account"))
				inner = strings.TrimSuffix(strings.TrimPrefix(inner, "("), ")")
				for _, part := range splitTop(inner) {
					k, v, _ := strings.Cut(part, "=")
					k, v = strings.TrimSpace(k), strings.TrimSpace(v)
					if i := strings.Index(v, "@"); i >= 0 && !strings.Contains(v, "[") {
						v = strings.TrimSpace(v[:i])
					}
					f.Constraints[k] = v
					if k == "has_one" && v != "" {
						f.HasOne = append(f.HasOne, v)
					}
				}
			}
			raw = nil
			a.Fields = append(a.Fields, f)
		}
	}
	u.Accounts = append(u.Accounts, a)
}

// AccountsOf returns the Accounts struct a handler's Context<…> names.
func (u *Unit) AccountsOf(f *Fn) *Accounts {
	p, ok := f.Param("Context")
	if !ok {
		return nil
	}
	_, inner := splitType(p.Type)
	for _, a := range u.Accounts {
		if a.Name == inner {
			return a
		}
	}
	return nil
}

// splitType splits Account<'info, Vault> into Account and Vault, and
// Box<Account<'info, T>> into Account and T.
func splitType(t string) (base, inner string) {
	t = strings.TrimSpace(t)
	base = typeBase(t)
	i := strings.IndexByte(t, '<')
	if i < 0 {
		return base, ""
	}
	args := splitTop(strings.TrimSuffix(t[i+1:], ">"))
	if base == "Box" && len(args) == 1 {
		return splitType(args[0])
	}
	for j := len(args) - 1; j >= 0; j-- {
		a := strings.TrimSpace(args[j])
		if !strings.HasPrefix(a, "'") {
			return base, typeBase(a)
		}
	}
	return base, ""
}

// typeBase is a type's last path segment without generics or references:
// &mut Context<'_, X> → Context.
func typeBase(t string) string {
	t = strings.TrimSpace(t)
	t = strings.TrimLeft(t, "&")
	t = strings.TrimSpace(strings.TrimPrefix(t, "mut "))
	if i := strings.IndexByte(t, '<'); i >= 0 {
		t = t[:i]
	}
	if i := strings.LastIndex(t, "::"); i >= 0 {
		t = t[i+2:]
	}
	return strings.TrimSpace(t)
}

// splitTop splits s at commas outside brackets.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			if depth > 0 && !(s[i] == '>' && i > 0 && s[i-1] == '-') {
				depth--
			}
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if r := strings.TrimSpace(s[start:]); r != "" {
		out = append(out, r)
	}
	return out
}

func hasWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		if (j == 0 || !isIdent(s[j-1])) && (j+len(w) == len(s) || !isIdent(s[j+len(w)])) {
			return true
		}
		i = j + 1
	}
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// finding builds a raw finding at node n; its snippet is n's first line.
func (u *Unit) finding(id string, n *Node, scope string) scanner.Finding {
	snippet := scanner.FirstLine(string(u.Src[scanner.LineStart(u.Src, n.Start):n.End]))
	return scanner.Finding{DetectorID: id, File: u.Path, Line: n.Line, EndLine: n.Line, Snippet: snippet,
		Fingerprint: scanner.Fingerprint(id, scope, snippet)}
}
