package server_test

import (
	"net/url"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

type auditPage struct {
	AuditLogs []struct {
		ID           string         `json:"id"`
		Action       string         `json:"action"`
		ResourceType string         `json:"resource_type"`
		ResourceID   string         `json:"resource_id"`
		UserID       *string        `json:"user_id"`
		APIKeyID     *string        `json:"api_key_id"`
		IP           string         `json:"ip"`
		UserAgent    string         `json:"user_agent"`
		RequestID    string         `json:"request_id"`
		Metadata     map[string]any `json:"metadata"`
		CreatedAt    time.Time      `json:"created_at"`
	} `json:"audit_logs"`
	Total    int `json:"total"`
	PageInfo struct {
		HasNext bool    `json:"has_next_page"`
		End     *string `json:"end_cursor"`
	} `json:"page_info"`
}

func (p auditPage) actions() []string {
	var out []string
	for _, e := range p.AuditLogs {
		out = append(out, e.Action+"@"+e.CreatedAt.Format("01-02T15"))
	}
	return out
}

func TestAuditLogs(t *testing.T) {
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	env := servertest.New(t, servertest.Options{NoWorker: true, Clock: func() time.Time { return now }})
	now = time.Date(2026, 11, 10, 12, 0, 0, 0, time.UTC)
	env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "a"})
	now = time.Date(2026, 11, 15, 12, 0, 0, 0, time.UTC)
	r := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "b"}, append(ua, "X-Request-Id", "trace-b.1")...)
	b := r.JSON()["id"].(string)
	env.Do("PATCH", "/api/v1/projects/"+b, env.Key, map[string]any{"name": "b2"})
	now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	mem := join(t, env, env.Key, "memberco", "member")

	get := func(key, q string) auditPage {
		t.Helper()
		r := env.Do("GET", "/api/v1/audit-logs?"+q, key, nil)
		if r.Status != 200 {
			t.Fatalf("GET ?%s = %d %s", q, r.Status, r.Body)
		}
		var p auditPage
		r.Decode(t, &p)
		return p
	}
	all := get(env.Key, "")
	want := []string{"api_key.created@11-20T12", "member.joined@11-20T12", "member.invited@11-20T12",
		"project.updated@11-15T12", "project.created@11-15T12", "project.created@11-10T12", "api_key.created@11-01T00"}
	if diff := cmp.Diff(want, all.actions()); diff != "" || all.Total != len(want) {
		t.Errorf("all entries (-want +got):\n%s", diff)
	}
	// The entry of the project b request carries actor, ip, agent and the
	// request id the client sent.
	e := all.AuditLogs[4]
	if e.ResourceType != "project" || e.ResourceID != b || e.UserID == nil || *e.UserID != env.UserID || e.APIKeyID == nil ||
		e.IP != "127.0.0.1" || e.UserAgent != testAgent || e.RequestID != "trace-b.1" || e.Metadata["name"] != "b" {
		t.Errorf("project.created entry = %+v", e)
	}
	if all.AuditLogs[3].Metadata == nil {
		t.Errorf("metadata is null, want {}")
	}

	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"action=project.created", []string{"project.created@11-15T12", "project.created@11-10T12"}},
		{"resource_type=project", []string{"project.updated@11-15T12", "project.created@11-15T12", "project.created@11-10T12"}},
		{"from=2026-11-15&to=2026-11-15", []string{"project.updated@11-15T12", "project.created@11-15T12"}},
		{"from=2026-11-15T12:00:00Z&to=2026-11-15T12:00:00Z", []string{"project.updated@11-15T12", "project.created@11-15T12"}},
		{"from=2026-11-15T12:00:00.000001Z", []string{"api_key.created@11-20T12", "member.joined@11-20T12", "member.invited@11-20T12"}},
		{"to=2026-11-10T11:59:59Z", []string{"api_key.created@11-01T00"}},
		{"to=2026-11-10", []string{"project.created@11-10T12", "api_key.created@11-01T00"}},
		{"from=2026-11-01&to=2026-11-10&action=api_key.created", []string{"api_key.created@11-01T00"}},
		{"user_id=" + mem.UserID, []string{"api_key.created@11-20T12", "member.joined@11-20T12"}},
		{"user_id=" + mem.UserID + "&action=member.joined&resource_type=member", []string{"member.joined@11-20T12"}},
		{"user_id=00000000-0000-7000-8000-000000000000", nil},
		{"action=nothing.happened", nil},
	} {
		if diff := cmp.Diff(tc.want, get(env.Key, tc.q).actions()); diff != "" {
			t.Errorf("?%s (-want +got):\n%s", tc.q, diff)
		}
	}

	// Cursor pages walk a filtered list; the cursor is bound to its filters.
	var walked []string
	q := "resource_type=project&first=2"
	var first auditPage
	for i := range 3 {
		p := get(env.Key, q)
		if i == 0 {
			first = p
		}
		walked = append(walked, p.actions()...)
		if !p.PageInfo.HasNext {
			break
		}
		q = "resource_type=project&first=2&after=" + url.QueryEscape(*p.PageInfo.End)
	}
	if diff := cmp.Diff([]string{"project.updated@11-15T12", "project.created@11-15T12", "project.created@11-10T12"}, walked); diff != "" {
		t.Errorf("cursor walk (-want +got):\n%s", diff)
	}
	other := env.NewOrg("globex", "developer")
	for _, tc := range []struct{ q, key string }{
		{"resource_type=scan&after=" + url.QueryEscape(*first.PageInfo.End), env.Key},
		{"after=" + url.QueryEscape(*first.PageInfo.End), env.Key},
		{"resource_type=project&after=" + url.QueryEscape(*first.PageInfo.End), other},
	} {
		if r := env.Do("GET", "/api/v1/audit-logs?"+tc.q, tc.key, nil); r.Status != 400 || r.ErrorCode() != "INVALID_CURSOR" {
			t.Errorf("?%s = %d %s", tc.q, r.Status, r.Body)
		}
	}
	// Offset style with a filter.
	off := get(env.Key, "resource_type=project&skip=1&limit=1")
	if diff := cmp.Diff([]string{"project.created@11-15T12"}, off.actions()); diff != "" || off.Total != 3 {
		t.Errorf("offset page (-want +got):\n%s total %d", diff, off.Total)
	}

	// Isolation: globex sees only its own bootstrap entry, whatever it asks.
	for _, q := range []string{"", "resource_type=project", "user_id=" + env.UserID} {
		for _, e := range get(other, q).AuditLogs {
			if e.UserID != nil && *e.UserID == env.UserID {
				t.Errorf("globex sees acme's entry %+v", e)
			}
		}
	}
	if n := len(get(other, "").AuditLogs); n != 1 {
		t.Errorf("globex entries = %d, want 1", n)
	}
}

