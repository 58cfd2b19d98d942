package githubtest

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// SignWebhook returns the X-Hub-Signature-256 header value for body.
func SignWebhook(secret, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// FixtureDir returns the shared webhook fixtures directory: ../shared next to
// the module root (the directory holding go.mod), found by walking up from the
// working directory; $BULWARK_GITHUB_FIXTURES overrides it.
func FixtureDir() string {
	if d := os.Getenv("BULWARK_GITHUB_FIXTURES"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "fixtures", "github-webhooks")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// LoadFixture reads a webhook fixture (e.g. "pull_request.opened.json" or
// "variants/push.1.json") from FixtureDir; it skips the test when the shared
// fixtures are absent, and fails it when only that file is missing.
func LoadFixture(t testing.TB, name string) []byte {
	t.Helper()
	dir := FixtureDir()
	if _, err := os.Stat(filepath.Join(dir, "INDEX.json")); dir == "" || err != nil {
		t.Skipf("shared webhook fixtures absent (want ../shared/fixtures/github-webhooks next to the module root, or $BULWARK_GITHUB_FIXTURES); skipping")
	}
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatalf("webhook fixture: %v", err)
	}
	return b
}

// PayloadInfo is what a test needs from a webhook payload to register contents
// under the payload's own identifiers.
type PayloadInfo struct {
	InstallationID int64
	Repository     string // owner/name
	HeadSHA        string
	BaseSHA        string
	PullRequest    int
}

// Info extracts PayloadInfo from a webhook payload (pull_request, push,
// check_suite, check_run; fields absent from the event stay zero).
func Info(payload []byte) (PayloadInfo, error) {
	var p struct {
		Installation struct{ ID int64 } `json:"installation"`
		Repository   struct {
			FullName string `json:"full_name"`
		} `json:"repository"`
		After       string `json:"after"`
		Before      string `json:"before"`
		PullRequest *struct {
			Number int
			Head   struct{ SHA string }
			Base   struct{ SHA string }
		} `json:"pull_request"`
		CheckSuite *struct {
			HeadSHA string `json:"head_sha"`
			Before  string `json:"before"`
		} `json:"check_suite"`
		CheckRun *struct {
			HeadSHA string `json:"head_sha"`
		} `json:"check_run"`
	}
	if err := json.Unmarshal(payload, &p); err != nil {
		return PayloadInfo{}, err
	}
	in := PayloadInfo{InstallationID: p.Installation.ID, Repository: p.Repository.FullName,
		HeadSHA: p.After, BaseSHA: p.Before}
	switch {
	case p.PullRequest != nil:
		in.PullRequest, in.HeadSHA, in.BaseSHA = p.PullRequest.Number, p.PullRequest.Head.SHA, p.PullRequest.Base.SHA
	case p.CheckSuite != nil:
		in.HeadSHA, in.BaseSHA = p.CheckSuite.HeadSHA, p.CheckSuite.Before
	case p.CheckRun != nil:
		in.HeadSHA = p.CheckRun.HeadSHA
	}
	return in, nil
}
