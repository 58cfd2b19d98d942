package server_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mr-tron/base58"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/server/servertest"
	"github.com/bulwark-sec/bulwark/wallet"
)

const (
	nonceURL  = "/api/v1/auth/wallet/solana/nonce"
	verifyURL = "/api/v1/auth/wallet/solana/verify"
	linkURL   = "/api/v1/auth/wallet/solana/link"
	unlinkURL = "/api/v1/auth/wallet/solana/unlink"
	statusURL = "/api/v1/auth/wallet/solana/status"
	lookupURL = "/api/v1/auth/wallet/solana/lookup/"
)

// solKey is a wallet: an Ed25519 key pair and its base58 address.
type solKey struct {
	pub  ed25519.PublicKey
	priv ed25519.PrivateKey
	addr string
}

func newSolKey(t *testing.T) solKey {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return solKey{pub: pub, priv: priv, addr: base58.Encode(pub)}
}

func (k solKey) sign(msg string) string { return base58.Encode(ed25519.Sign(k.priv, []byte(msg))) }

// challenge asks the server for the message addr signs.
func challenge(t *testing.T, env *servertest.Env, addr string) (nonce, message string) {
	t.Helper()
	r := env.Do("POST", nonceURL, "", map[string]any{"address": addr})
	if r.Status != 200 {
		t.Fatalf("nonce for %s = %d %s", addr, r.Status, r.Body)
	}
	var b struct {
		Nonce, Message string
		ExpiresAt      time.Time `json:"expires_at"`
	}
	r.Decode(t, &b)
	if b.Nonce == "" || !strings.Contains(b.Message, "Nonce: "+b.Nonce+"\n") {
		t.Fatalf("nonce body = %s", r.Body)
	}
	return b.Nonce, b.Message
}

func proof(addr, sig, msg string) map[string]any {
	return map[string]any{"address": addr, "signature": sig, "message": msg}
}

// walletRows counts what a sign-in writes.
type walletRows struct {
	Sessions, WalletUsers, Consumed, Users, Orgs int
}

func countWalletRows(t *testing.T, env *servertest.Env) walletRows {
	t.Helper()
	ctx := context.Background()
	var w walletRows
	for _, q := range []struct {
		dst *int
		sql string
	}{
		{&w.Sessions, "SELECT COUNT(*) FROM sessions"},
		{&w.WalletUsers, "SELECT COUNT(*) FROM users WHERE wallet_address IS NOT NULL"},
		{&w.Consumed, "SELECT COUNT(*) FROM wallet_nonces WHERE consumed_at IS NOT NULL"},
		{&w.Users, "SELECT COUNT(*) FROM users"},
		{&w.Orgs, "SELECT COUNT(*) FROM organizations"},
	} {
		if err := env.DB.NewRaw(q.sql).Scan(ctx, q.dst); err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
	return w
}

func errorReason(r *servertest.Response) string {
	e, _ := r.JSON()["error"].(map[string]any)
	d, _ := e["details"].(map[string]any)
	s, _ := d["reason"].(string)
	return s
}

// testClock is a settable service clock.
type testClock struct{ off atomic.Int64 }

func (c *testClock) now() time.Time          { return time.Now().Add(time.Duration(c.off.Load())) }
func (c *testClock) advance(d time.Duration) { c.off.Add(int64(d)) }

type signedIn struct {
	AccessToken string    `json:"access_token"`
	TokenType   string    `json:"token_type"`
	ExpiresAt   time.Time `json:"expires_at"`
	User        struct {
		ID            string  `json:"id"`
		WalletAddress *string `json:"wallet_address"`
		NewUser       bool    `json:"new_user"`
	} `json:"user"`
	Organization map[string]string `json:"organization"`
}

func signIn(t *testing.T, env *servertest.Env, k solKey, extra ...string) signedIn {
	t.Helper()
	_, msg := challenge(t, env, k.addr)
	body := proof(k.addr, k.sign(msg), msg)
	for i := 0; i+1 < len(extra); i += 2 {
		body[extra[i]] = extra[i+1]
	}
	r := env.Do("POST", verifyURL, "", body)
	if r.Status != 200 {
		t.Fatalf("verify = %d %s", r.Status, r.Body)
	}
	if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("verify Cache-Control = %q", cc)
	}
	var s signedIn
	r.Decode(t, &s)
	return s
}

