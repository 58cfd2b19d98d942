package ci

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	ignore "github.com/sabhiram/go-gitignore"
)

// Languages maps the source extensions the service accepts to languages.
var Languages = map[string]string{
	".sol":   "solidity",
	".vy":    "vyper",
	".rs":    "rust",
	".move":  "move",
	".cairo": "cairo",
}

// Upload limits of api.md; checked before upload so a user gets the file
// name instead of a bare 413.
const (
	MaxFileBytes = 10 << 20
	MaxZipBytes  = 50 << 20
)

// defaultExcludes never hold contracts worth scanning.
var defaultExcludes = []string{".git/", "node_modules/"}

// SourceFile is one file to upload: Path is slash-separated and relative to
// the root, as it will appear in findings and SARIF.
type SourceFile struct {
	Path string
	Abs  string
	Size int64
}

// UsageError is a mistake in the invocation (exit code 2, nothing was sent).
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error { return &UsageError{Msg: fmt.Sprintf(format, args...)} }

// CollectOptions says which files to upload.
type CollectOptions struct {
	// Root is the working tree root: paths are reported relative to it and
	// its .gitignore and .bulwarkignore apply.
	Root string
	// Paths are files, folders or globs ("src/**/*.sol"), relative to Root
	// or absolute. Empty means Root.
	Paths []string
	// Excludes are extra .gitignore-style patterns.
	Excludes []string
	// Language keeps only that language's files; empty infers it and
	// refuses a mix.
	Language string
}

// Collect resolves the paths to source files of one language, sorted by
// path. Files found by walking folders or expanding globs are filtered by the
// excludes; a file named explicitly is always kept (like `git add -f`).
func Collect(o CollectOptions) ([]SourceFile, string, error) {
	root, err := filepath.Abs(o.Root)
	if err != nil {
		return nil, "", err
	}
	if o.Language != "" && !knownLanguage(o.Language) {
		return nil, "", usagef("unknown language %q (want solidity, vyper, rust, move or cairo)", o.Language)
	}
	ig, err := loadIgnore(root, o.Excludes)
	if err != nil {
		return nil, "", err
	}
	paths := o.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	found := map[string]SourceFile{}
	add := func(abs string, explicit bool) error {
		rel, err := relTo(root, abs)
		if err != nil {
			return err
		}
		lang, ok := Languages[strings.ToLower(path.Ext(rel))]
		if !ok {
			if explicit {
				return usagef("%s: not a contract source (want .sol, .vy, .rs, .move or .cairo)", rel)
			}
			return nil
		}
		if o.Language != "" && lang != o.Language {
			return nil
		}
		if !explicit && ig.MatchesPath(rel) {
			return nil
		}
		st, err := os.Stat(abs)
		if err != nil {
			return err
		}
		if st.Size() > MaxFileBytes {
			return usagef("%s: %d bytes exceeds the 10 MB per-file limit", rel, st.Size())
		}
		found[rel] = SourceFile{Path: rel, Abs: abs, Size: st.Size()}
		return nil
	}
	for _, p := range paths {
		if err := expand(root, p, ig, add); err != nil {
			return nil, "", err
		}
	}
	files := make([]SourceFile, 0, len(found))
	langs := map[string]int{}
	for _, f := range found {
		files = append(files, f)
		langs[Languages[strings.ToLower(path.Ext(f.Path))]]++
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	if len(langs) > 1 {
		var parts []string
		for l, n := range langs {
			parts = append(parts, fmt.Sprintf("%d %s", n, l))
		}
		sort.Strings(parts)
		return nil, "", usagef("the paths hold several languages (%s); a contract is one language: pass --language or narrower paths",
			strings.Join(parts, ", "))
	}
	lang := o.Language
	for l := range langs {
		lang = l
	}
	return files, lang, nil
}

func knownLanguage(l string) bool {
	for _, v := range Languages {
		if v == l {
			return true
		}
	}
	return false
}

// expand feeds add with the files p names.
func expand(root, p string, ig *ignore.GitIgnore, add func(string, bool) error) error {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(root, p)
	}
	if strings.ContainsAny(p, "*?[") {
		return expandGlob(root, p, abs, ig, add)
	}
	st, err := os.Stat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return usagef("path %s does not exist", p)
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return add(abs, true)
	}
	return walk(root, abs, ig, add)
}

// expandGlob supports shell globs and, with "**", any depth: those are
// matched with .gitignore pattern rules anchored at the root.
func expandGlob(root, p, abs string, ig *ignore.GitIgnore, add func(string, bool) error) error {
	var matches []string
	if strings.Contains(p, "**") {
		rel, err := relTo(root, abs)
		if err != nil {
			return err
		}
		m := ignore.CompileIgnoreLines("/" + rel)
		err = walk(root, root, ig, func(f string, _ bool) error {
			r, _ := relTo(root, f)
			if m.MatchesPath(r) {
				matches = append(matches, f)
			}
			return nil
		})
		if err != nil {
			return err
		}
	} else {
		var err error
		if matches, err = filepath.Glob(abs); err != nil {
			return usagef("bad glob %q: %v", p, err)
		}
	}
	if len(matches) == 0 {
		return usagef("glob %s matches nothing", p)
	}
	for _, m := range matches {
		st, err := os.Stat(m)
		if err != nil {
			return err
		}
		if st.IsDir() {
			err = walk(root, m, ig, add)
		} else {
			err = add(m, false)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// walk visits the files under dir, skipping ignored folders and symbolic
// links (a link could leave the tree).
func walk(root, dir string, ig *ignore.GitIgnore, add func(string, bool) error) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return nil
		}
		rel, err := relTo(root, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && ig.MatchesPath(rel+"/") {
				return filepath.SkipDir
			}
			return nil
		}
		return add(p, false)
	})
}

func relTo(root, abs string) (string, error) {
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", usagef("%s is outside the working directory %s", abs, root)
	}
	return filepath.ToSlash(rel), nil
}

// loadIgnore reads the root's .gitignore and .bulwarkignore and adds the
// defaults and extra patterns. Nested .gitignore files are not read.
func loadIgnore(root string, extra []string) (*ignore.GitIgnore, error) {
	lines := append([]string(nil), defaultExcludes...)
	for _, name := range []string{".gitignore", ".bulwarkignore"} {
		b, err := os.ReadFile(filepath.Join(root, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		lines = append(lines, strings.Split(string(b), "\n")...)
	}
	lines = append(lines, extra...)
	return ignore.CompileIgnoreLines(lines...), nil
}
