package bundle

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
)

// A folder on disk and a repository held in memory (the GitHub App's
// tarball) are walked by the same code, so they select the same files.

// entry is one item of a folder being walked.
type entry struct {
	name    string
	dir     bool
	regular bool // a plain file: symbolic links and devices stay out
	size    int64
}

// tree is what walk reads: folders by slash path relative to its top ("" is
// the top), entries sorted by name.
type tree interface {
	list(dir string) ([]entry, error)
	read(p string) ([]byte, error)
}

// diskTree is a folder on disk, by absolute path.
type diskTree string

func (t diskTree) list(dir string) ([]entry, error) {
	des, err := os.ReadDir(filepath.Join(string(t), filepath.FromSlash(dir)))
	if err != nil {
		return nil, err
	}
	out := make([]entry, 0, len(des))
	for _, d := range des {
		e := entry{name: d.Name(), dir: d.IsDir(), regular: d.Type().IsRegular()}
		if e.regular {
			info, err := d.Info()
			if err != nil {
				return nil, err
			}
			e.size = info.Size()
		}
		out = append(out, e)
	}
	return out, nil
}

func (t diskTree) read(p string) ([]byte, error) {
	return os.ReadFile(filepath.Join(string(t), filepath.FromSlash(p)))
}

// memTree is a repository known by its file list (held in memory, or the
// entries of an archive): sizes by slash path, and a reader of contents.
type memTree struct {
	sizes map[string]int64
	open  func(p string) ([]byte, error)
	dirs  map[string][]entry
}

// newMemTree lists the files of sizes; open reads one of them.
func newMemTree(sizes map[string]int64, open func(string) ([]byte, error)) *memTree {
	t := &memTree{sizes: sizes, open: open, dirs: map[string][]entry{"": nil}}
	for p, n := range sizes {
		e := entry{name: path.Base(p), regular: true, size: n}
		for {
			parent := path.Dir(p)
			if parent == "." {
				parent = ""
			}
			_, known := t.dirs[parent]
			t.dirs[parent] = append(t.dirs[parent], e)
			if known {
				break // its own entry is already listed above it
			}
			p, e = parent, entry{name: path.Base(parent), dir: true}
		}
	}
	for _, es := range t.dirs {
		sort.Slice(es, func(i, j int) bool { return es[i].name < es[j].name })
	}
	return t
}

func (t *memTree) list(dir string) ([]entry, error) {
	es, ok := t.dirs[dir]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return es, nil
}

func (t *memTree) read(p string) ([]byte, error) {
	if _, ok := t.sizes[p]; !ok {
		return nil, fs.ErrNotExist
	}
	return t.open(p)
}

// hiddenDir is a folder the selection leaves out, walked only for the
// files --include brings back; the others count as left out for reason.
type hiddenDir struct{ reason, name string }

// walk reads the files below folder dir of t. nameOf turns a tree path
// into an output path; rooted says output paths are relative to the
// repository root, where nested .gitignore files apply; match, when set,
// keeps only the tree paths it accepts (a glob).
func (l *loader) walk(t tree, dir string, nameOf func(string) (string, error), rooted bool, match func(string) bool) error {
	entries, err := t.list(dir)
	if err != nil {
		return err
	}
	// A project inside the tree (a Move package, a Foundry project in
	// packages/): its framework's folders apply below it.
	dname, err := nameOf(dir)
	if err != nil {
		return err
	}
	if dname == "." {
		dname = ""
	}
	if err := l.rules.recogniseIn(t, dir, dname, entries); err != nil {
		return err
	}
	for _, e := range entries {
		p := path.Join(dir, e.name)
		name, err := nameOf(p)
		if err != nil {
			return err
		}
		if e.dir {
			if skipDirs[e.name] {
				continue
			}
			hidden := l.hidden
			switch why := l.rules.skipDir(name); {
			case l.hidden != nil && l.rules.included(name, true):
				l.hidden = nil // --include brings the whole folder back
			case l.hidden != nil || why == "":
			case len(l.rules.includes) == 0:
				if err := l.exclude(t, p, name, why); err != nil {
					return err
				}
				continue
			case !l.rules.included(name, true):
				// Left out, but --include may bring files of it back:
				// walk it keeping only those.
				l.hidden = &hiddenDir{reason: why, name: name + "/"}
			}
			if rooted {
				if err := l.rules.enter(name); err != nil {
					return err
				}
			}
			err := l.walk(t, p, nameOf, rooted, match)
			l.hidden = hidden
			if err != nil {
				return err
			}
			continue
		}
		if !e.regular || match != nil && !match(p) {
			continue
		}
		if h := l.hidden; h != nil && !l.rules.included(name, false) {
			if l.wanted(name) {
				l.ex.add(h.reason, h.name, 1)
			}
			continue
		}
		if !l.kept(name) {
			continue
		}
		if why := l.rules.skipFile(name); why != "" && !l.rules.included(name, false) {
			l.ex.add(why, path.Dir(name)+"/", 1)
			continue
		}
		if e.size > l.lim.MaxFileBytes {
			l.skip.TooLarge = append(l.skip.TooLarge, name)
			continue
		}
		b, err := t.read(p)
		if err != nil {
			return fmt.Errorf("read %s: %w", name, err)
		}
		if err := l.add(name, b); err != nil {
			return err
		}
	}
	return nil
}

// exclude counts the source files below folder p (output path name) that
// the selection leaves out for reason.
func (l *loader) exclude(t tree, p, name, reason string) error {
	n := 0
	var count func(string) error
	count = func(dir string) error {
		entries, err := t.list(dir)
		if err != nil {
			return err
		}
		for _, e := range entries {
			switch {
			case e.dir && !skipDirs[e.name]:
				if err := count(path.Join(dir, e.name)); err != nil {
					return err
				}
			case e.regular && l.wanted(e.name):
				n++
			}
		}
		return nil
	}
	if err := count(p); err != nil {
		return err
	}
	l.ex.add(reason, name+"/", n)
	return nil
}
