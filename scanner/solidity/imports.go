package solidity

import (
	"path"
	"strings"
)

// A bundle maps each contract name to one definition. A repository often
// defines a name more than once: versioned copies of a product (v2_1/,
// v2_2/), a vendored library beside the real one, a mock named like what
// it mocks. Where it does, each file resolves the name to the definition
// its own imports reach, as the compiler would; the bundle's first
// definition stays the answer for names defined once, for files whose
// imports cannot be followed, and for walks over every contract.

// lookup returns the contract, interface or library name means in u.
func (u *Unit) lookup(name string) *Contract {
	if c, ok := u.scope[name]; ok {
		return c
	}
	return u.bundle[name]
}

// importPaths returns the paths u imports, as written.
func (u *Unit) importPaths() []string {
	if u.Root == nil {
		return nil
	}
	var out []string
	for _, d := range u.Root.Children {
		if d.Kind != "import_directive" {
			continue
		}
		if src := d.Child("source"); src != nil {
			if p := strings.Trim(src.Text(), "\"'"); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// scopeByImports sets each unit's scope for the names several units of
// the bundle define: the definition first found walking the unit's
// imports breadth first (the unit itself first), where that is not the
// bundle's.
func scopeByImports(units []*Unit, all map[string]*Contract) {
	defined := map[string]*Unit{}
	dup := map[string]bool{}
	for _, u := range units {
		for _, c := range u.Contracts {
			if c == u.free {
				continue
			}
			if first, ok := defined[c.Name]; ok && first != u {
				dup[c.Name] = true
			}
			defined[c.Name] = u
		}
	}
	if len(dup) == 0 {
		return
	}
	// Each file's imports, resolved once: every walk below crosses them.
	r := newImportResolver(units)
	imports := make(map[*Unit][]*Unit, len(units))
	for _, u := range units {
		for _, p := range u.importPaths() {
			if y := r.resolve(u, p); y != nil {
				imports[u] = append(imports[u], y)
			}
		}
	}
	for _, u := range units {
		seen := map[*Unit]bool{u: true}
		queue := []*Unit{u}
		picked := map[string]bool{}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, c := range x.Contracts {
				if !dup[c.Name] || picked[c.Name] {
					continue
				}
				picked[c.Name] = true
				if all[c.Name] != c {
					if u.scope == nil {
						u.scope = map[string]*Contract{}
					}
					u.scope[c.Name] = c
				}
			}
			for _, y := range imports[x] {
				if !seen[y] {
					seen[y] = true
					queue = append(queue, y)
				}
			}
		}
	}
}

// importResolver finds the unit an import path names: relative paths
// from the importing file's folder, other paths (remapped: @scope/pkg/…,
// lib/…) by the longest run of trailing path segments they share with a
// unit's path.
type importResolver struct {
	byPath map[string]*Unit
	byBase map[string][]*Unit
}

func newImportResolver(units []*Unit) *importResolver {
	r := &importResolver{byPath: map[string]*Unit{}, byBase: map[string][]*Unit{}}
	for _, u := range units {
		p := path.Clean(strings.ReplaceAll(u.Path, "\\", "/"))
		r.byPath[p] = u
		r.byBase[path.Base(p)] = append(r.byBase[path.Base(p)], u)
	}
	return r
}

func (r *importResolver) resolve(from *Unit, spec string) *Unit {
	spec = strings.ReplaceAll(spec, "\\", "/")
	if strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") {
		dir := path.Dir(strings.ReplaceAll(from.Path, "\\", "/"))
		return r.byPath[path.Clean(path.Join(dir, spec))]
	}
	if u := r.byPath[path.Clean(spec)]; u != nil {
		return u
	}
	want := strings.Split(path.Clean(spec), "/")
	var best *Unit
	bestLen, tie := 0, false
	for _, u := range r.byBase[path.Base(spec)] {
		have := strings.Split(path.Clean(strings.ReplaceAll(u.Path, "\\", "/")), "/")
		n := 0
		for n < len(want) && n < len(have) && want[len(want)-1-n] == have[len(have)-1-n] {
			n++
		}
		switch {
		case n > bestLen:
			best, bestLen, tie = u, n, false
		case n == bestLen:
			tie = true
		}
	}
	if tie {
		return nil // two files fit equally: do not guess
	}
	return best
}
