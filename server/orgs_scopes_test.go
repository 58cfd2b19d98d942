package server_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// TestOrgRouteScopes checks the scope each route of this area needs: a key
// without it is 403 PERMISSION_DENIED, and the read scope never opens a
// write route.
func TestOrgRouteScopes(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	none := env.NewOrg("none", "free", "projects:read")
	orgRead := env.NewOrg("orgread", "free", "organizations:read")
	keysRead := env.NewOrg("keysread", "free", "api_keys:read")
	org := env.OrgID
	const someID = "00000000-0000-7000-8000-000000000000"
	for _, tc := range []struct {
		method, path string
		body         any
		readKey      string // a key with the read scope, refused on write routes
	}{
		{"GET", "/organizations", nil, ""},
		{"POST", "/organizations", map[string]any{"name": "x"}, orgRead},
		{"GET", "/organizations/" + org, nil, ""},
		{"PATCH", "/organizations/" + org, map[string]any{"name": "x"}, orgRead},
		{"GET", "/organizations/" + org + "/members", nil, ""},
		{"POST", "/organizations/" + org + "/invitations", map[string]any{"email": "a@b.test", "role": "viewer"}, orgRead},
		{"DELETE", "/organizations/" + org + "/members/" + someID, nil, orgRead},
		{"POST", "/organizations/" + org + "/signing-secret", nil, orgRead},
		{"POST", "/invitations/bwi_x/accept", nil, ""},
		{"GET", "/api-keys", nil, ""},
		{"POST", "/api-keys", map[string]any{"name": "k", "scopes": []string{"projects:read"}}, keysRead},
		{"DELETE", "/api-keys/" + someID, nil, keysRead},
		{"GET", "/audit-logs", nil, ""},
	} {
		for _, key := range []string{none, tc.readKey} {
			if key == "" {
				continue
			}
			r := env.Do(tc.method, "/api/v1"+tc.path, key, tc.body)
			if r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
				t.Errorf("%s %s without its scope = %d %s", tc.method, tc.path, r.Status, r.Body)
			}
		}
		if r := env.Do(tc.method, "/api/v1"+tc.path, "", tc.body); r.Status != 401 || r.ErrorCode() != "UNAUTHORIZED" {
			t.Errorf("%s %s without a key = %d %s", tc.method, tc.path, r.Status, r.Body)
		}
	}
	// Reads with exactly the read scope.
	if r := env.Do("GET", "/api/v1/organizations", orgRead, nil); r.Status != 200 {
		t.Errorf("GET /organizations with organizations:read = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/users/me", none, nil); r.Status != 200 {
		t.Errorf("GET /users/me with an unrelated scope = %d %s", r.Status, r.Body)
	}
	// A member list of another organization, and bad page sizes.
	if r := env.Do("GET", "/api/v1/organizations/"+org+"/members?first=0", env.Key, nil); r.Status != 422 || r.ErrorCode() != "INVALID_FIELD" {
		t.Errorf("members first=0 = %d %s", r.Status, r.Body)
	}
	if r := env.Do("PATCH", "/api/v1/organizations/"+org, env.Key, `{"name":`); r.Status != 400 || r.ErrorCode() != "INVALID_REQUEST" {
		t.Errorf("PATCH malformed = %d %s", r.Status, r.Body)
	}
}

// TestInvitationAcceptRace accepts one token from several requests at once:
// exactly one joins.
func TestInvitationAcceptRace(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	home := env.NewOrg("racer", "free")
	r := env.Do("POST", "/api/v1/organizations/"+env.OrgID+"/invitations", env.Key, map[string]any{"email": "owner@racer.test", "role": "viewer"})
	token := data(r)["token"].(string)
	const n = 6
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("POST", env.URL+"/api/v1/invitations/"+token+"/accept", strings.NewReader(""))
			req.Header.Set("Authorization", "Bearer "+home)
			resp, err := env.Client.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
			statuses[i] = resp.StatusCode
		}()
	}
	wg.Wait()
	ok := 0
	for _, s := range statuses {
		switch s {
		case 201:
			ok++
		case 404, 409:
		default:
			t.Errorf("concurrent accept status %d", s)
		}
	}
	if ok != 1 {
		t.Errorf("concurrent accepts succeeded %d times (%v), want 1", ok, statuses)
	}
	var keys int
	if err := env.DB.NewRaw("SELECT count(*) FROM api_keys WHERE organization_id = ? AND name LIKE 'joined %'", env.OrgID).Scan(t.Context(), &keys); err != nil {
		t.Fatal(err)
	}
	if keys != 1 {
		t.Errorf("keys issued by the accepts = %d, want 1", keys)
	}
}