func TestWalletSignIn(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	k := newSolKey(t)
	nonce, msg := challenge(t, env, k.addr)

	// The message is the SIWS text binding this server, the address, the
	// nonce and a five-minute window.
	parsed, err := wallet.ParseMessage(msg)
	if err != nil {
		t.Fatalf("issued message does not parse: %v\n%s", err, msg)
	}
	host := strings.TrimPrefix(env.URL, "http://")
	if parsed.Domain != host || parsed.URI != env.URL || parsed.Address != k.addr || parsed.Version != "1" ||
		parsed.ChainID != "mainnet" || parsed.Nonce != nonce || parsed.Statement != wallet.Statement {
		t.Errorf("issued message fields = %+v", parsed)
	}
	issued, _ := time.Parse(time.RFC3339, parsed.IssuedAt)
	expires, _ := time.Parse(time.RFC3339, parsed.ExpirationTime)
	if expires.Sub(issued) != 5*time.Minute || time.Since(issued) > time.Minute {
		t.Errorf("issued at %s, expires %s", parsed.IssuedAt, parsed.ExpirationTime)
	}
	if !strings.HasPrefix(msg, host+" wants you to sign in with your Solana account:\n"+k.addr+"\n\n") {
		t.Errorf("message header:\n%s", msg)
	}
	// Only the nonce's hash is stored.
	var stored int
	if err := env.DB.NewRaw("SELECT COUNT(*) FROM wallet_nonces WHERE hash = ?", nonce).Scan(context.Background(), &stored); err != nil || stored != 0 {
		t.Errorf("nonce stored in plain text (%d rows, %v)", stored, err)
	}

	before := countWalletRows(t, env)
	r := env.Do("POST", verifyURL, "", proof(k.addr, k.sign(msg), msg))
	if r.Status != 200 {
		t.Fatalf("verify = %d %s", r.Status, r.Body)
	}
	var s signedIn
	r.Decode(t, &s)
	if !strings.HasPrefix(s.AccessToken, core.SessionPrefix) || !core.WellFormedSessionToken(s.AccessToken) || s.TokenType != "Bearer" {
		t.Errorf("token = %q %q", s.AccessToken, s.TokenType)
	}
	if d := time.Until(s.ExpiresAt); d < 23*time.Hour || d > 25*time.Hour {
		t.Errorf("session expires_at = %s", s.ExpiresAt)
	}
	if !s.User.NewUser || s.User.WalletAddress == nil || *s.User.WalletAddress != k.addr {
		t.Errorf("user = %+v", s.User)
	}
	if s.Organization["plan"] != "free" || s.Organization["role"] != "owner" {
		t.Errorf("organization = %v", s.Organization)
	}
	after := countWalletRows(t, env)
	if diff := cmp.Diff(walletRows{Sessions: before.Sessions + 1, WalletUsers: before.WalletUsers + 1, Consumed: before.Consumed + 1,
		Users: before.Users + 1, Orgs: before.Orgs + 1}, after); diff != "" {
		t.Errorf("rows after a first sign-in (-want +got):\n%s", diff)
	}
	// The token is stored hashed only.
	var plain int
	_ = env.DB.NewRaw("SELECT COUNT(*) FROM sessions WHERE hash = ?", s.AccessToken).Scan(context.Background(), &plain)
	if plain != 0 {
		t.Error("session token stored in plain text")
	}

	// The session is a bearer credential on the one auth path: /users/me
	// shows the personal organization and no API key; the owner role
	// grants every scope.
	me := env.Do("GET", "/api/v1/users/me", s.AccessToken, nil)
	if me.Status != 200 || data(me)["api_key"] != nil || data(me)["id"] != s.User.ID {
		t.Fatalf("me with session = %d %s", me.Status, me.Body)
	}
	if org := data(me)["organization"].(map[string]any); org["id"] != s.Organization["id"] || org["role"] != "owner" {
		t.Errorf("me organization = %v", org)
	}
	if r := env.Do("POST", "/api/v1/projects", s.AccessToken, map[string]any{"name": "vaults"}); r.Status != 201 {
		t.Errorf("create project with session = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", statusURL, s.AccessToken, nil); r.Status != 200 || r.JSON()["linked"] != true || r.JSON()["address"] != k.addr {
		t.Errorf("status = %d %s", r.Status, r.Body)
	}
	// The audit log of the personal organization records the sign-in.
	rows := auditFor(t, env, s.Organization["id"], "auth.wallet.verified")
	if len(rows) != 1 || rows[0].UserID == nil || *rows[0].UserID != s.User.ID || rows[0].IP == "" || rows[0].RequestID == "" {
		t.Errorf("audit auth.wallet.verified = %+v", rows)
	}

	// A second sign-in finds the same user and organization.
	again := signIn(t, env, k)
	if again.User.ID != s.User.ID || again.User.NewUser || again.Organization["id"] != s.Organization["id"] || again.AccessToken == s.AccessToken {
		t.Errorf("second sign-in = %+v", again)
	}
	if got := countWalletRows(t, env); got.Users != after.Users || got.Orgs != after.Orgs || got.Sessions != after.Sessions+1 {
		t.Errorf("rows after a second sign-in = %+v (after the first %+v)", got, after)
	}

	// A bad session token is 401 like a bad key; a forged one never
	// reaches the database (checksum).
	forged := core.SessionPrefix + strings.Repeat("A", 38)
	if r := env.Do("GET", "/api/v1/users/me", forged, nil); r.Status != 401 || r.ErrorCode() != "UNAUTHORIZED" {
		t.Errorf("forged session = %d %s", r.Status, r.Body)
	}
	// An API key is no session: its body under the session prefix is
	// well-formed but unknown.
	swapped := core.SessionPrefix + strings.TrimPrefix(env.Key, core.KeyPrefix)
	if r := env.Do("GET", "/api/v1/users/me", swapped, nil); r.Status != 401 || r.ErrorCode() != "UNAUTHORIZED" {
		t.Errorf("API key under the session prefix = %d %s", r.Status, r.Body)
	}
	swapped = core.KeyPrefix + strings.TrimPrefix(s.AccessToken, core.SessionPrefix)
	if r := env.Do("GET", "/api/v1/users/me", swapped, nil); r.Status != 401 || r.ErrorCode() != "UNAUTHORIZED" {
		t.Errorf("session under the key prefix = %d %s", r.Status, r.Body)
	}
}

// TestWalletAddress43Chars signs in with a key whose base58 is 43
// characters: valid, since it decodes to 32 bytes.
func TestWalletAddress43Chars(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	var k solKey
	for i := 0; i < 10000; i++ {
		if k = newSolKey(t); len(k.addr) == 43 {
			break
		}
	}
	if len(k.addr) != 43 {
		t.Fatal("no 43-character key in 10000 tries")
	}
	if s := signIn(t, env, k); s.User.WalletAddress == nil || *s.User.WalletAddress != k.addr {
		t.Errorf("43-character sign-in = %+v", s)
	}
}

// TestWalletVerifyRefusals runs every refused sign-in and checks its code
// and reason, and that it left no session, user or consumed nonce behind.
func TestWalletVerifyRefusals(t *testing.T) {
	clock := &testClock{}
	env := servertest.New(t, servertest.Options{NoWorker: true, Clock: clock.now})
	a, b := newSolKey(t), newSolKey(t)
	host := strings.TrimPrefix(env.URL, "http://")

	// One sign-in that succeeded, so the replay below has a used nonce.
	_, usedMsg := challenge(t, env, a.addr)
	usedBody := proof(a.addr, a.sign(usedMsg), usedMsg)
	if r := env.Do("POST", verifyURL, "", usedBody); r.Status != 200 {
		t.Fatalf("first verify = %d %s", r.Status, r.Body)
	}

	sig63 := make([]byte, 63)
	sig65 := make([]byte, 65)
	_, _ = rand.Read(sig63)
	_, _ = rand.Read(sig65)
	// Addresses of 43 and 45 characters that do not decode to 32 bytes,
	// and valid base58 of other lengths.
	addr43 := "11" + strings.Repeat("z", 41) // two zero bytes + 31 bytes = 33
	addr45 := strings.Repeat("z", 45)
	for _, s := range []string{addr43, addr45} {
		if raw, err := base58.Decode(s); err != nil || len(raw) == 32 {
			t.Fatalf("test address %s decodes to %d bytes (%v)", s, len(raw), err)
		}
	}
	if len(addr43) != 43 || len(addr45) != 45 {
		t.Fatal("test address lengths")
	}
	short := make([]byte, 31)
	long := make([]byte, 33)
	_, _ = rand.Read(short)
	_, _ = rand.Read(long)
	short[0], long[0] = 0xff, 0xff

	tests := []struct {
		name string
		// body builds the request; it may ask for nonces and sign.
		body   func(t *testing.T) any
		status int
		code   string
		reason string
	}{
		{"replayed nonce", func(*testing.T) any { return usedBody }, 401, "UNAUTHORIZED", "nonce_used"},
		{"expired nonce", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			clock.advance(5*time.Minute + time.Second)
			return proof(a.addr, a.sign(msg), msg)
		}, 401, "UNAUTHORIZED", "nonce_expired"},
		{"nonce at exactly five minutes", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			clock.advance(5 * time.Minute)
			return proof(a.addr, a.sign(msg), msg)
		}, 401, "UNAUTHORIZED", "nonce_expired"},
		{"nonce of another address", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			msg = strings.Replace(msg, "\n"+a.addr+"\n", "\n"+b.addr+"\n", 1)
			return proof(b.addr, b.sign(msg), msg)
		}, 401, "UNAUTHORIZED", "nonce_address_mismatch"},
		{"unknown nonce", func(t *testing.T) any {
			nonce, msg := challenge(t, env, a.addr)
			msg = strings.Replace(msg, "Nonce: "+nonce, "Nonce: "+strings.Repeat("x", 32), 1)
			return proof(a.addr, a.sign(msg), msg)
		}, 401, "UNAUTHORIZED", "nonce_unknown"},
		{"wrong domain", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			msg = strings.Replace(msg, host+" wants", "bulwark.example wants", 1)
			return proof(a.addr, a.sign(msg), msg)
		}, 401, "UNAUTHORIZED", "domain_mismatch"},
		{"wrong URI", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			msg = strings.Replace(msg, "URI: "+env.URL, "URI: https://bulwark.example", 1)
			return proof(a.addr, a.sign(msg), msg)
		}, 401, "UNAUTHORIZED", "uri_mismatch"},
		{"wrong chain id", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			msg = strings.Replace(msg, "Chain ID: mainnet", "Chain ID: devnet", 1)
			return proof(a.addr, a.sign(msg), msg)
		}, 401, "UNAUTHORIZED", "chain_id_mismatch"},
		{"wrong version", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			msg = strings.Replace(msg, "Version: 1", "Version: 2", 1)
			return proof(a.addr, a.sign(msg), msg)
		}, 401, "UNAUTHORIZED", "version_mismatch"},
		{"expiration pushed out and signed", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			m, _ := wallet.ParseMessage(msg)
			m.ExpirationTime = "2099-01-01T00:00:00.000Z"
			return proof(a.addr, a.sign(m.String()), m.String())
		}, 401, "UNAUTHORIZED", "expiration_mismatch"},
		{"extra resource signed", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			msg += "\nResources:\n- https://evil.example"
			return proof(a.addr, a.sign(msg), msg)
		}, 401, "UNAUTHORIZED", "unexpected_field"},
		{"message edited after signing", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			sig := a.sign(msg)
			return proof(a.addr, sig, strings.Replace(msg, "Sign in to bulwark", "Sign in to bulwarK", 1))
		}, 401, "UNAUTHORIZED", "invalid_signature"},
		{"signature by another key", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return proof(a.addr, b.sign(msg), msg)
		}, 401, "UNAUTHORIZED", "invalid_signature"},
		{"signature of 63 bytes", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return proof(a.addr, base58.Encode(sig63), msg)
		}, 422, "INVALID_FIELD", "not_64_bytes"},
		{"signature of 65 bytes", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return proof(a.addr, base58.Encode(sig65), msg)
		}, 422, "INVALID_FIELD", "not_64_bytes"},
		{"signature of 65 bytes in base64", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return proof(a.addr, base64.StdEncoding.EncodeToString(sig65), msg)
		}, 422, "INVALID_FIELD", "not_64_bytes"},
		{"malformed base58 signature", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return proof(a.addr, "0OIl"+a.sign(msg)[4:], msg)
		}, 422, "INVALID_FIELD", "malformed"},
		{"malformed base58 address", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			bad := "0" + a.addr[1:]
			return proof(bad, a.sign(msg), msg)
		}, 422, "INVALID_FIELD", "not_base58"},
		{"43-character address of 33 bytes", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return proof(addr43, a.sign(msg), msg)
		}, 422, "INVALID_FIELD", "not_32_bytes"},
		{"45-character address", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return proof(addr45, a.sign(msg), msg)
		}, 422, "INVALID_FIELD", "not_32_bytes"},
		{"base58 address of 31 bytes", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return proof(base58.Encode(short), a.sign(msg), msg)
		}, 422, "INVALID_FIELD", "not_32_bytes"},
		{"base58 address of 33 bytes", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return proof(base58.Encode(long), a.sign(msg), msg)
		}, 422, "INVALID_FIELD", "not_32_bytes"},
		{"message naming another address", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return proof(b.addr, b.sign(msg), msg)
		}, 422, "INVALID_FIELD", "address_mismatch"},
		{"malformed message", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			msg = strings.ReplaceAll(msg, "\n", "\r\n")
			return proof(a.addr, a.sign(msg), msg)
		}, 422, "INVALID_FIELD", "malformed"},
		{"3 KB message", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			msg += strings.Repeat("x", 3000)
			return proof(a.addr, a.sign(msg), msg)
		}, 422, "INVALID_FIELD", "too_long"},
		{"100 KB message", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			msg += strings.Repeat("x", 100<<10)
			return proof(a.addr, a.sign(msg), msg)
		}, 413, "FILE_TOO_LARGE", "body_too_large"},
		{"missing signature", func(t *testing.T) any {
			_, msg := challenge(t, env, a.addr)
			return map[string]any{"address": a.addr, "message": msg}
		}, 422, "MISSING_FIELD", "missing"},
		{"not JSON", func(*testing.T) any { return "address=x" }, 400, "INVALID_REQUEST", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := tc.body(t)
			before := countWalletRows(t, env)
			r := env.Do("POST", verifyURL, "", body)
			if r.Status != tc.status || r.ErrorCode() != tc.code || errorReason(r) != tc.reason {
				t.Errorf("verify = %d %s %q, want %d %s %q: %s", r.Status, r.ErrorCode(), errorReason(r),
					tc.status, tc.code, tc.reason, r.Body)
			}
			if diff := cmp.Diff(before, countWalletRows(t, env)); diff != "" {
				t.Errorf("a refused sign-in wrote rows (-before +after):\n%s", diff)
			}
		})
	}

	// The nonce of the refused attempts is still good: a nonce survives a
	// wrong signature (nobody but the key can burn it).
	_, msg := challenge(t, env, a.addr)
	if r := env.Do("POST", verifyURL, "", proof(a.addr, b.sign(msg), msg)); r.Status != 401 {
		t.Fatalf("wrong key = %d", r.Status)
	}
	if r := env.Do("POST", verifyURL, "", proof(a.addr, a.sign(msg), msg)); r.Status != 200 {
		t.Errorf("verify after a refused attempt = %d %s", r.Status, r.Body)
	}
	// Base64 signatures are accepted too.
	_, msg = challenge(t, env, a.addr)
	sig := base64.StdEncoding.EncodeToString(ed25519.Sign(a.priv, []byte(msg)))
	if r := env.Do("POST", verifyURL, "", proof(a.addr, sig, msg)); r.Status != 200 {
		t.Errorf("verify with a base64 signature = %d %s", r.Status, r.Body)
	}
	// Nonce asks are validated too.
	for addr, reason := range map[string]string{addr43: "not_32_bytes", addr45: "not_32_bytes", "0OIl": "not_base58"} {
		r := env.Do("POST", nonceURL, "", map[string]any{"address": addr})
		if r.Status != 422 || errorReason(r) != reason {
			t.Errorf("nonce for %q = %d %s", addr, r.Status, r.Body)
		}
	}
}

