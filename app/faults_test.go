package app_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/app/githubtest"
	"github.com/bulwark-sec/bulwark/db"
)

// TestGitHubFaultsAreRetried: GitHub's 5xx, secondary rate limits, 429s
// and dropped connections are retried by the tasks, each step resent only
// until GitHub takes it; the run still ends with exactly one completion
// and one status.
func TestGitHubFaultsAreRetried(t *testing.T) {
	e := newEnv(t)
	e.seedRepo(1, "Codertocat", repoName)
	e.install(1, "Codertocat")
	e.gh.FailNext("POST", "/repos/*/*/check-runs", 1, githubtest.Fault502)
	e.gh.FailNext("GET", "/repos/*/*/tarball/*", 1, githubtest.FaultCloseConnection)
	e.gh.FailNext("PATCH", "/repos/*/*/check-runs/*", 1, githubtest.FaultSecondaryRateLimit)
	e.gh.FailNext("POST", "/repos/*/*/statuses/*", 1, githubtest.Fault429)
	_, id := e.deliver("push", fixture(t, "push.json", setInstallation(1)))
	run := e.waitRun(id)
	if run.Conclusion != "neutral" || run.Error != "" {
		t.Fatalf("run after faults: conclusion %q error %q", run.Conclusion, run.Error)
	}
	checks := e.gh.CheckRuns()
	if len(checks) != 1 || checks[0]["status"] != "completed" {
		t.Fatalf("check runs: %v", checks)
	}
	ok := func(method, pattern string) int {
		n := 0
		for _, c := range e.gh.CallsMatching(method, pattern) {
			if c.Status/100 == 2 {
				n++
			}
		}
		return n
	}
	if n := ok("PATCH", "/repos/*/*/check-runs/*"); n != 1 {
		t.Fatalf("%d successful check run completions, want 1", n)
	}
	if n := ok("POST", "/repos/*/*/statuses/*"); n != 1 {
		t.Fatalf("%d statuses, want 1", n)
	}
	if n := len(e.gh.CallsMatching("PATCH", "/repos/*/*/check-runs/*")); n != 2 {
		t.Fatalf("%d check run completions sent, want 2 (one refused, one retried)", n)
	}
}

// TestPermanentFailureCompletesTheCheckRun: a commit GitHub cannot serve
// (404, not retried) still completes its check run, as a failure with the
// reason, and never leaves it in progress.
func TestPermanentFailureCompletesTheCheckRun(t *testing.T) {
	e := newEnv(t)
	e.seedRepo(1, "Codertocat", repoName)
	e.install(1, "Codertocat")
	_, id := e.deliver("push", fixture(t, "push.json", func(m map[string]any) {
		setInstallation(1)(m)
		m["after"] = "2222222222222222222222222222222222222222" // unknown to the fake
	}))
	run := e.waitRun(id)
	if run.Conclusion != "failure" || !strings.Contains(run.Error, "404") {
		t.Fatalf("run: conclusion %q error %q", run.Conclusion, run.Error)
	}
	if n := len(e.gh.CallsMatching("GET", "/repos/*/*/tarball/*")); n != 1 {
		t.Fatalf("a 404 was fetched %d times, want 1 (not retried)", n)
	}
	checks := e.gh.CheckRuns()
	if len(checks) != 1 || checks[0]["status"] != "completed" || checks[0]["conclusion"] != "failure" {
		t.Fatalf("check run: %v", checks)
	}
	out, _ := checks[0]["output"].(map[string]any)
	if s, _ := out["summary"].(string); !strings.Contains(s, "could not scan") {
		t.Fatalf("summary %q does not give the reason", s)
	}
	st := e.gh.Statuses()
	if len(st) != 1 || st[0]["state"] != "error" {
		t.Fatalf("statuses: %v", st)
	}
}

