package solidity

import (
	"strings"
)

// Data locations: where the value a name or an expression denotes lives.
// A write through a storage reference persists; a write to a memory copy
// of storage is lost when the function returns. The fact is computed from
// declarations only (keywords, defaults of the compiler version, the
// function's visibility), never from names.

// Loc is a data location.
type Loc int

// The data locations. Stack holds value types (integers, addresses,
// enums, contracts): a copy, whatever it was read from.
const (
	Unknown Loc = iota
	Storage
	Memory
	Calldata
	Stack
)

func (l Loc) String() string {
	switch l {
	case Storage:
		return "storage"
	case Memory:
		return "memory"
	case Calldata:
		return "calldata"
	case Stack:
		return "stack"
	}
	return "unknown"
}

// declaredLoc reads the location keyword of a variable declaration or
// parameter, or Unknown when it has none.
func declaredLoc(decl *Node) Loc {
	for _, c := range decl.Children {
		if c.Field != "location" && c.Kind != "storage_location" {
			continue
		}
		switch strings.TrimSpace(c.Text()) {
		case "storage":
			return Storage
		case "memory":
			return Memory
		case "calldata":
			return Calldata
		}
	}
	return Unknown
}

// IsValueType reports whether the declared type typ is a value type in c:
// elementary types other than string and bytes, function types, and user
// types that are not structs (enums, contracts, user-defined value types).
// "var" and "" are not: their type is inferred.
func (c *Contract) IsValueType(typ string) bool {
	typ = strings.TrimSpace(typ)
	switch {
	case typ == "" || typ == "var" || typ == "string" || typ == "bytes":
		return false
	case strings.HasSuffix(typ, "]") || strings.HasPrefix(typ, "mapping"):
		return false
	case strings.HasPrefix(typ, "function"):
		return true
	case elementary.MatchString(typ):
		return true
	}
	return !c.IsStruct(typ)
}

// IsDynamicType reports whether typ has a variable-length encoding: string,
// bytes and arrays without a fixed length (T[]).
func IsDynamicType(typ string) bool {
	typ = strings.TrimSpace(typ)
	return typ == "string" || typ == "bytes" || strings.HasSuffix(typ, "[]")
}

// localDecls maps each local's name to its declaration (the first one in
// the body when a name is declared twice in different scopes).
func (f *Function) localDecls() map[string]*Node {
	f.declOnce.Do(func() {
		f.decls = map[string]*Node{}
		f.Body.Walk(func(n *Node) bool {
			if n.Kind == "variable_declaration" {
				if name := n.Child("name").Text(); name != "" && f.decls[name] == nil {
					f.decls[name] = n
				}
			}
			return true
		})
	})
	return f.decls
}

// param returns the declaration of the parameter or named return value
// name, with whether it is a return value.
func (f *Function) param(name string) (*Node, bool) {
	if name == "" {
		return nil, false
	}
	for _, c := range f.Node.Children {
		switch c.Kind {
		case "parameter":
			if c.Child("name").Text() == name {
				return c, false
			}
		case "return_type_definition":
			for _, r := range c.Children {
				if r.Kind == "parameter" && r.Child("name").Text() == name {
					return r, true
				}
			}
		}
	}
	return nil, false
}

// TypeOf returns the declared type of the local, parameter, named return
// value or state variable name as seen in f, innermost first, or "".
func (f *Function) TypeOf(name string) string {
	if d := f.localDecls()[name]; d != nil {
		return strings.TrimSpace(d.Child("type").Text())
	}
	if p, _ := f.param(name); p != nil {
		return strings.TrimSpace(p.Child("type").Text())
	}
	if sv := f.Contract.StateVar(name); sv != nil {
		return strings.TrimSpace(sv.Type)
	}
	return ""
}

// Location returns the data location of the variable name inside f:
//   - a local: its keyword; a value type is Stack; a reference type
//     without a keyword is Storage (the default before 0.5, which later
//     compilers reject); var takes the location of its initial value;
//   - a parameter or named return value: its keyword; a value type is
//     Stack; a reference type without a keyword is Calldata in an
//     external function (solc forces it, 0.4 included) and Memory
//     otherwise;
//   - a state variable: Storage (Stack for constants and immutables of
//     value type, which live in code).
//
// A name f cannot resolve is Unknown.
func (f *Function) Location(name string) Loc { return f.location(name, 0) }

// maxVarChain bounds the var-to-var chain location follows: var a = b;
// var b = a; must not recurse forever on code no compiler accepts.
const maxVarChain = 8

func (f *Function) location(name string, depth int) Loc {
	if d := f.localDecls()[name]; d != nil {
		return f.localLoc(d, depth)
	}
	if p, ret := f.param(name); p != nil {
		if l := declaredLoc(p); l != Unknown {
			return l
		}
		if f.Contract.IsValueType(p.Child("type").Text()) {
			return Stack
		}
		if f.Visibility == "external" && !ret {
			return Calldata
		}
		return Memory
	}
	if sv := f.Contract.StateVar(name); sv != nil {
		if sv.Constant {
			if f.Contract.IsValueType(sv.Type) {
				return Stack
			}
			return Unknown
		}
		return Storage
	}
	return Unknown
}

