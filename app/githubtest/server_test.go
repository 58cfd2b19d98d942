package githubtest

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/bradleyfalzon/ghinstallation/v2"
	"github.com/google/go-github/v62/github"
)

const appID = 4242

var (
	keyOnce sync.Once
	keyPEM  []byte
)

// fixture starts a fake with one installation (7) owning acme/vault, and returns
// an installation client made by ghinstallation, as the App makes it.
func fixture(t *testing.T) (*Server, *github.Client) {
	t.Helper()
	keyOnce.Do(func() {
		_, p, err := GenerateKey()
		if err != nil {
			panic(err)
		}
		keyPEM = p
	})
	s := New(appID, mustPub(t))
	t.Cleanup(s.Close)
	s.AddInstallation(7, "acme")
	s.AddRepo(7, "acme/vault")
	s.AddCommit("acme/vault", "0123456789abcdef0123456789abcdef01234567", map[string][]byte{
		"src/Vault.sol": []byte("contract Vault {}\n"), "README.md": []byte("hi\n")})
	return s, installationClient(t, s, 7)
}

func installationClient(t *testing.T, s *Server, id int64) *github.Client {
	t.Helper()
	tr, err := ghinstallation.New(http.DefaultTransport, appID, id, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	tr.BaseURL = strings.TrimSuffix(s.URL, "/")
	c := github.NewClient(&http.Client{Transport: tr})
	c.BaseURL = mustURL(t, s.APIURL())
	return c
}

func TestInstallationTokenAndRepoCalls(t *testing.T) {
	s, c := fixture(t)
	ctx := context.Background()
	sha := "0123456789abcdef0123456789abcdef01234567"

	cr, _, err := c.Checks.CreateCheckRun(ctx, "acme", "vault", github.CreateCheckRunOptions{
		Name: "bulwark", HeadSHA: sha, Status: github.String("in_progress")})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = c.Checks.UpdateCheckRun(ctx, "acme", "vault", cr.GetID(), github.UpdateCheckRunOptions{
		Name: "bulwark", Conclusion: github.String("failure"),
		Output: &github.CheckRunOutput{Title: github.String("2 findings"), Summary: github.String("s"),
			Annotations: []*github.CheckRunAnnotation{{Path: github.String("src/Vault.sol"), StartLine: github.Int(1),
				EndLine: github.Int(1), AnnotationLevel: github.String("failure"), Message: github.String("m")}}}})
	if err != nil {
		t.Fatal(err)
	}
	runs := s.CheckRuns()
	if len(runs) != 1 || runs[0]["status"] != "completed" || runs[0]["conclusion"] != "failure" {
		t.Fatalf("check runs = %v", runs)
	}
	list, _, err := c.Checks.ListCheckRunsForRef(ctx, "acme", "vault", sha, nil)
	if err != nil || list.GetTotal() != 1 || list.CheckRuns[0].GetConclusion() != "failure" {
		t.Fatalf("list = %+v, %v", list, err)
	}

	if _, _, err := c.Repositories.CreateStatus(ctx, "acme", "vault", sha, &github.RepoStatus{
		State: github.String("success"), Context: github.String("bulwark")}); err != nil {
		t.Fatal(err)
	}
	if st := s.Statuses(); len(st) != 1 || st[0]["state"] != "success" || st[0]["sha"] != sha {
		t.Fatalf("statuses = %v", st)
	}

	fc, _, _, err := c.Repositories.GetContents(ctx, "acme", "vault", "src/Vault.sol", &github.RepositoryContentGetOptions{Ref: sha})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := fc.GetContent(); got != "contract Vault {}\n" {
		t.Fatalf("content = %q", got)
	}
	_, dir, _, err := c.Repositories.GetContents(ctx, "acme", "vault", "", &github.RepositoryContentGetOptions{Ref: sha})
	if err != nil || len(dir) != 2 {
		t.Fatalf("dir = %v, %v", dir, err)
	}

	// Every repository call carried the installation token, minted once.
	if n := len(s.CallsMatching("POST", "/app/installations/7/access_tokens")); n != 1 {
		t.Fatalf("token requests = %d", n)
	}
	for _, call := range s.CallsMatching("", "/repos/*") {
		if !strings.HasPrefix(call.Authorization, "token ghs_") {
			t.Fatalf("%s %s auth %q", call.Method, call.Path, call.Authorization)
		}
	}
	conform(t, s)
}

func TestTarballRedirect(t *testing.T) {
	s, c := fixture(t)
	sha := "0123456789abcdef0123456789abcdef01234567"
	u, _, err := c.Repositories.GetArchiveLink(context.Background(), "acme", "vault", github.Tarball,
		&github.RepositoryContentGetOptions{Ref: sha}, 0)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	gz, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
	}
	want := "acme-vault-0123456/"
	if len(names) != 3 || names[0] != want || names[2] != want+"src/Vault.sol" {
		t.Fatalf("names = %v", names)
	}
	if _, _, err := c.Repositories.GetArchiveLink(context.Background(), "acme", "vault", github.Tarball,
		&github.RepositoryContentGetOptions{Ref: "feedface"}, 0); err == nil {
		t.Fatal("unknown ref: want error")
	}
	// A fork's pull request is read through the base repository's pull ref.
	s.SetRef("acme/vault", "refs/pull/2/head", sha)
	if _, _, err := c.Repositories.GetArchiveLink(context.Background(), "acme", "vault", github.Tarball,
		&github.RepositoryContentGetOptions{Ref: "refs/pull/2/head"}, 0); err != nil {
		t.Fatalf("pull ref: %v", err)
	}
	_ = s
	conform(t, s)
}

