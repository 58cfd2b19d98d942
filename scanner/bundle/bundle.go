// Package bundle collects the files of a scan from local paths: single
// files, folder trees and zip archives, reading archives defensively
// (no path traversal, bounded entry count and sizes).
package bundle

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"

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

// otherSources are the extensions of contract languages bulwark accepts,
// whether or not this engine scans them.
var otherSources = map[string]bool{".sol": true, ".vy": true, ".vyi": true, ".rs": true, ".move": true, ".cairo": true}

// kept reports whether name is for the engine, recording source files of
// other languages.
func (l *loader) kept(name string) bool {
	if l.keep(name) {
		return true
	}
	if ext := strings.ToLower(path.Ext(name)); otherSources[ext] {
		if l.skip.Unsupported == nil {
			l.skip.Unsupported = map[string][]string{}
		}
		l.skip.Unsupported[ext] = append(l.skip.Unsupported[ext], name)
	}
	return false
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
	if !l.kept(name) {
		return nil
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
	if l.bytes > l.lim.MaxBytes || len(l.files) >= l.lim.MaxFiles {
		return fmt.Errorf("at %s: %w", name, ErrTooLarge)
	}
	l.files = append(l.files, scanner.File{Path: name, Content: content})
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

// LoadTree is Load with a project's selection rules, saying what it left
// out: files over the file limit and files that are not text (the rest of
// the tree is still read), source files of languages keep refuses, and
// the dependencies, tests and ignored paths of sel.
func LoadTree(paths []string, keep func(string) bool, lim Limits, sel Selection) (*Tree, error) {
	r, err := compileRules(sel)
	if err != nil {
		return nil, err
	}
	l := &loader{lim: lim, keep: keep, rules: r}
	if err := l.load(paths); err != nil {
		return nil, err
	}
	return &Tree{Files: l.files, Skipped: l.skip, Excluded: l.ex}, nil
}

// name is the output path of the local path p: relative to the selection's
// root when there is one, else relative to the argument it came from.
func (l *loader) name(p, arg string, prefix bool) (string, error) {
	if root := l.rules.sel.Root; root != "" {
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", err
		}
		rel, err := filepath.Rel(root, abs)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(rel), nil
		}
	}
	if arg == p {
		return filepath.ToSlash(filepath.Clean(p)), nil
	}
	rel, err := filepath.Rel(arg, p)
	if err != nil {
		return "", err
	}
	name := filepath.ToSlash(rel)
	if prefix {
		name = path.Join(filepath.ToSlash(filepath.Clean(arg)), name)
	}
	return name, nil
}

// exclude counts the files of dir (output path rel) left out for reason.
func (l *loader) exclude(dir, rel, reason string) {
	n := 0
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && l.keep(p) {
			n++
		}
		return nil
	})
	if n == 0 {
		return
	}
	m := map[string]*map[string]int{"deps": &l.ex.Deps, "tests": &l.ex.Tests, "ignored": &l.ex.Ignored}[reason]
	if *m == nil {
		*m = map[string]int{}
	}
	(*m)[rel+"/"] += n
}

func (l *loader) load(paths []string) error {
	lim := l.lim
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return fmt.Errorf("%s: %w", p, ErrNotFound)
		}
		switch {
		case st.IsDir():
			if err := l.dir(p, len(paths) > 1); err != nil {
				return err
			}
		case strings.EqualFold(filepath.Ext(p), ".zip"):
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			zname, err := l.name(p, p, false)
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
			name, err := l.name(p, p, false)
			if err != nil {
				return err
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
		}
	}
	return nil
}

func (l *loader) dir(root string, prefix bool) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p == root {
				return nil
			}
			if skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			rel, err := l.name(p, root, prefix)
			if err != nil {
				return err
			}
			if why := l.rules.skipDir(rel); why != "" {
				l.exclude(p, rel, why)
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil // symlinks and devices stay out
		}
		name, err := l.name(p, root, prefix)
		if err != nil {
			return err
		}
		if !l.kept(name) {
			return nil
		}
		if why := l.rules.skipFile(name); why != "" {
			m := map[string]*map[string]int{"tests": &l.ex.Tests, "ignored": &l.ex.Ignored}[why]
			if *m == nil {
				*m = map[string]int{}
			}
			dir := path.Dir(name) + "/"
			(*m)[dir]++
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() > l.lim.MaxFileBytes {
			l.skip.TooLarge = append(l.skip.TooLarge, name)
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return l.add(name, b)
	})
}

// ReadZip reads the files of a zip archive for which keep returns true.
func ReadZip(r io.ReaderAt, size int64, keep func(string) bool, lim Limits) ([]scanner.File, error) {
	l := &loader{lim: lim, keep: keep, rules: &rules{}}
	if err := l.zip(r, size, ""); err != nil {
		return nil, err
	}
	// A reader of one archive is strict: an entry over the limit fails it.
	if len(l.skip.TooLarge) > 0 {
		return nil, fmt.Errorf("%s: %w", l.skip.TooLarge[0], ErrTooLarge)
	}
	return l.files, nil
}

func (l *loader) zip(r io.ReaderAt, size int64, prefix string) error {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return fmt.Errorf("%s: read zip: %w", prefix, err)
	}
	if len(zr.File) > l.lim.MaxEntries {
		return fmt.Errorf("%s: %d entries: %w", prefix, len(zr.File), ErrTooLarge)
	}
	for _, zf := range zr.File {
		if zf.FileInfo().IsDir() || !zf.Mode().IsRegular() {
			continue
		}
		name, err := safeName(zf.Name)
		if err != nil {
			return fmt.Errorf("%s: %q: %w", prefix, zf.Name, err)
		}
		if prefix != "" {
			name = prefix + "/" + name
		}
		if !l.kept(name) {
			continue
		}
		if zf.UncompressedSize64 > uint64(l.lim.MaxFileBytes) {
			l.skip.TooLarge = append(l.skip.TooLarge, name)
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		// Never trust the declared size: read at most one byte past the limit.
		var buf bytes.Buffer
		n, err := io.Copy(&buf, io.LimitReader(rc, l.lim.MaxFileBytes+1))
		rc.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if n > l.lim.MaxFileBytes {
			l.skip.TooLarge = append(l.skip.TooLarge, name)
			continue
		}
		if err := l.add(name, buf.Bytes()); err != nil {
			return err
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
