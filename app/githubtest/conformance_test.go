package githubtest

import (
	"errors"
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
