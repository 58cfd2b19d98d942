package bundle

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// A repository holds more than its own contracts: dependencies (Foundry's
// lib/, npm's node_modules/, Soldeer's dependencies/), tests, deployment
// scripts and mocks. Findings there are noise to the people scanning their
// own code, so a scan of a folder leaves them out unless asked, and says
// what it left out in one line. A file named explicitly is always scanned.

// Selection says which parts of a folder tree a load walks.
type Selection struct {
	// Root is the repository root: output paths are relative to it, and
	// its .gitignore files, .bulwarkignore and foundry.toml apply. Empty
	// means paths relative to each argument, and no project rules.
	Root string
	// IncludeDeps and IncludeTests turn the default exclusions off.
	IncludeDeps, IncludeTests bool
	// Exclude holds more .gitignore-style patterns, relative to Root.
	Exclude []string
	// Include holds .gitignore-style patterns, relative to Root, of paths
	// scanned even when the defaults, ignore files or Exclude leave them
	// out (--include).
	Include []string
	// Languages, when set, keeps only sources of these languages
	// (solidity, vyper, rust, move, cairo); the others are left out
	// without a notice, as asked.
	Languages []string
	// Imports reads the Solidity files that files named explicitly import
	// by relative path (./Base.sol, ../lib/Owned.sol), transitively, as
	// context: their contracts resolve the named files' bases and
	// modifiers, and nothing is reported in them (scanner.File.Context).
	Imports bool
}

// Excluded counts, per reason, the source files a selection left out, by
// the folder they were in ("lib/", "test/", …).
type Excluded struct {
	Deps, Tests, Ignored map[string]int
}

// Total is the number of files left out.
func (e *Excluded) Total() int {
	n := 0
	for _, m := range []map[string]int{e.Deps, e.Tests, e.Ignored} {
		for _, c := range m {
			n += c
		}
	}
	return n
}

// add counts n files of folder dir left out for reason (deps, tests,
// ignored).
func (e *Excluded) add(reason, dir string, n int) {
	if n == 0 {
		return
	}
	m := map[string]*map[string]int{"deps": &e.Deps, "tests": &e.Tests, "ignored": &e.Ignored}[reason]
	if *m == nil {
		*m = map[string]int{}
	}
	(*m)[dir] += n
}

// rules is a selection compiled for one root.
type rules struct {
	sel   Selection
	deps  map[string]bool // folder names, relative to the root
	tests map[string]bool
	ig    ignorer
	// includes are Selection.Include, compiled.
	includes []gitignore.Pattern
	// read returns a file of the repository by its slash path relative
	// to the root (fs.ErrNotExist when absent); nil without a root.
	read func(rel string) ([]byte, error)
	// named turns default exclusions off while a folder named on the
	// command line is walked (see name).
	named struct{ deps, tests bool }
}

// markers are the files that make a folder a repository root: .git,
// .bulwark.yml and the frameworks' files.
var markers = func() []string {
	m := []string{".git", ConfigFile}
	for _, f := range frameworks {
		if !f.member {
			m = append(m, f.markers...)
		}
	}
	return m
}()

// memberMarkers are framework files every member of a workspace holds
// (Cargo.toml): a root only when no folder above holds another marker.
var memberMarkers = func() []string {
	var m []string
	for _, f := range frameworks {
		if f.member {
			m = append(m, f.markers...)
		}
	}
	return m
}()

// FindRoot returns the nearest folder at or above dir holding a repository
// marker (.git, foundry.toml, hardhat.config.*, .bulwark.yml, …), else the
// nearest holding a workspace member's file (Cargo.toml), or "".
func FindRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if st, err := os.Stat(abs); err == nil && !st.IsDir() {
		abs = filepath.Dir(abs)
	}
	member := ""
	for d := abs; ; d = filepath.Dir(d) {
		for _, m := range markers {
			if _, err := os.Stat(filepath.Join(d, m)); err == nil {
				return d, nil
			}
		}
		for _, m := range memberMarkers {
			if _, err := os.Stat(filepath.Join(d, m)); err == nil && member == "" {
				member = d
			}
		}
		if filepath.Dir(d) == d {
			return member, nil
		}
	}
}

// diskReader reads the files of the repository at root.
func diskReader(root string) func(string) ([]byte, error) {
	return func(rel string) ([]byte, error) { return os.ReadFile(filepath.Join(root, filepath.FromSlash(rel))) }
}

// compileRules reads the project's files through read (its framework's
// file, the root's .gitignore and .bulwarkignore); read is nil for a load
// without a root, where only sel.Exclude applies.
func compileRules(sel Selection, read func(string) ([]byte, error)) (*rules, error) {
	r := &rules{sel: sel, read: read,
		deps:  map[string]bool{"lib": true, "node_modules": true, "dependencies": true},
		tests: map[string]bool{"test": true, "tests": true, "script": true, "scripts": true},
	}
	r.includes = parseLines(sel.Include, nil)
	if read == nil {
		r.ig.extra = parseLines(sel.Exclude, nil)
		return r, nil
	}
	if err := r.recognise("", read); err != nil {
		return nil, err
	}
	if err := r.enter(""); err != nil {
		return nil, err
	}
	b, err := read(".bulwarkignore")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("read .bulwarkignore: %w", err)
	}
	r.ig.extra = append(parseLines(strings.Split(string(b), "\n"), nil), parseLines(sel.Exclude, nil)...)
	return r, nil
}

