package core_test

import (
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/core"
)

// Session tokens share the API keys' format but never pass for one.
func TestSessionTokenFormat(t *testing.T) {
	for i := 0; i < 100; i++ {
		tok := core.NewSessionToken()
		if !strings.HasPrefix(tok, core.SessionPrefix) || len(tok) != 42 || !core.WellFormedSessionToken(tok) {
			t.Fatalf("NewSessionToken() = %q", tok)
		}
		if core.WellFormedAPIKey(tok) {
			t.Fatalf("session token %q passes as an API key", tok)
		}
		key := core.NewAPIKey()
		if core.WellFormedSessionToken(key) {
			t.Fatalf("API key %q passes as a session token", key)
		}
		// The checksum covers the body: one changed character fails.
		b := []byte(tok)
		if b[10] == 'A' {
			b[10] = 'B'
		} else {
			b[10] = 'A'
		}
		if core.WellFormedSessionToken(string(b)) {
			t.Fatalf("altered token %q passes", b)
		}
	}
	// The checksum covers the body only: the prefix tells the two apart,
	// and each is looked up in its own table (server/wallet_test.go sends
	// a key's body under the session prefix and gets 401).
}
