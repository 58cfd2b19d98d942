package solidity_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/scanner/samples"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

func rules() []scanner.Rule {
	var out []scanner.Rule
	for _, d := range solidity.Detectors() {
		out = append(out, d.Meta())
	}
	return out
}

// TestDetectorSamples checks every detector line by line against its
// samples: a missing finding and an extra one both fail.
func TestDetectorSamples(t *testing.T) {
	samples.Check(t, scanner.New(solidity.New()), rules(), "testdata", ".sol")
}

// TestRegistry checks ids, metadata and samples of every detector.
func TestRegistry(t *testing.T) {
	samples.CheckRegistry(t, rules(), regexp.MustCompile(`^SOL-[A-Z0-9]+(-[A-Z0-9]+)*$`), "testdata", ".sol")
}

func ExampleParseFile() {
	u := solidity.ParseFile(scanner.File{Path: "a.sol", Content: []byte("pragma solidity ^0.4.24;\ncontract A { function f() public {} }\n")})
	fmt.Println(len(u.Contracts), u.Contracts[0].Name, u.Version.Minor, u.Checked())
	// Output: 1 A 4 false
}

// TestQuietShapes scans contracts written in the shapes audited AMMs,
// lending markets and staking contracts take (testdata/quiet) and fails
// on any critical or high finding: the issue's noise goal on code of that
// kind, kept as a regression test.
func TestQuietShapes(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "quiet", "*.sol"))
	if len(paths) == 0 {
		t.Fatal("no contracts in testdata/quiet")
	}
	var files []scanner.File
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, scanner.File{Path: p, Content: b})
	}
	// The engine the CLI and the service run: the Solidity and economic
	// scanners together, standard preset.
	res, err := registry.Default().Run(context.Background(), files, scanner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Fatalf("parse errors: %v", res.Errors)
	}
	for _, f := range res.Findings {
		if f.Severity == scanner.Critical || f.Severity == scanner.High {
			t.Errorf("%s:%d %s %s", f.File, f.Line, f.DetectorID, f.Snippet)
		}
	}
}
