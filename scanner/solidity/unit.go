package solidity

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/bulwark-sec/bulwark/scanner"
)

// Unit is one parsed Solidity file with the facts detectors share:
// contracts, their inheritance within the bundle, functions, modifiers,
// state variables and the compiler version from the pragma.
type Unit struct {
	Path      string
	Src       []byte
	Root      *Node
	Version   Version
	Contracts []*Contract

	lines    lineIndex
	captures map[string][]*Node // indexed start nodes by kind (query.go)
	errs     []scanner.FileError
	bundle   map[string]*Contract // every contract of the bundle by name, set by Link
	// scope overrides bundle for names several files define: the
	// definition this file's imports reach (link, imports.go).
	scope map[string]*Contract
	// free holds the file's free functions (a nameless library), nil if
	// none; freeFns the bundle's, by name (set by link).
	free    *Contract
	freeFns map[string][]*Function
	calls   *callIndex // the bundle's call sites by callee, shared by its units (taint.go)
	dets    []scanner.Detector[*Unit]
	structs map[string][]Param // file-level struct declarations (0.6 on)

	funcsOnce sync.Once
	allFuncs  []*Function // funcs
}

// Version is the lowest compiler version the pragma admits; in a file
// without a pragma, the newest one its syntax compiles with when that
// syntax is dated (inferVersion), unknown otherwise.
type Version struct {
	Major, Minor, Patch int
	Known               bool
}

// Before reports whether the version is known and lower than 0.minor.patch.
func (v Version) Before(minor, patch int) bool {
	if !v.Known {
		return false
	}
	if v.Major != 0 {
		return false
	}
	return v.Minor < minor || (v.Minor == minor && v.Patch < patch)
}

// Checked reports whether arithmetic reverts on overflow (0.8 on). Files
// without a pragma are assumed modern unless their syntax is dated.
func (u *Unit) Checked() bool { return !u.Version.Before(8, 0) }

// Errors implements scanner.Parsed.
func (u *Unit) Errors() []scanner.FileError { return u.errs }

// Lines implements scanner.Parsed.
func (u *Unit) Lines() int {
	if len(u.Src) == 0 {
		return 0
	}
	n := len(u.lines)
	if u.Src[len(u.Src)-1] == '\n' {
		n--
	}
	return n
}

// Contract is a contract, library or interface declaration.
type Contract struct {
	Name      string
	Kind      string // contract, library, interface
	Abstract  bool
	Node      *Node
	Unit      *Unit
	BaseNames []string
	// Bases are the resolved ancestors found in the bundle, nearest first,
	// each once.
	Bases []*Contract
	// Linear is the C3 linearisation: the contract, then its bases from
	// most to least derived (symbols.go).
	Linear []*Contract
	// named lists the functions of Linear by name, in C3 order (Resolve).
	named     map[string][]*Function
	StateVars []*StateVar
	Functions []*Function
	Modifiers []*Function
	Structs   map[string]bool
	// Fields lists each struct's members with their declared types.
	Fields map[string][]Param
	// Using lists the libraries of the contract's using-for directives,
	// UsingTypes the types they attach to ("*" for any), in the same order.
	Using      []string
	UsingTypes []string

	randomOnce      sync.Once // randomContext, shared by two detectors
	random, entropy bool
	privOnce        sync.Once // privileged, shared by two detectors
	priv            map[string]bool
	privVia         map[string]bool         // privilegedViaHelpers
	privPaths       map[string][]string     // root → checked access paths (unprotected_owner.go)
	privDepths      map[string]map[int]bool // root → key positions the caller is looked up at
	privValue       map[string]bool         // roots whose entries the caller is compared with
	implOnce        sync.Once               // implVars
	impl            map[string]bool
}

// StateVar is a state variable declaration.
type StateVar struct {
	Name     string
	Type     string
	Constant bool
	Node     *Node
}

// Function is a function, constructor, fallback, receive or modifier.
type Function struct {
	Name       string
	Kind       string // function, constructor, fallback, receive, modifier
	Visibility string // public, external, internal, private
	Mutability string // view, pure, payable, constant or ""
	Modifiers  []*Node
	Params     []Param
	// Returns are the declared return values, named or not.
	Returns  []Param
	Node     *Node
	Body     *Node
	Contract *Contract

	// Facts computed once, on first use; a base contract's functions can be
	// asked from several units' goroutines at once.
	once    sync.Once
	alias   map[string]bool
	space   map[string]string // aliases of namespaced storage (StateKey)
	locals  map[string]bool
	writes  []Write
	guarded bool

	callsOnce sync.Once
	calls     []*Call
	condsOnce sync.Once
	conds     []*Node
	taintOnce sync.Once
	tainted   map[string]bool
	guardOnce sync.Once
	cfgOnce   sync.Once
	reachOnce sync.Once
	reach     *Reaching
	defsOnce  sync.Once
	stmtDefs  map[*Node][]*Def
	cfg       *CFG
	sumOnce   sync.Once
	sum       Summary
	declOnce  sync.Once
	decls     map[string]*Node // localDecls (location.go)
	// locals assigned from unresolved getters (unauthorized_debit.go)
	unresolvedOnce sync.Once
	unresolved     map[string]bool
}

