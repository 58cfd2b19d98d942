package wallet

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Message is a Sign-In With Solana message: the CAIP-122 / EIP-4361 text
// with "Solana account" in its first line, as Phantom's signIn and the
// @solana/wallet-standard-util reference (createSignInMessageText) write
// it:
//
//	${domain} wants you to sign in with your Solana account:
//	${address}
//
//	${statement}
//
//	URI: ${uri}
//	Version: ${version}
//	Chain ID: ${chain-id}
//	Nonce: ${nonce}
//	Issued At: ${issued-at}
//	Expiration Time: ${expiration-time}
//	Not Before: ${not-before}
//	Request ID: ${request-id}
//	Resources:
//	- ${resources[0]}
//
// Every line after the address is optional; the fields keep this order.
// Lines end with "\n" only.
type Message struct {
	Domain         string
	Address        string
	Statement      string
	URI            string
	Version        string
	ChainID        string
	Nonce          string
	IssuedAt       string
	ExpirationTime string
	NotBefore      string
	RequestID      string
	Resources      []string
}

const headerSuffix = " wants you to sign in with your Solana account:"

// MaxMessageLen bounds a message: what bulwark issues is about 400 bytes.
const MaxMessageLen = 2048

// String renders m in the SIWS layout; ParseMessage(m.String()) returns m
// for any m ParseMessage can return.
func (m *Message) String() string {
	var b strings.Builder
	b.WriteString(m.Domain + headerSuffix + "\n" + m.Address)
	if m.Statement != "" {
		b.WriteString("\n\n" + m.Statement)
	}
	var fields []string
	add := func(tag, v string) {
		if v != "" {
			fields = append(fields, tag+": "+v)
		}
	}
	add("URI", m.URI)
	add("Version", m.Version)
	add("Chain ID", m.ChainID)
	add("Nonce", m.Nonce)
	add("Issued At", m.IssuedAt)
	add("Expiration Time", m.ExpirationTime)
	add("Not Before", m.NotBefore)
	add("Request ID", m.RequestID)
	if len(m.Resources) > 0 {
		fields = append(fields, "Resources:")
		for _, r := range m.Resources {
			fields = append(fields, "- "+r)
		}
	}
	if len(fields) > 0 {
		b.WriteString("\n\n" + strings.Join(fields, "\n"))
	}
	return b.String()
}

// ErrMalformed is wrapped by every ParseMessage error.
var ErrMalformed = errors.New("malformed sign-in message")

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
}

// fieldTags are the tagged lines in their required order.
var fieldTags = []string{"URI", "Version", "Chain ID", "Nonce", "Issued At", "Expiration Time", "Not Before", "Request ID"}

// ParseMessage reads a SIWS message strictly: the layout above and nothing
// else (no "\r", no blank or unknown lines, fields in order and at most
// once, RFC 3339 times). It checks the form only; what the values must be
// is the verifier's business.
func ParseMessage(s string) (*Message, error) {
	if len(s) > MaxMessageLen {
		return nil, malformed("longer than %d bytes", MaxMessageLen)
	}
	if strings.ContainsAny(s, "\r\x00") {
		return nil, malformed("carriage return or NUL byte")
	}
	lines := strings.Split(s, "\n")
	m := new(Message)
	domain, ok := strings.CutSuffix(lines[0], headerSuffix)
	if !ok || domain == "" || strings.ContainsAny(domain, " \t/") {
		return nil, malformed("first line must be \"<domain>%s\"", headerSuffix)
	}
	m.Domain = domain
	if len(lines) < 2 || lines[1] == "" || strings.ContainsAny(lines[1], " \t") {
		return nil, malformed("second line must be the address")
	}
	m.Address = lines[1]
	rest := lines[2:]
	if len(rest) == 0 {
		return m, nil
	}
	// A blank line, then the statement or the fields.
	if len(rest) < 2 || rest[0] != "" || rest[1] == "" {
		return nil, malformed("a blank line and one more line must follow the address")
	}
	rest = rest[1:]
	if !isField(rest[0]) {
		m.Statement = rest[0]
		rest = rest[1:]
		if len(rest) == 0 {
			return m, nil
		}
		if len(rest) < 2 || rest[0] != "" || !isField(rest[1]) {
			return nil, malformed("a blank line and the fields must follow the statement")
		}
		rest = rest[1:]
	}
	next := 0
	for len(rest) > 0 {
		line := rest[0]
		rest = rest[1:]
		if line == "Resources:" {
			if len(rest) == 0 {
				return nil, malformed("Resources: lists no resource")
			}
			for _, r := range rest {
				v, ok := strings.CutPrefix(r, "- ")
				if !ok || v == "" {
					return nil, malformed("a resource line must be \"- <uri>\"")
				}
				m.Resources = append(m.Resources, v)
			}
			break
		}
		tag, v, ok := strings.Cut(line, ": ")
		i := tagIndex(tag)
		if !ok || i < 0 {
			return nil, malformed("unknown line %q", truncate(line, 40))
		}
		if i < next {
			return nil, malformed("field %s out of order or repeated", tag)
		}
		next = i + 1
		if v == "" || strings.TrimSpace(v) != v {
			return nil, malformed("field %s is empty or padded", tag)
		}
		switch tag {
		case "URI":
			m.URI = v
		case "Version":
			m.Version = v
		case "Chain ID":
			m.ChainID = v
		case "Nonce":
			m.Nonce = v
		case "Issued At":
			m.IssuedAt = v
		case "Expiration Time":
			m.ExpirationTime = v
		case "Not Before":
			m.NotBefore = v
		case "Request ID":
			m.RequestID = v
		}
		if strings.HasSuffix(tag, " At") || strings.HasSuffix(tag, " Time") || tag == "Not Before" {
			if _, err := time.Parse(time.RFC3339Nano, v); err != nil {
				return nil, malformed("field %s is not an RFC 3339 time", tag)
			}
		}
	}
	return m, nil
}

func isField(line string) bool {
	if line == "Resources:" {
		return true
	}
	tag, _, ok := strings.Cut(line, ": ")
	return ok && tagIndex(tag) >= 0
}

func tagIndex(tag string) int {
	for i, t := range fieldTags {
		if t == tag {
			return i
		}
	}
	return -1
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
