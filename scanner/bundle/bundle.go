// Package bundle owns the choice of the files a scan reads, for every entry
// point: `bulwark scan`, `bulwark ci` and the Action (LoadTree, from local
// files, folders, globs and zip archives) and the GitHub App (SelectFiles,
// from a repository held in memory). It finds the repository root, reads
// .bulwark.yml (ParseConfig, LoadConfig), applies the project's rules
// (.gitignore files, .bulwarkignore, foundry.toml, dependencies, tests and
// mocks left out by default), and words what it left out (Summary,
// Skipped.Notices). Archives are read defensively (no path traversal,
// bounded entry count and sizes).
package bundle

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/bulwark-sec/bulwark/scanner"
)

// Limits bound what one load may read.
type Limits struct {
	MaxFiles     int   // files kept in the bundle
	MaxFileBytes int64 // one file, uncompressed
	MaxBytes     int64 // the whole bundle, uncompressed
	MaxEntries   int   // entries looked at in one archive
}

// DefaultLimits suit a command-line scan of a repository.
var DefaultLimits = Limits{MaxFiles: 20000, MaxFileBytes: 8 << 20, MaxBytes: 256 << 20, MaxEntries: 100000}

// Errors of Load and ReadZip.
var (
	ErrTooLarge  = errors.New("bundle exceeds size limits")
	ErrUnsafe    = errors.New("unsafe archive entry")
	ErrNotFound  = errors.New("no such file or directory")
	ErrNoSources = errors.New("no source files found")
)

// skipDirs are folders that never hold the project's own sources.
var skipDirs = map[string]bool{".git": true, ".hg": true, ".svn": true}

// loader accumulates files under the limits.
type loader struct {
	lim   Limits
	keep  func(string) bool
	files []scanner.File
	bytes int64
	skip  Skipped
	rules *rules
	ex    Excluded
	seen  map[string]bool // output paths already read
	// hidden is the left-out folder being walked for --include.
	hidden *hiddenDir
}

// Skipped lists what a load left out, each with its reason, so the caller
// can say so instead of dropping it in silence.
type Skipped struct {
	// TooLarge are files over Limits.MaxFileBytes.
	TooLarge []string
	// NotText are files with NUL bytes or mostly invalid UTF-8.
	NotText []string
	// Unsupported counts, by extension, source files of a language the
	// engine has no scanner for (keep refused them).
	Unsupported map[string][]string
}

// languages are the contract languages bulwark accepts, by extension,
// whether or not this engine scans them.
var extLanguages = map[string]string{".sol": "solidity", ".vy": "vyper", ".vyi": "vyper", ".rs": "rust",
	".move": "move", ".cairo": "cairo"}

// Language returns the contract language of a path by its extension
// (solidity, vyper, rust, move, cairo), whether or not this version scans
// it.
func Language(name string) (string, bool) {
	l, ok := extLanguages[strings.ToLower(path.Ext(name))]
	return l, ok
}

// anySource is the keep of a load that takes every contract language.
func anySource(name string) bool {
	_, ok := Language(name)
	return ok
}

// kept reports whether name is for the engine, recording source files of
// other languages. Languages the selection leaves out are dropped without
// a record: the configuration asked for it.
func (l *loader) kept(name string) bool {
	if l.wanted(name) {
		return true
	}
	if lang, isSource := Language(name); isSource && l.langOK(lang) {
		ext := strings.ToLower(path.Ext(name))
		if l.skip.Unsupported == nil {
			l.skip.Unsupported = map[string][]string{}
		}
		l.skip.Unsupported[ext] = append(l.skip.Unsupported[ext], name)
	}
	return false
}

// langOK reports whether the selection takes sources of lang.
func (l *loader) langOK(lang string) bool {
	return len(l.rules.sel.Languages) == 0 || slices.Contains(l.rules.sel.Languages, lang)
}

// wanted reports whether name is a source the load takes, recording
// nothing.
func (l *loader) wanted(name string) bool {
	if lang, ok := Language(name); ok && !l.langOK(lang) {
		return false
	}
	return l.keep(name)
}

// isText reports whether b looks like source text: no NUL byte, and at
// most 1% of it invalid UTF-8 (legacy Latin-1 comments are tolerated).
func isText(b []byte) bool {
	if bytes.IndexByte(b, 0) >= 0 {
		return false
	}
	if utf8.Valid(b) {
		return true
	}
	bad := 0
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			bad++
		}
		i += n
	}
	return bad*100 <= len(b)
}