// LocalLoc returns the data location of the local declared by decl (a
// variable_declaration in f's body); see Location.
func (f *Function) LocalLoc(decl *Node) Loc { return f.localLoc(decl, 0) }

func (f *Function) localLoc(decl *Node, depth int) Loc {
	if l := declaredLoc(decl); l != Unknown {
		return l
	}
	typ := strings.TrimSpace(decl.Child("type").Text())
	if typ == "var" {
		if st := decl.Parent; st != nil && st.Kind == "variable_declaration_statement" && depth < maxVarChain {
			return f.locationOf(st.Child("value"), depth+1)
		}
		return Unknown
	}
	if f.Contract.IsValueType(typ) {
		return Stack
	}
	return Storage
}

// LocationOf returns the data location of expression n inside f: a
// variable's (Location), inherited by member and index accesses (s.a[i].b
// of a storage s is storage), Memory for values built fresh (struct
// constructors, new, abi encodings), Unknown for calls and anything else.
func (f *Function) LocationOf(n *Node) Loc { return f.locationOf(n, 0) }

func (f *Function) locationOf(n *Node, depth int) Loc {
	for n != nil {
		switch n.Kind {
		case "identifier":
			return f.location(n.Text(), depth)
		case "member_expression":
			n = n.Child("object")
		case "array_access":
			n = n.Child("base")
		case "parenthesized_expression":
			if len(n.Children) == 0 {
				return Unknown
			}
			n = n.Children[0]
		case "new_expression":
			return Memory
		case "call_expression":
			fn := n.Child("function")
			switch {
			case fn != nil && fn.Kind == "new_expression":
				return Memory
			case fn != nil && fn.Kind == "member_expression" && fn.Child("object").Text() == "abi" && strings.HasPrefix(fn.Child("property").Text(), "encode"):
				return Memory
			case fn != nil && fn.Kind == "identifier" && f.Contract.IsStruct(fn.Text()):
				return Memory // S(a, b)
			}
			return Unknown
		default:
			return Unknown
		}
	}
	return Unknown
}

// ExprType returns the declared type of an access chain inside f: a
// variable's type, a struct member's (s.a), an array's element or a
// mapping's value (x[i]), a conversion's target (bytes(s)), a hash's
// bytes32, an ABI encoding's bytes, an internal function's one return
// type; "" for anything else (other calls, literals, operators).
func (f *Function) ExprType(n *Node) string {
	if n == nil {
		return ""
	}
	switch n.Kind {
	case "identifier":
		return f.TypeOf(n.Text())
	case "parenthesized_expression":
		if len(n.Children) == 1 {
			return f.ExprType(n.Children[0])
		}
	case "member_expression":
		base := f.ExprType(n.Child("object"))
		if base == "" {
			if n.Child("object").Text() == "msg" && n.Child("property").Text() == "data" {
				return "bytes"
			}
			return ""
		}
		if n.Child("property").Text() == "length" && (IsDynamicType(base) || strings.HasSuffix(base, "]")) {
			return "uint256"
		}
		fields, ok := f.Contract.StructFields(base)
		if !ok {
			return ""
		}
		prop := n.Child("property").Text()
		for _, fd := range fields {
			if fd.Name == prop {
				return fd.Type
			}
		}
	case "array_access":
		return elemType(f.ExprType(n.Child("base")))
	case "type_cast_expression":
		if t := n.FirstKind("primitive_type"); t != nil {
			return strings.TrimSpace(t.Text())
		}
	case "call_expression":
		// A hash, an ABI encoding, or an internal function with one
		// return value.
		if isHashCall(n) {
			if calleeName(n) == "ripemd160" {
				return "bytes20"
			}
			return "bytes32"
		}
		if fn := n.Child("function"); fn != nil && fn.Kind == "member_expression" && fn.Child("object").Text() == "abi" && strings.HasPrefix(fn.Child("property").Text(), "encode") {
			return "bytes"
		}
		if h := f.internalCallee(n); h != nil {
			var rets []*Node
			for _, c := range h.Node.Children {
				if c.Kind == "return_type_definition" {
					for _, r := range c.Children {
						if r.Kind == "parameter" {
							rets = append(rets, r)
						}
					}
				}
			}
			if len(rets) == 1 {
				return strings.TrimSpace(rets[0].Child("type").Text())
			}
		}
	}
	return ""
}

// elemType is the type an index access of typ yields: T for T[] and T[n],
// V for mapping(K => V), byte for bytes; "" otherwise.
func elemType(typ string) string {
	typ = strings.TrimSpace(typ)
	switch {
	case strings.HasSuffix(typ, "]"):
		if i := strings.LastIndex(typ, "["); i > 0 {
			return strings.TrimSpace(typ[:i])
		}
	case strings.HasPrefix(typ, "mapping") && strings.HasSuffix(typ, ")"):
		inner := typ[strings.Index(typ, "(")+1 : len(typ)-1]
		depth := 0
		for i := 0; i+1 < len(inner); i++ {
			switch inner[i] {
			case '(':
				depth++
			case ')':
				depth--
			case '=':
				if depth == 0 && inner[i+1] == '>' {
					return strings.TrimSpace(inner[i+2:])
				}
			}
		}
	case typ == "bytes":
		return "bytes1"
	}
	return ""
}
