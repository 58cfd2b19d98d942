package core

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
)

// ReportLinks signs the capabilities behind report pages (GET /r/{token}):
// a token names one scan and an expiry, and is signed with a key derived
// from the server secret, so rotating BULWARK_SECRET revokes every link
// while revoking API keys does not.
type ReportLinks struct {
	Secret []byte
	// BaseURL is the public URL of the server (BULWARK_PUBLIC_URL); links
	// are absolute URLs under it.
	BaseURL string
	// TTL is how long a link opens its page; zero means DefaultReportTTL.
	TTL time.Duration
}

// DefaultReportTTL is the lifetime of a report link.
const DefaultReportTTL = 30 * 24 * time.Hour

// ErrBadReportToken is any token that is malformed, forged or expired.
var ErrBadReportToken = errors.New("invalid or expired report link")

const reportTokenLen = 16 + 8 + 16

func (r ReportLinks) mac(b []byte) []byte {
	k := hmac.New(sha256.New, r.Secret)
	k.Write([]byte("bulwark report link v1"))
	m := hmac.New(sha256.New, k.Sum(nil))
	m.Write(b)
	return m.Sum(nil)[:16]
}

// Token returns a token for scanID valid for the TTL from now.
func (r ReportLinks) Token(scanID uuid.UUID, now time.Time) string {
	ttl := r.TTL
	if ttl <= 0 {
		ttl = DefaultReportTTL
	}
	b := make([]byte, 24, reportTokenLen)
	copy(b, scanID[:])
	binary.BigEndian.PutUint64(b[16:], uint64(now.Add(ttl).Unix()))
	b = append(b, r.mac(b)...)
	return base64.RawURLEncoding.EncodeToString(b)
}

// URL is the absolute link to scanID's report page, or "" without a
// public URL.
func (r ReportLinks) URL(scanID uuid.UUID, now time.Time) string {
	if r.BaseURL == "" {
		return ""
	}
	return strings.TrimSuffix(r.BaseURL, "/") + "/r/" + r.Token(scanID, now)
}

// Verify returns the scan a token names, or ErrBadReportToken.
func (r ReportLinks) Verify(token string, now time.Time) (uuid.UUID, error) {
	if len(r.Secret) == 0 || len(token) != base64.RawURLEncoding.EncodedLen(reportTokenLen) {
		return uuid.Nil, ErrBadReportToken
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(b) != reportTokenLen {
		return uuid.Nil, ErrBadReportToken
	}
	if !hmac.Equal(r.mac(b[:24]), b[24:]) {
		return uuid.Nil, ErrBadReportToken
	}
	if exp := int64(binary.BigEndian.Uint64(b[16:24])); now.Unix() >= exp {
		return uuid.Nil, ErrBadReportToken
	}
	id, _ := uuid.FromBytes(b[:16])
	return id, nil
}
