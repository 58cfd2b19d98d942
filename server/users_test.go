package server_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

func TestUserMe(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	r := env.Do("GET", "/api/v1/users/me", env.Key, nil)
	if r.Status != 200 {
		t.Fatalf("me = %d %s", r.Status, r.Body)
	}
	var got struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Data   struct {
			ID           string            `json:"id"`
			Email        string            `json:"email"`
			Organization map[string]string `json:"organization"`
			APIKey       struct {
				Name      string   `json:"name"`
				Scopes    []string `json:"scopes"`
				ExpiresAt *string  `json:"expires_at"`
			} `json:"api_key"`
		} `json:"data"`
	}
	r.Decode(t, &got)
	if got.ID != env.UserID || got.Data.ID != env.UserID || got.Status != "active" || got.Data.Email != "owner@acme.test" {
		t.Errorf("me = %s", r.Body)
	}
	if diff := cmp.Diff(map[string]string{"id": env.OrgID, "name": "acme", "plan": "developer", "role": "owner"}, got.Data.Organization); diff != "" {
		t.Errorf("organization (-want +got):\n%s", diff)
	}
	if got.Data.APIKey.Name != "bootstrap" || cmp.Diff([]string{"*"}, got.Data.APIKey.Scopes) != "" || got.Data.APIKey.ExpiresAt != nil {
		t.Errorf("api_key = %+v", got.Data.APIKey)
	}

	// Any valid key may call it, whatever its scopes; it shows its own org.
	narrow := env.NewOrg("globex", "startup", "projects:read")
	r = env.Do("GET", "/api/v1/users/me", narrow, nil)
	if r.Status != 200 {
		t.Fatalf("me with a narrow key = %d %s", r.Status, r.Body)
	}
	org := data(r)["organization"].(map[string]any)
	if org["name"] != "globex" || org["plan"] != "startup" || data(r)["email"] != "owner@globex.test" {
		t.Errorf("narrow me = %s", r.Body)
	}
	if r := env.Do("GET", "/api/v1/users/me", "", nil); r.Status != 401 || r.ErrorCode() != "UNAUTHORIZED" {
		t.Errorf("me without key = %d %s", r.Status, r.Body)
	}
}