// facts computes the memoised facts of f.
func (f *Function) facts() {
	f.once.Do(func() {
		f.locals = f.computeLocals()
		f.alias, f.space = f.computeAliases()
		f.writes = f.computeStateWrites()
	})
}

// Param is a function parameter.
type Param struct{ Name, Type string }

var versionRe = regexp.MustCompile(`(\d+)\.(\d+)(?:\.(\d+))?`)

func (u *Unit) analyze() {
	for _, c := range u.Root.Children {
		switch c.Kind {
		case "pragma_directive":
			if !u.Version.Known && strings.Contains(c.Text(), "solidity") {
				if m := versionRe.FindStringSubmatch(c.Text()); m != nil {
					u.Version.Major, _ = strconv.Atoi(m[1])
					u.Version.Minor, _ = strconv.Atoi(m[2])
					u.Version.Patch, _ = strconv.Atoi(m[3])
					u.Version.Known = true
				}
			}
		case "contract_declaration", "library_declaration", "interface_declaration":
			u.Contracts = append(u.Contracts, u.contract(c))
		case "function_definition":
			// A free function (0.7 on): internal code of no contract, held
			// by a nameless library of the file.
			if u.free == nil {
				u.free = &Contract{Kind: "library", Node: u.Root, Unit: u, Structs: map[string]bool{}, Fields: map[string][]Param{}}
				u.Contracts = append(u.Contracts, u.free)
			}
			fn := u.function(c, u.free)
			fn.Visibility = "internal"
			u.free.Functions = append(u.free.Functions, fn)
		case "struct_declaration":
			if u.structs == nil {
				u.structs = map[string][]Param{}
			}
			u.structs[c.Child("name").Text()] = structFields(c)
		}
	}
	if !u.Version.Known {
		u.inferVersion()
	}
}

// inferVersion gives a file without a version pragma the newest version
// its own syntax still compiles with, when it uses syntax later compilers
// reject: throw, var, constant functions, block.blockhash, msg.gas, the
// years unit, a constructor named after its contract, or a struct, array,
// string or bytes local without a data location (0.4); .length
// assignments and a fallback declared as function () (0.5);
// x.f.value(v)() and .gas(g)() call options (0.6). Arithmetic in such a
// file wraps, as the compiler it needs makes it.
func (u *Unit) inferVersion() {
	ceiling := 0 // minor version + 1 of the newest compiler admitting the file, 0 when none is implied
	lower := func(minor int) {
		if ceiling == 0 || minor+1 < ceiling {
			ceiling = minor + 1
		}
	}
	structs := map[string]bool{}
	for name := range u.structs {
		structs[name] = true
	}
	for _, c := range u.Contracts {
		for name := range c.Structs {
			structs[name] = true
		}
		for _, f := range c.Functions {
			if f.Node.Kind == "function_definition" && f.Name == c.Name && c.Kind == "contract" {
				lower(4)
			}
		}
	}
	u.Root.Walk(func(n *Node) bool {
		switch n.Kind {
		case "identifier":
			if n.Text() == "throw" && n.Parent != nil && n.Parent.Kind == "expression_statement" {
				lower(4)
			}
		case "primitive_type":
			if n.Text() == "var" {
				lower(4)
			}
		case "number_unit":
			if n.Text() == "years" {
				lower(4)
			}
		case "modifier_invocation":
			if strings.TrimSpace(n.Text()) == "constant" {
				lower(4)
			}
		case "member_expression":
			switch {
			case isMember(n, "block", "blockhash"), isMember(n, "msg", "gas"):
				lower(4)
			case n.Field == "left" && n.Child("property").Text() == "length":
				lower(5)
			case (n.Child("property").Text() == "value" || n.Child("property").Text() == "gas") &&
				n.Field == "function" && n.Parent.Field == "function" && n.Parent.Parent != nil && n.Parent.Parent.Kind == "call_expression":
				lower(6)
			}
		case "fallback_receive_definition":
			if strings.HasPrefix(n.Text(), "function") {
				lower(5)
			}
		case "variable_declaration":
			if n.Parent != nil && n.Parent.Kind == "variable_declaration_statement" && n.Child("location") == nil && n.FirstKind("storage_location") == nil {
				t := strings.TrimSpace(n.Child("type").Text())
				if structs[t] || strings.HasSuffix(t, "]") || t == "string" || t == "bytes" {
					lower(4)
				}
			}
		}
		return true
	})
	if ceiling > 0 {
		u.Version = Version{Minor: ceiling - 1, Patch: 99, Known: true}
	}
}

// usingLibrary returns the library a using-for directive attaches
// (using L for T; gives L), "" for other shapes.
// lastSegment is name after its last dot: IERC20 of lib.IERC20.
func lastSegment(name string) string {
	if i := strings.LastIndex(name, "."); i >= 0 {
		return name[i+1:]
	}
	return name
}