// enter reads the .gitignore of folder dir (relative to the root) and of
// the folders above it, once each, before the walk looks inside dir.
func (r *rules) enter(dir string) error {
	if r.read == nil {
		return nil
	}
	if r.ig.read == nil {
		r.ig.read = map[string]bool{}
	}
	parts := split(dir)
	for i := 0; i <= len(parts); i++ {
		d := strings.Join(parts[:i], "/")
		if r.ig.read[d] {
			continue
		}
		r.ig.read[d] = true
		b, err := r.read(path.Join(d, ".gitignore"))
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			continue
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", path.Join(d, ".gitignore"), err)
		}
		r.ig.addGitignore(d, b)
	}
	return nil
}

func cleanDir(p string) string { return strings.Trim(path.Clean(filepath.ToSlash(p)), "/") }

// skipDir reports why a folder (slash path relative to the root) is left
// out: "deps", "tests", "ignored", or "" to walk it.
func (r *rules) skipDir(rel string) string {
	if r.ig.match(rel, true) {
		return "ignored"
	}
	switch k := r.kind(rel); {
	case k == "deps" && !r.sel.IncludeDeps && !r.named.deps, k == "tests" && !r.sel.IncludeTests && !r.named.tests:
		return k
	}
	return ""
}

// included reports whether an --include pattern names rel (a folder when
// dir).
func (r *rules) included(rel string, dir bool) bool {
	parts := split(rel)
	for _, p := range r.includes {
		if p.Match(parts, dir) == gitignore.Exclude {
			return true
		}
	}
	return false
}

// kind says whether a folder holds dependencies ("deps") or tests,
// scripts and mocks ("tests") by its name or the project's settings.
func (r *rules) kind(rel string) string {
	switch {
	case r.deps[rel] || path.Base(rel) == "node_modules":
		return "deps"
	case r.tests[rel] || isTestDir(path.Base(rel)):
		return "tests"
	}
	return ""
}

// name turns the default exclusions off for the walk of a folder named
// on the command line that is, or lies in, a folder of dependencies or
// tests: `scan test` scans the tests, `scan lib/forge-std` the library.
// The returned function turns them back on.
func (r *rules) name(top string) (restore func()) {
	was := r.named
	parts := split(top)
	for i := 1; i <= len(parts); i++ {
		switch r.kind(strings.Join(parts[:i], "/")) {
		case "deps":
			r.named.deps = true
		case "tests":
			r.named.tests = true
		}
	}
	return func() { r.named = was }
}

// isTestDir names folders of tests, test helpers and mocks wherever they
// sit (testhelpers/, test-helpers/ and test_helpers/ hold the contracts a
// test suite deploys, as Chainlink's do).
func isTestDir(base string) bool {
	switch strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(base)) {
	case "test", "tests", "mocks", "mock", "testhelpers":
		return true
	}
	return false
}

// skipFile reports why a file is left out ("tests" for Foundry's *.t.sol
// and *.s.sol, "ignored" for .gitignore matches), or "".
func (r *rules) skipFile(rel string) string {
	switch {
	case r.ig.match(rel, false):
		return "ignored"
	case !r.sel.IncludeTests && !r.named.tests && (strings.HasSuffix(rel, ".t.sol") || strings.HasSuffix(rel, ".s.sol")):
		return "tests"
	}
	return ""
}

// Summary words what a scan of a tree selected, in one line:
// "scanned 7 files in src/; skipped 983 in lib/, test/, script/ (use
// --include-deps or --include-tests to scan them)".
func Summary(files []string, ex *Excluded) string {
	dirs := map[string]bool{}
	for _, f := range files {
		d, _, ok := strings.Cut(f, "/")
		if !ok {
			d = "."
		}
		dirs[d+"/"] = true
	}
	in := keys(dirs)
	if len(in) == 1 && in[0] == "./" {
		in = []string{"the root folder"}
	}
	s := fmt.Sprintf("scanned %d file(s) in %s", len(files), strings.Join(in, ", "))
	if len(files) == 0 {
		s = "scanned 0 files"
	}
	if ex == nil || ex.Total() == 0 {
		return s
	}
	where := map[string]bool{}
	var flags []string
	for _, part := range []struct {
		m    map[string]int
		flag string
	}{{ex.Deps, "--include-deps"}, {ex.Tests, "--include-tests"}, {ex.Ignored, ""}} {
		for d := range part.m {
			where[d] = true
		}
		if len(part.m) > 0 && part.flag != "" {
			flags = append(flags, part.flag)
		}
	}
	s += fmt.Sprintf("; skipped %d in %s", ex.Total(), strings.Join(keys(where), ", "))
	if len(flags) > 0 {
		s += " (use " + strings.Join(flags, " or ") + " to scan them)"
	}
	return s
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
