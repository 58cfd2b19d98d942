package app

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
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
	files, err := extract(io.LimitReader(res.Body, maxTarball+1))
	if err != nil {
		return nil, err
	}
	return selectSources(files, languages)
}

// extract reads the regular files of a gzip tarball into memory, without
// the archive's top folder (owner-repo-sha/). Only source files and the
// files that steer the selection are kept; links, devices and unsafe
// names are skipped. A source file over the size limit is kept as an
// oversize marker, so the selection reports it instead of dropping it in
// silence.
func extract(r io.Reader) (map[string][]byte, error) {
	gz, err := gzip.NewReader(r)
	if err != nil {
		return nil, &permanent{"the repository archive is not gzip: " + err.Error()}
	}
	tr := tar.NewReader(gz)
	files := map[string][]byte{}
	var total int64
	for n := 0; ; n++ {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return files, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read repository archive: %w", err)
		}
		if n > maxExtractFiles {
			return nil, &permanent{fmt.Sprintf("the repository has more than %d files", maxExtractFiles)}
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		_, rel, ok := strings.Cut(h.Name, "/")
		if !ok || rel == "" || path.Clean(rel) != rel || strings.HasPrefix(rel, "../") || rel == ".." ||
			path.IsAbs(rel) || strings.Contains(rel, `\`) {
			continue
		}
		if !steering[path.Base(rel)] && core.SourceLanguage(rel) == "" {
			continue
		}
		if _, dup := files[rel]; dup {
			continue // a duplicate entry keeps the first
		}
		size := min(h.Size, maxSourceFileLen+1)
		if total += size; total > maxExtractBytes {
			return nil, &permanent{fmt.Sprintf("the repository's sources exceed %d MB", maxExtractBytes>>20)}
		}
		b, err := io.ReadAll(io.LimitReader(tr, size))
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", rel, err)
		}
		files[rel] = b
	}
}

// selectSources applies the repository's .bulwark.yml and the CLI's
// selection (bundle.SelectFiles) and keeps one language: the supported
// one with the most files.
func selectSources(files map[string][]byte, languages map[string]bool) (*checkout, error) {
	var cfg *bundle.Config
	if b, ok := files[bundle.ConfigFile]; ok {
		var err error
		if cfg, err = bundle.ParseConfig(b); err != nil {
			return nil, &permanent{"the repository's configuration cannot be used: " + err.Error()}
		}
	}
	lim := bundle.DefaultLimits
	lim.MaxFileBytes = maxSourceFileLen
	keep := func(p string) bool { return core.SourceLanguage(p) != "" }
	tree, err := bundle.SelectFiles(files, cfg, keep, lim)
	if err != nil && !errors.Is(err, bundle.ErrNoSources) {
		switch {
		case errors.Is(err, bundle.ErrTooLarge):
			return nil, &permanent{"the repository's sources exceed the scan limits: " + err.Error()}
		case errors.Is(err, bundle.ErrNotFound):
			return nil, &permanent{bundle.ConfigFile + " names a path the commit does not have: " + err.Error()}
		}
		return nil, &permanent{"the sources could not be read: " + err.Error()}
	}
	if cfg == nil {
		cfg = &bundle.Config{}
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
		s := tree.Summary()
		s = strings.NewReplacer("--include-deps", "`include_deps: true`", "--include-tests", "`include_tests: true`").Replace(s)
		co.Notes = append(co.Notes, s+" in "+bundle.ConfigFile)
	}
	co.Notes = append(co.Notes, tree.Skipped.Notices(lim, "")...)
	return co, nil
}