func usingLibrary(n *Node) string {
	if a := n.FirstKind("type_alias"); a != nil {
		name := a.Text()
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:]
		}
		return name
	}
	return ""
}

func (u *Unit) contract(n *Node) *Contract {
	c := &Contract{Name: n.Child("name").Text(), Node: n, Unit: u, Structs: map[string]bool{}, Fields: map[string][]Param{}}
	c.Kind = strings.TrimSuffix(n.Kind, "_declaration")
	c.Abstract = n.HasToken("abstract")
	for _, ch := range n.Children {
		if ch.Kind == "inheritance_specifier" {
			if a := ch.Child("ancestor"); a != nil {
				name := a.Text()
				if i := strings.LastIndex(name, "."); i >= 0 {
					name = name[i+1:]
				}
				c.BaseNames = append(c.BaseNames, name)
			}
		}
	}
	body := n.Child("body")
	if body == nil {
		return c
	}
	for _, m := range body.Children {
		switch m.Kind {
		case "state_variable_declaration":
			sv := &StateVar{Name: m.Child("name").Text(), Node: m}
			sv.Type = m.Child("type").Text()
			head := m.Text()
			if i := strings.Index(head, "="); i >= 0 {
				head = head[:i]
			}
			sv.Constant = strings.Contains(head, " constant ") || strings.Contains(head, " immutable ")
			c.StateVars = append(c.StateVars, sv)
		case "function_definition", "constructor_definition", "fallback_receive_definition", "modifier_definition":
			f := u.function(m, c)
			if f.Kind == "modifier" {
				c.Modifiers = append(c.Modifiers, f)
			} else {
				c.Functions = append(c.Functions, f)
			}
		case "struct_declaration":
			name := m.Child("name").Text()
			c.Structs[name] = true
			c.Fields[name] = structFields(m)
		case "using_directive":
			if l := usingLibrary(m); l != "" {
				c.Using = append(c.Using, l)
				t := ""
				if src := m.Child("source"); src != nil {
					t = lastSegment(dropSpace(src.Text()))
				}
				c.UsingTypes = append(c.UsingTypes, t)
			}
		}
	}
	return c
}

func (u *Unit) function(n *Node, c *Contract) *Function {
	f := &Function{Node: n, Contract: c, Body: n.Child("body")}
	switch n.Kind {
	case "constructor_definition":
		f.Kind, f.Name = "constructor", "constructor"
	case "modifier_definition":
		f.Kind = "modifier"
		f.Name = n.Child("name").Text()
	case "fallback_receive_definition":
		f.Kind = "fallback"
		if n.HasToken("receive") {
			f.Kind = "receive"
		}
		f.Name = f.Kind
	default:
		f.Kind = "function"
		f.Name = n.Child("name").Text()
		// Before 0.4.22 a function named after its contract is the constructor.
		if f.Name == c.Name && c.Name != "" {
			f.Kind = "constructor"
		}
	}
	for _, ch := range n.Children {
		switch ch.Kind {
		case "visibility":
			f.Visibility = strings.TrimSpace(ch.Text())
		case "state_mutability":
			f.Mutability = strings.TrimSpace(ch.Text())
		case "modifier_invocation":
			// 0.4's "constant" parses as a modifier invocation; it is a
			// keyword, not a modifier (left out of Mutability, as before).
			if strings.TrimSpace(ch.Text()) != "constant" {
				f.Modifiers = append(f.Modifiers, ch)
			}
		case "parameter":
			f.Params = append(f.Params, Param{Name: ch.Child("name").Text(), Type: ch.Child("type").Text()})
		case "return_type_definition":
			for _, r := range ch.Children {
				if r.Kind == "parameter" {
					f.Returns = append(f.Returns, Param{Name: r.Child("name").Text(), Type: r.Child("type").Text()})
				}
			}
		}
		if !ch.Named {
			switch ch.Kind {
			case "public", "external", "internal", "private":
				f.Visibility = ch.Kind
			case "payable", "view", "pure", "constant":
				f.Mutability = ch.Kind
			}
		}
	}
	if f.Visibility == "" {
		f.Visibility = "public" // the default before 0.5
	}
	return f
}

// Link resolves inheritance across the bundle.
func link(units []*Unit) {
	all := map[string]*Contract{}
	for _, u := range units {
		for _, c := range u.Contracts {
			if c == u.free {
				continue
			}
			if _, dup := all[c.Name]; !dup {
				all[c.Name] = c
			}
		}
	}
	calls := &callIndex{}
	free := map[string][]*Function{}
	for _, u := range units {
		u.bundle = all
		u.calls = calls
		u.scope = nil
		u.freeFns = free
		calls.all = append(calls.all, u.Contracts...)
		if u.free != nil {
			for _, g := range u.free.Functions {
				free[g.Name] = append(free[g.Name], g)
			}
		}
	}
	scopeByImports(units, all)
	for _, u := range units {
		for _, c := range u.Contracts {
			c.Bases = nil
			seen := map[*Contract]bool{c: true}
			var visit func(x *Contract)
			visit = func(x *Contract) {
				for i := len(x.BaseNames) - 1; i >= 0; i-- {
					b := x.Unit.lookup(x.BaseNames[i])
					if b == nil || seen[b] {
						continue
					}
					seen[b] = true
					c.Bases = append(c.Bases, b)
					visit(b)
				}
			}
			visit(c)
		}
	}
	for _, u := range units {
		for _, c := range u.Contracts {
			c.Linear = c3(c, map[*Contract]bool{})
			c.named = map[string][]*Function{}
			for _, x := range c.Linear {
				for _, f := range x.Functions {
					c.named[f.Name] = append(c.named[f.Name], f)
				}
			}
		}
	}
}

