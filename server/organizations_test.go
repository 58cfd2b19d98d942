package server_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

func TestOrganizationCreate(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	r := env.Do("POST", "/api/v1/organizations", env.Key, map[string]any{"name": " newco "}, ua...)
	if r.Status != 201 {
		t.Fatalf("create = %d %s", r.Status, r.Body)
	}
	var created struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Data   struct {
			ID            string `json:"id"`
			Name          string `json:"name"`
			Plan          string `json:"plan"`
			Role          string `json:"role"`
			SigningSecret string `json:"signing_secret"`
			APIKey        struct {
				Key    string   `json:"key"`
				Scopes []string `json:"scopes"`
				Status string   `json:"status"`
			} `json:"api_key"`
		} `json:"data"`
	}
	r.Decode(t, &created)
	d := created.Data
	if created.ID != d.ID || created.Status != "active" || d.Name != "newco" || d.Plan != "free" || d.Role != "owner" {
		t.Errorf("created = %s", r.Body)
	}
	if !strings.HasPrefix(d.SigningSecret, "whsec_") || len(d.SigningSecret) < 30 {
		t.Errorf("signing_secret = %q", d.SigningSecret)
	}
	if !strings.HasPrefix(d.APIKey.Key, "bwk_") || cmp.Diff([]string{"*"}, d.APIKey.Scopes) != "" || d.APIKey.Status != "active" {
		t.Errorf("api_key = %+v", d.APIKey)
	}
	checkAudit(t, env, r, d.ID, "organization.created", d.ID, env.UserID)
	checkAudit(t, env, r, env.OrgID, "organization.created", d.ID, env.UserID)

	// The returned key acts in the new organization as its owner.
	me := env.Do("GET", "/api/v1/users/me", d.APIKey.Key, nil)
	if org := data(me)["organization"].(map[string]any); org["id"] != d.ID || org["role"] != "owner" || data(me)["id"] != env.UserID {
		t.Errorf("me with the new key = %s", me.Body)
	}
	// The secret is shown once: GET never carries it.
	g := env.Do("GET", "/api/v1/organizations/"+d.ID, env.Key, nil)
	if g.Status != 200 || strings.Contains(string(g.Body), d.SigningSecret) || data(g)["role"] != "owner" {
		t.Errorf("get = %d %s", g.Status, g.Body)
	}

	// A key never yields a broader key for the new organization.
	narrow := env.NewOrg("narrow", "free", "organizations:write", "projects:read")
	r = env.Do("POST", "/api/v1/organizations", narrow, map[string]any{"name": "n2", "plan": "free"})
	if r.Status != 201 {
		t.Fatalf("narrow create = %d %s", r.Status, r.Body)
	}
	scopes := data(r)["api_key"].(map[string]any)["scopes"]
	if diff := cmp.Diff([]any{"organizations:write", "projects:read"}, scopes); diff != "" {
		t.Errorf("new key scopes (-want +got):\n%s", diff)
	}
}

func TestOrganizationBadInput(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	reader := env.NewOrg("reader", "free", "organizations:read")
	for _, tc := range []struct {
		name, method, path, key string
		body                    any
		status                  int
		code                    string
	}{
		{"missing name", "POST", "/api/v1/organizations", env.Key, `{}`, 422, "MISSING_FIELD"},
		{"blank name", "POST", "/api/v1/organizations", env.Key, `{"name":"  "}`, 422, "INVALID_FIELD"},
		{"long name", "POST", "/api/v1/organizations", env.Key, map[string]any{"name": strings.Repeat("a", 256)}, 422, "INVALID_FIELD"},
		{"name wrong type", "POST", "/api/v1/organizations", env.Key, `{"name":1}`, 422, "INVALID_FIELD"},
		{"unknown field", "POST", "/api/v1/organizations", env.Key, `{"name":"x","owner":"y"}`, 422, "INVALID_FIELD"},
		{"unknown plan", "POST", "/api/v1/organizations", env.Key, `{"name":"x","plan":"gold"}`, 422, "INVALID_FIELD"},
		{"paid plan", "POST", "/api/v1/organizations", env.Key, `{"name":"x","plan":"developer"}`, 403, "PERMISSION_DENIED"},
		{"malformed", "POST", "/api/v1/organizations", env.Key, `{"name":`, 400, "INVALID_REQUEST"},
		{"read scope creates", "POST", "/api/v1/organizations", reader, `{"name":"x"}`, 403, "PERMISSION_DENIED"},
		{"read scope patches", "PATCH", "/api/v1/organizations/" + env.OrgID, reader, `{"name":"x"}`, 403, "PERMISSION_DENIED"},
		{"patch blank", "PATCH", "/api/v1/organizations/" + env.OrgID, env.Key, `{"name":""}`, 422, "INVALID_FIELD"},
		{"patch plan", "PATCH", "/api/v1/organizations/" + env.OrgID, env.Key, `{"plan":"enterprise"}`, 403, "PERMISSION_DENIED"},
		{"patch unknown", "PATCH", "/api/v1/organizations/" + env.OrgID, env.Key, `{"signing_secret":"x"}`, 422, "INVALID_FIELD"},
		{"bad uuid", "GET", "/api/v1/organizations/nope", env.Key, nil, 404, "RESOURCE_NOT_FOUND"},
		{"unknown org", "GET", "/api/v1/organizations/00000000-0000-7000-8000-000000000000", env.Key, nil, 404, "RESOURCE_NOT_FOUND"},
		{"no key", "GET", "/api/v1/organizations", "", nil, 401, "UNAUTHORIZED"},
		{"cursor on offset-only list", "GET", "/api/v1/organizations?first=1", env.Key, nil, 400, "INVALID_REQUEST"},
		{"after on offset-only list", "GET", "/api/v1/organizations?after=abc", env.Key, nil, 400, "INVALID_REQUEST"},
		{"bad limit", "GET", "/api/v1/organizations?limit=0", env.Key, nil, 422, "INVALID_FIELD"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do(tc.method, tc.path, tc.key, tc.body)
			if r.Status != tc.status || r.ErrorCode() != tc.code {
				t.Errorf("= %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
		})
	}
	var n int
	if err := env.DB.NewRaw("SELECT count(*) FROM organizations").Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("organizations after rejected creates = %d, want 2", n)
	}
}

