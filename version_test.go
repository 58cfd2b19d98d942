package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/server"
)

func TestResolveVersion(t *testing.T) {
	info := func(v string) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) { return &debug.BuildInfo{Main: debug.Module{Version: v}}, true }
	}
	none := func() (*debug.BuildInfo, bool) { return nil, false }
	for _, tt := range []struct {
		stamped string
		read    func() (*debug.BuildInfo, bool)
		want    string
	}{
		{"v1.2.0", info("v0.0.0-20260101000000-abcdef123456"), "v1.2.0"}, // -X wins
		{"dev", info("v1.3.0"), "v1.3.0"},                                // go install …@v1.3.0
		{"dev", info("(devel)"), "dev"},                                  // go build in a checkout
		{"dev", none, "dev"},
	} {
		if got := resolveVersion(tt.stamped, tt.read); got != tt.want {
			t.Errorf("resolveVersion(%q) = %q, want %q", tt.stamped, got, tt.want)
		}
	}
}

// TestStampedVersionEverywhere builds bulwark with a stamped version, as
// make build and the release workflow do, and checks that `bulwark
// --version` and a served /healthz show that one version.
func TestStampedVersionEverywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the binary")
	}
	const stamp = "v9.8.7-stamp-test"
	bin := filepath.Join(t.TempDir(), "bulwark")
	build := exec.Command("go", "build", "-trimpath", "-ldflags=-X main.toolVersion="+stamp, "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").CombinedOutput()
	if err != nil || !strings.Contains(string(out), stamp) {
		t.Fatalf("bulwark --version = %q, %v; want %s", out, err, stamp)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	serve := exec.CommandContext(ctx, bin, "serve")
	serve.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "BULWARK_DATA_DIR=" + t.TempDir(), "BULWARK_ADDR=" + addr}
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); _ = serve.Wait() }()
	var health struct{ Status, Version, APIVersion string }
	deadline := time.Now().Add(60 * time.Second)
	for {
		r, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			err = json.NewDecoder(r.Body).Decode(&struct {
				Status     *string `json:"status"`
				Version    *string `json:"version"`
				APIVersion *string `json:"api_version"`
			}{&health.Status, &health.Version, &health.APIVersion})
			r.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("bulwark serve did not answer: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if health.Status != "ok" || health.Version != stamp || health.APIVersion != server.Version {
		t.Errorf("/healthz = %+v; want ok, %s, %s", health, stamp, server.Version)
	}
}
