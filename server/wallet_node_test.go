package server_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mr-tron/base58"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// Interoperability with an independent implementation: tweetnacl (Ed25519)
// and bs58 from npm, run by node. BULWARK_WALLET_NODE_MODULES names a
// node_modules folder holding both (.ci/run installs pinned versions and
// sets it); without node or the packages the tests skip and say why.

func nodeModules(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("BULWARK_WALLET_NODE_MODULES")
	if dir == "" {
		t.Skip("BULWARK_WALLET_NODE_MODULES is not set: the tweetnacl/bs58 interoperability test needs a node_modules " +
			"with tweetnacl and bs58 (npm install --prefix DIR tweetnacl@1.0.3 bs58@6.0.0; .ci/run does it)")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: skipping the tweetnacl/bs58 interoperability test")
	}
	for _, pkg := range []string{"tweetnacl", "bs58"} {
		if _, err := os.Stat(filepath.Join(dir, pkg, "package.json")); err != nil {
			t.Skipf("%s is not installed in %s: skipping the interoperability test", pkg, dir)
		}
	}
	return dir
}

func runNode(t *testing.T, modules string, env []string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("node", args...)
	cmd.Env = append(os.Environ(), append(env, "NODE_PATH="+modules)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// TestWalletNodeSignIn runs the README's script, docs/wallet-signin.js:
// node asks bulwark for a message, tweetnacl signs it, bulwark verifies.
func TestWalletNodeSignIn(t *testing.T) {
	modules := nodeModules(t)
	env := servertest.New(t, servertest.Options{NoWorker: true})
	// A key made in Go, handed to node as a base58 secret key, so the
	// address on both sides can be compared.
	seed := bytes.Repeat([]byte{7}, ed25519.SeedSize)
	priv := ed25519.NewKeyFromSeed(seed)
	addr := base58.Encode(priv.Public().(ed25519.PublicKey))
	out := runNode(t, modules, []string{"BULWARK_WALLET_SECRET_KEY=" + base58.Encode(priv)},
		filepath.Join("..", "docs", "wallet-signin.js"), env.URL)
	var got signedIn
	var extra struct {
		Address string `json:"address"`
	}
	if err := json.Unmarshal(out, &got); err != nil || json.Unmarshal(out, &extra) != nil {
		t.Fatalf("script output %q: %v", out, err)
	}
	if extra.Address != addr || got.User.WalletAddress == nil || *got.User.WalletAddress != addr || !got.User.NewUser {
		t.Errorf("node sign-in = %s (want address %s)", out, addr)
	}
	if r := env.Do("GET", statusURL, got.AccessToken, nil); r.Status != 200 || r.JSON()["address"] != addr {
		t.Errorf("status with node's session = %d %s", r.Status, r.Body)
	}
	// With a fresh key made by tweetnacl too.
	out = runNode(t, modules, nil, filepath.Join("..", "docs", "wallet-signin.js"), env.URL)
	if err := json.Unmarshal(out, &got); err != nil || got.TokenType != "Bearer" || !got.User.NewUser {
		t.Errorf("node sign-in with a fresh key = %s (%v)", out, err)
	}
}

// TestWalletNodeSignatureBytes: Ed25519 is deterministic, so tweetnacl's
// signature of a message bulwark issued equals crypto/ed25519's byte for
// byte, and bs58 spells the key as mr-tron/base58 does.
func TestWalletNodeSignatureBytes(t *testing.T) {
	modules := nodeModules(t)
	env := servertest.New(t, servertest.Options{NoWorker: true})
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = byte(i * 37)
	}
	priv := ed25519.NewKeyFromSeed(seed)
	addr := base58.Encode(priv.Public().(ed25519.PublicKey))
	_, msg := challenge(t, env, addr)
	script := `const nacl = require("tweetnacl"); const bs58 = require("bs58").default;
const kp = nacl.sign.keyPair.fromSeed(Buffer.from(process.env.SEED, "hex"));
const sig = nacl.sign.detached(new TextEncoder().encode(process.env.MESSAGE), kp.secretKey);
console.log(JSON.stringify({address: bs58.encode(kp.publicKey), signature: bs58.encode(sig)}));`
	out := runNode(t, modules, []string{"SEED=" + hex.EncodeToString(seed), "MESSAGE=" + msg}, "-e", script)
	var n struct{ Address, Signature string }
	if err := json.Unmarshal(out, &n); err != nil {
		t.Fatalf("node output %q: %v", out, err)
	}
	if n.Address != addr {
		t.Errorf("bs58 address %s, mr-tron/base58 %s", n.Address, addr)
	}
	if want := base58.Encode(ed25519.Sign(priv, []byte(msg))); n.Signature != want {
		t.Errorf("tweetnacl signature %s, crypto/ed25519 %s", n.Signature, want)
	}
	if r := env.Do("POST", verifyURL, "", proof(n.Address, n.Signature, msg)); r.Status != 200 {
		t.Errorf("verify of tweetnacl's signature = %d %s", r.Status, r.Body)
	}
}
