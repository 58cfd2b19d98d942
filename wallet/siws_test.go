package wallet_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/wallet"
)

const addr = "GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW"

// full is a message with every field, as the SIWS reference writes it.
const full = "bulwark.example wants you to sign in with your Solana account:\n" + addr + "\n\n" +
	"Sign in to bulwark.\n\n" +
	"URI: https://bulwark.example\nVersion: 1\nChain ID: mainnet\nNonce: 32891756abcdEFGH\n" +
	"Issued At: 2026-11-25T16:00:00.000Z\nExpiration Time: 2026-11-25T16:05:00.000Z\n" +
	"Not Before: 2026-11-25T16:00:00Z\nRequest ID: r-1\nResources:\n- https://a.example/x\n- ipfs://b"

func TestParseMessage(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want *wallet.Message
	}{
		{"every field", full, &wallet.Message{Domain: "bulwark.example", Address: addr, Statement: "Sign in to bulwark.",
			URI: "https://bulwark.example", Version: "1", ChainID: "mainnet", Nonce: "32891756abcdEFGH",
			IssuedAt: "2026-11-25T16:00:00.000Z", ExpirationTime: "2026-11-25T16:05:00.000Z", NotBefore: "2026-11-25T16:00:00Z",
			RequestID: "r-1", Resources: []string{"https://a.example/x", "ipfs://b"}}},
		{"header and address only", "localhost:8080 wants you to sign in with your Solana account:\n" + addr,
			&wallet.Message{Domain: "localhost:8080", Address: addr}},
		{"statement only", "d wants you to sign in with your Solana account:\n" + addr + "\n\nHello: there",
			&wallet.Message{Domain: "d", Address: addr, Statement: "Hello: there"}},
		{"fields without statement", "d wants you to sign in with your Solana account:\n" + addr + "\n\nVersion: 1\nNonce: abc",
			&wallet.Message{Domain: "d", Address: addr, Version: "1", Nonce: "abc"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := wallet.ParseMessage(tc.in)
			if err != nil {
				t.Fatalf("ParseMessage: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if s := got.String(); s != tc.in {
				t.Errorf("String() = %q, want the input back", s)
			}
		})
	}
}

func TestParseMessageRefuses(t *testing.T) {
	head := "d wants you to sign in with your Solana account:\n" + addr
	for name, in := range map[string]string{
		"empty":                  "",
		"ethereum header":        "d wants you to sign in with your Ethereum account:\n" + addr,
		"no domain":              " wants you to sign in with your Solana account:\n" + addr,
		"domain with a space":    "a b wants you to sign in with your Solana account:\n" + addr,
		"domain with a path":     "a/b wants you to sign in with your Solana account:\n" + addr,
		"no address":             "d wants you to sign in with your Solana account:",
		"empty address":          "d wants you to sign in with your Solana account:\n",
		"address with a space":   "d wants you to sign in with your Solana account:\n" + addr + " x",
		"CRLF":                   strings.ReplaceAll(full, "\n", "\r\n"),
		"NUL":                    head + "\n\nstatement\x00",
		"trailing newline":       full + "\n",
		"no blank line":          head + "\nVersion: 1",
		"two blank lines":        head + "\n\n\nVersion: 1",
		"two statement lines":    head + "\n\nline one\nline two",
		"statement, no blank":    head + "\n\nstatement\nVersion: 1",
		"fields out of order":    head + "\n\nNonce: abc\nVersion: 1",
		"field twice":            head + "\n\nVersion: 1\nVersion: 1",
		"unknown field":          head + "\n\nVersion: 1\nColor: blue",
		"empty field":            head + "\n\nVersion: ",
		"padded field":           head + "\n\nVersion:  1",
		"bad time":               head + "\n\nIssued At: yesterday",
		"resources empty":        head + "\n\nVersion: 1\nResources:",
		"bad resource line":      head + "\n\nResources:\n* x",
		"field after resources":  head + "\n\nResources:\n- x\nVersion: 1",
		"longer than 2048 bytes": head + "\n\n" + strings.Repeat("x", 2100),
	} {
		t.Run(name, func(t *testing.T) {
			if m, err := wallet.ParseMessage(in); err == nil || !errors.Is(err, wallet.ErrMalformed) {
				t.Errorf("ParseMessage(%q) = %+v, %v; want ErrMalformed", in, m, err)
			}
		})
	}
}

// FuzzParseSIWS checks the parser never panics and that whatever it
// accepts renders back to exactly the same text: no two texts parse to
// one message, so the fields checked are the bytes signed.
func FuzzParseSIWS(f *testing.F) {
	f.Add(full)
	f.Add("d wants you to sign in with your Solana account:\n" + addr)
	f.Add("d wants you to sign in with your Solana account:\n" + addr + "\n\nstatement")
	f.Add("d wants you to sign in with your Solana account:\n" + addr + "\n\nURI: x\nResources:\n- a")
	f.Add("d wants you to sign in with your Solana account:\n" + addr + "\n\nIssued At: 2026-01-01T00:00:00+01:00")
	f.Add(strings.ReplaceAll(full, "\n", "\r\n"))
	f.Fuzz(func(t *testing.T, s string) {
		m, err := wallet.ParseMessage(s)
		if err != nil {
			return
		}
		if out := m.String(); out != s {
			t.Fatalf("String(ParseMessage(%q)) = %q", s, out)
		}
		again, err := wallet.ParseMessage(m.String())
		if err != nil || !cmp.Equal(m, again) {
			t.Fatalf("re-parse of %q = %+v, %v", s, again, err)
		}
	})
}