// TestPullRequestBeforeAnyPush: the first event of a repository is a pull
// request; the App scans its base commit silently (nothing posted on it)
// and the comment still shows only what the pull request changed.
func TestPullRequestBeforeAnyPush(t *testing.T) {
	e := newEnv(t)
	e.seedRepo(1, "Codertocat", repoName)
	e.install(1, "Codertocat")
	_, id := e.deliver("pull_request", fixture(t, "pull_request.opened.json", setPull(shaHead)))
	e.waitRun(id)
	comments := e.gh.Comments()
	if len(comments) != 1 {
		t.Fatalf("%d comments", len(comments))
	}
	if body := comments[0]["body"].(string); !strings.Contains(body, "**1 new**, **1 fixed** and 1 unchanged") {
		t.Fatalf("comment:\n%s", body)
	}
	for _, c := range e.gh.Calls() {
		if strings.Contains(c.Path, shaMain) && c.Method != "GET" {
			t.Fatalf("the silent base scan posted %s %s", c.Method, c.Path)
		}
	}
	if n := len(e.gh.CheckRuns()); n != 1 {
		t.Fatalf("%d check runs, want only the head's", n)
	}
	e.gh.CheckConformance(t)
}

// TestRepositoryConfig: the App reads .bulwark.yml at the root as the CLI
// does (exclude, fail_on with no gate), and a broken one fails the check
// run with its line instead of scanning with defaults.
func TestRepositoryConfig(t *testing.T) {
	e := newEnv(t)
	e.gh.AddInstallation(1, "Codertocat")
	e.gh.AddRepo(1, repoName)
	good := files(shaMain)
	good[".bulwark.yml"] = []byte("exclude:\n  - src/Proxy.sol\nfail_on: high\n")
	e.gh.AddCommit(repoName, shaMain, good)
	bad := files(shaMain)
	bad[".bulwark.yml"] = []byte("paths: [src]\nfail_onn: high\n")
	e.gh.AddCommit(repoName, shaHead, bad)
	e.install(1, "Codertocat")

	_, id := e.deliver("push", fixture(t, "push.json", setInstallation(1)))
	run := e.waitRun(id)
	if run.Conclusion != "failure" || run.Error != "" {
		t.Fatalf("fail_on high with a high finding: conclusion %q error %q", run.Conclusion, run.Error)
	}
	var n int
	if err := e.DB.NewSelect().TableExpr("contracts").ColumnExpr("file_count").
		Where("id = (SELECT contract_id FROM scans WHERE id = ?)", *run.ScanID).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("%d files uploaded, want 1 (Proxy.sol excluded)", n)
	}

	_, id = e.deliver("push", fixture(t, "push.json", func(m map[string]any) {
		setInstallation(1)(m)
		m["after"] = shaHead
	}))
	run = e.waitRun(id)
	if run.Conclusion != "failure" || !strings.Contains(run.Error, ".bulwark.yml:2") {
		t.Fatalf("broken config: conclusion %q error %q", run.Conclusion, run.Error)
	}
	e.gh.CheckConformance(t)
}

// TestPushAndCheckSuiteMakeOneRun: GitHub sends a push and a check_suite
// request for the same commit; delivered at once, they make one run and
// one check run.
func TestPushAndCheckSuiteMakeOneRun(t *testing.T) {
	e := newEnv(t)
	e.seedRepo(1, "Codertocat", repoName)
	e.install(1, "Codertocat")
	push := fixture(t, "push.json", setInstallation(1))
	suite := fixture(t, "check_suite.requested.json", func(m map[string]any) {
		setInstallation(1)(m)
		m["repository"] = map[string]any{"id": 186853002, "full_name": repoName, "private": false}
		cs := m["check_suite"].(map[string]any)
		cs["head_sha"], cs["head_branch"], cs["pull_requests"] = shaMain, "master", []any{}
	})
	var push0 map[string]any
	_ = json.Unmarshal(push, &push0)
	if id := push0["repository"].(map[string]any)["id"]; id != float64(186853002) {
		t.Fatalf("fixture repository id %v", id)
	}
	done := make(chan string, 2)
	go func() { _, id := e.deliver("push", push); done <- id }()
	go func() { _, id := e.deliver("check_suite", suite); done <- id }()
	a, b := <-done, <-done
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		n, _ := e.DB.NewSelect().Model((*db.GitHubRun)(nil)).Where("delivery_id IN (?, ?) AND completed_at IS NOT NULL", a, b).Count(context.Background())
		if n == 1 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)
	n, _ := e.DB.NewSelect().Model((*db.GitHubRun)(nil)).Where("delivery_id IN (?, ?)", a, b).Count(context.Background())
	if n != 1 {
		t.Fatalf("%d runs for one commit, want 1", n)
	}
	if c := len(e.gh.CheckRuns()); c != 1 {
		t.Fatalf("%d check runs for one commit, want 1", c)
	}
}