func TestOrganizationListAndIsolation(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	other := env.NewOrg("globex", "developer")
	var globexID string
	if r := env.Do("GET", "/api/v1/users/me", other, nil); r.Status == 200 {
		globexID = data(r)["organization"].(map[string]any)["id"].(string)
	}
	for i := range 3 {
		if r := env.Do("POST", "/api/v1/organizations", env.Key, map[string]any{"name": fmt.Sprintf("o%d", i)}); r.Status != 201 {
			t.Fatalf("create = %d %s", r.Status, r.Body)
		}
	}
	type list struct {
		Organizations []struct {
			ID   string `json:"id"`
			Name string `json:"name"`
			Role string `json:"role"`
		} `json:"organizations"`
		Total    int `json:"total"`
		Page     int `json:"page"`
		PageSize int `json:"page_size"`
	}
	var all list
	env.Do("GET", "/api/v1/organizations", env.Key, nil).Decode(t, &all)
	var names []string
	for _, o := range all.Organizations {
		names = append(names, o.Name+":"+o.Role)
	}
	if diff := cmp.Diff([]string{"o2:owner", "o1:owner", "o0:owner", "acme:owner"}, names); diff != "" || all.Total != 4 || all.PageSize != 100 || all.Page != 1 {
		t.Errorf("list = %+v (-want +got):\n%s", all, diff)
	}
	var page list
	env.Do("GET", "/api/v1/organizations?skip=2&limit=2", env.Key, nil).Decode(t, &page)
	if len(page.Organizations) != 2 || page.Organizations[0].Name != "o0" || page.Total != 4 || page.Page != 2 {
		t.Errorf("offset page = %+v", page)
	}
	var theirs list
	env.Do("GET", "/api/v1/organizations", other, nil).Decode(t, &theirs)
	if len(theirs.Organizations) != 1 || theirs.Organizations[0].ID != globexID || theirs.Total != 1 {
		t.Errorf("globex sees %+v", theirs)
	}
	// Every organization route with acme's id, called by globex, is 404.
	for _, m := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/organizations/" + env.OrgID, nil},
		{"PATCH", "/organizations/" + env.OrgID, map[string]any{"name": "stolen"}},
		{"GET", "/organizations/" + env.OrgID + "/members", nil},
		{"POST", "/organizations/" + env.OrgID + "/invitations", map[string]any{"email": "x@globex.test", "role": "admin"}},
		{"DELETE", "/organizations/" + env.OrgID + "/members/" + env.UserID, nil},
		{"POST", "/organizations/" + env.OrgID + "/signing-secret", nil},
	} {
		if r := env.Do(m.method, "/api/v1"+m.path, other, m.body); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("%s %s by globex = %d %s", m.method, m.path, r.Status, r.Body)
		}
	}
	if g := env.Do("GET", "/api/v1/organizations/"+env.OrgID, env.Key, nil); data(g)["name"] != "acme" {
		t.Errorf("acme renamed by another org: %s", g.Body)
	}
}