// constantValue returns the value a constant named by n is declared
// with: a constant (or an immutable initialised where it is declared) of
// f's contract, or C.NAME of a library or contract of the bundle; nil
// otherwise.
func (f *Function) constantValue(n *Node) *Node {
	var sv *StateVar
	switch {
	case n == nil:
	case n.Kind == "identifier":
		if !f.Param(n.Text()) && !f.Locals()[n.Text()] {
			sv = f.Contract.StateVar(n.Text())
		}
	case n.Kind == "member_expression":
		if c := f.Contract.Unit.lookup(n.Child("object").Text()); c != nil {
			sv = c.StateVar(n.Child("property").Text())
		}
	}
	if sv == nil || !sv.Constant || sv.Node == nil {
		return nil
	}
	return sv.Node.Child("value")
}

// eachCondition calls fn with every condition (Function.Conditions) of
// the modifiers and functions with a body in c's lineage, and the one
// holding it, until fn returns false; it reports whether it saw them all.
func (c *Contract) eachCondition(fn func(f *Function, cond *Node) bool) bool {
	for _, x := range c.Lineage() {
		for _, fs := range [][]*Function{x.Modifiers, x.Functions} {
			for _, f := range fs {
				if f.Body == nil {
					continue
				}
				for _, cond := range f.Conditions() {
					if !fn(f, cond) {
						return false
					}
				}
			}
		}
	}
	return true
}

// Lineage returns the contract followed by its bases.
func (c *Contract) Lineage() []*Contract { return append([]*Contract{c}, c.Bases...) }

// StateVar finds a state variable visible in c by name.
func (c *Contract) StateVar(name string) *StateVar {
	for _, x := range c.Lineage() {
		for _, v := range x.StateVars {
			if v.Name == name {
				return v
			}
		}
	}
	return nil
}

// Modifier finds a modifier visible in c by name.
func (c *Contract) Modifier(name string) *Function {
	for _, x := range c.Lineage() {
		for _, m := range x.Modifiers {
			if m.Name == name {
				return m
			}
		}
	}
	return nil
}

// Function finds a function visible in c by name.
func (c *Contract) Function(name string) *Function {
	for _, x := range c.Lineage() {
		for _, f := range x.Functions {
			if f.Name == name {
				return f
			}
		}
	}
	return nil
}

// AllFunctions returns the functions of c and its bases.
func (c *Contract) AllFunctions() []*Function {
	var out []*Function
	for _, x := range c.Lineage() {
		out = append(out, x.Functions...)
	}
	return out
}

// IsStruct reports whether name is a struct type visible in c or the bundle.
func (c *Contract) IsStruct(name string) bool {
	_, ok := c.StructFields(name)
	return ok
}

// Entry reports whether anyone can call the function from outside and it
// may change state.
func (f *Function) Entry() bool {
	if f.Kind == "constructor" || f.Kind == "modifier" {
		return false
	}
	if f.Visibility == "internal" || f.Visibility == "private" {
		return false
	}
	switch f.Mutability {
	case "view", "pure", "constant":
		return false
	}
	return f.Contract.Kind == "contract"
}

// LowLevelCalls returns the low-level calls in f's body (memoised Calls;
// callers share the slice and must not modify it).
func (f *Function) LowLevelCalls() []*Call {
	f.callsOnce.Do(func() { f.calls = Calls(f.Body) })
	return f.calls
}

// Conditions returns the conditions in f's body (memoised conditions;
// callers share the slice and must not modify it).
func (f *Function) Conditions() []*Node {
	f.condsOnce.Do(func() { f.conds = conditions(f.Body) })
	return f.conds
}

// isReturn reports whether name is a named return of f.
func isReturn(f *Function, name string) bool {
	for _, r := range f.Returns {
		if r.Name == name {
			return true
		}
	}
	return false
}

// Param reports whether name is a parameter of f.
func (f *Function) Param(name string) bool {
	for _, p := range f.Params {
		if p.Name == name && name != "" {
			return true
		}
	}
	return false
}

// Locals returns the names of the local variables declared in f.
func (f *Function) Locals() map[string]bool {
	f.facts()
	return f.locals
}

func (f *Function) computeLocals() map[string]bool {
	m := map[string]bool{}
	f.Body.Walk(func(n *Node) bool {
		if n.Kind == "variable_declaration" {
			m[n.Child("name").Text()] = true
		}
		return true
	})
	// Named returns are locals the function assigns (returns (address
	// pool) … pool = …).
	for _, r := range f.Returns {
		if r.Name != "" && !f.Param(r.Name) {
			m[r.Name] = true
		}
	}
	return m
}

