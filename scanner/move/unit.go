package move

import (
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/internal/syntax"
)

// Node is a syntax node of a Move file.
type Node = syntax.Node

// Framework is the chain a Move file is written for.
type Framework string

// Frameworks the Move scanner tells apart.
const (
	Sui   Framework = "sui"
	Aptos Framework = "aptos"
)

// Unit is one parsed Move file and the facts detectors share.
type Unit struct {
	Path string
	Src  []byte
	Root *Node
	// Test is set when the whole file is test code (a tests/ folder).
	Test       bool
	Frameworks map[Framework]bool
	Modules    []*Module

	errs  []scanner.FileError
	lines int
}

// Module is one module outside test code.
type Module struct {
	Name    string
	Node    *Node
	Structs map[string]*Struct
	Funs    []*Fun
	// Shared holds the structs the module shares (transfer::share_object).
	Shared map[string]bool
}

// Struct is one struct declaration.
type Struct struct {
	Name      string
	Node      *Node
	Abilities map[string]bool
	Fields    []Param
}

// Fun is one function outside test code.
type Fun struct {
	Name   string
	Node   *Node
	Body   *Node
	Module *Module
	// Visibility is "public", "package", "friend" or "" (private).
	Visibility string
	Entry      bool
	Params     []Param
	Return     string
}

// Param is a parameter or field: its name and type as written.
type Param struct{ Name, Type string }

// Public reports whether any transaction or other package can call f.
func (f *Fun) Public() bool { return f.Visibility == "public" || f.Entry }

// Init reports whether f is the module initializer, which the VM runs once
// at publication (its name is fixed by the language).
func (f *Fun) Init() bool { return f.Name == "init" }

func (u *Unit) analyze() {
	u.Frameworks = map[Framework]bool{}
	u.Test = testPath(u.Path)
	src := string(u.Src)
	if strings.Contains(src, "sui::") || strings.Contains(src, "TxContext") || strings.Contains(src, "UID") {
		u.Frameworks[Sui] = true
	}
	if strings.Contains(src, "signer") || strings.Contains(src, "acquires") || strings.Contains(src, "move_to") || strings.Contains(src, "borrow_global") || strings.Contains(src, "aptos_") {
		u.Frameworks[Aptos] = true
	}
	var anns []string
	for _, c := range u.Root.Children {
		switch c.Kind {
		case "annotation":
			anns = append(anns, c.Text())
		case "module_definition":
			if !testAnn(anns) {
				u.module(c)
			}
			anns = nil
		case "newline", "line_comment", "block_comment":
		default:
			anns = nil
		}
	}
}

func testAnn(anns []string) bool {
	for _, a := range anns {
		a = strings.TrimSuffix(strings.TrimPrefix(a, "#["), "]")
		for _, part := range strings.Split(a, ",") {
			p := strings.TrimSpace(part)
			if i := strings.IndexAny(p, "(="); i >= 0 {
				p = strings.TrimSpace(p[:i])
			}
			if p == "test" || p == "test_only" || p == "random_test" || p == "expected_failure" {
				return true
			}
		}
	}
	return false
}

// testPath reports files of a Move package's tests/ folder.
func testPath(p string) bool {
	segs := strings.Split(strings.ReplaceAll(p, "\\", "/"), "/")
	test := false
	for _, s := range segs[:len(segs)-1] {
		switch s {
		case "tests":
			test = true
		case "sources", "src":
			test = false
		}
	}
	return test
}

