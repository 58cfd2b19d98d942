package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// link has key link wallet k through the nonce and signature flow.
func link(t *testing.T, env *servertest.Env, key string, k solKey) *servertest.Response {
	t.Helper()
	_, msg := challenge(t, env, k.addr)
	return env.Do("POST", linkURL, key, proof(k.addr, k.sign(msg), msg))
}

func TestWalletLinkUnlink(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c, d := newSolKey(t), newSolKey(t)

	// acme's owner (an API key with scope *) links a wallet.
	if r := env.Do("GET", statusURL, env.Key, nil); r.Status != 200 || r.JSON()["linked"] != false || r.JSON()["address"] != nil || r.JSON()["linked_at"] != nil {
		t.Errorf("status before link = %d %s", r.Status, r.Body)
	}
	r := link(t, env, env.Key, c)
	if r.Status != 200 || r.JSON()["linked"] != true || r.JSON()["address"] != c.addr || r.JSON()["linked_at"] == nil {
		t.Fatalf("link = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", statusURL, env.Key, nil); r.JSON()["address"] != c.addr {
		t.Errorf("status after link = %s", r.Body)
	}
	if rows := auditFor(t, env, env.OrgID, "auth.wallet.linked"); len(rows) != 1 || rows[0].APIKeyID == nil {
		t.Errorf("audit auth.wallet.linked = %+v", rows)
	}
	// lookup returns only the user id.
	r = env.Do("GET", lookupURL+c.addr, env.Key, nil)
	if r.Status != 200 || len(r.JSON()) != 1 || r.JSON()["user_id"] != env.UserID {
		t.Errorf("lookup = %d %s", r.Status, r.Body)
	}
	// Signing in with the linked wallet is signing in as acme's owner.
	s := signIn(t, env, c)
	if s.User.ID != env.UserID || s.User.NewUser || s.Organization["id"] != env.OrgID || s.Organization["role"] != "owner" {
		t.Errorf("sign-in with a linked wallet = %+v", s)
	}

	// A narrower key may not add a way to sign in as its user.
	narrow := env.NewOrg("globex", "developer", "projects:read")
	if r := link(t, env, narrow, d); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
		t.Errorf("link with a narrow key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("POST", unlinkURL, narrow, nil); r.Status != 403 {
		t.Errorf("unlink with a narrow key = %d %s", r.Status, r.Body)
	}
	// An address linked to another user: 409 DUPLICATE_RESOURCE, nothing
	// written.
	other := env.NewOrg("initech", "developer")
	before := countWalletRows(t, env)
	if r := link(t, env, other, c); r.Status != 409 || r.ErrorCode() != "DUPLICATE_RESOURCE" {
		t.Errorf("link of another user's address = %d %s", r.Status, r.Body)
	}
	// A second wallet on one user: 409 CONFLICT.
	if r := link(t, env, env.Key, d); r.Status != 409 || r.ErrorCode() != "CONFLICT" || errorReason(r) != "another_wallet_linked" {
		t.Errorf("link of a second wallet = %d %s", r.Status, r.Body)
	}
	if got := countWalletRows(t, env); got != before {
		t.Errorf("refused links wrote rows: %+v, before %+v", got, before)
	}
	// Linking the same wallet again is a no-op.
	if r := link(t, env, env.Key, c); r.Status != 200 || r.JSON()["address"] != c.addr {
		t.Errorf("relink = %d %s", r.Status, r.Body)
	}

	// Unlink revokes the wallet's sessions and frees the address.
	if r := env.Do("GET", "/api/v1/users/me", s.AccessToken, nil); r.Status != 200 {
		t.Fatalf("session before unlink = %d %s", r.Status, r.Body)
	}
	r = env.Do("POST", unlinkURL, env.Key, nil)
	if r.Status != 200 || r.JSON()["linked"] != false || r.JSON()["address"] != nil {
		t.Fatalf("unlink = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/users/me", s.AccessToken, nil); r.Status != 401 || r.ErrorCode() != "UNAUTHORIZED" {
		t.Errorf("session after unlink = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/users/me", env.Key, nil); r.Status != 200 {
		t.Errorf("the API key after unlink = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", lookupURL+c.addr, env.Key, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
		t.Errorf("lookup after unlink = %d %s", r.Status, r.Body)
	}
	if r := env.Do("POST", unlinkURL, env.Key, nil); r.Status != 404 {
		t.Errorf("second unlink = %d %s", r.Status, r.Body)
	}
	if rows := auditFor(t, env, env.OrgID, "auth.wallet.unlinked"); len(rows) != 1 {
		t.Errorf("audit auth.wallet.unlinked = %+v", rows)
	}
	// The freed address can be linked by another user now.
	if r := link(t, env, other, c); r.Status != 200 {
		t.Errorf("link of a freed address = %d %s", r.Status, r.Body)
	}
}

func TestWalletSessionUnlinksItself(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	k := newSolKey(t)
	s := signIn(t, env, k)
	s2 := signIn(t, env, k)
	r := env.Do("POST", unlinkURL, s.AccessToken, nil)
	if r.Status != 200 || r.JSON()["linked"] != false {
		t.Fatalf("unlink with the session = %d %s", r.Status, r.Body)
	}
	for _, tok := range []string{s.AccessToken, s2.AccessToken} {
		if r := env.Do("GET", statusURL, tok, nil); r.Status != 401 {
			t.Errorf("session after unlink = %d %s", r.Status, r.Body)
		}
	}
	if rows := auditFor(t, env, s.Organization["id"], "auth.wallet.unlinked"); len(rows) != 1 {
		t.Errorf("audit = %+v", rows)
	}
	// Signing in again with the address makes a new user: the old one no
	// longer holds it.
	if again := signIn(t, env, k); !again.User.NewUser || again.User.ID == s.User.ID {
		t.Errorf("sign-in after unlink = %+v", again)
	}
}

// TestWalletSessionRole: a session's permissions are the user's role in
// the organization it acts in, read live.
func TestWalletSessionRole(t *testing.T) {
	clock := &testClock{}
	env := servertest.New(t, servertest.Options{NoWorker: true, Clock: clock.now})
	k := newSolKey(t)
	home := signIn(t, env, k)
	email := data(env.Do("GET", "/api/v1/users/me", home.AccessToken, nil))["email"].(string)
	// acme invites the wallet user as a viewer; the session accepts.
	r := env.Do("POST", "/api/v1/organizations/"+env.OrgID+"/invitations", env.Key, map[string]any{"email": email, "role": "viewer"})
	if r.Status != 201 {
		t.Fatalf("invite %s = %d %s", email, r.Status, r.Body)
	}
	token := data(r)["token"].(string)
	if r := env.Do("POST", "/api/v1/invitations/"+token+"/accept", home.AccessToken, nil); r.Status != 201 {
		t.Fatalf("accept with a session = %d %s", r.Status, r.Body)
	}
	viewer := signIn(t, env, k, "organization_id", env.OrgID)
	if viewer.Organization["id"] != env.OrgID || viewer.Organization["role"] != "viewer" || viewer.Organization["plan"] != "developer" {
		t.Fatalf("session in acme = %+v", viewer.Organization)
	}
	if r := env.Do("GET", "/api/v1/projects", viewer.AccessToken, nil); r.Status != 200 {
		t.Errorf("viewer reads projects = %d %s", r.Status, r.Body)
	}
	if r := env.Do("POST", "/api/v1/projects", viewer.AccessToken, map[string]any{"name": "x"}); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
		t.Errorf("viewer creates a project = %d %s", r.Status, r.Body)
	}
	// A session for an organization the user is not in: 404, nothing
	// written.
	other := env.NewOrg("globex", "free")
	otherOrg := data(env.Do("GET", "/api/v1/users/me", other, nil))["organization"].(map[string]any)["id"].(string)
	_, msg := challenge(t, env, k.addr)
	before := countWalletRows(t, env)
	body := proof(k.addr, k.sign(msg), msg)
	body["organization_id"] = otherOrg
	if r := env.Do("POST", verifyURL, "", body); r.Status != 404 {
		t.Errorf("session for a foreign organization = %d %s", r.Status, r.Body)
	}
	if got := countWalletRows(t, env); got != before {
		t.Errorf("refused sign-in wrote rows: %+v, before %+v", got, before)
	}
	// Removed from acme: the acme session stops working at once.
	if r := env.Do("DELETE", "/api/v1/organizations/"+env.OrgID+"/members/"+viewer.User.ID, env.Key, nil); r.Status != 204 {
		t.Fatalf("remove member = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/projects", viewer.AccessToken, nil); r.Status != 401 {
		t.Errorf("session of a removed member = %d %s", r.Status, r.Body)
	}
	// Sessions last 24 hours: then KEY_EXPIRED.
	if r := env.Do("GET", statusURL, home.AccessToken, nil); r.Status != 200 {
		t.Fatalf("home session = %d %s", r.Status, r.Body)
	}
	clock.advance(24*time.Hour + time.Second)
	if r := env.Do("GET", statusURL, home.AccessToken, nil); r.Status != 401 || r.ErrorCode() != "KEY_EXPIRED" || !strings.Contains(r.JSON()["error"].(map[string]any)["message"].(string), "session") {
		t.Errorf("expired session = %d %s", r.Status, r.Body)
	}
}

func TestWalletLookup(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	k := newSolKey(t)
	if r := env.Do("GET", lookupURL+k.addr, "", nil); r.Status != 401 {
		t.Errorf("lookup without a key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", lookupURL+k.addr, env.Key, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
		t.Errorf("lookup of an unknown address = %d %s", r.Status, r.Body)
	}
	for _, bad := range []string{"0OIl", strings.Repeat("z", 45), "11" + strings.Repeat("z", 41)} {
		if r := env.Do("GET", lookupURL+bad, env.Key, nil); r.Status != 422 || r.ErrorCode() != "INVALID_FIELD" {
			t.Errorf("lookup of %q = %d %s", bad, r.Status, r.Body)
		}
	}
	s := signIn(t, env, k)
	// Any credential may look up, whatever its scopes and organization.
	narrow := env.NewOrg("globex", "free", "projects:read")
	for _, key := range []string{env.Key, narrow, s.AccessToken} {
		if r := env.Do("GET", lookupURL+k.addr, key, nil); r.Status != 200 || len(r.JSON()) != 1 || r.JSON()["user_id"] != s.User.ID {
			t.Errorf("lookup = %d %s", r.Status, r.Body)
		}
	}
}

// TestWalletRateLimit: nonce and verify share a per-IP window of 30 a
// minute, separate from the organization's windows.
func TestWalletRateLimit(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true, RateLimit: true})
	k := newSolKey(t)
	var msg string
	for i := 0; i < 29; i++ {
		r := env.Do("POST", nonceURL, "", map[string]any{"address": k.addr})
		if r.Status != 200 || r.Header.Get("X-RateLimit-Limit") != "30" {
			t.Fatalf("nonce %d = %d limit %q %s", i, r.Status, r.Header.Get("X-RateLimit-Limit"), r.Body)
		}
		msg = r.JSON()["message"].(string)
	}
	// The 30th call is a verify.
	if r := env.Do("POST", verifyURL, "", proof(k.addr, k.sign(msg), msg)); r.Status != 200 || r.Header.Get("X-RateLimit-Remaining") != "0" {
		t.Fatalf("verify = %d remaining %q %s", r.Status, r.Header.Get("X-RateLimit-Remaining"), r.Body)
	}
	for _, path := range []string{nonceURL, verifyURL} {
		r := env.Do("POST", path, "", map[string]any{"address": k.addr})
		if r.Status != 429 || r.ErrorCode() != "RATE_LIMITED" || r.Header.Get("Retry-After") == "" {
			t.Errorf("%s past the limit = %d %s", path, r.Status, r.Body)
		}
	}
	// Authenticated wallet routes count against the organization instead.
	if r := env.Do("GET", statusURL, env.Key, nil); r.Status != 200 {
		t.Errorf("status while the IP's wallet window is spent = %d %s", r.Status, r.Body)
	}
}
