package bundle

import (
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// ignorer decides which paths ignore files leave out, as git does: the
// .gitignore of each folder applies below it, a deeper one wins over a
// shallower one, a later line over an earlier one, and nothing under an
// ignored folder comes back. bulwark's own patterns (.bulwarkignore,
// .bulwark.yml's exclude, --exclude) win over every .gitignore.
//
// Matching is go-git's (plumbing/format/gitignore), which follows git's
// rules where go-gitignore did not: a pattern with a slash in the middle is
// anchored to its folder ("doc/frotz" leaves out doc/frotz, not
// a/doc/frotz), and "dir/*" with "!dir/keep/" brings dir/keep back.
type ignorer struct {
	git   []gitignore.Pattern // .gitignore lines, outer folders first
	extra []gitignore.Pattern // bulwark's patterns, relative to the root
	read  map[string]bool     // folders whose .gitignore was read
}

// parseLines turns ignore-file lines into patterns of the folder domain.
func parseLines(lines []string, domain []string) []gitignore.Pattern {
	var ps []gitignore.Pattern
	for _, l := range lines {
		l = strings.TrimSuffix(l, "\r")
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(l, domain))
	}
	return ps
}

// split turns a slash path relative to the root into its elements; the
// root itself is nil.
func split(rel string) []string {
	if rel == "" || rel == "." {
		return nil
	}
	return strings.Split(rel, "/")
}

// addGitignore adds the lines of the .gitignore of folder dir.
func (ig *ignorer) addGitignore(dir string, content []byte) {
	ig.git = append(ig.git, parseLines(strings.Split(string(content), "\n"), split(dir))...)
}

// match reports whether rel (a folder when dir) is ignored by the patterns
// themselves; folders above it are the walk's business.
func (ig *ignorer) match(rel string, dir bool) bool {
	parts := split(rel)
	for _, set := range [][]gitignore.Pattern{ig.extra, ig.git} {
		for i := len(set) - 1; i >= 0; i-- {
			switch set[i].Match(parts, dir) {
			case gitignore.Exclude:
				return true
			case gitignore.Include:
				return false
			}
		}
	}
	return false
}