func (l *loader) add(name string, content []byte) error {
	return l.addFile(name, content, false)
}

// addContext adds a file read for its definitions only.
func (l *loader) addContext(name string, content []byte) error {
	return l.addFile(name, content, true)
}

func (l *loader) addFile(name string, content []byte, context bool) error {
	if l.seen[name] || !l.kept(name) {
		return nil // named twice (src and src/x): read once
	}
	if int64(len(content)) > l.lim.MaxFileBytes {
		l.skip.TooLarge = append(l.skip.TooLarge, name)
		return nil
	}
	if !isText(content) {
		l.skip.NotText = append(l.skip.NotText, name)
		return nil
	}
	l.bytes += int64(len(content))
	if l.bytes > l.lim.MaxBytes {
		return fmt.Errorf("at %s: the files read reach %s, over the %s limit of one scan: %w",
			name, formatSize(l.bytes), formatSize(l.lim.MaxBytes), ErrTooLarge)
	}
	if len(l.files) >= l.lim.MaxFiles {
		return fmt.Errorf("at %s: more than %d files, the limit of one scan (narrow the paths or add --exclude): %w",
			name, l.lim.MaxFiles, ErrTooLarge)
	}
	if l.seen == nil {
		l.seen = map[string]bool{}
	}
	l.seen[name] = true
	l.files = append(l.files, scanner.File{Path: name, Content: content, Context: context})
	return nil
}

// Load reads every path (file, directory or .zip) and returns the files
// for which keep returns true, with slash-separated paths relative to the
// argument they came from (prefixed with that argument when several were
// given).
func Load(paths []string, keep func(string) bool, lim Limits) ([]scanner.File, error) {
	t, err := LoadTree(paths, keep, lim, Selection{IncludeTests: true})
	if err != nil {
		return nil, err
	}
	return t.Files, nil
}

// Tree is what LoadTree read and what it left out.
type Tree struct {
	Files []scanner.File
	// Skipped are files left out for what they are (too large, not text,
	// another language); Excluded are folders and files left out by the
	// selection (dependencies, tests, ignore files).
	Skipped  Skipped
	Excluded Excluded
}

// Paths lists the paths of the files read to be scanned, in order (not
// those read as context only; see Imported).
func (t *Tree) Paths() []string {
	out := make([]string, 0, len(t.Files))
	for _, f := range t.Files {
		if !f.Context {
			out = append(out, f.Path)
		}
	}
	return out
}

// Imported lists the paths of the files read as context only (the
// relative imports of files named explicitly, Selection.Imports).
func (t *Tree) Imported() []string {
	var out []string
	for _, f := range t.Files {
		if f.Context {
			out = append(out, f.Path)
		}
	}
	return out
}

// Summary words the selection in one line (see the function Summary).
func (t *Tree) Summary() string { return Summary(t.Paths(), &t.Excluded) }

// LoadTree is Load with a project's selection rules, saying what it left
// out: files over the file limit and files that are not text (the rest of
// the tree is still read), source files of languages keep refuses, and
// the dependencies, tests and ignored paths of sel.
//
// A path is a file, a folder, a .zip archive or a glob ("src/*.sol",
// "src/**/*.sol", matched as an anchored .gitignore pattern below the
// glob's first fixed folder). Folders and globs are walked under the
// selection's rules; a file named explicitly is read whatever they say,
// and one that is no contract source is an error. A nil keep takes every
// contract language.
func LoadTree(paths []string, keep func(string) bool, lim Limits, sel Selection) (*Tree, error) {
	var read func(string) ([]byte, error)
	if sel.Root != "" {
		read = diskReader(sel.Root)
	}
	r, err := compileRules(sel, read)
	if err != nil {
		return nil, err
	}
	if keep == nil {
		keep = anySource
	}
	l := &loader{lim: lim, keep: keep, rules: r}
	if err := l.load(paths); err != nil {
		return nil, err
	}
	return &Tree{Files: l.files, Skipped: l.skip, Excluded: l.ex}, nil
}

// display names a local path the user gave without ever printing an
// absolute path of the machine: as typed when relative and inside the
// working folder, else relative to the working folder, else its base name.
func display(p string) string {
	clean := filepath.Clean(p)
	if !filepath.IsAbs(clean) && clean != ".." && !strings.HasPrefix(clean, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(clean)
	}
	if abs, err := filepath.Abs(clean); err == nil {
		if wd, err := os.Getwd(); err == nil {
			if rel, ok := within(wd, abs); ok {
				return rel
			}
		}
	}
	return filepath.Base(clean)
}

