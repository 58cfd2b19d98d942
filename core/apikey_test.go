package core_test

import (
	"regexp"
	"testing"

	"github.com/bulwark-sec/bulwark/core"
)

func TestAPIKeyFormat(t *testing.T) {
	format := regexp.MustCompile(`^bwk_[0-9A-Za-z]{32}[0-9A-Za-z]{6}$`)
	seen := map[string]bool{}
	for range 200 {
		k := core.NewAPIKey()
		if !format.MatchString(k) {
			t.Fatalf("key %q does not match %s", k, format)
		}
		if !core.WellFormedAPIKey(k) {
			t.Fatalf("fresh key %q fails its checksum", k)
		}
		if seen[k] {
			t.Fatalf("duplicate key %q", k)
		}
		seen[k] = true
		// Any single-character change is caught by the checksum or format.
		for _, i := range []int{4, 20, 35, len(k) - 1} {
			b := []byte(k)
			if b[i] == 'a' {
				b[i] = 'b'
			} else {
				b[i] = 'a'
			}
			if core.WellFormedAPIKey(string(b)) {
				t.Fatalf("altered key %q (position %d) passes", b, i)
			}
		}
	}
	for _, bad := range []string{"", "bwk_", "bws_" + core.NewAPIKey()[4:], core.NewAPIKey() + "x", "bwk_" + "!" + core.NewAPIKey()[5:]} {
		if core.WellFormedAPIKey(bad) {
			t.Errorf("WellFormedAPIKey(%q) = true", bad)
		}
	}
	if h := core.HashAPIKey("bwk_x"); len(h) != 64 {
		t.Errorf("hash length %d, want 64 hex chars", len(h))
	}
}

func TestScopes(t *testing.T) {
	p := &core.Principal{Scopes: []string{"scans:write", "projects:read"}}
	for scope, want := range map[string]bool{
		"scans:write": true, "scans:read": true, "projects:read": true,
		"projects:write": false, "contracts:read": false,
	} {
		if got := p.Can(scope); got != want {
			t.Errorf("Can(%s) = %v, want %v", scope, got, want)
		}
	}
	all := &core.Principal{Scopes: []string{"*"}}
	if !all.Can("audit_logs:read") {
		t.Error("* does not grant audit_logs:read")
	}
	for s, want := range map[string]bool{"*": true, "scans:read": true, "scans:admin": false, "nope:read": false, "scans": false} {
		if core.ValidScope(s) != want {
			t.Errorf("ValidScope(%q) = %v", s, !want)
		}
	}
}