func TestPaginationOfFilesAndComments(t *testing.T) {
	s, c := fixture(t)
	ctx := context.Background()
	var files []string
	for i := range 75 {
		files = append(files, "src/F"+string(rune('a'+i%26))+strings.Repeat("x", i)+".sol")
	}
	s.SetPullFiles("acme/vault", 3, files)
	var got []string
	opt := &github.ListOptions{PerPage: 30}
	pages := 0
	for {
		fs, resp, err := c.PullRequests.ListFiles(ctx, "acme", "vault", 3, opt)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		for _, f := range fs {
			got = append(got, f.GetFilename())
		}
		if resp.NextPage == 0 {
			if resp.LastPage != 0 {
				t.Fatalf("last page has last=%d", resp.LastPage)
			}
			break
		}
		opt.Page = resp.NextPage
	}
	if pages != 3 || len(got) != 75 || got[74] != files[74] {
		t.Fatalf("pages=%d files=%d", pages, len(got))
	}

	for range 3 {
		if _, _, err := c.Issues.CreateComment(ctx, "acme", "vault", 3, &github.IssueComment{Body: github.String("v1")}); err != nil {
			t.Fatal(err)
		}
	}
	cs, resp, err := c.Issues.ListComments(ctx, "acme", "vault", 3, &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 2}})
	if err != nil || len(cs) != 2 || resp.NextPage != 2 || resp.LastPage != 2 {
		t.Fatalf("comments page 1: %d next=%d last=%d err=%v", len(cs), resp.NextPage, resp.LastPage, err)
	}
	if _, _, err := c.Issues.EditComment(ctx, "acme", "vault", cs[0].GetID(), &github.IssueComment{Body: github.String("v2")}); err != nil {
		t.Fatal(err)
	}
	if got := s.Comments(); got[0]["body"] != "v2" || got[1]["body"] != "v1" {
		t.Fatalf("comments = %v", got)
	}
	// Another issue has none.
	cs, _, err = c.Issues.ListComments(ctx, "acme", "vault", 4, nil)
	if err != nil || len(cs) != 0 {
		t.Fatalf("issue 4: %v %v", cs, err)
	}
	conform(t, s)
}