// TestWalletConcurrentVerify sends one signed message many times at once:
// exactly one request signs in (PostgreSQL when BULWARK_TEST_DATABASE_URL
// is set, else SQLite).
func TestWalletConcurrentVerify(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	for round := 0; round < 3; round++ {
		k := newSolKey(t)
		_, msg := challenge(t, env, k.addr)
		body := proof(k.addr, k.sign(msg), msg)
		before := countWalletRows(t, env)
		const n = 12
		var wg sync.WaitGroup
		statuses := make([]int, n)
		reasons := make([]string, n)
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				r := env.Do("POST", verifyURL, "", body)
				statuses[i], reasons[i] = r.Status, errorReason(r)
			}()
		}
		close(start)
		wg.Wait()
		won := 0
		for i, s := range statuses {
			switch {
			case s == 200:
				won++
			case s == 401 && reasons[i] == "nonce_used":
			default:
				t.Errorf("round %d: request %d = %d %s", round, i, s, reasons[i])
			}
		}
		if won != 1 {
			t.Errorf("round %d: %d requests signed in with one nonce, want 1 (%v)", round, won, statuses)
		}
		want := walletRows{Sessions: before.Sessions + 1, WalletUsers: before.WalletUsers + 1, Consumed: before.Consumed + 1,
			Users: before.Users + 1, Orgs: before.Orgs + 1}
		if diff := cmp.Diff(want, countWalletRows(t, env)); diff != "" {
			t.Errorf("round %d: rows (-want +got):\n%s", round, diff)
		}
	}
}