// within returns abs relative to dir, slash-separated, when it is inside.
func within(dir, abs string) (string, bool) {
	rel, err := filepath.Rel(dir, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// name is the output path of the local path p found under the argument
// arg: relative to the selection's root when p is inside it, else
// relative to the argument (prefixed with it when several were given).
// rooted says the name is relative to the root, where project rules apply.
func (l *loader) name(p, arg string, prefix bool) (name string, rooted bool, err error) {
	if root := l.rules.sel.Root; root != "" {
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", false, err
		}
		if rel, ok := within(root, abs); ok {
			return rel, true, nil
		}
	}
	if arg == p {
		return display(p), false, nil
	}
	rel, err := filepath.Rel(arg, p)
	if err != nil {
		return "", false, err
	}
	name = filepath.ToSlash(rel)
	if prefix {
		name = path.Join(display(arg), name)
	}
	return name, false, nil
}

// isGlob reports whether a path argument holds glob characters.
func isGlob(p string) bool { return strings.ContainsAny(filepath.ToSlash(p), "*?[") }

func (l *loader) load(paths []string) error {
	lim := l.lim
	var named []source // files named explicitly, by local path
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil && isGlob(p) {
			if err := l.glob(p, len(paths) > 1); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p, ErrNotFound)
		}
		switch {
		case st.IsDir():
			if err := l.dir(p, len(paths) > 1, nil); err != nil {
				return err
			}
		case strings.EqualFold(filepath.Ext(p), ".zip"):
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			zname, _, err := l.name(p, p, false)
			if err != nil {
				f.Close()
				return err
			}
			err = l.zip(f, st.Size(), zname)
			f.Close()
			if err != nil {
				return err
			}
		default:
			name, _, err := l.name(p, p, false)
			if err != nil {
				return err
			}
			if _, ok := Language(name); !ok {
				return fmt.Errorf("%s: %w", name, ErrNotSource)
			}
			if st.Size() > lim.MaxFileBytes {
				if l.kept(name) {
					l.skip.TooLarge = append(l.skip.TooLarge, name)
				}
				continue
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if err := l.add(name, b); err != nil {
				return err
			}
			named = append(named, source{p, b})
		}
	}
	if l.rules.sel.Imports {
		return l.imports(named)
	}
	return nil
}

// glob walks the fixed folder at the head of pattern p and keeps the files
// the rest of the pattern matches.
func (l *loader) glob(p string, prefix bool) error {
	parts := strings.Split(filepath.ToSlash(p), "/")
	i := 0
	for i < len(parts)-1 && !isGlob(parts[i]) {
		i++
	}
	base := strings.Join(parts[:i], "/")
	if base == "" && strings.HasPrefix(p, "/") {
		base = "/"
	} else if base == "" {
		base = "."
	}
	pat := parseLines([]string{"/" + strings.Join(parts[i:], "/")}, nil)[0]
	if st, err := os.Stat(base); err != nil || !st.IsDir() {
		return fmt.Errorf("glob %s: %w", p, ErrNoMatch)
	}
	before := len(l.files) + len(l.skip.TooLarge) + len(l.skip.NotText)
	err := l.dir(filepath.FromSlash(base), prefix, func(rel string) bool {
		return pat.Match(split(rel), false) == gitignore.Exclude
	})
	if err != nil {
		return err
	}
	if len(l.files)+len(l.skip.TooLarge)+len(l.skip.NotText) == before {
		return fmt.Errorf("glob %s: %w", p, ErrNoMatch)
	}
	return nil
}

// dir walks a folder named on the command line; match, when set, keeps
// only the files whose path relative to the folder it accepts.
func (l *loader) dir(root string, prefix bool, match func(string) bool) error {
	abs, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	top, rooted, err := l.name(root, root, false)
	if err != nil {
		return err
	}
	nameOf := func(p string) (string, error) {
		n, _, err := l.name(filepath.Join(root, filepath.FromSlash(p)), root, prefix)
		return n, err
	}
	if top == "." {
		top = ""
	}
	if rooted {
		if err := l.rules.enter(top); err != nil {
			return err
		}
	}
	defer l.rules.name(top)()
	return l.walk(diskTree(abs), "", nameOf, rooted, match)
}

