package app_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/app/githubtest"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// count returns the rows of the App's tables and the tasks queued, so a
// refused delivery can be shown to leave nothing behind.
func (e *env) footprint() [4]int {
	ctx := context.Background()
	var out [4]int
	for i, m := range []any{(*db.GitHubDelivery)(nil), (*db.GitHubRun)(nil), (*db.GitHubInstallation)(nil)} {
		n, err := e.DB.NewSelect().Model(m).Count(ctx)
		if err != nil {
			e.t.Fatal(err)
		}
		out[i] = int(n)
	}
	info, err := e.Queue.Inspector.GetQueueInfo("default")
	if err == nil {
		out[3] = info.Size + info.Processed
	}
	return out
}

func TestRefusedDeliveriesLeaveNothing(t *testing.T) {
	e := newEnv(t)
	e.seedRepo(1, "Codertocat", repoName)
	e.seedRepo(16598467, "Suspended", "Suspended/repo")
	e.install(1, "Codertocat")
	push := fixture(t, "push.json", setInstallation(1))
	good := githubtest.SignWebhook([]byte(webhookSecret), push)
	sha1 := "sha1=0123456789abcdef0123456789abcdef01234567"
	big := append([]byte(`{"pad":"`), bytes.Repeat([]byte("a"), 26<<20)...)
	big = append(big, `"}`...)

	// Suspend installation 16598467 (known first, then suspended).
	e.install(16598467, "Suspended")
	if r, _ := e.deliver("installation", fixture(t, "installation.suspend.json", nil)); r.Status != 200 {
		t.Fatalf("suspend: %d %s", r.Status, r.Body)
	}
	before := e.footprint()
	e.gh.ResetCalls()
	cases := []struct {
		name   string
		event  string
		id     string
		body   []byte
		sig    string
		status int
		code   string
	}{
		{"bad signature", "push", "x1", push, "sha256=" + strings.Repeat("0", 64), 401, "UNAUTHORIZED"},
		{"signature of other bytes", "push", "x2", push, githubtest.SignWebhook([]byte(webhookSecret), append([]byte(" "), push...)), 401, "UNAUTHORIZED"},
		{"missing signature", "push", "x3", push, "", 401, "UNAUTHORIZED"},
		{"sha-1 only", "push", "x4", push, "", 401, "UNAUTHORIZED"},
		{"wrong secret", "push", "x5", push, githubtest.SignWebhook([]byte("other"), push), 401, "UNAUTHORIZED"},
		{"malformed signature", "push", "x6", push, "sha256=zz", 401, "UNAUTHORIZED"},
		{"no delivery id", "push", "", push, good, 400, "INVALID_REQUEST"},
		{"malformed json", "push", "x7", []byte(`{"ref": `), githubtest.SignWebhook([]byte(webhookSecret), []byte(`{"ref": `)), 400, "INVALID_REQUEST"},
		{"json array", "push", "x8", []byte(`[1]`), githubtest.SignWebhook([]byte(webhookSecret), []byte(`[1]`)), 400, "INVALID_REQUEST"},
		{"unknown event", "gollum", "x10", push, good, 200, ""},
		{"unknown action", "pull_request", "x11", fixture(t, "pull_request.opened.json", func(m map[string]any) {
			setInstallation(1)(m)
			m["action"] = "labeled"
		}), "", 200, ""},
		{"uninstalled installation", "push", "x12", fixture(t, "push.json", setInstallation(999)), "", 200, ""},
		{"suspended installation", "push", "x13", fixture(t, "push.json", setInstallation(16598467)), "", 200, ""},
		{"deleted ref", "push", "x14", fixture(t, "variants/push.1.json", setInstallation(1)), "", 200, ""},
		{"tag push", "push", "x15", fixture(t, "variants/push.0.json", setInstallation(1)), "", 200, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sig := c.sig
			if sig == "" && c.status == 200 {
				sig = githubtest.SignWebhook([]byte(webhookSecret), c.body)
			}
			var extra []string
			if c.name == "sha-1 only" {
				extra = []string{"X-Hub-Signature", sha1}
			}
			r := e.deliverAs(c.event, c.id, c.body, sig, extra...)
			if r.Status != c.status {
				t.Fatalf("status %d, want %d: %s", r.Status, c.status, r.Body)
			}
			if c.code != "" && r.ErrorCode() != c.code {
				t.Fatalf("code %q, want %q: %s", r.ErrorCode(), c.code, r.Body)
			}
			if c.status == 200 && !strings.Contains(string(r.Body), `"ignored"`) {
				t.Fatalf("answer %s, want ignored", r.Body)
			}
		})
	}
	// A body over GitHub's 25 MB is refused from its Content-Length,
	// before a byte of it is read.
	t.Run("oversized body", func(t *testing.T) {
		conn, err := net.Dial("tcp", strings.TrimPrefix(e.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "POST /github/webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-GitHub-Event: push\r\nX-GitHub-Delivery: x9\r\nX-Hub-Signature-256: %s\r\nContent-Length: %d\r\n\r\n", good, len(big))
		// The first megabyte only, from a goroutine: the answer must not wait
		// for the rest, and the server may close before it is all written.
		go func() { _, _ = conn.Write(big[:1<<20]) }()
		_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 413 {
			t.Fatalf("status %d, want 413", res.StatusCode)
		}
	})
	time.Sleep(300 * time.Millisecond) // a task that was wrongly queued would have run
	if after := e.footprint(); after != before {
		t.Fatalf("refused deliveries left rows or tasks: before %v after %v", before, after)
	}
	if calls := e.gh.Calls(); len(calls) != 0 {
		t.Fatalf("refused deliveries made GitHub calls: %v", calls)
	}

	// A replayed delivery is acknowledged and does nothing.
	r := e.deliverAs("push", "replay-1", push, good)
	if r.Status != 202 {
		t.Fatalf("first delivery: %d %s", r.Status, r.Body)
	}
	e.waitRun("replay-1")
	e.gh.ResetCalls()
	mid := e.footprint()
	r = e.deliverAs("push", "replay-1", push, good)
	if r.Status != 200 || !strings.Contains(string(r.Body), "duplicate") {
		t.Fatalf("replay: %d %s", r.Status, r.Body)
	}
	time.Sleep(300 * time.Millisecond)
	if after := e.footprint(); after != mid {
		t.Fatalf("a replay left rows or tasks: before %v after %v", mid, after)
	}
	if calls := e.gh.Calls(); len(calls) != 0 {
		t.Fatalf("a replay made GitHub calls: %v", calls)
	}
}