// IsState reports whether the identifier name inside f refers to a state
// variable (not shadowed by a parameter or local).
func (f *Function) IsState(name string, locals map[string]bool) bool {
	if f.Param(name) {
		return false
	}
	if locals[name] {
		return f.aliases()[name]
	}
	return f.Contract.StateVar(name) != nil
}

var elementary = regexp.MustCompile(`^(u?int\d*|address|bool|bytes\d+|string|bytes|byte|address payable)$`)

// aliases returns the locals that point into storage (LocalLoc: declared
// storage, or before 0.5 var and reference-type locals without a keyword)
// initialised from a state variable, from an earlier alias or from a
// function returning a storage pointer.
func (f *Function) aliases() map[string]bool {
	f.facts()
	return f.alias
}

func (f *Function) computeAliases() (map[string]bool, map[string]string) {
	alias, space := map[string]bool{}, map[string]string{}
	f.Body.Walk(func(n *Node) bool {
		if n.Kind != "variable_declaration_statement" {
			return true
		}
		v := n.Child("value")
		d := n.FirstKind("variable_declaration")
		if v == nil || d == nil {
			return true
		}
		if f.LocalLoc(d) != Storage {
			return true
		}
		name := d.Child("name").Text()
		switch r := lvalueRoot(v); {
		case storageGetter(v):
			alias[name], space[name] = true, strings.TrimSpace(d.Child("type").Text())
		case r == nil || f.Param(r.Text()):
		case space[r.Text()] != "":
			alias[name], space[name] = true, stateKeyIn(space, r)
		case alias[r.Text()] || f.Contract.StateVar(r.Text()) != nil:
			alias[name] = true
		}
		return true
	})
	return alias, space
}

// StateKey names the state an identifier inside f refers to, the key
// under which reads and writes (Write.Var) of the same state meet: the
// identifier itself, except for a local pointing into namespaced storage
// (S storage $ = _getSStorage()), named by the struct type and the field
// read through it (S._balances), so that two functions' $ meet only on
// the same field of the same namespace.
func (f *Function) StateKey(id *Node) string {
	f.facts()
	return stateKeyIn(f.space, id)
}

func stateKeyIn(space map[string]string, id *Node) string {
	k := space[id.Text()]
	if k == "" {
		return id.Text()
	}
	if p := id.Parent; p != nil && p.Kind == "member_expression" && id.Field == "object" && !strings.Contains(k, ".") {
		return k + "." + p.Child("property").Text()
	}
	return k
}

// storageGetter reports a call as the initial value of a storage local:
// a function returning a storage pointer, such as the namespaced-storage
// getters of ERC-7201 (S storage $ = _getSStorage(), whose body sets
// $.slot in assembly). Only storage can initialise a storage local, so
// what the call returns is contract state.
func storageGetter(v *Node) bool {
	for v != nil && (v.Kind == "parenthesized_expression" || v.Kind == "expression") && len(v.Children) > 0 {
		v = v.Children[0]
	}
	return v != nil && v.Kind == "call_expression"
}

// Guarded reports whether f restricts its callers, judged by what the
// code checks, never by names (guard.go): a caller check (msg.sender
// compared with or looked up in contract state, directly or through an
// internal helper) in f's body or in a modifier inlined into its CFG. A
// modifier that cannot be resolved in the bundle, and a call of an
// internal hook declared without a body (left to the implementing
// contract, like _authorizeUpgrade), are taken as guards: what they check
// is unknown, and reporting on a guess is the false positive users see.
func (f *Function) Guarded() bool {
	f.guardOnce.Do(func() { f.guarded = f.computeGuarded() })
	return f.guarded
}

