package githubtest

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"
)

func TestSignWebhook(t *testing.T) {
	// Example from GitHub's docs ("Validating webhook deliveries").
	got := SignWebhook([]byte("It's a Secret to Everybody"), []byte("Hello, World!"))
	want := "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
	if got != want {
		t.Fatalf("got %s want %s", got, want)
	}
	m := hmac.New(sha256.New, []byte("k"))
	m.Write([]byte("b"))
	if SignWebhook([]byte("k"), []byte("b")) != "sha256="+hex.EncodeToString(m.Sum(nil)) {
		t.Fatal("mismatch")
	}
}

func TestFixtureInfo(t *testing.T) {
	in, err := Info(LoadFixture(t, "pull_request.opened.json"))
	if err != nil {
		t.Fatal(err)
	}
	if in.InstallationID != 1 || in.PullRequest != 2 || len(in.HeadSHA) != 40 || len(in.BaseSHA) != 40 ||
		in.HeadSHA[:7] != "ec26c3e" || in.BaseSHA[:7] != "f95f852" || in.Repository == "" {
		t.Fatalf("pull_request info = %+v", in)
	}
	push, err := Info(LoadFixture(t, "push.json"))
	if err != nil {
		t.Fatal(err)
	}
	if push.InstallationID != 1 || push.HeadSHA[:7] != "6113728" || push.PullRequest != 0 {
		t.Fatalf("push info = %+v", push)
	}
	cs, err := Info(LoadFixture(t, "check_suite.requested.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cs.HeadSHA) != 40 {
		t.Fatalf("check_suite info = %+v", cs)
	}
}

// TestFixtureDrivenRepository registers testdata under a real payload's own
// identifiers and reads it back as the App would.
func TestFixtureDrivenRepository(t *testing.T) {
	in, err := Info(LoadFixture(t, "pull_request.opened.json"))
	if err != nil {
		t.Fatal(err)
	}
	s, _ := fixture(t)
	s.AddInstallation(in.InstallationID, strings.Split(in.Repository, "/")[0])
	s.AddRepo(in.InstallationID, in.Repository)
	if err := s.AddCommitDir(in.Repository, in.HeadSHA, "testdata/vault"); err != nil {
		t.Fatal(err)
	}
	s.SetPullFiles(in.Repository, in.PullRequest, []string{"Vault.sol"})
	c := installationClient(t, s, in.InstallationID)
	owner, name, _ := strings.Cut(in.Repository, "/")
	ctx := context.Background()
	fc, _, _, err := c.Repositories.GetContents(ctx, owner, name, "lib/L.sol", &github.RepositoryContentGetOptions{Ref: in.HeadSHA})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := fc.GetContent(); got != "library L {}\n" {
		t.Fatalf("content = %q", got)
	}
	files, _, err := c.PullRequests.ListFiles(ctx, owner, name, in.PullRequest, nil)
	if err != nil || len(files) != 1 || files[0].GetFilename() != "Vault.sol" {
		t.Fatalf("files = %v, %v", files, err)
	}
	// The base commit was not registered.
	if _, _, _, err := c.Repositories.GetContents(ctx, owner, name, "Vault.sol", &github.RepositoryContentGetOptions{Ref: in.BaseSHA}); err == nil {
		t.Fatal("unregistered base commit: want 404")
	}
	conform(t, s)
}
