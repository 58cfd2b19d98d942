package main

import "runtime/debug"

func init() { toolVersion = resolveVersion(toolVersion, debug.ReadBuildInfo) }

// resolveVersion is the version --version, SARIF and the CI reports show:
// the one stamped with -ldflags "-X main.toolVersion=…" (make build, the
// release workflow), else the module version `go install …@v` records,
// else "dev" (go build and go run in a checkout).
func resolveVersion(stamped string, read func() (*debug.BuildInfo, bool)) string {
	if stamped != "dev" && stamped != "" {
		return stamped
	}
	if bi, ok := read(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}
