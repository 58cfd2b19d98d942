package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

func TestInvitationLifecycle(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	home := env.NewOrg("beta", "free")
	r := env.Do("POST", "/api/v1/organizations/"+env.OrgID+"/invitations", env.Key,
		map[string]any{"email": "Owner@Beta.test", "role": "member"}, ua...)
	if r.Status != 201 {
		t.Fatalf("invite = %d %s", r.Status, r.Body)
	}
	var inv struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Data   struct {
			Email     string    `json:"email"`
			Role      string    `json:"role"`
			InvitedBy string    `json:"invited_by"`
			Token     string    `json:"token"`
			ExpiresAt time.Time `json:"expires_at"`
			CreatedAt time.Time `json:"created_at"`
		} `json:"data"`
	}
	r.Decode(t, &inv)
	d := inv.Data
	if inv.Status != "pending" || d.Email != "owner@beta.test" || d.Role != "member" || d.InvitedBy != env.UserID || !strings.HasPrefix(d.Token, "bwi_") {
		t.Errorf("invitation = %s", r.Body)
	}
	if ttl := d.ExpiresAt.Sub(d.CreatedAt); ttl != 7*24*time.Hour {
		t.Errorf("invitation lifetime = %v, want 7 days", ttl)
	}
	checkAudit(t, env, r, env.OrgID, "member.invited", inv.ID, env.UserID)
	if n := eventCount(t, env, env.OrgID, "member.invited"); n != 1 {
		t.Errorf("member.invited events = %d", n)
	}
	// Only the hash is stored.
	var stored int
	if err := env.DB.NewRaw("SELECT count(*) FROM invitations WHERE token_hash = ?", d.Token).Scan(context.Background(), &stored); err != nil || stored != 0 {
		t.Errorf("token stored in clear (%d, %v)", stored, err)
	}

	// Accepting: the caller's user joins, with a new key for acme.
	r = env.Do("POST", "/api/v1/invitations/"+d.Token+"/accept", home, nil, ua...)
	if r.Status != 201 {
		t.Fatalf("accept = %d %s", r.Status, r.Body)
	}
	var acc struct {
		ID   string `json:"id"`
		Data struct {
			Organization map[string]any `json:"organization"`
			APIKey       struct {
				Key    string   `json:"key"`
				Scopes []string `json:"scopes"`
			} `json:"api_key"`
		} `json:"data"`
	}
	r.Decode(t, &acc)
	if acc.ID != env.OrgID || acc.Data.Organization["role"] != "member" || acc.Data.Organization["name"] != "acme" {
		t.Errorf("accept = %s", r.Body)
	}
	wantScopes := []string{"contracts:write", "scans:write", "vulnerabilities:write", "projects:write", "webhooks:read",
		"quality_gates:write", "audit_logs:read", "api_keys:write", "organizations:read", "usage:read", "exports:write", "economic:write"}
	if diff := cmp.Diff(wantScopes, acc.Data.APIKey.Scopes); diff != "" {
		t.Errorf("member key scopes (-want +got):\n%s", diff)
	}
	me := env.Do("GET", "/api/v1/users/me", acc.Data.APIKey.Key, nil)
	joinedUser := data(me)["id"].(string)
	if org := data(me)["organization"].(map[string]any); org["id"] != env.OrgID || org["role"] != "member" || data(me)["email"] != "owner@beta.test" {
		t.Errorf("me with the joined key = %s", me.Body)
	}
	checkAudit(t, env, r, env.OrgID, "member.joined", joinedUser, joinedUser)
	if n := eventCount(t, env, env.OrgID, "member.joined"); n != 1 {
		t.Errorf("member.joined events = %d", n)
	}
	// The joined key has the member's scopes: it writes projects, not webhooks.
	if r := env.Do("POST", "/api/v1/projects", acc.Data.APIKey.Key, map[string]any{"name": "p"}); r.Status != 201 {
		t.Errorf("member creates a project = %d %s", r.Status, r.Body)
	}
	// Single use.
	if r := env.Do("POST", "/api/v1/invitations/"+d.Token+"/accept", home, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
		t.Errorf("second accept = %d %s", r.Status, r.Body)
	}
}

