package main

import (
	"runtime/debug"
	"testing"
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
