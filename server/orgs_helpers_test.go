package server_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// member is a user who joined acme through an invitation.
type member struct {
	Email, UserID string
	// Key is the user's key in acme (returned by the accept); HomeKey is
	// the owner key of the user's own organization.
	Key, HomeKey string
}

// join makes a new user (owner of org name) and has them join acme with
// role through an invitation sent with inviterKey.
func join(t *testing.T, env *servertest.Env, inviterKey, name, role string) member {
	t.Helper()
	home := env.NewOrg(name, "free")
	email := "owner@" + name + ".test"
	r := env.Do("POST", "/api/v1/organizations/"+env.OrgID+"/invitations", inviterKey, map[string]any{"email": email, "role": role})
	if r.Status != 201 {
		t.Fatalf("invite %s as %s = %d %s", email, role, r.Status, r.Body)
	}
	token := r.JSON()["data"].(map[string]any)["token"].(string)
	r = env.Do("POST", "/api/v1/invitations/"+token+"/accept", home, nil)
	if r.Status != 201 {
		t.Fatalf("accept = %d %s", r.Status, r.Body)
	}
	key := r.JSON()["data"].(map[string]any)["api_key"].(map[string]any)["key"].(string)
	me := env.Do("GET", "/api/v1/users/me", key, nil)
	if me.Status != 200 {
		t.Fatalf("me = %d %s", me.Status, me.Body)
	}
	return member{Email: email, UserID: me.JSON()["id"].(string), Key: key, HomeKey: home}
}

// auditRow is an audit_logs row as the tests check it.
type auditRow struct {
	Action       string  `bun:"action"`
	ResourceType string  `bun:"resource_type"`
	ResourceID   string  `bun:"resource_id"`
	UserID       *string `bun:"user_id"`
	APIKeyID     *string `bun:"api_key_id"`
	IP           string  `bun:"ip"`
	UserAgent    string  `bun:"user_agent"`
	RequestID    string  `bun:"request_id"`
}

// auditFor returns the audit rows of org with action, oldest first.
func auditFor(t *testing.T, env *servertest.Env, orgID, action string) []auditRow {
	t.Helper()
	var rows []auditRow
	err := env.DB.NewRaw("SELECT action, resource_type, resource_id, user_id, api_key_id, ip, user_agent, request_id FROM audit_logs WHERE organization_id = ? AND action = ? ORDER BY created_at, id", orgID, action).Scan(context.Background(), &rows)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// checkAudit asserts that the request r wrote exactly one audit entry with
// action in org, carrying the actor, ip, user agent and request id.
func checkAudit(t *testing.T, env *servertest.Env, r *servertest.Response, orgID, action, resourceID, userID string) {
	t.Helper()
	rid := r.Header.Get("X-Request-Id")
	var found []auditRow
	for _, a := range auditFor(t, env, orgID, action) {
		if a.RequestID == rid {
			found = append(found, a)
		}
	}
	if len(found) != 1 {
		t.Fatalf("audit %s with request id %q: %d entries, want 1", action, rid, len(found))
	}
	a := found[0]
	if resourceID != "" && a.ResourceID != resourceID {
		t.Errorf("audit %s resource_id = %q, want %q", action, a.ResourceID, resourceID)
	}
	if a.UserID == nil || !strings.EqualFold(*a.UserID, userID) {
		t.Errorf("audit %s user_id = %v, want %s", action, a.UserID, userID)
	}
	if a.APIKeyID == nil || *a.APIKeyID == "" {
		t.Errorf("audit %s has no api_key_id", action)
	}
	if a.IP != "127.0.0.1" {
		t.Errorf("audit %s ip = %q", action, a.IP)
	}
	if a.UserAgent != testAgent {
		t.Errorf("audit %s user_agent = %q, want %q", action, a.UserAgent, testAgent)
	}
}

const testAgent = "bulwark-orgs-test/1.0"

// ua is the header pair tests send so audit rows carry a known agent.
var ua = []string{"User-Agent", testAgent}

// eventCount counts outbox events of type in org.
func eventCount(t *testing.T, env *servertest.Env, orgID, typ string) int {
	t.Helper()
	var n int
	if err := env.DB.NewRaw("SELECT count(*) FROM events WHERE organization_id = ? AND type = ?", orgID, typ).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// data returns the data object of an envelope.
func data(r *servertest.Response) map[string]any {
	d, _ := r.JSON()["data"].(map[string]any)
	return d
}

func newUUID(t *testing.T) uuid.UUID {
	t.Helper()
	id, err := uuid.NewV7()
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func parseUUID(t *testing.T, s string) uuid.UUID {
	t.Helper()
	id, err := uuid.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
