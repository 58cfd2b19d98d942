package core

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"time"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/db"
)

// CursorTTL is how long a cursor stays usable.
const CursorTTL = 24 * time.Hour

// Cursors signs and checks pagination cursors. A cursor is base64url (no
// padding) of a JSON object with the edge row's sort key and id, the issue
// time, and an HMAC binding all of it to the endpoint, the organization and
// the filter set.
type Cursors struct {
	Secret []byte
	Now    func() time.Time
}

type cursorBody struct {
	K   string `json:"k"`
	ID  string `json:"id"`
	T   int64  `json:"t"`
	MAC string `json:"m"`
}

// Scope binds a cursor: the endpoint that issued it, the caller's
// organization, and the canonical filter string.
type Scope struct {
	Endpoint string
	OrgID    uuid.UUID
	Filters  string
}

func (c Cursors) mac(s Scope, k, id string, t int64) string {
	m := hmac.New(sha256.New, c.Secret)
	b, _ := json.Marshal([]any{s.Endpoint, s.OrgID.String(), s.Filters, k, id, t})
	m.Write(b)
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func (c Cursors) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// Encode returns the cursor for key in scope s.
func (c Cursors) Encode(s Scope, key db.Key) string {
	k := key.T.UTC().Format(time.RFC3339Nano)
	id := key.ID.String()
	t := c.now().Unix()
	b, _ := json.Marshal(cursorBody{K: k, ID: id, T: t, MAC: c.mac(s, k, id, t)})
	return base64.RawURLEncoding.EncodeToString(b)
}

// Decode checks raw against scope s and returns its key. A cursor that does
// not decode, has a bad MAC, or belongs to another endpoint, organization
// or filter set is INVALID_CURSOR; a genuine one older than CursorTTL is
// CURSOR_EXPIRED.
func (c Cursors) Decode(s Scope, raw string) (db.Key, error) {
	bad := func() (db.Key, error) {
		return db.Key{}, Errorf(CodeInvalidCursor, "the cursor is malformed, modified, or was issued for another request; restart without a cursor")
	}
	if raw == "" || len(raw) > 512 {
		return bad()
	}
	b, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil {
		return bad()
	}
	var body cursorBody
	if err := json.Unmarshal(b, &body); err != nil {
		return bad()
	}
	want := c.mac(s, body.K, body.ID, body.T)
	if !hmac.Equal([]byte(want), []byte(body.MAC)) {
		return bad()
	}
	t, err := time.Parse(time.RFC3339Nano, body.K)
	if err != nil {
		return bad()
	}
	id, err := uuid.Parse(body.ID)
	if err != nil {
		return bad()
	}
	if age := c.now().Sub(time.Unix(body.T, 0)); age > CursorTTL || age < -time.Hour {
		return db.Key{}, Errorf(CodeCursorExpired, "the cursor has expired; restart without a cursor")
	}
	return db.Key{T: t, ID: id}, nil
}
