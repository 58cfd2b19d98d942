package wallet

import (
	"crypto/ed25519"
	"encoding/base64"
	"errors"
	"strings"

	"github.com/mr-tron/base58"
)

// Solana addresses are Ed25519 public keys written in base58 (Bitcoin's
// alphabet). decisions.md: an address is valid when it is base58 that
// decodes to exactly 32 bytes. Almost every key is 43 or 44 characters; a
// key starting with zero bytes is shorter (each leading zero byte is one
// "1"), so the length alone decides nothing: the decoded length does.

// MaxAddressLen is the longest base58 text of 32 bytes.
const MaxAddressLen = 44

// Address errors, told apart in the API's details.reason.
var (
	ErrNotBase58     = errors.New("not base58")
	ErrAddressLength = errors.New("does not decode to 32 bytes")
	ErrSignatureForm = errors.New("neither base58 nor base64")
	ErrSignatureLen  = errors.New("does not decode to 64 bytes")
)

// ParseAddress decodes a base58 address to its public key.
func ParseAddress(s string) (ed25519.PublicKey, error) {
	if len(s) > MaxAddressLen+1 {
		// Anything this long is not 32 bytes; no need to decode it.
		if _, err := base58.Decode(s[:MaxAddressLen+1]); err != nil {
			return nil, ErrNotBase58
		}
		return nil, ErrAddressLength
	}
	b, err := base58.Decode(s)
	if err != nil || s == "" {
		return nil, ErrNotBase58
	}
	if len(b) != ed25519.PublicKeySize {
		return nil, ErrAddressLength
	}
	// base58 is one-to-one, so this holds for any input that decoded;
	// it is checked so that no other spelling of a key is ever stored.
	if base58.Encode(b) != s {
		return nil, ErrNotBase58
	}
	return ed25519.PublicKey(b), nil
}

// maxSignatureLen bounds the text of a signature: 88 characters of base58
// or padded base64 encode 64 bytes; a little slack lets wrong lengths be
// reported as such.
const maxSignatureLen = 100

// ParseSignature decodes a signature to its 64 bytes. It is base58 (what
// Solana tools print) or padded base64 in the standard or URL alphabet
// (what Buffer.toString("base64") and encoding/base64 write). The two are
// told apart without guessing: 64 bytes of padded base64 always end in
// "==", and base58 never holds "=", "+", "/", "-" or "_"; so a text with
// one of them is base64, any other base58. (Unpadded base64 is refused: it
// could read as base58 of another length.)
func ParseSignature(s string) ([]byte, error) {
	if s == "" {
		return nil, ErrSignatureForm
	}
	if len(s) > maxSignatureLen {
		return nil, ErrSignatureLen
	}
	var b []byte
	var err error
	if strings.ContainsAny(s, "=+/-_") {
		enc := base64.StdEncoding
		if strings.ContainsAny(s, "-_") {
			enc = base64.URLEncoding
		}
		b, err = enc.DecodeString(s)
	} else {
		b, err = base58.Decode(s)
	}
	switch {
	case err != nil:
		return nil, ErrSignatureForm
	case len(b) != ed25519.SignatureSize:
		return nil, ErrSignatureLen
	}
	return b, nil
}
