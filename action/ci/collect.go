package ci

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

// Upload limits of api.md; checked before upload so a user gets the file
// name instead of a bare 413.
const (
	MaxFileBytes = 10 << 20
	MaxZipBytes  = 50 << 20
)

// UsageError is a mistake in the invocation (exit code 2, nothing was sent).
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error { return &UsageError{Msg: fmt.Sprintf(format, args...)} }

// CollectOptions says which files to upload. They are chosen by
// scanner/bundle, as `bulwark scan` chooses them: the root's .bulwark.yml,
// .gitignore files, .bulwarkignore and foundry.toml apply, and
// dependencies, tests, scripts and mocks are left out unless included.
type CollectOptions struct {
	// Root is the working tree root: paths are reported relative to it and
	// its configuration and ignore files apply.
	Root string
	// Paths are files, folders or globs ("src/**/*.sol"), relative to Root
	// or absolute, inside Root. Empty, or only the root, means
	// .bulwark.yml's paths, else the whole root.
	Paths []string
	// Excludes are extra .gitignore-style patterns, after .bulwark.yml's.
	Excludes []string
	// Includes are .gitignore-style patterns of paths taken even when the
	// defaults, ignore files or Excludes leave them out.
	Includes []string
	// Language keeps only that language's files; empty infers it and
	// refuses a mix.
	Language string
	// IncludeDeps and IncludeTests add dependencies, and tests, scripts
	// and mocks (also set by .bulwark.yml).
	IncludeDeps, IncludeTests bool
}

// knownLanguages are the languages the service accepts.
var knownLanguages = []string{"solidity", "vyper", "rust", "move", "cairo"}

// Collect resolves the paths to source files of one language under the
// repository configuration cfg (nil without one), and says on log what
// the selection left out.
func Collect(o CollectOptions, cfg *bundle.Config, log io.Writer) ([]scanner.File, string, error) {
	root, err := filepath.Abs(o.Root)
	if err != nil {
		return nil, "", err
	}
	sel := bundle.Selection{Root: root, IncludeDeps: o.IncludeDeps, IncludeTests: o.IncludeTests, Exclude: o.Excludes,
		Include: o.Includes}
	if o.Language != "" {
		known := false
		for _, l := range knownLanguages {
			known = known || l == o.Language
		}
		if !known {
			return nil, "", usagef("unknown language %q (want solidity, vyper, rust, move or cairo)", o.Language)
		}
		sel.Languages = []string{o.Language}
	}
	paths := o.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	args := make([]string, len(paths))
	for i, p := range paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(root, p)
		}
		if rel, err := filepath.Rel(root, abs); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, "", usagef("%s is outside the working directory %s", p, root)
		}
		args[i] = abs
	}
	lim := bundle.DefaultLimits
	lim.MaxFileBytes = MaxFileBytes
	tree, err := bundle.LoadTree(cfg.ScanPaths(root, args), nil, lim, cfg.Selection(sel))
	if err != nil {
		// Name paths as the user typed them, relative to the root.
		return nil, "", usagef("%s", strings.ReplaceAll(err.Error(), root+string(filepath.Separator), ""))
	}
	files := tree.Files
	if len(files) > 0 || tree.Excluded.Total() > 0 {
		fmt.Fprintln(log, "bulwark: "+tree.Summary())
	}
	for _, n := range tree.Skipped.Notices(lim, "the service's per-file upload limit") {
		fmt.Fprintln(log, "bulwark: notice: "+n)
	}
	langs := map[string]int{}
	for _, f := range files {
		l, _ := bundle.Language(f.Path)
		langs[l]++
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
