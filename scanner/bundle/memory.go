package bundle

import (
	"errors"
	"fmt"
	"io/fs"
)

// SelectFiles chooses the files to scan from a repository held in memory,
// by the rules `bulwark scan` and `bulwark ci` apply to a checkout. It is
// the entry point of callers that never see a checkout on disk, such as the
// GitHub App reading a commit's tarball.
//
// files maps slash paths relative to the repository root (the tarball's
// top folder removed: "src/Vault.sol", "foundry.toml", ".gitignore") to
// their contents; it should hold the whole tree, not only the sources, as
// foundry.toml, .gitignore files and .bulwarkignore steer the selection.
// cfg is the root's .bulwark.yml as ParseConfig read it, or nil without
// one: its paths are scanned (the whole tree when empty), and its exclude,
// include_deps, include_tests and languages apply. keep says which paths
// the caller's engine scans (Engine.LanguageOf); nil takes every contract
// language. lim bounds the files taken.
//
// The result is what LoadTree returns for the same checkout: the files
// with their root-relative paths, in the order of the walk; Skipped, worded by
// Skipped.Notices (too large, not text, languages without a scanner);
// Excluded, worded by Tree.Summary (dependencies, tests, ignored paths).
// A configured path missing from files is ErrNotFound, an unsafe path
// (absolute, "..", backslash) ErrUnsafe, and going over lim.MaxBytes or
// lim.MaxFiles ErrTooLarge.
func SelectFiles(files map[string][]byte, cfg *Config, keep func(string) bool, lim Limits) (*Tree, error) {
	sizes := make(map[string]int64, len(files))
	for p, b := range files {
		if clean, err := safeName(p); err != nil || clean != p {
			return nil, fmt.Errorf("%q: %w", p, ErrUnsafe)
		}
		sizes[p] = int64(len(b))
	}
	return selectTree(newMemTree(sizes, func(p string) ([]byte, error) { return files[p], nil }), cfg, Selection{}, keep, lim)
}

// selectTree is SelectFiles on a tree known by its file list, with the
// inclusions of flags added to cfg's.
func selectTree(t *memTree, cfg *Config, flags Selection, keep func(string) bool, lim Limits) (*Tree, error) {
	read := func(rel string) ([]byte, error) { return t.read(rel) }
	r, err := compileRules(cfg.Selection(Selection{IncludeDeps: flags.IncludeDeps, IncludeTests: flags.IncludeTests}), read)
	if err != nil {
		return nil, err
	}
	if keep == nil {
		keep = anySource
	}
	l := &loader{lim: lim, keep: keep, rules: r}
	same := func(p string) (string, error) { return p, nil }
	paths := []string{""}
	if cfg != nil && len(cfg.Paths) > 0 {
		paths = make([]string, len(cfg.Paths))
		for i, p := range cfg.Paths {
			paths[i] = cleanDir(p)
		}
	}
	for _, p := range paths {
		if p == "" || p == "." {
			if err := l.walk(t, "", same, true, nil); err != nil {
				return nil, err
			}
			continue
		}
		if _, isDir := t.dirs[p]; isDir {
			if err := r.enter(p); err != nil {
				return nil, err
			}
			restore := r.name(p)
			err := l.walk(t, p, same, true, nil)
			restore()
			if err != nil {
				return nil, err
			}
			continue
		}
		b, err := t.read(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("%s: %w", p, ErrNotFound)
			}
			return nil, err
		}
		if _, ok := Language(p); !ok {
			return nil, fmt.Errorf("%s: %w", p, ErrNotSource)
		}
		if err := l.add(p, b); err != nil {
			return nil, err
		}
	}
	return &Tree{Files: l.files, Skipped: l.skip, Excluded: l.ex}, nil
}