func TestAuthErrors(t *testing.T) {
	s, _ := fixture(t)
	ctx := context.Background()

	// Unknown installation: 404 with GitHub's body, through ghinstallation.
	c := installationClient(t, s, 99)
	_, _, err := c.Checks.CreateCheckRun(ctx, "acme", "vault", github.CreateCheckRunOptions{Name: "x", HeadSHA: "y"})
	if err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("unknown installation: %v", err)
	}
	// Suspended installation: 403.
	s.SetSuspended(7, true)
	c = installationClient(t, s, 7)
	_, _, err = c.Checks.CreateCheckRun(ctx, "acme", "vault", github.CreateCheckRunOptions{Name: "x", HeadSHA: "y"})
	if err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("suspended: %v", err)
	}
	s.SetSuspended(7, false)

	// A token of another installation does not reach this repository.
	s.AddInstallation(8, "other")
	c = installationClient(t, s, 8)
	_, _, err = c.Checks.CreateCheckRun(ctx, "acme", "vault", github.CreateCheckRunOptions{Name: "x", HeadSHA: "y"})
	var ge *github.ErrorResponse
	if !errors.As(err, &ge) || ge.Response.StatusCode != 404 {
		t.Fatalf("other installation: %v", err)
	}
	// No token, and a JWT signed by another key.
	plain := github.NewClient(nil)
	plain.BaseURL = mustURL(t, s.APIURL())
	if _, _, err := plain.Checks.CreateCheckRun(ctx, "acme", "vault", github.CreateCheckRunOptions{Name: "x", HeadSHA: "y"}); !errors.As(err, &ge) || ge.Response.StatusCode != 401 {
		t.Fatalf("no token: %v", err)
	}
	_, otherPEM, err := GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	atr, err := ghinstallation.NewAppsTransport(http.DefaultTransport, appID, otherPEM)
	if err != nil {
		t.Fatal(err)
	}
	atr.BaseURL = s.URL
	app := github.NewClient(&http.Client{Transport: atr})
	app.BaseURL = mustURL(t, s.APIURL())
	if _, _, err := app.Apps.GetInstallation(ctx, 7); !errors.As(err, &ge) || ge.Response.StatusCode != 401 {
		t.Fatalf("foreign key: %v", err)
	}
	conform(t, s)
}

func TestAppAndUserEndpoints(t *testing.T) {
	s, _ := fixture(t)
	ctx := context.Background()
	atr, err := ghinstallation.NewAppsTransport(http.DefaultTransport, appID, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	app := github.NewClient(&http.Client{Transport: atr})
	app.BaseURL = mustURL(t, s.APIURL())
	in, _, err := app.Apps.GetInstallation(ctx, 7)
	if err != nil || in.GetID() != 7 || in.GetAccount().GetLogin() != "acme" {
		t.Fatalf("installation = %+v, %v", in, err)
	}

	s.AddUserToken("code123", "gho_user", 7)
	form := strings.NewReader("client_id=" + s.ClientID + "&client_secret=" + s.ClientSecret + "&code=code123")
	req, _ := http.NewRequest("POST", s.URL+"/login/oauth/access_token", form)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `"access_token":"gho_user"`) {
		t.Fatalf("oauth = %s", body)
	}
	user := github.NewClient(nil).WithAuthToken("gho_user")
	user.BaseURL = mustURL(t, s.APIURL())
	ins, _, err := user.Apps.ListUserInstallations(ctx, nil)
	if err != nil || len(ins) != 1 || ins[0].GetID() != 7 {
		t.Fatalf("user installations = %v, %v", ins, err)
	}
	conform(t, s)
}

func TestFaultInjection(t *testing.T) {
	s, c := fixture(t)
	ctx := context.Background()
	sha := "0123456789abcdef0123456789abcdef01234567"
	opts := github.CreateCheckRunOptions{Name: "bulwark", HeadSHA: sha}
	s.FailNext("POST", "/repos/*/*/check-runs", 1, Fault500)
	s.FailNext("POST", "/repos/*/*/check-runs", 1, Fault429)
	s.FailNext("POST", "/repos/*/*/check-runs", 1, Fault502)
	s.FailNext("POST", "/repos/*/*/check-runs", 1, FaultCloseConnection)
	s.FailNext("POST", "/repos/*/*/check-runs", 1, FaultSecondaryRateLimit)
	for _, code := range []string{"500", "429"} {
		_, resp, err := c.Checks.CreateCheckRun(ctx, "acme", "vault", opts)
		if err == nil || !strings.Contains(err.Error(), code) {
			t.Fatalf("want %s, got %v", code, err)
		}
		if code == "429" && resp.Header.Get("Retry-After") == "" {
			t.Fatal("429 without Retry-After")
		}
	}
	if _, _, err := c.Checks.CreateCheckRun(ctx, "acme", "vault", opts); err == nil || !strings.Contains(err.Error(), "502") {
		t.Fatalf("want 502, got %v", err)
	}
	if _, _, err := c.Checks.CreateCheckRun(ctx, "acme", "vault", opts); err == nil {
		t.Fatal("want a network error")
	}
	_, _, err := c.Checks.CreateCheckRun(ctx, "acme", "vault", opts)
	var rl *github.AbuseRateLimitError
	if !errors.As(err, &rl) || rl.GetRetryAfter() <= 0 {
		t.Fatalf("want secondary rate limit with Retry-After, got %v", err)
	}
	// go-github remembers the limit per client; a fresh client goes through.
	c = installationClient(t, s, 7)
	if _, _, err = c.Checks.CreateCheckRun(ctx, "acme", "vault", opts); err != nil {
		t.Fatalf("faults used up, want success: %v", err)
	}
	if n := len(s.CheckRuns()); n != 1 {
		t.Fatalf("check runs = %d, want 1 (failed calls must not write)", n)
	}
	conform(t, s)
}

