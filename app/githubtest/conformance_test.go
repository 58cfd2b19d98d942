package githubtest

import (
	"errors"
	"net/http"
	"net/url"
	"testing"
)

// conform validates the recorded calls when GitHub's description is present,
// and only logs when it is absent (the test's own assertions still count).
func conform(t *testing.T, s *Server) {
	t.Helper()
	if _, err := LoadSpec(); errors.Is(err, ErrNoOpenAPI) {
		t.Log("conformance not checked: ", err)
		return
	}
	s.CheckConformance(t)
	// The fake's answers are checked where they are complete: token minting
	// and GitHub's error bodies. (Check runs, statuses, comments, contents and
	// installations carry only the fields the App reads; see the package doc.)
	sp, _ := LoadSpec()
	for _, c := range s.CallsMatching("POST", "/app/installations/*/access_tokens") {
		if err := sp.ValidateResponse(c); err != nil {
			t.Errorf("fake's response does not conform: %v", err)
		}
	}
	for _, c := range s.Calls() {
		if c.Status >= 400 && c.Status < 500 {
			if err := sp.ValidateResponse(c); err != nil {
				t.Errorf("fake's error response does not conform: %v", err)
			}
		}
	}
}

func loadSpecOrSkip(t *testing.T) *Spec {
	t.Helper()
	sp, err := LoadSpec()
	if errors.Is(err, ErrNoOpenAPI) {
		t.Skip(err.Error())
	}
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func TestConformanceRejectsWrongRequests(t *testing.T) {
	sp := loadSpecOrSkip(t)
	ok := Call{Method: "PATCH", Path: "/repos/acme/vault/check-runs/12", ContentType: "application/json",
		Body: []byte(`{"name":"bulwark","conclusion":"failure"}`)}
	if err := sp.ValidateCall(ok); err != nil {
		t.Fatalf("valid update rejected: %v", err)
	}
	bad := []Call{
		{Method: "PATCH", Path: "/repos/acme/vault/check-runs/12", ContentType: "application/json",
			Body: []byte(`{"name":"bulwark","conclusion":"broken"}`)},
		{Method: "POST", Path: "/repos/acme/vault/check-runs", ContentType: "application/json",
			Body: []byte(`{"name":"bulwark"}`)}, // head_sha is required
		{Method: "POST", Path: "/repos/acme/vault/statuses/abc", ContentType: "application/json",
			Body: []byte(`{"state":"green"}`)},
		{Method: "POST", Path: "/repos/acme/vault/issues/3/comments", ContentType: "application/json",
			Body: []byte(`{"body":5}`)},
		{Method: "GET", Path: "/repos/acme/vault/commits/abc/check-runs", Query: url.Values{"status": {"done"}}},
		{Method: "GET", Path: "/repos/acme/vault/no-such-endpoint"},
	}
	for _, c := range bad {
		if err := sp.ValidateCall(c); err == nil {
			t.Errorf("%s %s %s: accepted, want rejected", c.Method, c.Path, c.Body)
		}
	}
}

func TestResponseValidationCanFail(t *testing.T) {
	sp := loadSpecOrSkip(t)
	c := Call{Method: "POST", Path: "/app/installations/7/access_tokens", Status: 201,
		ResponseHeader: http.Header{"Content-Type": {"application/json"}}}
	c.ResponseBody = []byte(`{"token":"ghs_x","expires_at":"2026-01-01T00:00:00Z"}`)
	if err := sp.ValidateResponse(c); err != nil {
		t.Fatalf("valid token response rejected: %v", err)
	}
	c.ResponseBody = []byte(`{"expires_at":"2026-01-01T00:00:00Z"}`) // token is required
	if err := sp.ValidateResponse(c); err == nil {
		t.Fatal("token response without token accepted")
	}
}
