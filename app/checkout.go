package app

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/google/go-github/v62/github"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

// Bounds of a checkout: the tarball as downloaded, and what is written
// out of it (only source files and the files that steer selection).
const (
	maxTarball       = 200 << 20
	maxExtractBytes  = 256 << 20
	maxExtractFiles  = 50000
	maxSourceFileLen = 8 << 20
)

// steering files are read from a checkout besides sources.
var steering = map[string]bool{bundle.ConfigFile: true, "foundry.toml": true, ".gitignore": true,
	".bulwarkignore": true, "remappings.txt": true}

// checkout is a commit's selected sources.
type checkout struct {
	Language string
	Files    []core.BundleFile
	Config   *bundle.Config
	// Notes say what was left out (other languages, dependencies, tests,
	// oversize files), for the check run's summary.
	Notes []string
}

// permanent marks a failure that a retry cannot fix (a bad .bulwark.yml,
// a repository without sources); its message is shown on the check run.
type permanent struct{ msg string }

func (p *permanent) Error() string { return p.msg }

// fetch downloads the tarball of sha and selects its sources as the CLI
// does: .bulwark.yml at the root (paths, exclude, languages, include
// flags), foundry.toml, .gitignore and .bulwarkignore, and the default
// exclusion of dependencies and tests.
func (a *App) fetch(ctx context.Context, gh *github.Client, t *trigger, languages map[string]bool) (*checkout, error) {
	link, resp, err := gh.Repositories.GetArchiveLink(ctx, t.owner(), t.name(), github.Tarball,
		&github.RepositoryContentGetOptions{Ref: t.HeadSHA}, 0)
	if err != nil {
		return nil, ghErr(resp, fmt.Errorf("tarball link of %s@%s: %w", t.Repo.FullName, t.HeadSHA, err))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, link.String(), nil)
	if err != nil {
		return nil, err
	}
	// The archive host needs no credentials: the link is signed.
	res, err := a.base.Do(req)
	if err != nil {
		return nil, fmt.Errorf("download tarball: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, ghErr(&github.Response{Response: res}, fmt.Errorf("download tarball: %s", res.Status))
	}
	dir, err := os.MkdirTemp("", "bulwark-checkout-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := extract(io.LimitReader(res.Body, maxTarball+1), dir); err != nil {
		return nil, err
	}
	return selectSources(dir, languages)
}

// extract writes the regular files of a gzip tarball under dir, without
// the archive's top folder (owner-repo-sha/). Only source files and
// steering files are written; links, devices and unsafe names are
// skipped.
func extract(r io.Reader, dir string) error {
	gz, err := gzip.NewReader(r)
	if err != nil {
		return &permanent{"the repository archive is not gzip: " + err.Error()}
	}
	tr := tar.NewReader(gz)
	var total int64
	for n := 0; ; n++ {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read repository archive: %w", err)
		}
		if n > maxExtractFiles {
			return &permanent{fmt.Sprintf("the repository has more than %d files", maxExtractFiles)}
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		_, rel, ok := strings.Cut(h.Name, "/")
		if !ok || rel == "" {
			continue
		}
		rel = path.Clean(rel)
		if rel == "." || strings.HasPrefix(rel, "../") || rel == ".." || path.IsAbs(rel) || strings.Contains(rel, `\`) {
			continue
		}
		base := path.Base(rel)
		if !steering[base] && core.SourceLanguage(rel) == "" {
			continue
		}
		if h.Size > maxSourceFileLen {
			// Leave a marker the selection reports as too large.
			h.Size = maxSourceFileLen + 1
		}
		if total += h.Size; total > maxExtractBytes {
			return &permanent{fmt.Sprintf("the repository's sources exceed %d MB", maxExtractBytes>>20)}
		}
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
			return err
		}
		f, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err != nil {
			continue // a duplicate entry keeps the first
		}
		_, err = io.Copy(f, io.LimitReader(tr, h.Size))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("write %s: %w", rel, err)
		}
	}
}

// selectSources reads the checkout at dir with the repository's
// .bulwark.yml and keeps one language: the supported one with the most
// files.
func selectSources(dir string, languages map[string]bool) (*checkout, error) {
	cfg, err := bundle.LoadConfig(dir)
	if err != nil {
		return nil, &permanent{"the repository's configuration cannot be used: " + err.Error()}
	}
	if cfg == nil {
		cfg = &bundle.Config{}
	}
	paths := []string{dir}
	if len(cfg.Paths) > 0 {
		paths = paths[:0]
		for _, p := range cfg.Paths {
			clean := path.Clean("/" + filepath.ToSlash(p))
			paths = append(paths, filepath.Join(dir, filepath.FromSlash(clean)))
		}
	}
	lim := bundle.DefaultLimits
	lim.MaxFileBytes = maxSourceFileLen
	keep := func(p string) bool {
		lang := core.SourceLanguage(p)
		return lang != "" && (len(cfg.Languages) == 0 || slices.Contains(cfg.Languages, lang))
	}
	tree, err := bundle.LoadTree(paths, keep, lim, bundle.Selection{Root: dir, IncludeDeps: cfg.IncludeDeps,
		IncludeTests: cfg.IncludeTests, Exclude: cfg.Exclude})
	if err != nil && !errors.Is(err, bundle.ErrNoSources) && !errors.Is(err, bundle.ErrNotFound) {
		if errors.Is(err, bundle.ErrTooLarge) {
			return nil, &permanent{"the repository's sources exceed the scan limits: " + err.Error()}
		}
		return nil, &permanent{"the sources could not be read: " + err.Error()}
	}
	co := &checkout{Config: cfg}
	if tree == nil {
		return co, nil
	}
	byLang := map[string][]core.BundleFile{}
	for _, f := range tree.Files {
		lang := core.SourceLanguage(f.Path)
		byLang[lang] = append(byLang[lang], core.BundleFile{Path: f.Path, Content: f.Content})
	}
	var langs []string
	for l := range byLang {
		langs = append(langs, l)
	}
	sort.Slice(langs, func(i, j int) bool {
		si, sj := languages[langs[i]], languages[langs[j]]
		if si != sj {
			return si
		}
		if len(byLang[langs[i]]) != len(byLang[langs[j]]) {
			return len(byLang[langs[i]]) > len(byLang[langs[j]])
		}
		return langs[i] < langs[j]
	})
	for i, l := range langs {
		switch {
		case i == 0 && languages[l]:
			co.Language, co.Files = l, byLang[l]
		case !languages[l]:
			co.Notes = append(co.Notes, fmt.Sprintf("%d %s file(s) not scanned: bulwark does not scan %s yet", len(byLang[l]), l, l))
		default:
			co.Notes = append(co.Notes, fmt.Sprintf("%d %s file(s) not scanned: one language per run (set `languages` in %s)", len(byLang[l]), l, bundle.ConfigFile))
		}
	}
	if tree.Excluded.Total() > 0 {
		names := make([]string, len(co.Files))
		for i, f := range co.Files {
			names[i] = f.Path
		}
		s := bundle.Summary(names, &tree.Excluded)
		s = strings.NewReplacer("--include-deps", "`include_deps: true`", "--include-tests", "`include_tests: true`").Replace(s)
		co.Notes = append(co.Notes, s+" in "+bundle.ConfigFile)
	}
	if n := len(tree.Skipped.TooLarge); n > 0 {
		co.Notes = append(co.Notes, fmt.Sprintf("%d file(s) over %d MB not scanned", n, maxSourceFileLen>>20))
	}
	return co, nil
}