func TestInvitationErrors(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	admin := join(t, env, env.Key, "adminco", "admin")
	mem := join(t, env, env.Key, "memberco", "member")
	viewer := join(t, env, env.Key, "viewerco", "viewer")
	readOnly := env.NewOrg("reader", "free", "organizations:read")
	path := "/api/v1/organizations/" + env.OrgID + "/invitations"
	for _, tc := range []struct {
		name, key string
		body      any
		status    int
		code      string
	}{
		{"missing email", env.Key, `{"role":"member"}`, 422, "MISSING_FIELD"},
		{"missing role", env.Key, `{"email":"a@b.test"}`, 422, "MISSING_FIELD"},
		{"bad email", env.Key, `{"email":"not-an-email","role":"member"}`, 422, "INVALID_FIELD"},
		{"display name", env.Key, `{"email":"Bob <bob@b.test>","role":"member"}`, 422, "INVALID_FIELD"},
		{"no domain dot", env.Key, `{"email":"bob@localhost","role":"member"}`, 422, "INVALID_FIELD"},
		{"bad role", env.Key, `{"email":"a@b.test","role":"god"}`, 422, "INVALID_FIELD"},
		{"role wrong type", env.Key, `{"email":"a@b.test","role":1}`, 422, "INVALID_FIELD"},
		{"unknown field", env.Key, `{"email":"a@b.test","role":"member","note":"x"}`, 422, "INVALID_FIELD"},
		{"malformed", env.Key, `{"email":`, 400, "INVALID_REQUEST"},
		{"member invites", mem.Key, `{"email":"a@b.test","role":"viewer"}`, 403, "PERMISSION_DENIED"},
		{"viewer invites", viewer.Key, `{"email":"a@b.test","role":"viewer"}`, 403, "PERMISSION_DENIED"},
		{"admin invites owner", admin.Key, `{"email":"a@b.test","role":"owner"}`, 403, "PERMISSION_DENIED"},
		{"read scope", readOnly, `{"email":"a@b.test","role":"viewer"}`, 403, "PERMISSION_DENIED"},
		{"already a member", env.Key, `{"email":"owner@adminco.test","role":"viewer"}`, 409, "CONFLICT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do("POST", path, tc.key, tc.body)
			if r.Status != tc.status || r.ErrorCode() != tc.code {
				t.Errorf("= %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
		})
	}
	if r := env.Do("POST", path, admin.Key, map[string]any{"email": "new@b.test", "role": "admin"}); r.Status != 201 {
		t.Errorf("admin invites admin = %d %s", r.Status, r.Body)
	}
	if r := env.Do("POST", path, env.Key, map[string]any{"email": "boss@b.test", "role": "owner"}); r.Status != 201 {
		t.Errorf("owner invites owner = %d %s", r.Status, r.Body)
	}

	invite := func(email string) string {
		t.Helper()
		r := env.Do("POST", path, env.Key, map[string]any{"email": email, "role": "viewer"})
		if r.Status != 201 {
			t.Fatalf("invite = %d %s", r.Status, r.Body)
		}
		return data(r)["token"].(string)
	}
	gamma := env.NewOrg("gamma", "free")
	// Addressed to someone else: refused, and the token stays usable.
	tok := invite("owner@gamma.test")
	if r := env.Do("POST", "/api/v1/invitations/"+tok+"/accept", readOnly, nil); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
		t.Errorf("accept by another address = %d %s", r.Status, r.Body)
	}
	// A second invitation to someone who joined in between is a conflict.
	again := invite("owner@gamma.test")
	if r := env.Do("POST", "/api/v1/invitations/"+tok+"/accept", gamma, nil); r.Status != 201 {
		t.Fatalf("accept = %d %s", r.Status, r.Body)
	}
	if r := env.Do("POST", "/api/v1/invitations/"+again+"/accept", gamma, nil); r.Status != 409 || r.ErrorCode() != "CONFLICT" {
		t.Errorf("accept while already a member = %d %s", r.Status, r.Body)
	}
	// Expired.
	delta := env.NewOrg("delta", "free")
	expired := invite("owner@delta.test")
	if _, err := env.DB.NewRaw("UPDATE invitations SET expires_at = ? WHERE accepted_at IS NULL", time.Now().Add(-time.Hour).UTC()).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, token string }{
		{"expired", expired}, {"used", tok}, {"unknown", "bwi_" + strings.Repeat("0", 48)},
		{"garbage", "garbage"}, {"long", "bwi_" + strings.Repeat("a", 300)},
	} {
		if r := env.Do("POST", "/api/v1/invitations/"+tc.token+"/accept", delta, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("%s token = %d %s", tc.name, r.Status, r.Body)
		}
	}
	if r := env.Do("POST", "/api/v1/invitations/x/accept", "", nil); r.Status != 401 {
		t.Errorf("accept without key = %d %s", r.Status, r.Body)
	}
	var members int
	if err := env.DB.NewRaw("SELECT count(*) FROM memberships WHERE organization_id = ?", env.OrgID).Scan(context.Background(), &members); err != nil {
		t.Fatal(err)
	}
	if members != 5 {
		t.Errorf("acme members = %d, want 5 (no refused accept joined)", members)
	}
}
