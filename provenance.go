package main

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	gitconfig "github.com/go-git/go-git/v5/plumbing/format/config"
)

// gitProvenance describes the git checkout holding dir, for SARIF's
// versionControlProvenance: the origin remote as an https URL (never with
// credentials), the commit checked out and its branch, and the checkout's
// top relative to dir ("../" when dir is one folder below it, "" when it
// is dir). uri is empty outside a checkout or without an origin remote, as
// SARIF requires a repository URI. It reads .git itself (HEAD, refs,
// packed-refs, config; worktrees and submodules through their gitdir
// file), so a scan needs no git program.
func gitProvenance(dir string) (uri, revision, branch, top string) {
	gitDir, common, work := findGitDir(dir)
	if gitDir == "" {
		return "", "", "", ""
	}
	if abs, err := filepath.Abs(dir); err == nil {
		if rel, err := filepath.Rel(abs, work); err == nil && rel != "." {
			top = filepath.ToSlash(rel) + "/"
		}
	}
	uri, revision, branch = readProvenance(gitDir, common)
	return uri, revision, branch, top
}

// readProvenance reads the origin remote, HEAD's commit and branch of a
// git folder.
func readProvenance(gitDir, common string) (uri, revision, branch string) {
	b, err := os.ReadFile(filepath.Join(common, "config"))
	if err != nil {
		return "", "", ""
	}
	cfg := gitconfig.New()
	if err := gitconfig.NewDecoder(bytes.NewReader(b)).Decode(cfg); err != nil {
		return "", "", ""
	}
	if uri = remoteURL(cfg.Section("remote").Subsection("origin").Option("url")); uri == "" {
		return "", "", ""
	}
	head, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return uri, "", ""
	}
	h := strings.TrimSpace(string(head))
	ref, symbolic := strings.CutPrefix(h, "ref: ")
	if !symbolic {
		return uri, h, ""
	}
	branch, _ = strings.CutPrefix(ref, "refs/heads/")
	if branch == ref {
		branch = ""
	}
	return uri, resolveRef(gitDir, common, ref), branch
}

// findGitDir returns the git folder of the checkout holding dir, its
// common folder (where config and shared refs live) and the checkout's
// top folder, or "".
func findGitDir(dir string) (gitDir, common, work string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", ""
	}
	for d := abs; ; d = filepath.Dir(d) {
		p := filepath.Join(d, ".git")
		if st, err := os.Stat(p); err == nil {
			if st.IsDir() {
				gitDir = p
			} else if b, err := os.ReadFile(p); err == nil {
				g, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
				if !ok {
					return "", "", ""
				}
				if !filepath.IsAbs(g) {
					g = filepath.Join(d, g)
				}
				gitDir = g
			}
			common = gitDir
			if b, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
				c := strings.TrimSpace(string(b))
				if !filepath.IsAbs(c) {
					c = filepath.Join(gitDir, c)
				}
				common = c
			}
			return gitDir, common, d
		}
		if filepath.Dir(d) == d {
			return "", "", ""
		}
	}
}

// resolveRef reads the commit a ref names: its loose file (in the
// worktree's folder, then the common one), else packed-refs.
func resolveRef(gitDir, common, ref string) string {
	for _, d := range []string{gitDir, common} {
		if b, err := os.ReadFile(filepath.Join(d, filepath.FromSlash(ref))); err == nil {
			return strings.TrimSpace(string(b))
		}
	}
	b, err := os.ReadFile(filepath.Join(common, "packed-refs"))
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(b), "\n") {
		if hash, name, ok := strings.Cut(strings.TrimSpace(l), " "); ok && name == ref {
			return hash
		}
	}
	return ""
}

// remoteURL turns a git remote into an absolute https URL without
// credentials: "git@github.com:o/r.git" and "ssh://git@github.com/o/r"
// become "https://github.com/o/r"; "" when it names no host (a local
// path).
func remoteURL(remote string) string {
	remote = strings.TrimSpace(remote)
	if i := strings.Index(remote, ":"); i > 0 && !strings.Contains(remote, "://") {
		// scp-like syntax: [user@]host:path
		host := remote[:i]
		if at := strings.LastIndex(host, "@"); at >= 0 {
			host = host[at+1:]
		}
		if strings.Contains(host, "/") {
			return ""
		}
		remote = "https://" + host + "/" + strings.TrimPrefix(remote[i+1:], "/")
	}
	u, err := url.Parse(remote)
	if err != nil || u.Host == "" {
		return ""
	}
	switch u.Scheme {
	case "https", "http":
	case "ssh", "git", "git+ssh", "ssh+git":
		u.Host = u.Hostname() // an ssh or git port is not the web's
	default:
		return ""
	}
	u.Scheme, u.User, u.RawQuery, u.Fragment = "https", nil, "", ""
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.Path = strings.TrimSuffix(u.Path, ".git")
	u.RawPath = ""
	return u.String()
}
