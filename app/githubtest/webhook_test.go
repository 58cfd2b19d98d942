package githubtest

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

func TestSignWebhook(t *testing.T) {
	// Example from GitHub's docs ("Validating webhook deliveries").
	got := SignWebhook([]byte("It's a Secret to Everybody"), []byte("Hello, World!"))
	want := "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
	if got != want {
		t.Fatalf("got %s want %s", got, want)
	}
	m := hmac.New(sha256.New, []byte("k"))
	m.Write([]byte("b"))
	if SignWebhook([]byte("k"), []byte("b")) != "sha256="+hex.EncodeToString(m.Sum(nil)) {
		t.Fatal("mismatch")
	}
}

func TestFixtureInfo(t *testing.T) {
	in, err := Info(LoadFixture(t, "pull_request.opened.json"))
	if err != nil {
		t.Fatal(err)
	}
	if in.InstallationID != 1 || in.PullRequest != 2 || len(in.HeadSHA) != 40 || len(in.BaseSHA) != 40 ||
		in.HeadSHA[:7] != "ec26c3e" || in.BaseSHA[:7] != "f95f852" || in.Repository == "" {
		t.Fatalf("pull_request info = %+v", in)
	}
	push, err := Info(LoadFixture(t, "push.json"))
	if err != nil {
		t.Fatal(err)
	}
	if push.InstallationID != 1 || push.HeadSHA[:7] != "6113728" || push.PullRequest != 0 {
		t.Fatalf("push info = %+v", push)
	}
	cs, err := Info(LoadFixture(t, "check_suite.requested.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cs.HeadSHA) != 40 {
		t.Fatalf("check_suite info = %+v", cs)
	}
}
