package solidity_test

import (
	"fmt"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/scannertest"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

func rules() []scanner.Rule { return solidity.New().Rules() }

// TestDetectorSamples checks every detector line by line against its
// samples: a missing finding and an extra one both fail.
func TestDetectorSamples(t *testing.T) {
	scannertest.Samples(t, scanner.New(solidity.New()), rules(), ".sol")
}

// TestRegistry checks ids, metadata and samples of every detector.
func TestRegistry(t *testing.T) {
	scannertest.Registry(t, rules(), `^SOL-[A-Z0-9]+(-[A-Z0-9]+)*$`, ".sol")
}

func ExampleParseFile() {
	u := solidity.ParseFile(scanner.File{Path: "a.sol", Content: []byte("pragma solidity ^0.4.24;\ncontract A { function f() public {} }\n")})
	fmt.Println(len(u.Contracts), u.Contracts[0].Name, u.Version.Minor, u.Checked())
	// Output: 1 A 4 false
}
