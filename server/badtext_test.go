package server_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// TestBadTextRefused replays what fuzzing found: NUL bytes, invalid UTF-8
// and nulls in bodies and query strings were 500s or silently accepted.
// Each is a 422 INVALID_FIELD naming the field, and nothing is written.
func TestBadTextRefused(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	r := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "p"})
	if r.Status != 201 {
		t.Fatalf("create project = %d %s", r.Status, r.Body)
	}
	pid := r.JSON()["id"].(string)
	cases := []struct {
		name, method, path string
		body               string
		field, code        string
	}{
		{"NUL in project name", "POST", "/api/v1/projects", `{"name":"a\u0000b"}`, "name", "INVALID_FIELD"},
		{"raw invalid UTF-8 in project name", "POST", "/api/v1/projects", "{\"name\":\"\xff\xfe\"}", "name", "INVALID_FIELD"},
		{"lone surrogate escape", "POST", "/api/v1/projects", `{"name":"a\ud800b"}`, "name", "INVALID_FIELD"},
		{"NUL in nested array item", "POST", "/api/v1/api-keys", `{"name":"k","scopes":["projects:read","\u0000"]}`, "scopes[1]", "INVALID_FIELD"},
		{"NUL in organization name", "POST", "/api/v1/organizations", `{"name":"x\u0000"}`, "name", "INVALID_FIELD"},
		{"NUL in webhook url", "POST", "/api/v1/webhooks", `{"url":"https://example.com/\u0000","events":["scan.completed"]}`, "url", "INVALID_FIELD"},
		{"invalid UTF-8 in key name", "POST", "/api/v1/projects", "{\"na\xffme\":\"x\"}", "body", "INVALID_FIELD"},
		{"null body on PATCH", "PATCH", "/api/v1/projects/" + pid, `null`, "body", "MISSING_FIELD"},
		{"null body on POST", "POST", "/api/v1/projects", ` null `, "body", "MISSING_FIELD"},
		{"null typed field", "PATCH", "/api/v1/projects/" + pid, `{"name":null}`, "name", "MISSING_FIELD"},
		{"null webhook url", "POST", "/api/v1/webhooks", `{"url":null,"events":["scan.completed"]}`, "url", "MISSING_FIELD"},
		{"null webhook events", "POST", "/api/v1/webhooks", `{"url":"https://example.com/h","events":null}`, "events", "MISSING_FIELD"},
		{"null gate threshold", "PUT", "/api/v1/quality-gates/projects/" + pid, `{"max_critical":null}`, "max_critical", "MISSING_FIELD"},
		{"null preset", "POST", "/api/v1/scans", `{"contract_id":"00000000-0000-0000-0000-000000000000","preset":null}`, "preset", "MISSING_FIELD"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do(tc.method, tc.path, env.Key, []byte(tc.body))
			if r.Status != 422 || r.ErrorCode() != tc.code {
				t.Fatalf("%s %s %q = %d %s, want 422 %s", tc.method, tc.path, tc.body, r.Status, r.Body, tc.code)
			}
			details, _ := r.JSON()["error"].(map[string]any)["details"].(map[string]any)
			if details["field"] != tc.field {
				t.Errorf("details = %v, want field %q", details, tc.field)
			}
		})
	}
	var n int
	if err := env.DB.NewRaw("SELECT count(*) FROM projects").Scan(t.Context(), &n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("projects = %d, want only the first", n)
	}

	// A genuine U+FFFD, escaped or literal, is text like any other.
	for _, body := range []string{`{"name":"a\ufffdb"}`, "{\"name\":\"c\xef\xbf\xbdd\"}"} {
		if r := env.Do("POST", "/api/v1/projects", env.Key, []byte(body)); r.Status != 201 {
			t.Errorf("POST %q = %d %s, want 201", body, r.Status, r.Body)
		}
	}

	queries := []struct{ path, field string }{
		{"/api/v1/quality-gates/projects/" + pid + "/badge.svg?branch=%00", "branch"},
		{"/api/v1/scans?status=%ff", "status"},
		{"/api/v1/projects?x%00=1", `"x\x00"`},
		{"/api/v1/vulnerabilities?project_id=%00", "project_id"},
	}
	for _, q := range queries {
		r := env.Do("GET", q.path, env.Key, nil)
		if r.Status != 422 || r.ErrorCode() != "INVALID_FIELD" {
			t.Errorf("GET %s = %d %s, want 422 INVALID_FIELD", q.path, r.Status, r.Body)
			continue
		}
		if f := r.JSON()["error"].(map[string]any)["details"].(map[string]any)["field"]; f != q.field {
			t.Errorf("GET %s field = %v, want %s", q.path, f, q.field)
		}
	}
}