func TestAuditLogErrors(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	noScope := env.NewOrg("noscope", "free", "projects:read")
	reader := env.NewOrg("reader", "free", "audit_logs:read")
	for _, tc := range []struct {
		name, q, key string
		status       int
		code, field  string
	}{
		{"from after to", "from=2026-11-22&to=2026-11-21", env.Key, 422, "INVALID_FIELD", "from"},
		{"bad from", "from=last-week", env.Key, 422, "INVALID_FIELD", "from"},
		{"bad to", "to=2026-11-21T25:00:00Z", env.Key, 422, "INVALID_FIELD", "to"},
		{"bad user_id", "user_id=me", env.Key, 422, "INVALID_FIELD", "user_id"},
		{"bad action", "action=" + url.QueryEscape("DROP TABLE"), env.Key, 422, "INVALID_FIELD", "action"},
		{"mixed styles", "first=1&limit=1", env.Key, 400, "INVALID_REQUEST", ""},
		{"both directions", "first=1&last=1", env.Key, 400, "INVALID_REQUEST", ""},
		{"bad first", "first=1001", env.Key, 422, "INVALID_FIELD", "first"},
		{"no scope", "", noScope, 403, "PERMISSION_DENIED", ""},
		{"no key", "", "", 401, "UNAUTHORIZED", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do("GET", "/api/v1/audit-logs?"+tc.q, tc.key, nil)
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
	if r := env.Do("GET", "/api/v1/audit-logs", reader, nil); r.Status != 200 {
		t.Errorf("audit_logs:read = %d %s", r.Status, r.Body)
	}
}
