package rust

import "strings"

// Facts about expressions inside one function body, computed from the tree
// and the source text; detectors share them instead of re-walking.

// accountBase strips what is applied to an account expression to get its
// key or info: *acc.key, acc.key(), &acc.to_account_info() → acc.
func accountBase(s string) string {
	s = strings.TrimSpace(s)
	for {
		t := strings.TrimLeft(s, "*& ")
		for _, suf := range []string{".key()", ".key", ".to_account_info()", ".clone()", ".as_ref()", ".as_ref", ".info"} {
			t = strings.TrimSuffix(t, suf)
		}
		t = strings.TrimSpace(t)
		if t == s {
			return s
		}
		s = t
	}
}

// keyOf reports whether s reads an account's key (acc.key, *acc.key,
// acc.key()) and returns the account.
func keyOf(s string) (string, bool) {
	t := strings.TrimLeft(strings.TrimSpace(s), "*& ")
	for _, suf := range []string{".key()", ".key"} {
		if b, ok := strings.CutSuffix(t, suf); ok {
			return accountBase(b), true
		}
	}
	return "", false
}

var compareMacros = map[string]bool{
	"require_keys_eq": true, "require_keys_neq": true, "assert_eq": true, "assert_ne": true,
	"require_eq": true, "require_neq": true, "require": true, "assert": true,
}

// keyChecked reports whether the body compares acc's key with anything
// (==, !=, assert/require macros, check_program_account, check_id).
func keyChecked(body *Node, acc string) bool {
	found := false
	body.Walk(func(n *Node) bool {
		if found {
			return false
		}
		switch n.Kind {
		case "binary_expression":
			if op := operator(n); op == "==" || op == "!=" {
				for _, side := range []*Node{n.Child("left"), n.Child("right")} {
					if b, ok := keyOf(side.Text()); ok && b == acc {
						found = true
					}
				}
			}
		case "macro_invocation":
			if compareMacros[macroName(n)] && mentionsKey(n.Text(), acc) {
				found = true
			}
		case "call_expression":
			fn := n.Child("function").Text()
			if (strings.HasSuffix(fn, "check_program_account") || strings.HasSuffix(fn, "check_id")) && mentionsKey(n.Child("arguments").Text(), acc) {
				found = true
			}
		case "match_expression":
			if b, ok := keyOf(n.Child("value").Text()); ok && b == acc {
				found = true
			}
		}
		return true
	})
	return found
}

func mentionsKey(text, acc string) bool {
	for _, suf := range []string{".key", ".key()"} {
		i := strings.Index(text, acc+suf)
		for i >= 0 {
			if i == 0 || !isIdent(text[i-1]) && text[i-1] != '.' {
				return true
			}
			j := strings.Index(text[i+1:], acc+suf)
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return false
}

// mentions reports whether text uses expr as a whole expression prefix
// (acc.owner in "acc.owner != program_id").
func mentions(text, expr string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], expr)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(expr)
		if (j == 0 || !isIdent(text[j-1]) && text[j-1] != '.') && (end == len(text) || !isIdent(text[end])) {
			return true
		}
		i = j + 1
	}
}

func operator(n *Node) string {
	if op := n.Child("operator"); op != nil {
		return op.Text()
	}
	return ""
}

func macroName(n *Node) string {
	m := n.Child("macro").Text()
	if i := strings.LastIndex(m, "::"); i >= 0 {
		m = m[i+2:]
	}
	return m
}

// callName is the last segment of a call's function: spl_token::instruction::transfer → transfer,
// acc.data.borrow → borrow.
func callName(n *Node) string {
	f := n.Child("function")
	if f == nil {
		return ""
	}
	if f.Kind == "field_expression" {
		return f.Child("field").Text()
	}
	if f.Kind == "generic_function" {
		f = f.Child("function")
	}
	t := f.Text()
	if i := strings.LastIndex(t, "::"); i >= 0 {
		t = t[i+2:]
	}
	return t
}

// receiver is the expression a method is called on, or nil.
func receiver(n *Node) *Node {
	if f := n.Child("function"); f != nil && f.Kind == "field_expression" {
		return f.Child("value")
	}
	return nil
}

// anchorField resolves ctx.accounts.f (or an alias bound by let x = &ctx.accounts.f)
// to the Accounts field, when f is a handler's Context account.
func anchorField(a *Accounts, expr string) *Field {
	if a == nil {
		return nil
	}
	expr = accountBase(expr)
	i := strings.Index(expr, "accounts.")
	if i < 0 {
		return nil
	}
	name := expr[i+len("accounts."):]
	if j := strings.IndexAny(name, ".("); j >= 0 {
		name = name[:j]
	}
	return a.Field(name)
}

// accountData reports whether an argument reads an account's raw data
// (&acc.data.borrow(), acc.try_borrow_data()?, &acc.data.borrow_mut()[..])
// and returns the account.
func accountData(arg string) (string, bool) {
	t := strings.TrimLeft(strings.TrimSpace(arg), "&*( ")
	t = strings.TrimPrefix(t, "mut ")
	for _, m := range []string{".data.borrow_mut()", ".data.borrow()", ".try_borrow_data()", ".try_borrow_mut_data()", ".data.try_borrow()", ".data.try_borrow_mut()"} {
		if i := strings.Index(t, m); i > 0 {
			return accountBase(t[:i]), true
		}
	}
	return "", false
}

// accountVars names the accounts a native instruction processor binds:
// let acc = next_account_info(iter)?, let acc = &accounts[i].
func accountVars(fn *Fn) map[string]bool {
	vars := map[string]bool{}
	for _, l := range fn.Body.Find("let_declaration") {
		v := l.Child("value").Text()
		pat := strings.TrimSpace(strings.TrimPrefix(l.Child("pattern").Text(), "mut "))
		if !isIdentText(pat) {
			continue
		}
		if strings.Contains(v, "next_account_info(") || strings.HasPrefix(v, "&accounts[") || strings.HasPrefix(v, "accounts.get(") {
			vars[pat] = true
		}
	}
	return vars
}
