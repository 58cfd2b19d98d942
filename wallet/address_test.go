package wallet_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/mr-tron/base58"

	"github.com/bulwark-sec/bulwark/wallet"
)

func TestParseAddress(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(rand.Reader)
	zeroLead := make([]byte, 32)
	zeroLead[2] = 7 // two leading zero bytes: "11" and a short rest
	rand.Read(zeroLead[3:])
	for _, ok := range [][]byte{pub, zeroLead, make([]byte, 32)} {
		s := base58.Encode(ok)
		got, err := wallet.ParseAddress(s)
		if err != nil || !ed25519.PublicKey(ok).Equal(got) {
			t.Errorf("ParseAddress(%s) (%d chars) = %v, %v", s, len(s), got, err)
		}
	}
	b33 := make([]byte, 33)
	b33[0] = 1
	for s, want := range map[string]error{
		"":                                  wallet.ErrNotBase58,
		"0" + base58.Encode(pub)[1:]:        wallet.ErrNotBase58,
		base58.Encode(pub)[:20] + "I" + "x": wallet.ErrNotBase58,
		"11" + strings.Repeat("z", 41):      wallet.ErrAddressLength, // 43 chars, 33 bytes
		strings.Repeat("z", 45):             wallet.ErrAddressLength,
		strings.Repeat("z", 45) + "0":       wallet.ErrAddressLength,
		strings.Repeat("0", 60):             wallet.ErrNotBase58,
		base58.Encode(make([]byte, 31)):     wallet.ErrAddressLength,
		base58.Encode(b33):                  wallet.ErrAddressLength,
	} {
		if _, err := wallet.ParseAddress(s); !errors.Is(err, want) {
			t.Errorf("ParseAddress(%q) = %v, want %v", s, err, want)
		}
	}
}

func TestParseSignature(t *testing.T) {
	sig := make([]byte, 64)
	rand.Read(sig)
	for _, s := range []string{base58.Encode(sig), base64.StdEncoding.EncodeToString(sig), base64.URLEncoding.EncodeToString(sig)} {
		got, err := wallet.ParseSignature(s)
		if err != nil || string(got) != string(sig) {
			t.Errorf("ParseSignature(%s) = %x, %v", s, got, err)
		}
	}
	for s, want := range map[string]error{
		"":                            wallet.ErrSignatureForm,
		base58.Encode(sig[:63]):       wallet.ErrSignatureLen,
		base58.Encode(append(sig, 1)): wallet.ErrSignatureLen,
		base64.StdEncoding.EncodeToString(sig[:63]) + "=": wallet.ErrSignatureForm,
		base64.StdEncoding.EncodeToString(append(sig, 1)): wallet.ErrSignatureLen,
		"0OIl" + base58.Encode(sig)[4:]:                   wallet.ErrSignatureForm,
		strings.Repeat("z", 200):                          wallet.ErrSignatureLen,
	} {
		if _, err := wallet.ParseSignature(s); !errors.Is(err, want) {
			t.Errorf("ParseSignature(%q) = %v, want %v", s, err, want)
		}
	}
}

// FuzzParseAddress: no panic, and an accepted address is 32 bytes whose
// base58 is the input (one spelling per key).
func FuzzParseAddress(f *testing.F) {
	f.Add("GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW")
	f.Add("11111111111111111111111111111111")
	f.Add("11" + strings.Repeat("z", 41))
	f.Add(strings.Repeat("z", 45))
	f.Add("0OIl")
	f.Fuzz(func(t *testing.T, s string) {
		pub, err := wallet.ParseAddress(s)
		if err != nil {
			return
		}
		if len(pub) != 32 || base58.Encode(pub) != s {
			t.Fatalf("ParseAddress(%q) = %x", s, pub)
		}
	})
}

// FuzzParseSignature: no panic, and an accepted signature is 64 bytes.
func FuzzParseSignature(f *testing.F) {
	sig := make([]byte, 64)
	for i := range sig {
		sig[i] = byte(i * 7)
	}
	f.Add(base58.Encode(sig))
	f.Add(base64.StdEncoding.EncodeToString(sig))
	f.Add(base64.URLEncoding.EncodeToString(sig))
	f.Add(base58.Encode(sig[:63]))
	f.Add("==")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := wallet.ParseSignature(s)
		if err == nil && len(b) != 64 {
			t.Fatalf("ParseSignature(%q) = %d bytes", s, len(b))
		}
	})
}
