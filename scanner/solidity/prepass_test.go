package solidity_test

import (
	"context"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// grammarCases are one snippet per construct of current Solidity (0.4 to
// 0.8.30), each of which must parse without an error node.
var grammarCases = []struct{ name, src string }{
	{"file-level using", "pragma solidity ^0.8.13;\nlibrary L { function f(uint x) internal pure returns (uint) { return x; } }\nusing L for uint;\ncontract C {}\n"},
	{"using global", "pragma solidity ^0.8.13;\ntype V is uint256;\nlibrary L { function f(V x) internal pure returns (V) { return x; } }\nusing L for V global;\ncontract C {}\n"},
	{"user-defined operators", "pragma solidity ^0.8.19;\ntype V is uint256;\nfunction eq(V a, V b) pure returns (bool) { return V.unwrap(a) == V.unwrap(b); }\nfunction add(V a, V b) pure returns (V) { return V.wrap(V.unwrap(a) + V.unwrap(b)); }\nusing {eq as ==, add as +} for V global;\ncontract C {}\n"},
	{"using list in a contract", "pragma solidity ^0.8.13;\nfunction f(uint x) pure returns (uint) { return x; }\ncontract C { using {f} for uint; }\n"},
	{"fallback with parameters and returns", "pragma solidity ^0.8.0;\ncontract C {\n    fallback(bytes calldata data) external payable returns (bytes memory) {\n        return data;\n    }\n}\n"},
	{"fallback declared in an interface", "pragma solidity ^0.8.0;\ninterface I { fallback(bytes calldata) external returns (bytes memory); }\n"},
	{"layout at", "pragma solidity ^0.8.29;\ncontract C layout at 0x1234 { uint x; }\ncontract D is C layout at 2**255 - 42 { uint y; }\n"},
	{"transient storage", "pragma solidity ^0.8.28;\ncontract C { uint transient lock; }\n"},
	{"custom error in require", "pragma solidity ^0.8.26;\nerror E(uint a);\ncontract C { function f(uint a) public pure { require(a > 1, E(a)); } }\n"},
	{"named mapping parameters", "pragma solidity ^0.8.18;\ncontract C { mapping(address user => mapping(uint256 id => uint256 balance)) public b; }\n"},
	{"Cancun opcodes", "pragma solidity ^0.8.24;\ncontract C { function f() public { assembly { tstore(0, 1) let x := tload(0) mcopy(0, 32, 32) let h := blobhash(0) let b := blobbasefee() } } }\n"},
	{"swapped plus assignment", "pragma solidity ^0.4.24;\ncontract C { uint x; function f(uint v) public { x =+ v; x =+ 1; x = ++v; x += v; } }\n"},
	{"0.4-era syntax", "pragma solidity ^0.4.24;\ncontract C { function C() public {} function f() public { var x = 1; if (x == 2) throw; suicide(msg.sender); } }\n"},
	{"file-level items", "pragma solidity ^0.8.0;\nuint256 constant X = 1;\nerror Bad();\nevent Ev(uint a);\ntype Price is uint128;\nstruct S { uint a; }\nenum E { A }\nfunction free(uint a) pure returns (uint) { return a; }\ncontract C {}\n"},
	{"unchecked, try/catch", "pragma solidity ^0.8.0;\ncontract C { function f() public { unchecked { uint a = 1; a--; } try this.g() returns (uint) {} catch Error(string memory) {} catch (bytes memory) {} } function g() public returns (uint) { return 1; } }\n"},
	{"NatSpec everywhere", "pragma solidity ^0.8.0;\n/// @title T\n/** @notice n */\ncontract C {\n    /// @dev d\n    uint x; /// trailing\n    /// @param a p\n    function f(uint a /** inline */) public {}\n}\n"},
	{"receive and plain fallback", "pragma solidity ^0.8.0;\ncontract C { receive() external payable {} fallback() external {} }\n"},
	{"hex literals", "pragma solidity ^0.8.0;\ncontract C { bytes constant B = hex\"00ff\"; bytes constant D = hex'ab'; }\n"},
	{"state named like a Yul built-in", "pragma solidity ^0.8.15;\ncontract C { uint64 number; uint256 basefee; function f(uint64 n, uint256 b) external { assembly { sstore(number.slot, n) sstore(basefee.slot, b) let t := number() } } function g(bytes calldata timestamp) external pure returns (uint256 o) { assembly { o := timestamp.offset } } }\n"},
	{"keywords in strings and comments", "pragma solidity ^0.8.0;\n// using L for uint global;\ncontract C { string s = \"layout at 1 { using x for y; \"; /* fallback(bytes b) */ }\n"},
}

func TestGrammarCoverage(t *testing.T) {
	lang := solidity.Language{}
	p := lang.NewParser()
	defer p.Close()
	for _, tc := range grammarCases {
		t.Run(tc.name, func(t *testing.T) {
			u := p.Parse(scanner.File{Path: "C.sol", Content: []byte(tc.src)})
			if errs := u.Errors(); len(errs) > 0 {
				t.Errorf("parse errors %+v in:\n%s", errs, tc.src)
			}
			masked := solidity.Mask([]byte(tc.src))
			if len(masked) != len(tc.src) {
				t.Fatalf("masking changed the length: %d -> %d", len(tc.src), len(masked))
			}
			for i := range masked {
				if (masked[i] == '\n') != (tc.src[i] == '\n') {
					t.Fatalf("masking moved a line break at %d", i)
				}
			}
		})
	}
}

// TestMaskedFilesStillAnalysed: a contract beside a file-level using
// directive and a fallback with parameters is analysed, and findings point
// at the original lines.
func TestMaskedFilesStillAnalysed(t *testing.T) {
	src := "pragma solidity ^0.8.13;\nusing L for uint global;\ncontract Wallet {\n    address owner;\n    fallback(bytes calldata d) external returns (bytes memory) { return d; }\n    function withdraw() public {\n        require(tx.origin == owner);\n        payable(msg.sender).transfer(address(this).balance);\n    }\n}\n"
	eng := scanner.New(solidity.Language{})
	rep, err := eng.Run(context.Background(), []scanner.File{{Path: "W.sol", Content: []byte(src)}}, scanner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 0 {
		t.Errorf("parse errors: %+v", rep.Errors)
	}
	found := false
	for _, f := range rep.Findings {
		if f.DetectorID == "SOL-TX-ORIGIN" && f.Line == 7 && f.Snippet == "tx.origin == owner" {
			found = true
		}
	}
	if !found {
		t.Errorf("tx.origin finding on line 7 missing: %+v", rep.Findings)
	}
}

// FuzzMask: the pre-pass never panics, keeps the length and every line
// break, and only ever writes spaces.
func FuzzMask(f *testing.F) {
	for _, tc := range grammarCases {
		f.Add([]byte(tc.src))
	}
	f.Add([]byte("using"))
	f.Add([]byte("fallback("))
	f.Add([]byte("layout at"))
	f.Add([]byte("contract C { /* unterminated"))
	f.Fuzz(func(t *testing.T, src []byte) {
		out := solidity.Mask(src)
		if len(out) != len(src) {
			t.Fatalf("length %d -> %d", len(src), len(out))
		}
		for i := range out {
			// Masking writes spaces, or an underscore over the first
			// letter of a name (a variable called like a Yul built-in).
			renamed := out[i] == '_' && (src[i] >= 'a' && src[i] <= 'z') && (i == 0 || !isIdentByte(src[i-1]))
			if out[i] != src[i] && out[i] != ' ' && !renamed {
				t.Fatalf("byte %d changed to %q", i, out[i])
			}
			if (out[i] == '\n') != (src[i] == '\n') {
				t.Fatalf("line break moved at %d", i)
			}
		}
	})
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
