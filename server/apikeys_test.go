package server_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

func TestAPIKeyLifecycle(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	exp := time.Now().Add(30 * 24 * time.Hour).UTC().Truncate(time.Second)
	r := env.Do("POST", "/api/v1/api-keys", env.Key, map[string]any{
		"name": "ci", "scopes": []string{"scans:write", "contracts:read", "scans:write"}, "expires_at": exp.Format(time.RFC3339),
	}, ua...)
	if r.Status != 201 {
		t.Fatalf("create = %d %s", r.Status, r.Body)
	}
	var created struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Data   struct {
			ID        string     `json:"id"`
			Key       string     `json:"key"`
			Name      string     `json:"name"`
			Prefix    string     `json:"prefix"`
			Scopes    []string   `json:"scopes"`
			Status    string     `json:"status"`
			ExpiresAt *time.Time `json:"expires_at"`
		} `json:"data"`
	}
	r.Decode(t, &created)
	d := created.Data
	if created.ID != d.ID || d.Name != "ci" || d.Status != "active" || !strings.HasPrefix(d.Key, d.Prefix) || !core.WellFormedAPIKey(d.Key) {
		t.Errorf("created = %s", r.Body)
	}
	if diff := cmp.Diff([]string{"scans:write", "contracts:read"}, d.Scopes); diff != "" {
		t.Errorf("scopes (-want +got):\n%s", diff)
	}
	if d.ExpiresAt == nil || !d.ExpiresAt.Equal(exp) {
		t.Errorf("expires_at = %v, want %v", d.ExpiresAt, exp)
	}
	checkAudit(t, env, r, env.OrgID, "api_key.created", d.ID, env.UserID)

	// The new key works within its scopes.
	if r := env.Do("GET", "/api/v1/users/me", d.Key, nil); r.Status != 200 {
		t.Errorf("new key me = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/projects", d.Key, nil); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
		t.Errorf("new key outside its scopes = %d %s", r.Status, r.Body)
	}

	// The list shows the caller's keys, never a secret or hash.
	r = env.Do("GET", "/api/v1/api-keys", env.Key, nil)
	var list struct {
		APIKeys []map[string]any `json:"api_keys"`
		Total   int              `json:"total"`
	}
	r.Decode(t, &list)
	if list.Total != 2 || len(list.APIKeys) != 2 || list.APIKeys[0]["id"] != d.ID || list.APIKeys[1]["name"] != "bootstrap" {
		t.Fatalf("list = %s", r.Body)
	}
	if strings.Contains(string(r.Body), d.Key) || strings.Contains(string(r.Body), core.HashAPIKey(d.Key)) {
		t.Errorf("list leaks a secret: %s", r.Body)
	}
	for _, k := range list.APIKeys {
		for _, f := range []string{"id", "name", "prefix", "scopes", "status", "created_at", "last_used_at", "expires_at", "revoked_at"} {
			if _, ok := k[f]; !ok {
				t.Errorf("list item lacks %s: %v", f, k)
			}
		}
		if _, ok := k["key"]; ok {
			t.Errorf("list item has key: %v", k)
		}
	}
	// last_used_at is written off the request path: it appears shortly
	// after the first use.
	for deadline := time.Now().Add(5 * time.Second); list.APIKeys[1]["last_used_at"] == nil && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		env.Do("GET", "/api/v1/api-keys", env.Key, nil).Decode(t, &list)
	}
	if list.APIKeys[1]["last_used_at"] == nil {
		t.Errorf("bootstrap key has no last_used_at after use: %v", list.APIKeys[1])
	}

	// Revoke: 204, the key is dead, a second revoke is a conflict.
	r = env.Do("DELETE", "/api/v1/api-keys/"+d.ID, env.Key, nil, ua...)
	if r.Status != 204 {
		t.Fatalf("revoke = %d %s", r.Status, r.Body)
	}
	checkAudit(t, env, r, env.OrgID, "api_key.revoked", d.ID, env.UserID)
	if r := env.Do("GET", "/api/v1/users/me", d.Key, nil); r.Status != 401 || r.ErrorCode() != "UNAUTHORIZED" {
		t.Errorf("revoked key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("DELETE", "/api/v1/api-keys/"+d.ID, env.Key, nil); r.Status != 409 || r.ErrorCode() != "CONFLICT" {
		t.Errorf("revoke twice = %d %s", r.Status, r.Body)
	}
	r = env.Do("GET", "/api/v1/api-keys", env.Key, nil)
	if k := r.JSON()["api_keys"].([]any)[0].(map[string]any); k["status"] != "revoked" || k["revoked_at"] == nil {
		t.Errorf("revoked key in list = %v", k)
	}
}

