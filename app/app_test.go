package app_test

import (
	"bytes"
	"context"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/app"
	"github.com/bulwark-sec/bulwark/app/githubtest"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

const (
	webhookSecret = "test-webhook-secret"
	appID         = 4242
	repoName      = "Codertocat/Hello-World"
	// The fixtures' commits: push.json's after, the pull request's base
	// and head.
	shaMain = "6113728f27ae82c7b1a177c8d03f9e96e0adf246"
	shaHead = "ec26c3e57ca3a959ca5aad62de7213c562f8c821"
	shaNext = "1111111111111111111111111111111111111111"
)

type env struct {
	*servertest.Env
	gh    *githubtest.Server
	t     testing.TB
	seq   atomic.Int64
	cfg   *app.Config
	instA int64
}

var keyPEM []byte

func newEnv(t *testing.T) *env { return newEnvTB(t) }

func newEnvTB(t testing.TB) *env {
	t.Helper()
	if keyPEM == nil {
		_, p, err := githubtest.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		keyPEM = p
	}
	pub := mustPub(t, keyPEM)
	gh := githubtest.New(appID, pub)
	t.Cleanup(gh.Close)
	cfg := &app.Config{AppID: appID, PrivateKey: keyPEM, WebhookSecret: []byte(webhookSecret), APIURL: gh.APIURL(),
		WebURL: gh.URL, DefaultPlan: "developer", ClientID: gh.ClientID, ClientSecret: gh.ClientSecret, Slug: "bulwark-test"}
	e := &env{Env: servertest.New(t, servertest.Options{GitHub: cfg}), gh: gh, t: t, cfg: cfg, instA: 1}
	return e
}

// src holds the repository's sources per commit: the base branch has an
// arbitrary send (fixed by the pull request) and a controlled
// delegatecall (kept); the head adds a new one; lib/ and test/ hold
// findings that the default selection leaves out.
func files(commit string) map[string][]byte {
	send := "pragma solidity ^0.4.24;\n\ncontract Pool {\n    function release(address dest) public {\n        require(dest.call.value(this.balance)());\n    }\n}\n"
	fixed := "pragma solidity ^0.8.0;\n\ncontract Pool {\n    address public owner = msg.sender;\n\n    function payout(address payable to, uint256 amount) external {\n        require(msg.sender == owner);\n        to.transfer(amount);\n    }\n}\n"
	proxy := "pragma solidity ^0.4.24;\n\ncontract Proxy {\n    function forward(address callee, bytes data) public {\n        require(callee.delegatecall(data));\n    }\n}\n"
	m := map[string][]byte{
		"README.md":           []byte("# hello\n"),
		"foundry.toml":        []byte("[profile.default]\nsrc = \"src\"\nlibs = [\"lib\"]\n"),
		"src/Pool.sol":        []byte(send),
		"src/Proxy.sol":       []byte(proxy),
		"lib/dep/src/Dep.sol": []byte(strings.ReplaceAll(send, "Pool", "Dep")),
		"test/Pool.t.sol":     []byte(strings.ReplaceAll(send, "Pool", "PoolTest")),
	}
	switch commit {
	case shaHead:
		m["src/Pool.sol"] = []byte(fixed)
		m["src/Router.sol"] = []byte(strings.ReplaceAll(proxy, "Proxy", "Router"))
	case shaNext:
		m["src/Pool.sol"] = []byte(fixed)
		m["src/Router.sol"] = []byte(strings.ReplaceAll(proxy, "Proxy", "Router"))
		// Sixty more findings: annotations go in batches of 50.
		var b strings.Builder
		b.WriteString("pragma solidity ^0.4.24;\n\ncontract Many {\n")
		for i := 0; i < 60; i++ {
			fmt.Fprintf(&b, "    function f%d(address c, bytes d) public {\n        require(c.delegatecall(d));\n    }\n", i)
		}
		b.WriteString("}\n")
		m["src/Many.sol"] = []byte(b.String())
	}
	return m
}

func (e *env) seedRepo(installation int64, account, repo string) {
	e.gh.AddInstallation(installation, account)
	e.gh.AddRepo(installation, repo)
	for _, sha := range []string{shaMain, shaHead, shaNext} {
		e.gh.AddCommit(repo, sha, files(sha))
	}
}

// deliver posts a signed delivery to the server.
func (e *env) deliver(event string, body []byte) (*servertest.Response, string) {
	id := fmt.Sprintf("d%04d-%d", e.seq.Add(1), time.Now().UnixNano())
	return e.deliverAs(event, id, body, githubtest.SignWebhook([]byte(webhookSecret), body)), id
}

func (e *env) deliverAs(event, id string, body []byte, sig string, headers ...string) *servertest.Response {
	req, _ := http.NewRequest(http.MethodPost, e.URL+"/github/webhook", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-GitHub-Event", event)
	if id != "" {
		req.Header.Set("X-GitHub-Delivery", id)
	}
	if sig != "" {
		req.Header.Set("X-Hub-Signature-256", sig)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return e.Send(req)
}

// fixture loads a shared payload and edits it (installation ids and
// commits are rewritten so that one fake repository serves every event).
func fixture(t *testing.T, name string, edit func(m map[string]any)) []byte {
	return fixtureTB(t, name, edit)
}

func fixtureTB(t testing.TB, name string, edit func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(githubtest.LoadFixture(t, name), &m); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(m)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func setInstallation(id int64) func(map[string]any) {
	return func(m map[string]any) { m["installation"] = map[string]any{"id": id, "node_id": "MDIz"} }
}

func (e *env) installTB(_ testing.TB, id int64) { e.install(id, "Codertocat") }

func (e *env) install(id int64, account string) {
	e.t.Helper()
	body := fixtureTB(e.t, "installation.created.json", func(m map[string]any) {
		in := m["installation"].(map[string]any)
		in["id"] = id
		in["account"].(map[string]any)["login"] = account
		if account != "Codertocat" {
			// The fixture grants Codertocat/Hello-World; another account
			// gets a repository of its own.
			m["repositories"] = []any{map[string]any{"id": 900000 + id, "full_name": account + "/repo", "private": false}}
		}
	})
	r, _ := e.deliver("installation", body)
	if r.Status != 200 {
		e.t.Fatalf("installation.created: %d %s", r.Status, r.Body)
	}
}

// waitRun waits until the run of a delivery completed.
func (e *env) waitRun(delivery string) *db.GitHubRun {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		run := new(db.GitHubRun)
		err := e.DB.NewSelect().Model(run).Where("delivery_id = ?", delivery).Scan(context.Background())
		if err == nil && run.CompletedAt != nil {
			return run
		}
		time.Sleep(50 * time.Millisecond)
	}
	e.t.Fatalf("run of delivery %s did not complete", delivery)
	return nil
}

func mustPub(t testing.TB, p []byte) *rsa.PublicKey {
	t.Helper()
	b, _ := pem.Decode(p)
	k, err := x509.ParsePKCS1PrivateKey(b.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return &k.PublicKey
}