// TestTenancyAndLinkProof: an installation is linked to an existing
// organization only with GitHub's OAuth proof, and a repository of
// installation A never shows in installation B's organization.
func TestTenancyAndLinkProof(t *testing.T) {
	e := newEnv(t)
	e.seedRepo(1, "Codertocat", repoName)
	e.seedRepo(2, "Other", "Other/repo")
	e.install(1, "Codertocat")
	e.install(2, "Other")
	ctx := context.Background()
	a, err := e.Svc.GitHubInstallation(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.Svc.GitHubInstallation(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if a.OrganizationID == b.OrganizationID {
		t.Fatal("two installations share an organization")
	}
	_, pushA := e.deliver("push", fixture(t, "push.json", setInstallation(1)))
	runA := e.waitRun(pushA)
	// Installation B's organization holds no project, contract or scan of A.
	for _, m := range []any{(*db.Project)(nil), (*db.Contract)(nil), (*db.Scan)(nil), (*db.Vulnerability)(nil)} {
		n, err := e.DB.NewSelect().Model(m).Where("organization_id = ?", b.OrganizationID).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("%T: %d rows of installation A in B's organization", m, n)
		}
	}
	if runA.OrganizationID != a.OrganizationID {
		t.Fatal("run in the wrong organization")
	}
	// acme (the test's own organization, owner key) asks to link.
	r := e.Do("POST", "/api/v1/github/link", e.Key, nil)
	if r.Status != 201 {
		t.Fatalf("link start: %d %s", r.Status, r.Body)
	}
	install := r.JSON()["install_url"].(string)
	state := install[strings.Index(install, "state=")+len("state="):]
	setup := func(q string) *http.Response {
		res, err := http.Get(e.URL + "/github/setup?" + q)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	orgOf := func() string {
		in, err := e.Svc.GitHubInstallation(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		return in.OrganizationID.String()
	}
	// No code, a forged state, a code of a user who cannot see the
	// installation, a code for another installation: refused, nothing moves.
	e.gh.AddUserToken("code-other", "tok-other", 2)
	e.gh.AddUserToken("code-good", "tok-good", 1)
	for _, q := range []string{
		"installation_id=1&setup_action=install&state=" + state,
		"installation_id=1&setup_action=install&code=code-good&state=" + state[:len(state)-2] + "AA",
		"installation_id=1&setup_action=install&code=code-other&state=" + state,
		"installation_id=1&setup_action=install&code=bogus&state=" + state,
	} {
		if res := setup(q); res.StatusCode < 400 {
			t.Fatalf("setup %s: %d, want refusal", q, res.StatusCode)
		}
		if orgOf() != a.OrganizationID.String() {
			t.Fatalf("installation moved without proof (%s)", q)
		}
	}
	if res := setup("installation_id=1&setup_action=install&code=code-good&state=" + state); res.StatusCode != 200 {
		t.Fatalf("setup with proof: %d", res.StatusCode)
	}
	if orgOf() != e.OrgID {
		t.Fatalf("installation is in %s, want acme %s", orgOf(), e.OrgID)
	}
	// The next push lands in acme, visible through acme's API.
	_, push2 := e.deliver("push", fixture(t, "push.json", func(m map[string]any) {
		setInstallation(1)(m)
		m["after"] = shaHead
	}))
	run2 := e.waitRun(push2)
	if run2.OrganizationID.String() != e.OrgID {
		t.Fatal("a linked installation's run is not in the linked organization")
	}
	r = e.Do("GET", "/api/v1/projects", e.Key, nil)
	if !strings.Contains(string(r.Body), repoName) {
		t.Fatalf("acme's projects lack the repository: %s", r.Body)
	}
	var actions []string
	_ = e.DB.NewSelect().Model((*db.AuditLog)(nil)).Column("action").Where("organization_id = ?", e.OrgID).Scan(ctx, &actions)
	if !contains(actions, "github.installation.linked") {
		t.Fatalf("acme's audit log lacks the link: %v", actions)
	}
	e.gh.CheckConformance(t)
}

// TestAppOffRoutesAre404: without the App's configuration its routes do
// not exist.
func TestAppOffRoutesAre404(t *testing.T) {
	e := servertest.New(t)
	body := []byte(`{}`)
	req, _ := http.NewRequest(http.MethodPost, e.URL+"/github/webhook", bytes.NewReader(body))
	req.Header.Set("X-Hub-Signature-256", githubtest.SignWebhook([]byte(webhookSecret), body))
	if r := e.Send(req); r.Status != 404 {
		t.Fatalf("webhook without the App: %d", r.Status)
	}
	if r := e.Do("GET", "/github/setup?installation_id=1", "", nil); r.Status != 404 {
		t.Fatalf("setup without the App: %d", r.Status)
	}
	if r := e.Do("POST", "/api/v1/github/link", e.Key, nil); r.Status != 404 {
		t.Fatalf("link without the App: %d", r.Status)
	}
}