func (f *Function) computeGuarded() bool {
	for _, m := range f.Modifiers {
		if f.Contract.Modifier(m.FirstKind("identifier").Text()) == nil {
			return true
		}
	}
	g := f.CFG()
	for _, b := range g.Blocks {
		if !g.Reachable(b) {
			continue
		}
		owner := b.Func
		if owner == nil {
			owner = f
		}
		// A caller check restricts when an outcome of it leads somewhere
		// the other does not: a block entered only through it that does
		// something (the body, a return). if (msg.sender == o) {} _;
		// checks and lets everyone through. A block that can only revert
		// restricts nobody's way to the end: require(msg.sender != o)
		// sends the owner there and lets everyone else through.
		if len(b.Preds) == 1 && g.ReachesExit(b) {
			if p := b.Preds[0]; p.Cond != nil && len(p.Succs) == 2 && p.Succs[0] != p.Succs[1] && !emptyArm(b, p) {
				powner := p.Func
				if powner == nil {
					powner = f
				}
				if powner.checksCaller(p.Cond, p.Succs[0] == b) {
					return true
				}
			}
		}
		for _, st := range b.Stmts {
			found := false
			st.Walk(func(n *Node) bool {
				if found || n.Kind != "call_expression" {
					return !found
				}
				h := owner.internalCallee(n)
				if h == nil {
					h = owner.libraryCallee(n) // CallbackValidation.verifyCallback(…)
				}
				if h != nil && h != f {
					if h.Body == nil || owner.callChecksCaller(n, h) {
						found = true
					}
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}

// emptyArm reports an arm b of branch p that does nothing and rejoins
// p's other outcome: if (c) {} or the empty side of if (c) {} else {}.
func emptyArm(b, p *Block) bool {
	other := p.Succs[0]
	if other == b {
		other = p.Succs[1]
	}
	if len(b.Stmts) != 0 || len(b.Succs) != 1 {
		return false
	}
	join := b.Succs[0]
	return join == other || len(other.Stmts) == 0 && len(other.Succs) == 1 && other.Succs[0] == join
}

func mentionsSender(n *Node) bool {
	t := n.Text()
	return strings.Contains(t, "msg.sender") || strings.Contains(t, "tx.origin") || strings.Contains(t, "_msgSender()")
}

// calleeName returns the called function's simple name: f for f(), x.f().
func calleeName(call *Node) string {
	fn := call.Child("function")
	switch {
	case fn == nil:
		return ""
	case fn.Kind == "identifier":
		return fn.Text()
	case fn.Kind == "member_expression":
		return fn.Child("property").Text()
	}
	return ""
}

// argCount returns the number of arguments of a call.
func argCount(call *Node) int {
	n := 0
	for _, c := range call.Children {
		if c.Kind == "call_argument" && len(c.Children) > 0 {
			n++
		}
	}
	return n
}

// argNodes returns the argument expressions of a call.
func argNodes(call *Node) []*Node {
	var out []*Node
	for _, c := range call.Children {
		if c.Kind == "call_argument" {
			if len(c.Children) > 0 {
				out = append(out, c.Children[0])
			}
		}
	}
	return out
}

// lvalueRoot returns the base identifier of an assignment target:
// x, x[i], x.f, x[i].f[j] all give x.
func lvalueRoot(n *Node) *Node {
	for n != nil {
		switch n.Kind {
		case "identifier":
			return n
		case "array_access":
			n = n.Child("base")
		case "member_expression":
			n = n.Child("object")
		case "parenthesized_expression", "expression":
			if len(n.Children) == 0 {
				return nil
			}
			n = n.Children[0]
		default:
			return nil
		}
	}
	return nil
}

// Write is one storage write in a function.
type Write struct {
	Node *Node // the assignment, update, delete or push call
	Var  string
}

// StateWrites lists the writes to state variables in f's body.
func (f *Function) StateWrites() []Write {
	f.facts()
	return f.writes
}

func (f *Function) computeStateWrites() []Write {
	locals := f.locals
	isState := func(name string) bool {
		if f.Param(name) {
			return false
		}
		if locals[name] {
			return f.alias[name]
		}
		return f.Contract.StateVar(name) != nil
	}
	var out []Write
	f.Body.Walk(func(n *Node) bool {
		if r := lvalueRoot(writtenBy(n)); r != nil && isState(r.Text()) {
			out = append(out, Write{Node: n, Var: stateKeyIn(f.space, r)})
		}
		return true
	})
	return out
}

// writtenBy returns what n writes: the left side of an assignment, the
// operand of ++, -- or delete, the array of a push or pop; nil when n
// writes nothing.
func writtenBy(n *Node) *Node {
	switch n.Kind {
	case "assignment_expression", "augmented_assignment_expression":
		return n.Child("left")
	case "update_expression":
		return n.Child("argument")
	case "unary_expression":
		if n.Operator() == "delete" || strings.HasPrefix(n.Text(), "delete") {
			if t := n.Child("argument"); t != nil {
				return t
			}
			if len(n.Children) > 1 {
				return n.Children[len(n.Children)-1]
			}
		}
	case "call_expression":
		if fn := n.Child("function"); fn != nil && fn.Kind == "member_expression" {
			switch fn.Child("property").Text() {
			case "push", "pop":
				return fn.Child("object")
			}
		}
	}
	return nil
}

// Call is an external call with a low-level or ether-moving member:
// call, send, transfer (one argument), delegatecall, callcode, staticcall.
type Call struct {
	Node   *Node  // the outermost call expression
	Kind   string // call, send, transfer, delegatecall, callcode, staticcall
	Target *Node  // the receiver expression
	Value  bool   // moves ether
	Args   []*Node
	// ValueArg is the ether amount: the argument of .value(…), {value: …},
	// send or transfer.
	ValueArg *Node
	// Invoked is false for x.call.value(v) without the final "()": the
	// call never happens.
	Invoked bool
	// GasLimit is the literal gas stipend passed with .gas(n), or 0.
	GasLimit int
}

var lowLevelKinds = map[string]bool{"call": true, "send": true, "transfer": true, "delegatecall": true, "callcode": true, "staticcall": true}

// options records the ether and literal gas stipend of a call's
// {value: …, gas: …} options (hoistCallOptions).
func (c *Call) options(call *Node) {
	if v := CallOption(call, "value"); v != nil {
		c.Value, c.ValueArg = true, v
	}
	if g := CallOption(call, "gas"); g != nil && isLiteral(g) {
		c.GasLimit, _ = strconv.Atoi(g.Text())
	}
}

// lowLevelCall classifies an outermost call expression.
func lowLevelCall(n *Node) *Call {
	if n.Kind != "call_expression" {
		return nil
	}
	// c stays on the stack until the call is known to be low-level: most
	// calls are not.
	c := Call{Node: n, Invoked: true}
	c.options(n)
	x := n.Child("function")
	if x != nil && x.Kind == "member_expression" {
		switch x.Child("property").Text() {
		case "value", "gas":
			c.Invoked = false
		}
	}
	for x != nil {
		switch x.Kind {
		case "call_expression":
			c.options(x)
			x = x.Child("function")
		case "member_expression":
			prop := x.Child("property").Text()
			if prop == "value" || prop == "gas" {
				if prop == "value" {
					c.Value = true
					if x.Parent != nil && x.Parent.Kind == "call_expression" {
						if a := argNodes(x.Parent); len(a) == 1 {
							c.ValueArg = a[0]
						}
					}
				}
				if prop == "gas" && x.Parent != nil && x.Parent.Kind == "call_expression" {
					if a := argNodes(x.Parent); len(a) == 1 && isLiteral(a[0]) {
						c.GasLimit, _ = strconv.Atoi(a[0].Text())
					}
				}
				x = x.Child("object")
				continue
			}
			if !lowLevelKinds[prop] {
				return nil
			}
			c.Kind = prop
			c.Target = x.Child("object")
			c.Args = argNodes(n)
			switch prop {
			case "transfer":
				if len(c.Args) != 1 {
					return nil // an ERC20 transfer(to, amount)
				}
				c.Value, c.ValueArg = true, c.Args[0]
			case "send":
				if len(c.Args) != 1 {
					return nil
				}
				c.Value, c.ValueArg = true, c.Args[0]
			}
			found := c
			return &found
		default:
			return nil
		}
	}
	return nil
}

// Calls returns the low-level calls in n, outermost call expressions only.
func Calls(n *Node) []*Call {
	var out []*Call
	n.Walk(func(x *Node) bool {
		if x.Kind == "call_expression" {
			if p := x.Parent; p != nil && p.Kind == "call_expression" && x.Field == "function" {
				return true
			}
			if c := lowLevelCall(x); c != nil {
				out = append(out, c)
			}
		}
		return true
	})
	return out
}

// finding builds a raw finding at node n.
func (u *Unit) finding(id string, n *Node, scope string) scanner.Finding {
	u = u.owner(n)
	snippet := strings.Clone(scanner.FirstLine(n.Text()))
	return scanner.Finding{
		DetectorID:  id,
		File:        u.Path,
		Line:        n.Line,
		EndLine:     n.EndLine,
		Snippet:     snippet,
		Fingerprint: scanner.Fingerprint(id, scope, snippet),
	}
}

// LineFinding is Finding with the whole source line holding n as the
// snippet (and fingerprint): a finding about a function reported at its
// name reads "function f(…) external", not "f".
func (u *Unit) LineFinding(id string, n *Node, f *Function) scanner.Finding {
	u = u.owner(n)
	fd := u.finding(id, n, scope(f))
	if line := scanner.FirstLine(string(u.Src[scanner.LineStart(u.Src, n.Start):])); line != "" {
		fd.Snippet = line
		fd.Fingerprint = scanner.Fingerprint(id, scope(f), line)
	}
	return fd
}

// scope names where a node sits, for fingerprints: Contract.function.
func scope(f *Function) string {
	if f == nil {
		return ""
	}
	return f.Contract.Name + "." + f.Name
}

// resultUnused reports whether the value of call is discarded: the call is
// a statement of its own, or assigned to a local that is never read.
func resultUnused(call *Node, f *Function) bool {
	p := outer(call)
	if p == nil {
		return false
	}
	switch p.Kind {
	case "expression_statement":
		return true
	case "unary_expression", "if_statement", "binary_expression":
		return checkedForShow(call, f)
	case "return_statement":
		return f != nil && returnedPastCredit(f)
	case "variable_declaration_statement":
		var names []string
		p.Walk(func(n *Node) bool {
			if n.Kind == "variable_declaration" {
				names = append(names, n.Child("name").Text())
			}
			return true
		})
		if len(names) == 0 || f == nil {
			return false
		}
		returned := false
		for _, name := range names {
			used := false
			f.Body.Walk(func(n *Node) bool {
				if used || n.End <= p.End {
					return false
				}
				// A read in a condition a constant decides is no read:
				// require(ok || true).
				if n.Kind == "identifier" && n.Start >= p.End && n.Text() == name && !constDecided(n) {
					if q := outer(n); q != nil && q.Kind == "return_statement" && len(q.NamedChildren()) == 1 && unparen(q.NamedChildren()[0]) == n {
						returned = true
					} else {
						used = true
					}
				}
				return !used
			})
			if used {
				return false
			}
		}
		return !returned || returnedPastCredit(f)
	}
	return false
}

// returnedPastCredit reports whether f, handing a call's result back to
// its caller (return a.call(…), or a success flag read only by return
// statements), is an entry point that credits a mapping entry (m[k] +=
// a, m[k] = m[k] + a): the credit stands when the call failed, and a
// caller that is a person never reads the false. An internal helper's
// result is its callers' to check.
func returnedPastCredit(f *Function) bool {
	if !f.Entry() {
		return false
	}
	for _, w := range f.StateWrites() {
		if creditAmount(w.Node) != nil {
			return true
		}
	}
	return false
}

// checkedForShow reports whether call's result is tested only for show:
// the condition holding it is decided by a constant whatever the call
// returns (if (!c.send(v) || 1 == 1)), or it is an if's condition
// (negated or not) and the arm a failure takes does nothing (empty, or
// only writes locals nobody reads afterwards) without leaving: if
// (!c.send(v)) { failed += 1; } carries on as if it had been sent.
func checkedForShow(call *Node, f *Function) bool {
	if constDecided(call) {
		return true
	}
	x, neg := call, false
	for p := x.Parent; p != nil; x, p = p, p.Parent {
		if p.Kind == "unary_expression" && p.Operator() == "!" {
			neg = !neg
		} else if p.Kind != "parenthesized_expression" {
			break
		}
	}
	ifs := x.Parent
	if ifs == nil || ifs.Kind != "if_statement" || x.Field != "condition" {
		return false
	}
	arms := ifArms(ifs)
	// The first arm runs when the condition holds: on failure when the
	// result is negated.
	fail := 1
	if neg {
		fail = 0
	}
	if fail >= len(arms) {
		// No else: a failure skips the arm; only an empty one shows
		// the result handled nowhere.
		for _, a := range arms {
			if !emptyStmt(a) {
				return false
			}
		}
		return true
	}
	return deadArm(arms[fail], ifs, f)
}

// constDecided reports whether n, read through parentheses, ! and the
// && and || it is an operand of, reaches one whose other operand is a
// constant that decides it: x || true, (x && y) || 1 == 1, false && x.
func constDecided(n *Node) bool {
	x := n
	for p := x.Parent; p != nil; x, p = p, p.Parent {
		switch {
		case p.Kind == "parenthesized_expression", p.Kind == "unary_expression" && p.Operator() == "!":
			continue
		case p.Kind == "binary_expression" && (p.Operator() == "||" || p.Operator() == "&&"):
			other := p.Child("left")
			if x.Field == "left" {
				other = p.Child("right")
			}
			if v, ok := constBool(other); ok && v == (p.Operator() == "||") {
				return true
			}
			continue
		}
		return false
	}
	return false
}

// deadArm reports whether statement arm of ifs does nothing observable:
// empty, or assignments of call-free values to locals of f that nobody
// reads after ifs.
func deadArm(arm, ifs *Node, f *Function) bool {
	if emptyStmt(arm) {
		return true
	}
	if f == nil || f.Body == nil {
		return false
	}
	stmts := []*Node{arm}
	if arm.Kind == "block_statement" {
		stmts = arm.NamedChildren()
	}
	for _, st := range stmts {
		if emptyStmt(st) {
			continue
		}
		if st.Kind != "expression_statement" || len(st.NamedChildren()) != 1 {
			return false
		}
		e := st.NamedChildren()[0]
		var target *Node
		switch e.Kind {
		case "assignment_expression", "augmented_assignment_expression":
			target = e.Child("left")
		case "update_expression":
			target = e.FirstKind("identifier")
		default:
			return false
		}
		if target == nil || target.Kind != "identifier" || !f.Locals()[target.Text()] ||
			len(e.FindAll("call_expression")) > 0 || usedAfter(f.Body, target.Text(), ifs.End) {
			return false
		}
	}
	return true
}

// emptyStmt reports whether a statement does nothing: an empty block, or
// a block of empty statements.
func emptyStmt(n *Node) bool {
	switch n.Kind {
	case "block_statement":
		for _, c := range n.Children {
			if !emptyStmt(c) {
				return false
			}
		}
		return true
	case "empty_statement", "comment":
		return true
	}
	return false
}

// usedAfter reports whether identifier name appears in body after offset.
func usedAfter(body *Node, name string, off int) bool {
	found := false
	body.Walk(func(n *Node) bool {
		if found || n.End <= off {
			return false
		}
		if n.Kind == "identifier" && n.Start >= off && n.Text() == name {
			found = true
		}
		return !found
	})
	return found
}

// owner returns the unit of the bundle whose tree holds n: a detector
// following a call into a base contract in another file reports the line
// there, in that file. u itself when n is u's or the bundle does not
// know the tree.
func (u *Unit) owner(n *Node) *Unit {
	root := n
	for root.Parent != nil {
		root = root.Parent
	}
	if root == u.Root {
		return u
	}
	for _, m := range []map[string]*Contract{u.scope, u.bundle} {
		for _, c := range m {
			if c.Unit != nil && c.Unit.Root == root {
				return c.Unit
			}
		}
	}
	return u
}
