package core_test

import (
	"encoding/base64"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

func codeOf(err error) core.Code {
	if e, ok := core.AsError(err); ok {
		return e.Code
	}
	return ""
}

func TestCursorRoundTripAndBinding(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	c := core.Cursors{Secret: []byte("0123456789abcdef0123456789abcdef"), Now: func() time.Time { return now }}
	org := uuid.New()
	scope := core.Scope{Endpoint: "vulnerabilities", OrgID: org, Filters: "severity=high&"}
	key := db.Key{T: time.Date(2026, 11, 20, 8, 30, 1, 123456000, time.UTC), ID: uuid.New()}
	raw := c.Encode(scope, key)
	got, err := c.Decode(scope, raw)
	if err != nil {
		t.Fatalf("decode own cursor: %v", err)
	}
	if !got.T.Equal(key.T) || got.ID != key.ID {
		t.Errorf("round trip = %+v, want %+v", got, key)
	}
	for name, other := range map[string]core.Scope{
		"other endpoint": {Endpoint: "scans", OrgID: org, Filters: scope.Filters},
		"other org":      {Endpoint: scope.Endpoint, OrgID: uuid.New(), Filters: scope.Filters},
		"other filters":  {Endpoint: scope.Endpoint, OrgID: org, Filters: "severity=low&"},
	} {
		if _, err := c.Decode(other, raw); codeOf(err) != core.CodeInvalidCursor {
			t.Errorf("%s: err = %v, want INVALID_CURSOR", name, err)
		}
	}
	other := core.Cursors{Secret: []byte("another-secret-another-secret-xx"), Now: c.Now}
	if _, err := other.Decode(scope, raw); codeOf(err) != core.CodeInvalidCursor {
		t.Errorf("other secret: err = %v, want INVALID_CURSOR", err)
	}
	// Re-signing the body with a changed key cannot pass without the secret.
	b, _ := base64.RawURLEncoding.DecodeString(raw)
	var body map[string]any
	_ = json.Unmarshal(b, &body)
	body["id"] = uuid.NewString()
	forged, _ := json.Marshal(body)
	if _, err := c.Decode(scope, base64.RawURLEncoding.EncodeToString(forged)); codeOf(err) != core.CodeInvalidCursor {
		t.Errorf("forged id: err = %v, want INVALID_CURSOR", err)
	}
	if _, err := c.Decode(scope, raw+"="); codeOf(err) != core.CodeInvalidCursor {
		t.Errorf("padded: err = %v, want INVALID_CURSOR", err)
	}
	// Age: a genuine cursor older than 24 hours is CURSOR_EXPIRED.
	later := core.Cursors{Secret: c.Secret, Now: func() time.Time { return now.Add(core.CursorTTL + time.Second) }}
	if _, err := later.Decode(scope, raw); codeOf(err) != core.CodeCursorExpired {
		t.Errorf("old cursor: err = %v, want CURSOR_EXPIRED", err)
	}
	within := core.Cursors{Secret: c.Secret, Now: func() time.Time { return now.Add(core.CursorTTL - time.Second) }}
	if _, err := within.Decode(scope, raw); err != nil {
		t.Errorf("cursor within its lifetime: %v", err)
	}
}

// FuzzCursorDecode feeds arbitrary strings to the decoder: it must never
// panic, and anything it accepts must be a cursor the codec itself issued.
func FuzzCursorDecode(f *testing.F) {
	c := core.Cursors{Secret: []byte("0123456789abcdef0123456789abcdef")}
	scope := core.Scope{Endpoint: "scans", OrgID: uuid.MustParse("01a1fe18-f3ad-74f6-9948-75cadddb53e3")}
	valid := c.Encode(scope, db.Key{T: time.Unix(1700000000, 0).UTC(), ID: uuid.MustParse("01a1fe18-ff7a-7860-bb85-b7d8d1c1b07e")})
	for _, s := range []string{valid, "", "e30", "eyJrIjoiIn0", "%%%", valid[:len(valid)-3], valid + "A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		k, err := c.Decode(scope, raw)
		if err != nil {
			if code := codeOf(err); code != core.CodeInvalidCursor && code != core.CodeCursorExpired {
				t.Fatalf("Decode(%q) error code %q", raw, code)
			}
			return
		}
		if c.Encode(scope, k) == "" {
			t.Fatal("accepted cursor has no key")
		}
	})
}