func TestOrganizationUpdateAndRoles(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	admin := join(t, env, env.Key, "adminco", "admin")
	mem := join(t, env, env.Key, "memberco", "member")
	viewer := join(t, env, env.Key, "viewerco", "viewer")

	r := env.Do("PATCH", "/api/v1/organizations/"+env.OrgID, admin.Key, map[string]any{"name": "acme inc"}, ua...)
	if r.Status != 200 || data(r)["name"] != "acme inc" || data(r)["role"] != "admin" || data(r)["plan"] != "developer" {
		t.Fatalf("admin patch = %d %s", r.Status, r.Body)
	}
	checkAudit(t, env, r, env.OrgID, "organization.updated", env.OrgID, admin.UserID)
	for _, k := range []string{mem.Key, viewer.Key} {
		if r := env.Do("PATCH", "/api/v1/organizations/"+env.OrgID, k, map[string]any{"name": "x"}); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
			t.Errorf("low role patch = %d %s", r.Status, r.Body)
		}
	}
	// A member may read the organization and sees their own role.
	if r := env.Do("GET", "/api/v1/organizations/"+env.OrgID, viewer.Key, nil); r.Status != 200 || data(r)["role"] != "viewer" || data(r)["name"] != "acme inc" {
		t.Errorf("viewer get = %d %s", r.Status, r.Body)
	}
	// The joined user's own key reads acme too (they are a member), but
	// cannot change it: keys act in their own organization.
	if r := env.Do("GET", "/api/v1/organizations/"+env.OrgID, admin.HomeKey, nil); r.Status != 200 || data(r)["role"] != "admin" {
		t.Errorf("home key get = %d %s", r.Status, r.Body)
	}
	if r := env.Do("PATCH", "/api/v1/organizations/"+env.OrgID, admin.HomeKey, map[string]any{"name": "y"}); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
		t.Errorf("home key patch = %d %s", r.Status, r.Body)
	}
	var l struct {
		Organizations []struct{ Name, Role string } `json:"organizations"`
	}
	env.Do("GET", "/api/v1/organizations", admin.HomeKey, nil).Decode(t, &l)
	if diff := cmp.Diff([]struct{ Name, Role string }{{"adminco", "owner"}, {"acme inc", "admin"}}, l.Organizations); diff != "" {
		t.Errorf("joined user's organizations (-want +got):\n%s", diff)
	}
}

func TestSigningSecretRotate(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	mem := join(t, env, env.Key, "memberco", "member")
	var before string
	if err := env.DB.NewRaw("SELECT signing_secret FROM organizations WHERE id = ?", env.OrgID).Scan(context.Background(), &before); err != nil {
		t.Fatal(err)
	}
	r := env.Do("POST", "/api/v1/organizations/"+env.OrgID+"/signing-secret", env.Key, nil, ua...)
	if r.Status != 200 {
		t.Fatalf("rotate = %d %s", r.Status, r.Body)
	}
	secret, _ := data(r)["signing_secret"].(string)
	var after string
	if err := env.DB.NewRaw("SELECT signing_secret FROM organizations WHERE id = ?", env.OrgID).Scan(context.Background(), &after); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(secret, "whsec_") || secret == before || secret != after {
		t.Errorf("rotate returned %q; stored %q (before %q)", secret, after, before)
	}
	checkAudit(t, env, r, env.OrgID, "organization.signing_secret_rotated", env.OrgID, env.UserID)
	if r := env.Do("POST", "/api/v1/organizations/"+env.OrgID+"/signing-secret", mem.Key, nil); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
		t.Errorf("member rotate = %d %s", r.Status, r.Body)
	}
	if r := env.Do("POST", "/api/v1/organizations/not-a-uuid/signing-secret", env.Key, nil); r.Status != 404 {
		t.Errorf("bad id rotate = %d %s", r.Status, r.Body)
	}
}