// TestWalletConcurrentFirstSignIns signs one new address in with several
// nonces at once: every request signs in, as one user.
func TestWalletConcurrentFirstSignIns(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	k := newSolKey(t)
	const n = 6
	bodies := make([]map[string]any, n)
	for i := range bodies {
		_, msg := challenge(t, env, k.addr)
		bodies[i] = proof(k.addr, k.sign(msg), msg)
	}
	var wg sync.WaitGroup
	statuses := make([]int, n)
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			r := env.Do("POST", verifyURL, "", bodies[i])
			statuses[i] = r.Status
			if r.Status != 200 {
				t.Errorf("verify %d = %d %s", i, r.Status, r.Body)
			}
		}()
	}
	close(start)
	wg.Wait()
	var users, consumed, ok, orgs int
	ctx := context.Background()
	_ = env.DB.NewRaw("SELECT COUNT(*) FROM users WHERE wallet_address = ?", k.addr).Scan(ctx, &users)
	_ = env.DB.NewRaw("SELECT COUNT(*) FROM organizations WHERE name LIKE 'Personal (%'").Scan(ctx, &orgs)
	_ = env.DB.NewRaw("SELECT COUNT(*) FROM wallet_nonces WHERE consumed_at IS NOT NULL").Scan(ctx, &consumed)
	for _, s := range statuses {
		if s == 200 {
			ok++
		}
	}
	t.Logf("statuses %v", statuses)
	if users != 1 || orgs != 1 || ok != n || consumed != n {
		t.Errorf("users %d, personal organizations %d, consumed nonces %d, sign-ins %d (%v)", users, orgs, consumed, ok, statuses)
	}
}