// ErrNotSource is returned for a file named explicitly that is no contract
// source; ErrNoMatch for a glob that matches no file.
var (
	ErrNotSource = errors.New("not a contract source (.sol, .vy, .rs, .move or .cairo)")
	ErrNoMatch   = errors.New("matches no source file")
)

// ReadZip reads the files of a zip archive for which keep returns true.
func ReadZip(r io.ReaderAt, size int64, keep func(string) bool, lim Limits) ([]scanner.File, error) {
	l := &loader{lim: lim, keep: keep, rules: &rules{}}
	if keep == nil {
		l.keep = anySource
	}
	if err := l.zip(r, size, ""); err != nil {
		return nil, err
	}
	// A reader of one archive is strict: an entry over the limit fails it.
	if len(l.skip.TooLarge) > 0 {
		return nil, fmt.Errorf("%s: %w", l.skip.TooLarge[0], ErrTooLarge)
	}
	return l.files, nil
}

// zip reads an archive through SelectArchive's choice (a repository's
// selection, or every source file), naming files prefix/path.
func (l *loader) zip(r io.ReaderAt, size int64, prefix string) error {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return fmt.Errorf("%s: read zip: %w", prefix, err)
	}
	if len(zr.File) > l.lim.MaxEntries {
		return fmt.Errorf("%s: %d entries: %w", prefix, len(zr.File), ErrTooLarge)
	}
	entries := map[string]*zip.File{}
	var files []ArchiveFile
	for _, zf := range zr.File {
		if zf.FileInfo().IsDir() || !zf.Mode().IsRegular() {
			continue
		}
		name, err := safeName(zf.Name)
		if err != nil {
			return fmt.Errorf("%s: %q: %w", prefix, zf.Name, err)
		}
		if entries[name] != nil {
			continue // the first of two entries with one name, as unzip does
		}
		entries[name] = zf
		files = append(files, ArchiveFile{Path: name, Size: int64(min(zf.UncompressedSize64, 1<<62))})
	}
	read := func(name string) ([]byte, error) {
		rc, err := entries[name].Open()
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		// Never trust the declared size: read at most one byte past the
		// limit, which the caller then refuses.
		var buf bytes.Buffer
		if _, err := io.Copy(&buf, io.LimitReader(rc, l.lim.MaxFileBytes+1)); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	// The archive's own selection with this load's languages; the load's
	// totals apply when its files are added below.
	flags := Selection{IncludeDeps: l.rules.sel.IncludeDeps, IncludeTests: l.rules.sel.IncludeTests}
	t, err := SelectArchive(files, read, flags, l.wanted, l.lim)
	if err != nil {
		if prefix != "" {
			return fmt.Errorf("%s: %w", prefix, err)
		}
		return err
	}
	join := func(name string) string {
		if prefix == "" {
			return name
		}
		return prefix + "/" + name
	}
	for _, f := range t.Files {
		if err := l.add(join(f.Path), f.Content); err != nil {
			return err
		}
	}
	for _, n := range t.Skipped.TooLarge {
		l.skip.TooLarge = append(l.skip.TooLarge, join(n))
	}
	for _, n := range t.Skipped.NotText {
		l.skip.NotText = append(l.skip.NotText, join(n))
	}
	for ext, names := range t.Skipped.Unsupported {
		for _, n := range names {
			if lang, _ := Language(n); !l.langOK(lang) {
				continue
			}
			if l.skip.Unsupported == nil {
				l.skip.Unsupported = map[string][]string{}
			}
			l.skip.Unsupported[ext] = append(l.skip.Unsupported[ext], join(n))
		}
	}
	for reason, m := range map[string]map[string]int{"deps": t.Excluded.Deps, "tests": t.Excluded.Tests, "ignored": t.Excluded.Ignored} {
		for dir, n := range m {
			l.ex.add(reason, join(dir), n)
		}
	}
	return nil
}

// safeName validates an archive entry name: relative, no "..", no drive
// letters or backslashes, no NUL.
func safeName(name string) (string, error) {
	if name == "" || strings.ContainsAny(name, "\\\x00") || strings.HasPrefix(name, "/") || (len(name) > 1 && name[1] == ':') {
		return "", ErrUnsafe
	}
	for _, part := range strings.Split(name, "/") {
		if part == ".." {
			return "", ErrUnsafe
		}
	}
	clean := path.Clean(name)
	if clean == "." || strings.HasPrefix(clean, "../") {
		return "", ErrUnsafe
	}
	return clean, nil
}