func TestMembers(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	admin := join(t, env, env.Key, "adminco", "admin")
	mem := join(t, env, admin.Key, "memberco", "member")
	viewer := join(t, env, admin.Key, "viewerco", "viewer")

	type members struct {
		Members []struct {
			UserID string `json:"user_id"`
			Email  string `json:"email"`
			Role   string `json:"role"`
		} `json:"members"`
		Total    int `json:"total"`
		PageInfo *struct {
			HasNext bool    `json:"has_next_page"`
			End     *string `json:"end_cursor"`
		} `json:"page_info"`
	}
	var all members
	r := env.Do("GET", "/api/v1/organizations/"+env.OrgID+"/members", viewer.Key, nil)
	r.Decode(t, &all)
	var got []string
	for _, m := range all.Members {
		got = append(got, m.Email+":"+m.Role)
	}
	want := []string{"owner@viewerco.test:viewer", "owner@memberco.test:member", "owner@adminco.test:admin", "owner@acme.test:owner"}
	if diff := cmp.Diff(want, got); diff != "" || all.Total != 4 {
		t.Errorf("members (-want +got):\n%s\n%s", diff, r.Body)
	}
	// Cursor style walks the same list.
	var walked []string
	q := "first=3"
	for range 3 {
		var p members
		env.Do("GET", "/api/v1/organizations/"+env.OrgID+"/members?"+q, env.Key, nil).Decode(t, &p)
		for _, m := range p.Members {
			walked = append(walked, m.Email+":"+m.Role)
		}
		if p.PageInfo == nil || !p.PageInfo.HasNext {
			break
		}
		q = "first=3&after=" + url.QueryEscape(*p.PageInfo.End)
	}
	if diff := cmp.Diff(want, walked); diff != "" {
		t.Errorf("cursor walk (-want +got):\n%s", diff)
	}
	// A members cursor of acme is refused on another organization.
	var first members
	env.Do("GET", "/api/v1/organizations/"+env.OrgID+"/members?first=1", env.Key, nil).Decode(t, &first)
	r = env.Do("POST", "/api/v1/organizations", env.Key, map[string]any{"name": "second"})
	second := data(r)["id"].(string)
	if r := env.Do("GET", "/api/v1/organizations/"+second+"/members?after="+url.QueryEscape(*first.PageInfo.End), env.Key, nil); r.Status != 400 || r.ErrorCode() != "INVALID_CURSOR" {
		t.Errorf("acme cursor on another org's members = %d %s", r.Status, r.Body)
	}

	// Removal rules.
	path := func(uid string) string { return "/api/v1/organizations/" + env.OrgID + "/members/" + uid }
	for _, tc := range []struct {
		name, key, uid string
		status         int
		code           string
	}{
		{"member removes", mem.Key, viewer.UserID, 403, "PERMISSION_DENIED"},
		{"viewer removes", viewer.Key, mem.UserID, 403, "PERMISSION_DENIED"},
		{"admin removes owner", admin.Key, env.UserID, 403, "PERMISSION_DENIED"},
		{"last owner", env.Key, env.UserID, 409, "CONFLICT"},
		{"not a member", env.Key, "00000000-0000-7000-8000-000000000000", 404, "RESOURCE_NOT_FOUND"},
		{"bad user id", env.Key, "nope", 404, "RESOURCE_NOT_FOUND"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do("DELETE", path(tc.uid), tc.key, nil)
			if r.Status != tc.status || r.ErrorCode() != tc.code {
				t.Errorf("= %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
		})
	}
	if r := env.Do("GET", "/api/v1/users/me", mem.Key, nil); r.Status != 200 {
		t.Fatalf("member key before removal = %d", r.Status)
	}
	r = env.Do("DELETE", path(mem.UserID), admin.Key, nil, ua...)
	if r.Status != 204 {
		t.Fatalf("admin removes member = %d %s", r.Status, r.Body)
	}
	checkAudit(t, env, r, env.OrgID, "member.removed", mem.UserID, admin.UserID)
	if n := eventCount(t, env, env.OrgID, "member.removed"); n != 1 {
		t.Errorf("member.removed events = %d", n)
	}
	// The removed user's key for acme stops working; their home key does not.
	if r := env.Do("GET", "/api/v1/users/me", mem.Key, nil); r.Status != 401 || r.ErrorCode() != "UNAUTHORIZED" {
		t.Errorf("removed member's key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/users/me", mem.HomeKey, nil); r.Status != 200 {
		t.Errorf("removed member's home key = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/organizations/"+env.OrgID, mem.HomeKey, nil); r.Status != 404 {
		t.Errorf("removed member reads acme = %d %s", r.Status, r.Body)
	}
	if r := env.Do("DELETE", path(mem.UserID), admin.Key, nil); r.Status != 404 {
		t.Errorf("remove twice = %d %s", r.Status, r.Body)
	}
	// With a second owner, an owner may leave.
	owner2 := join(t, env, env.Key, "ownerco", "owner")
	if r := env.Do("DELETE", path(env.UserID), owner2.Key, nil); r.Status != 204 {
		t.Errorf("second owner removes the first = %d %s", r.Status, r.Body)
	}
	if r := env.Do("DELETE", path(owner2.UserID), owner2.Key, nil); r.Status != 409 || r.ErrorCode() != "CONFLICT" {
		t.Errorf("now-last owner leaves = %d %s", r.Status, r.Body)
	}
}
