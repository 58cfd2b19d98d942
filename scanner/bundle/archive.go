package bundle

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// A zip archive is one of two things. A zip of a repository (it holds a
// root marker: .git, foundry.toml, hardhat.config.*, .bulwark.yml, …) is
// selected as the repository would be on disk: the .bulwark.yml at its
// root, its foundry.toml and ignore files, dependencies and tests left out
// by default. Any other zip is a set of files someone chose (what `bulwark
// ci` uploads is already selected), and every source file in it is taken.
// `bulwark scan x.zip` and an upload through the API both decide here.

// ArchiveFile is one regular file of an archive: its slash path, already
// checked safe by the caller, and its uncompressed size.
type ArchiveFile struct {
	Path string
	Size int64
}

// ArchiveRoot returns the folder of an archive that is its repository
// root, given the paths of its files: "" when a root marker sits at the
// top, or the one top folder ("repo-main/") when every file sits in it and
// a marker sits there (GitHub's "Download ZIP"). ok is false when no
// marker is found: the archive is a set of files.
func ArchiveRoot(paths []string) (root string, ok bool) {
	if hasMarker(paths, "") {
		return "", true
	}
	top := ""
	for _, p := range paths {
		first, _, nested := strings.Cut(p, "/")
		if !nested || top != "" && first != top {
			return "", false
		}
		top = first
	}
	if top != "" && hasMarker(paths, top+"/") {
		return top + "/", true
	}
	return "", false
}

// hasMarker reports whether folder dir (empty or ending in "/") holds a
// root marker among paths.
func hasMarker(paths []string, dir string) bool {
	for _, p := range paths {
		rest, ok := strings.CutPrefix(p, dir)
		if !ok {
			continue
		}
		if strings.HasPrefix(rest, ".git/") {
			return true
		}
		for _, m := range markers {
			if rest == m {
				return true
			}
		}
	}
	return false
}

// SelectArchive chooses the files of an archive. A repository (see
// ArchiveRoot) goes through SelectFiles' rules with the .bulwark.yml at
// its root, and paths come out relative to that root; any other archive
// gives every source file keep takes, by its path in the archive. read
// returns a file's content by its path in the archive: only the files the
// selection takes and the project files steering it are read, so
// dependencies cost nothing. An error of read is returned as it is
// (wrapped), and a broken .bulwark.yml is a *ConfigError. flags'
// IncludeDeps and IncludeTests (--include-deps, --include-tests) add to
// the repository's configuration; its other fields are not used.
func SelectArchive(files []ArchiveFile, read func(string) ([]byte, error), flags Selection, keep func(string) bool, lim Limits) (*Tree, error) {
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	root, repo := ArchiveRoot(paths)
	sizes := make(map[string]int64, len(files))
	for _, f := range files {
		if rel, ok := strings.CutPrefix(f.Path, root); ok {
			sizes[rel] = f.Size
		}
	}
	t := newMemTree(sizes, func(p string) ([]byte, error) { return read(root + p) })
	if !repo {
		r, err := compileRules(Selection{IncludeDeps: true, IncludeTests: true}, nil)
		if err != nil {
			return nil, err
		}
		if keep == nil {
			keep = anySource
		}
		l := &loader{lim: lim, keep: keep, rules: r}
		same := func(p string) (string, error) { return p, nil }
		if err := l.walk(t, "", same, false, nil); err != nil {
			return nil, err
		}
		return &Tree{Files: l.files, Skipped: l.skip, Excluded: l.ex}, nil
	}
	var cfg *Config
	b, err := t.read(ConfigFile)
	switch {
	case err == nil:
		if cfg, err = ParseConfig(b); err != nil {
			return nil, err
		}
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("read %s: %w", path.Join(root, ConfigFile), err)
	}
	return selectTree(t, cfg, flags, keep, lim)
}
