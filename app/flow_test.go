package app_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/app"
	"github.com/bulwark-sec/bulwark/app/githubtest"
	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

func setPull(head string) func(map[string]any) {
	return func(m map[string]any) {
		setInstallation(1)(m)
		pr := m["pull_request"].(map[string]any)
		pr["head"].(map[string]any)["sha"] = head
		pr["base"].(map[string]any)["sha"] = shaMain
		pr["base"].(map[string]any)["ref"] = "master"
	}
}

// TestPushThenPullRequest drives the real server and worker with GitHub's
// payloads: a push to master, a pull request opened against it, and a
// second push to the pull request; it checks every call the App made.
func TestPushThenPullRequest(t *testing.T) {
	e := newEnv(t)
	e.seedRepo(1, "Codertocat", repoName)
	e.install(1, "Codertocat")
	ctx := context.Background()

	// A push to master: scanned, no gate configured yet (neutral).
	r, push := e.deliver("push", fixture(t, "push.json", setInstallation(1)))
	if r.Status != 202 {
		t.Fatalf("push: %d %s", r.Status, r.Body)
	}
	run := e.waitRun(push)
	if run.Conclusion != "neutral" || run.Error != "" {
		t.Fatalf("push run: conclusion %q error %q", run.Conclusion, run.Error)
	}
	if run.Branch != "master" || run.HeadSHA != shaMain {
		t.Fatalf("push run: branch %q sha %q", run.Branch, run.HeadSHA)
	}
	// The selection left lib/ and test/ out: only src/ files were uploaded.
	ct := new(db.Contract)
	sc := new(db.Scan)
	if err := e.DB.NewSelect().Model(sc).Where("id = ?", *run.ScanID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.NewSelect().Model(ct).Where("id = ?", sc.ContractID).Scan(ctx); err != nil {
		t.Fatal(err)
	}
	if ct.FileCount != 2 {
		t.Fatalf("uploaded %d files, want the 2 of src/", ct.FileCount)
	}
	if sc.High != 2 {
		t.Fatalf("push scan: %d high findings, want 2 (Pool, Proxy)", sc.High)
	}
	calls := e.gh.Calls()
	want := []string{"POST /app/installations/1/access_tokens", "POST /repos/Codertocat/Hello-World/check-runs",
		"GET /repos/Codertocat/Hello-World/tarball/" + shaMain, "GET /_download/*",
		"PATCH /repos/Codertocat/Hello-World/check-runs/*", "POST /repos/Codertocat/Hello-World/statuses/" + shaMain}
	assertCalls(t, calls, want)
	checks := e.gh.CheckRuns()
	if len(checks) != 1 || checks[0]["status"] != "completed" || checks[0]["conclusion"] != "neutral" || checks[0]["name"] != "bulwark" {
		t.Fatalf("check runs after push: %v", checks)
	}
	if u, _ := checks[0]["details_url"].(string); !strings.Contains(u, "/r/") {
		t.Fatalf("details_url %q is not a report link", u)
	}

	// A gate for the project: no high finding allowed.
	org := run.OrganizationID
	p := core.AppPrincipal(org, "developer", "")
	block := true
	if _, _, err := e.Svc.PutQualityGate(ctx, p, run.ProjectID, core.GateInput{BlockOnHigh: &block}); err != nil {
		t.Fatal(err)
	}

	// The pull request: fixes Pool, keeps Proxy, adds Router.
	e.gh.ResetCalls()
	r, opened := e.deliver("pull_request", fixture(t, "pull_request.opened.json", setPull(shaHead)))
	if r.Status != 202 {
		t.Fatalf("pull_request: %d %s", r.Status, r.Body)
	}
	prRun := e.waitRun(opened)
	if prRun.Conclusion != "failure" || prRun.PullNumber != 2 {
		t.Fatalf("pull request run: %+v", prRun)
	}
	calls = e.gh.Calls()
	assertCalls(t, calls, []string{"POST /repos/Codertocat/Hello-World/check-runs",
		"GET /repos/Codertocat/Hello-World/tarball/" + shaHead, "GET /_download/*",
		"PATCH /repos/Codertocat/Hello-World/check-runs/*", "POST /repos/Codertocat/Hello-World/statuses/" + shaHead,
		"GET /repos/Codertocat/Hello-World/issues/2/comments", "POST /repos/Codertocat/Hello-World/issues/2/comments"})
	if n := len(calls); n > 8 {
		t.Fatalf("%d GitHub calls for one pull-request event, goal ≤ 8", n)
	}
	comments := e.gh.Comments()
	if len(comments) != 1 {
		t.Fatalf("%d comments, want 1", len(comments))
	}
	body := comments[0]["body"].(string)
	for _, w := range []string{app.CommentMarker, "**1 new**, **1 fixed** and 1 unchanged", "Router.sol", "~~", "Pool.sol", "Quality gate: failed"} {
		if !strings.Contains(body, w) {
			t.Fatalf("comment lacks %q:\n%s", w, body)
		}
	}
	statuses := e.gh.Statuses()
	last := statuses[len(statuses)-1]
	if last["state"] != "failure" || last["context"] != app.StatusContext || len(last["description"].(string)) > 140 {
		t.Fatalf("status: %v", last)
	}

	// A second push to the pull request edits the same comment.
	e.gh.ResetCalls()
	r, sync := e.deliver("pull_request", fixture(t, "pull_request.synchronize.json", setPull(shaNext)))
	if r.Status != 202 {
		t.Fatalf("synchronize: %d %s", r.Status, r.Body)
	}
	e.waitRun(sync)
	comments = e.gh.Comments()
	if len(comments) != 1 {
		t.Fatalf("%d comments after the second push, want exactly 1", len(comments))
	}
	if !strings.Contains(comments[0]["body"].(string), "**61 new**, **1 fixed** and 1 unchanged") {
		t.Fatalf("edited comment:\n%s", comments[0]["body"])
	}
	if n := len(e.gh.CallsMatching("POST", "/repos/*/*/issues/*/comments")); n != 0 {
		t.Fatalf("the second push created %d comments", n)
	}
	if n := len(e.gh.CallsMatching("PATCH", "/repos/*/*/issues/comments/*")); n != 1 {
		t.Fatalf("the second push edited the comment %d times, want 1", n)
	}
	// 62 annotations (61 new, Proxy unchanged): the completion carries 50, one more update the rest.
	var batches []int
	for _, c := range e.gh.CallsMatching("PATCH", "/repos/*/*/check-runs/*") {
		var in struct {
			Output struct {
				Annotations []json.RawMessage `json:"annotations"`
			} `json:"output"`
		}
		if err := json.Unmarshal(c.Body, &in); err != nil {
			t.Fatal(err)
		}
		batches = append(batches, len(in.Output.Annotations))
	}
	if len(batches) != 2 || batches[0] != 50 || batches[1] != 12 {
		t.Fatalf("annotation batches %v, want [50 12]", batches)
	}
	// Calls per event: ≤ 8 plus one per further 50 annotations.
	if n := len(e.gh.Calls()); n > 9 {
		t.Fatalf("%d calls for a pull-request push with 62 annotations, goal ≤ 9", n)
	}

	// The audit log of the App's organization shows what it did.
	var actions []string
	if err := e.DB.NewSelect().Model((*db.AuditLog)(nil)).Column("action").Where("organization_id = ?", org).
		Scan(ctx, &actions); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"github.installation.created", "project.created", "scan.created", "scan.started"} {
		if !contains(actions, w) {
			t.Fatalf("audit log lacks %s: %v", w, actions)
		}
	}
	var requestIDs []string
	_ = e.DB.NewSelect().Model((*db.AuditLog)(nil)).Column("request_id").
		Where("organization_id = ? AND action = 'scan.created'", org).Scan(ctx, &requestIDs)
	if !contains(requestIDs, push) {
		t.Fatalf("scan.created request ids %v lack the delivery %s", requestIDs, push)
	}
	e.gh.CheckConformance(t)

	// The check run links to the scan's report page, which opens without
	// a key; an edited token is 404.
	link, _ := e.gh.CheckRuns()[len(e.gh.CheckRuns())-1]["details_url"].(string)
	res, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(page), "Quality gate failed") || !strings.Contains(string(page), "src/Many.sol") {
		t.Fatalf("report page: %d\n%.600s", res.StatusCode, page)
	}
	tok := link[strings.LastIndex(link, "/")+1:]
	flip := byte('A')
	if tok[10] == 'A' {
		flip = 'B'
	}
	edited := link[:len(link)-len(tok)] + tok[:10] + string(flip) + tok[11:]
	if res, err := http.Get(edited); err != nil || res.StatusCode != 404 {
		t.Fatalf("edited token: %v %v", res.StatusCode, err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// assertCalls checks that the calls, in order, are exactly want
// ("METHOD path", path.Match patterns).
func assertCalls(t *testing.T, calls []githubtestCall, want []string) {
	t.Helper()
	var got []string
	for _, c := range calls {
		got = append(got, c.Method+" "+c.Path)
	}
	if len(got) != len(want) {
		t.Fatalf("GitHub calls:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	for i := range want {
		m, _, _ := strings.Cut(want[i], " ")
		if calls[i].Method != m || !matchPath(strings.TrimPrefix(want[i], m+" "), calls[i].Path) {
			t.Fatalf("GitHub call %d is %s, want %s\nall:\n  %s", i, got[i], want[i], strings.Join(got, "\n  "))
		}
	}
}

type githubtestCall = githubtest.Call

func matchPath(pattern, p string) bool {
	ok, _ := path.Match(pattern, p)
	return ok
}