func TestAPIKeyBadInput(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	limited := env.NewOrg("limited", "free", "api_keys:write", "projects:read", "scans:write")
	reader := env.NewOrg("reader", "free", "api_keys:read")
	now := time.Now().UTC()
	for _, tc := range []struct {
		name, key string
		body      any
		status    int
		code      string
		field     string
	}{
		{"missing name", env.Key, `{"scopes":["*"]}`, 422, "MISSING_FIELD", "name"},
		{"blank name", env.Key, `{"name":" ","scopes":["*"]}`, 422, "INVALID_FIELD", "name"},
		{"long name", env.Key, map[string]any{"name": strings.Repeat("n", 101), "scopes": []string{"*"}}, 422, "INVALID_FIELD", "name"},
		{"missing scopes", env.Key, `{"name":"k"}`, 422, "MISSING_FIELD", "scopes"},
		{"null scopes", env.Key, `{"name":"k","scopes":null}`, 422, "MISSING_FIELD", "scopes"},
		{"empty scopes", env.Key, `{"name":"k","scopes":[]}`, 422, "INVALID_FIELD", "scopes"},
		{"unknown scope", env.Key, `{"name":"k","scopes":["projects:delete"]}`, 422, "INVALID_FIELD", "scopes"},
		{"scopes wrong type", env.Key, `{"name":"k","scopes":"*"}`, 422, "INVALID_FIELD", "scopes"},
		{"bad expires_at", env.Key, `{"name":"k","scopes":["*"],"expires_at":"tomorrow"}`, 422, "INVALID_FIELD", "expires_at"},
		{"date-only expires_at", env.Key, `{"name":"k","scopes":["*"],"expires_at":"2030-01-01"}`, 422, "INVALID_FIELD", "expires_at"},
		{"past expires_at", env.Key, map[string]any{"name": "k", "scopes": []string{"*"}, "expires_at": now.Add(-time.Minute).Format(time.RFC3339)}, 422, "INVALID_FIELD", "expires_at"},
		{"expires_at over 2 years", env.Key, map[string]any{"name": "k", "scopes": []string{"*"}, "expires_at": now.AddDate(2, 0, 2).Format(time.RFC3339)}, 422, "INVALID_FIELD", "expires_at"},
		{"unknown field", env.Key, `{"name":"k","scopes":["*"],"admin":true}`, 422, "INVALID_FIELD", "admin"},
		{"malformed", env.Key, `{"name":"k",`, 400, "INVALID_REQUEST", ""},
		{"escalate to write", limited, `{"name":"k","scopes":["projects:write"]}`, 403, "PERMISSION_DENIED", ""},
		{"escalate to star", limited, `{"name":"k","scopes":["*"]}`, 403, "PERMISSION_DENIED", ""},
		{"escalate other resource", limited, `{"name":"k","scopes":["webhooks:read"]}`, 403, "PERMISSION_DENIED", ""},
		{"read scope creates", reader, `{"name":"k","scopes":["api_keys:read"]}`, 403, "PERMISSION_DENIED", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do("POST", "/api/v1/api-keys", tc.key, tc.body)
			if r.Status != tc.status || r.ErrorCode() != tc.code {
				t.Fatalf("= %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
			if tc.field != "" {
				if f := r.JSON()["error"].(map[string]any)["details"].(map[string]any)["field"]; f != tc.field {
					t.Errorf("details.field = %v, want %s", f, tc.field)
				}
			}
		})
	}
	// Within the creator's scopes (write implies read) it works.
	if r := env.Do("POST", "/api/v1/api-keys", limited, `{"name":"k","scopes":["projects:read","scans:read","scans:write"]}`); r.Status != 201 {
		t.Errorf("narrowing key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("POST", "/api/v1/api-keys", env.Key, map[string]any{"name": "k", "scopes": []string{"*"}, "expires_at": now.AddDate(2, 0, -1).Format(time.RFC3339Nano)}); r.Status != 201 {
		t.Errorf("expiry just under 2 years = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/api-keys", reader, nil); r.Status != 200 {
		t.Errorf("read scope lists = %d %s", r.Status, r.Body)
	}
	for _, p := range []string{"/api/v1/api-keys/nope", "/api/v1/api-keys/00000000-0000-7000-8000-000000000000"} {
		if r := env.Do("DELETE", p, env.Key, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("DELETE %s = %d %s", p, r.Status, r.Body)
		}
	}
}

func TestAPIKeyExpired(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	var userID, orgID = env.UserID, env.OrgID
	secret := core.NewAPIKey()
	past := time.Now().Add(-time.Minute).UTC().Truncate(time.Microsecond)
	k := &db.APIKey{ID: newUUID(t), Name: "old", Prefix: core.DisplayPrefix(secret), Hash: core.HashAPIKey(secret),
		Scopes: []string{"*"}, ExpiresAt: &past, CreatedAt: past.Add(-time.Hour)}
	k.OrganizationID = parseUUID(t, orgID)
	k.UserID = parseUUID(t, userID)
	if _, err := env.DB.NewInsert().Model(k).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/api/v1/users/me", "/api/v1/api-keys", "/api/v1/organizations"} {
		r := env.Do("GET", path, secret, nil)
		if r.Status != 401 || r.ErrorCode() != "KEY_EXPIRED" {
			t.Errorf("GET %s with an expired key = %d %s", path, r.Status, r.Body)
		}
		if h := r.Header.Get("WWW-Authenticate"); !strings.HasPrefix(h, `Bearer error="invalid_token"`) {
			t.Errorf("WWW-Authenticate = %q", h)
		}
	}
	r := env.Do("GET", "/api/v1/api-keys", env.Key, nil)
	if k := r.JSON()["api_keys"].([]any)[1].(map[string]any); k["status"] != "expired" {
		t.Errorf("expired key in list = %v", k)
	}

	// With the service clock: a key valid now expires when time passes.
	var now time.Time
	clk := servertest.New(t, servertest.Options{NoWorker: true, Clock: func() time.Time { return now }})
	now = time.Now()
	r = clk.Do("POST", "/api/v1/api-keys", clk.Key, map[string]any{"name": "short", "scopes": []string{"*"},
		"expires_at": now.Add(time.Hour).UTC().Format(time.RFC3339)})
	short := data(r)["key"].(string)
	if r := clk.Do("GET", "/api/v1/users/me", short, nil); r.Status != 200 {
		t.Fatalf("fresh key = %d %s", r.Status, r.Body)
	}
	now = now.Add(2 * time.Hour)
	if r := clk.Do("GET", "/api/v1/users/me", short, nil); r.Status != 401 || r.ErrorCode() != "KEY_EXPIRED" {
		t.Errorf("key after its expiry = %d %s", r.Status, r.Body)
	}
}

func TestAPIKeyOwnershipAndIsolation(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	admin := join(t, env, env.Key, "adminco", "admin")
	mem := join(t, env, env.Key, "memberco", "member")
	other := env.NewOrg("globex", "developer")
	mk := func(key, name string) string {
		t.Helper()
		r := env.Do("POST", "/api/v1/api-keys", key, map[string]any{"name": name, "scopes": []string{"projects:read"}})
		if r.Status != 201 {
			t.Fatalf("create = %d %s", r.Status, r.Body)
		}
		return data(r)["id"].(string)
	}
	ownerKey := mk(env.Key, "owner's")
	memKey := mk(mem.Key, "member's")
	memKey2 := mk(mem.Key, "member's 2")
	globexKey := mk(other, "globex's")

	// Each user lists only their own keys of the organization.
	names := func(key string) []string {
		var l struct {
			APIKeys []struct{ Name string } `json:"api_keys"`
		}
		env.Do("GET", "/api/v1/api-keys", key, nil).Decode(t, &l)
		var out []string
		for _, k := range l.APIKeys {
			out = append(out, k.Name)
		}
		return out
	}
	if diff := cmp.Diff([]string{"member's 2", "member's", "joined acme"}, names(mem.Key)); diff != "" {
		t.Errorf("member's list (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"owner's", "bootstrap"}, names(env.Key)); diff != "" {
		t.Errorf("owner's list (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"globex's", "bootstrap"}, names(other)); diff != "" {
		t.Errorf("globex's list (-want +got):\n%s", diff)
	}
	// Another organization's key is not found; another member's key is
	// forbidden below admin; admins revoke any key of the organization.
	if r := env.Do("DELETE", "/api/v1/api-keys/"+globexKey, env.Key, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
		t.Errorf("revoke another org's key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("DELETE", "/api/v1/api-keys/"+ownerKey, other, nil); r.Status != 404 {
		t.Errorf("globex revokes acme's key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("DELETE", "/api/v1/api-keys/"+ownerKey, mem.Key, nil); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
		t.Errorf("member revokes owner's key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("DELETE", "/api/v1/api-keys/"+memKey, mem.Key, nil); r.Status != 204 {
		t.Errorf("member revokes own key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("DELETE", "/api/v1/api-keys/"+memKey2, admin.Key, nil); r.Status != 204 {
		t.Errorf("admin revokes member's key = %d %s", r.Status, r.Body)
	}
	// Revoking the key in use works; the next request is refused.
	if r := env.Do("DELETE", "/api/v1/api-keys/"+data(env.Do("GET", "/api/v1/users/me", admin.Key, nil))["api_key"].(map[string]any)["id"].(string), admin.Key, nil); r.Status != 204 {
		t.Errorf("revoke own current key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/api-keys", admin.Key, nil); r.Status != 401 {
		t.Errorf("after revoking itself = %d %s", r.Status, r.Body)
	}
}

func TestAPIKeyPagination(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	for i := range 5 {
		if r := env.Do("POST", "/api/v1/api-keys", env.Key, map[string]any{"name": fmt.Sprintf("k%d", i), "scopes": []string{"*"}}); r.Status != 201 {
			t.Fatalf("create = %d %s", r.Status, r.Body)
		}
	}
	type page struct {
		APIKeys []struct {
			Name string `json:"name"`
		} `json:"api_keys"`
		PageInfo struct {
			HasNext bool    `json:"has_next_page"`
			HasPrev bool    `json:"has_previous_page"`
			Start   *string `json:"start_cursor"`
			End     *string `json:"end_cursor"`
			Total   *int    `json:"total_count"`
		} `json:"page_info"`
	}
	var got []string
	q := "first=2&include_total=true"
	var last page
	for range 5 {
		r := env.Do("GET", "/api/v1/api-keys?"+q, env.Key, nil)
		if r.Status != 200 {
			t.Fatalf("page = %d %s", r.Status, r.Body)
		}
		var p page
		r.Decode(t, &p)
		for _, k := range p.APIKeys {
			got = append(got, k.Name)
		}
		last = p
		if !p.PageInfo.HasNext {
			break
		}
		q = "first=2&include_total=true&after=" + url.QueryEscape(*p.PageInfo.End)
	}
	if diff := cmp.Diff([]string{"k4", "k3", "k2", "k1", "k0", "bootstrap"}, got); diff != "" {
		t.Errorf("forward walk (-want +got):\n%s", diff)
	}
	if last.PageInfo.Total == nil || *last.PageInfo.Total != 6 {
		t.Errorf("total_count = %v", last.PageInfo.Total)
	}
	var back page
	env.Do("GET", "/api/v1/api-keys?last=2&before="+url.QueryEscape(*last.PageInfo.Start), env.Key, nil).Decode(t, &back)
	if len(back.APIKeys) != 2 || back.APIKeys[0].Name != "k2" || back.APIKeys[1].Name != "k1" || !back.PageInfo.HasPrev {
		t.Errorf("backward page = %+v", back)
	}
	var off struct {
		APIKeys  []struct{ Name string } `json:"api_keys"`
		Total    int                     `json:"total"`
		Page     int                     `json:"page"`
		PageSize int                     `json:"page_size"`
	}
	env.Do("GET", "/api/v1/api-keys?skip=4&limit=2", env.Key, nil).Decode(t, &off)
	if len(off.APIKeys) != 2 || off.APIKeys[0].Name != "k0" || off.Total != 6 || off.Page != 3 || off.PageSize != 2 {
		t.Errorf("offset page = %+v", off)
	}
	for _, q := range []string{"first=1&skip=0", "first=1&last=1", "first=0", "after=junk"} {
		r := env.Do("GET", "/api/v1/api-keys?"+q, env.Key, nil)
		if r.Status != 400 && r.Status != 422 {
			t.Errorf("?%s = %d %s", q, r.Status, r.Body)
		}
	}
	// Another org's cursor is refused.
	other := env.NewOrg("globex", "developer")
	if r := env.Do("GET", "/api/v1/api-keys?after="+url.QueryEscape(*last.PageInfo.Start), other, nil); r.Status != 400 || r.ErrorCode() != "INVALID_CURSOR" {
		t.Errorf("foreign cursor = %d %s", r.Status, r.Body)
	}
}