func TestGitHubLimitsAnswer422(t *testing.T) {
	s, c := fixture(t)
	ctx := context.Background()
	sha := "0123456789abcdef0123456789abcdef01234567"
	cr, _, err := c.Checks.CreateCheckRun(ctx, "acme", "vault", github.CreateCheckRunOptions{Name: "bulwark", HeadSHA: sha})
	if err != nil {
		t.Fatal(err)
	}
	ann := func(n int, title string) []*github.CheckRunAnnotation {
		var out []*github.CheckRunAnnotation
		for range n {
			out = append(out, &github.CheckRunAnnotation{Path: github.String("a.sol"), StartLine: github.Int(1), EndLine: github.Int(1),
				AnnotationLevel: github.String("warning"), Message: github.String("m"), Title: github.String(title)})
		}
		return out
	}
	update := func(summary string, anns []*github.CheckRunAnnotation) error {
		_, _, err := c.Checks.UpdateCheckRun(ctx, "acme", "vault", cr.GetID(), github.UpdateCheckRunOptions{Name: "bulwark",
			Output: &github.CheckRunOutput{Title: github.String("t"), Summary: github.String(summary), Annotations: anns}})
		return err
	}
	if err := update("ok", ann(50, "t")); err != nil {
		t.Fatalf("50 annotations: %v", err)
	}
	for name, err := range map[string]error{
		"51 annotations": update("ok", ann(51, "t")),
		"long summary":   update(strings.Repeat("x", 65536), nil),
		"long title":     update("ok", ann(1, strings.Repeat("x", 256))),
	} {
		var ge *github.ErrorResponse
		if !errors.As(err, &ge) || ge.Response.StatusCode != 422 {
			t.Errorf("%s: want 422, got %v", name, err)
		}
	}
	if _, _, err := c.Issues.CreateComment(ctx, "acme", "vault", 1, &github.IssueComment{Body: github.String(strings.Repeat("é", 65537))}); err == nil {
		t.Error("comment of 65537 characters accepted")
	}
	if _, _, err := c.Issues.CreateComment(ctx, "acme", "vault", 1, &github.IssueComment{Body: github.String(strings.Repeat("é", 65536))}); err != nil {
		t.Errorf("comment of 65536 characters: %v", err)
	}
	if n := len(s.Comments()); n != 1 {
		t.Errorf("comments = %d", n)
	}
}

// TestEnterpriseBaseURL: with BULWARK_GITHUB_API_URL pointing at a GitHub
// Enterprise Server style base (/api/v3/), the same calls work.
func TestEnterpriseBaseURL(t *testing.T) {
	s, _ := fixture(t)
	tr, err := ghinstallation.New(http.DefaultTransport, appID, 7, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	tr.BaseURL = s.URL + "/api/v3"
	c, err := github.NewClient(&http.Client{Transport: tr}).WithEnterpriseURLs(s.URL, s.URL)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(c.BaseURL.Path, "/api/v3/") {
		t.Fatalf("base = %s", c.BaseURL)
	}
	if _, _, err := c.Repositories.CreateStatus(context.Background(), "acme", "vault", "abc", &github.RepoStatus{State: github.String("pending")}); err != nil {
		t.Fatal(err)
	}
	if n := len(s.CallsMatching("POST", "/repos/acme/vault/statuses/abc")); n != 1 {
		t.Fatalf("recorded %d status calls (paths are recorded without /api/v3)", n)
	}
	conform(t, s)
}