func (u *Unit) module(n *Node) {
	m := &Module{Node: n, Structs: map[string]*Struct{}, Shared: map[string]bool{}}
	if id := n.Child("module_identity"); id != nil {
		m.Name = id.Child("module").Text()
	}
	body := n.Child("module_body")
	if body == nil {
		return
	}
	var anns []string
	for _, c := range body.Children {
		switch c.Kind {
		case "annotation":
			anns = append(anns, c.Text())
			continue
		case "newline", "line_comment", "block_comment":
			continue
		}
		test := testAnn(anns)
		anns = nil
		if test {
			continue
		}
		switch c.Kind {
		case "struct_definition":
			s := &Struct{Name: c.Child("name").Text(), Node: c, Abilities: map[string]bool{}}
			for _, a := range c.Find("ability") {
				s.Abilities[a.Text()] = true
			}
			for _, fa := range c.Find("field_annotation") {
				s.Fields = append(s.Fields, Param{Name: fa.Child("field").Text(), Type: fa.Child("type").Text()})
			}
			m.Structs[s.Name] = s
		case "function_definition":
			f := &Fun{Name: c.Child("name").Text(), Node: c, Body: c.Child("body"), Module: m}
			for _, mod := range c.Children {
				if mod.Kind != "modifier" {
					continue
				}
				t := strings.Join(strings.Fields(mod.Text()), "")
				switch {
				case t == "entry":
					f.Entry = true
				case strings.Contains(t, "package"):
					f.Visibility = "package"
				case strings.Contains(t, "friend"):
					f.Visibility = "friend"
				case t == "public":
					f.Visibility = "public"
				}
			}
			if ps := c.Child("parameters"); ps != nil {
				for _, p := range ps.Children {
					if p.Kind == "function_parameter" {
						f.Params = append(f.Params, Param{Name: strings.TrimPrefix(p.Child("name").Text(), "mut "), Type: p.Child("type").Text()})
					}
				}
			}
			f.Return = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c.Child("return_type").Text()), ":"))
			if f.Body != nil {
				m.Funs = append(m.Funs, f)
			}
		}
	}
	for _, f := range m.Funs {
		for _, call := range f.Body.Find("call_expression") {
			if name := callName(call); name == "share_object" || name == "public_share_object" {
				if t := m.typeOf(f, call.Child("args")); t != "" {
					m.Shared[t] = true
				}
			}
		}
	}
	u.Modules = append(u.Modules, m)
}

// callName is the function name of a call: transfer::share_object → share_object.
func callName(n *Node) string {
	if len(n.Children) == 0 {
		return ""
	}
	t := n.Children[0].Text()
	if i := strings.IndexByte(t, '<'); i >= 0 {
		t = t[:i]
	}
	if i := strings.LastIndex(t, "::"); i >= 0 {
		t = t[i+2:]
	}
	return strings.TrimSpace(t)
}

// typeBase is a type's name without references, module path and type
// arguments: &mut pool::Pool<T> → Pool.
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

// finding builds a raw finding at node n; its snippet is n's first line.
func (u *Unit) finding(id string, n *Node, scope string) scanner.Finding {
	snippet := scanner.FirstLine(string(u.Src[scanner.LineStart(u.Src, n.Start):n.End]))
	return scanner.Finding{DetectorID: id, File: u.Path, Line: n.Line, EndLine: n.Line, Snippet: snippet,
		Fingerprint: scanner.Fingerprint(id, scope, snippet)}
}

// typeOf resolves the type of the single argument in args: a pack
// expression T { … }, or a variable bound in f by let v = T { … } or by
// let v = g(…) with g a function of the module.
func (m *Module) typeOf(f *Fun, args *Node) string {
	if args == nil || len(args.Children) != 1 {
		return ""
	}
	e := args.Children[0]
	if e.Kind == "pack_expression" {
		return typeBase(head(e).Text())
	}
	name := e.Text()
	for _, l := range f.Body.Find("let_statement") {
		b := strings.TrimPrefix(strings.Join(strings.Fields(l.Child("binds").Text()), " "), "mut ")
		if b != name {
			continue
		}
		v := l.Child("expr")
		if v == nil {
			continue
		}
		if v.Kind == "pack_expression" {
			return typeBase(head(v).Text())
		}
		if v.Kind == "call_expression" {
			for _, g := range m.Funs {
				if g.Name == callName(v) {
					return typeBase(g.Return)
				}
			}
		}
	}
	for _, p := range f.Params {
		if p.Name == name {
			return typeBase(p.Type)
		}
	}
	return ""
}

// head is n's first child, or nil (error trees can leave nodes empty).
func head(n *Node) *Node {
	if n == nil || len(n.Children) == 0 {
		return nil
	}
	return n.Children[0]
}
