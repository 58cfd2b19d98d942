package core

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"hash/crc32"
	"math/big"
	"strings"
)

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// KeyPrefix starts every API key.
const KeyPrefix = "bwk_"

// keyBodyLen and keySumLen size a key: bwk_<32 base62><6 base62 CRC32>.
const (
	keyBodyLen = 32
	keySumLen  = 6
)

// NewAPIKey returns a fresh key in decisions.md's format.
func NewAPIKey() string { return newToken(KeyPrefix) }

// newToken returns prefix<32 base62><6 base62 CRC32>, the format API keys
// and session tokens share.
func newToken(prefix string) string {
	b := make([]byte, keyBodyLen)
	max := big.NewInt(int64(len(base62)))
	for i := range b {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic("crypto/rand: " + err.Error())
		}
		b[i] = base62[n.Int64()]
	}
	return prefix + string(b) + keyChecksum(string(b))
}

func keyChecksum(body string) string {
	n := uint64(crc32.ChecksumIEEE([]byte(body)))
	out := make([]byte, keySumLen)
	for i := keySumLen - 1; i >= 0; i-- {
		out[i] = base62[n%62]
		n /= 62
	}
	return string(out)
}

// WellFormedAPIKey reports whether k has the key format and a valid
// checksum, so that garbage is rejected before any database lookup.
func WellFormedAPIKey(k string) bool { return wellFormedToken(KeyPrefix, k) }

func wellFormedToken(prefix, k string) bool {
	if len(k) != len(prefix)+keyBodyLen+keySumLen || !strings.HasPrefix(k, prefix) {
		return false
	}
	rest := k[len(prefix):]
	for i := 0; i < len(rest); i++ {
		if strings.IndexByte(base62, rest[i]) < 0 {
			return false
		}
	}
	return keyChecksum(rest[:keyBodyLen]) == rest[keyBodyLen:]
}

// HashAPIKey returns the stored form of a key.
func HashAPIKey(k string) string {
	s := sha256.Sum256([]byte(k))
	return hex.EncodeToString(s[:])
}

// DisplayPrefix is the part of a key safe to show in lists.
func DisplayPrefix(k string) string { return k[:len(KeyPrefix)+6] }

// NewSigningSecret returns an organization signing secret (whsec_…).
func NewSigningSecret() string {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand: " + err.Error())
	}
	return "whsec_" + hex.EncodeToString(b)
}
