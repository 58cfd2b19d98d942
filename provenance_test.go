package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action/apitest"
)

func TestRemoteURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://github.com/o/r.git", "https://github.com/o/r"},
		{"https://x-access-token:ghs_secret@github.com/o/r", "https://github.com/o/r"},
		{"git@github.com:o/r.git", "https://github.com/o/r"},
		{"ssh://git@gitlab.example.com:2222/group/sub/r.git", "https://gitlab.example.com/group/sub/r"},
		{"https://git.example.com:8443/o/r/", "https://git.example.com:8443/o/r"},
		{"git://github.com/o/r", "https://github.com/o/r"},
		{"/srv/git/r.git", ""},
		{"file:///srv/git/r.git", ""},
		{"../r", ""},
	} {
		if got := remoteURL(tc.in); got != tc.want {
			t.Errorf("remoteURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestScanSARIFProvenance: in a git checkout with an origin remote, scan's
// SARIF names the repository (without the credentials of the remote's
// URL), the commit and the branch; outside one it names none.
func TestScanSARIFProvenance(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed: provenance of a checkout not tested")
	}
	dir := copyTree(t, layoutDir(t, "foundry"))
	hardhat := copyTree(t, layoutDir(t, "hardhat"))
	gitc := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	provenance := func(cwd string) []vcDetails {
		t.Helper()
		t.Chdir(cwd)
		code, out, stderr := runCLIStreams(t, "scan", "-q", "-f", "sarif", "--fail-on", "none", ".")
		if code != 0 {
			t.Fatalf("scan: exit %d\n%s", code, stderr)
		}
		apitest.ValidateSARIF(t, []byte(out))
		var log struct {
			Runs []struct {
				VCP []vcDetails `json:"versionControlProvenance"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatal(err)
		}
		return log.Runs[0].VCP
	}
	if p := provenance(dir); p != nil {
		t.Errorf("outside a checkout: versionControlProvenance %v", p)
	}
	gitc("init", "-q", "-b", "feature/x")
	gitc("add", ".")
	gitc("commit", "-q", "-m", "init")
	if p := provenance(dir); p != nil {
		t.Errorf("without a remote: versionControlProvenance %v", p)
	}
	gitc("remote", "add", "origin", "https://user:secret-token@github.com/acme/vault.git")
	head := gitc("rev-parse", "HEAD")
	want := []vcDetails{{RepositoryURI: "https://github.com/acme/vault", RevisionID: head, Branch: "feature/x"}}
	want[0].MappedTo.URIBaseID = "%SRCROOT%"
	for _, cwd := range []string{dir, filepath.Join(dir, "src")} {
		if diff := cmp.Diff(want, provenance(cwd)); diff != "" {
			t.Errorf("from %s: versionControlProvenance (-want +got):\n%s", cwd, diff)
		}
	}
	// Refs packed, and a linked worktree (a .git file and commondir).
	gitc("pack-refs", "--all")
	if p := provenance(dir); len(p) != 1 || p[0].RevisionID != head {
		t.Errorf("packed refs: versionControlProvenance %v, want revision %s", p, head)
	}
	wt := filepath.Join(t.TempDir(), "wt")
	gitc("worktree", "add", "-q", "-b", "other", wt)
	if p := provenance(wt); len(p) != 1 || p[0].RevisionID != head || p[0].Branch != "other" ||
		p[0].RepositoryURI != "https://github.com/acme/vault" {
		t.Errorf("worktree: versionControlProvenance %v", p)
	}

	// A Hardhat project two folders below the checkout's top: the
	// repository's root is mapped to %SRCROOT%/../../.
	if err := os.MkdirAll(filepath.Join(dir, "packages"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(hardhat, filepath.Join(dir, "packages", "hh")); err != nil {
		t.Fatal(err)
	}
	if p := provenance(filepath.Join(dir, "packages", "hh")); len(p) != 1 || p[0].MappedTo.URI != "../../" {
		t.Errorf("nested project: versionControlProvenance %+v, want mappedTo ../../", p)
	}
}

type vcDetails struct {
	RepositoryURI string `json:"repositoryUri"`
	RevisionID    string `json:"revisionId"`
	Branch        string `json:"branch"`
	MappedTo      struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId"`
	} `json:"mappedTo"`
}
