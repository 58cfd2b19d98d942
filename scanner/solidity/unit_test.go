package solidity_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

func run(t *testing.T, files ...scanner.File) *scanner.Report {
	t.Helper()
	rep, err := scanner.New(solidity.New()).Run(context.Background(), files, scanner.Options{Preset: scanner.PresetDeep})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func ids(rep *scanner.Report) map[string][]int {
	m := map[string][]int{}
	for _, f := range rep.Findings {
		m[f.DetectorID] = append(m[f.DetectorID], f.Line)
	}
	return m
}

// TestInheritanceAcrossFiles: the guard and the state variable live in a
// base contract in another file of the bundle.
func TestInheritanceAcrossFiles(t *testing.T) {
	base := scanner.File{Path: "Owned.sol", Content: []byte(`pragma solidity ^0.8.0;
contract Owned {
    address public owner;
    modifier onlyOwner() { require(msg.sender == owner); _; }
}
`)}
	child := scanner.File{Path: "Vault.sol", Content: []byte(`pragma solidity ^0.8.0;
import "./Owned.sol";
contract Vault is Owned {
    function setOwner(address o) external onlyOwner { owner = o; }
    function grab(address o) external { owner = o; }
    function kill() external onlyOwner { selfdestruct(payable(owner)); }
}
`)}
	got := ids(run(t, base, child))
	// grab lets anyone become the owner, so onlyOwner stops nobody
	// from reaching kill's selfdestruct either.
	want := map[string][]int{"SOL-UNPROTECTED-OWNER-WRITE": {5}, "SOL-UNPROTECTED-SELFDESTRUCT": {6}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Alone, Vault's base is unknown: nothing is privileged, nothing reported.
	if got := ids(run(t, child)); len(got) != 0 {
		t.Errorf("without the base: %v", got)
	}
}

// TestFindingInBaseFile: a detector following a call from a derived
// contract into its base's helper in another file reports the line in
// that file, once, with that file's suppressions applied.
func TestFindingInBaseFile(t *testing.T) {
	base := scanner.File{Path: "Base.sol", Content: []byte(`pragma solidity ^0.8.0;
contract Base { mapping(address => uint256) internal held;
    function _run(address t, bytes memory d) internal {
        (bool ok, ) = t.call(d);
        require(ok);
    }
}
`)}
	child := scanner.File{Path: "Child.sol", Content: []byte(`pragma solidity ^0.8.0;
import "./Base.sol";
contract Child is Base {
    function run(address t, bytes calldata d) external {
        _run(t, d);
    }
}
`)}
	rep := run(t, base, child)
	var got []string
	for _, f := range rep.Findings {
		if f.DetectorID == "SOL-ARBITRARY-CALL" {
			got = append(got, fmt.Sprintf("%s:%d %s", f.File, f.Line, f.Snippet))
		}
	}
	if want := []string{"Base.sol:4 t.call(d)"}; !cmp.Equal(want, got) {
		t.Errorf("got %q, want %q", got, want)
	}
	// A suppression in the base file covers the finding made from Child.
	base.Content = []byte(strings.Replace(string(base.Content), "        (bool ok", "        // bulwark-disable-next-line SOL-ARBITRARY-CALL -- forwarder\n        (bool ok", 1))
	for _, f := range run(t, base, child).Findings {
		if f.DetectorID == "SOL-ARBITRARY-CALL" && !f.Suppressed {
			t.Errorf("not suppressed: %s:%d", f.File, f.Line)
		}
	}
	// Read for its definitions only (Child.sol scanned alone, Base.sol
	// imported), the base file gets no finding, even one made from Child.
	base.Context = true
	for _, f := range run(t, base, child).Findings {
		if f.File == "Base.sol" {
			t.Errorf("finding in a context file: %s:%d %s", f.File, f.Line, f.DetectorID)
		}
	}
}

// TestBrokenFileStillScanned: a syntax error is reported as data and the
// rest of the file and bundle is still analysed.
func TestBrokenFileStillScanned(t *testing.T) {
	broken := scanner.File{Path: "Broken.sol", Content: []byte(`pragma solidity ^0.4.24;
contract A {
    function broken( { }
    function kill() public { selfdestruct(msg.sender); }
}
`)}
	good := scanner.File{Path: "Good.sol", Content: []byte(`pragma solidity ^0.4.24;
contract B {
    address keeper;
    function check() public { require(tx.origin == keeper); }
}
`)}
	rep := run(t, broken, good)
	if len(rep.Errors) == 0 || rep.Errors[0].File != "Broken.sol" {
		t.Fatalf("errors = %+v", rep.Errors)
	}
	got := map[string]bool{}
	for _, f := range rep.Findings {
		got[f.File+" "+f.DetectorID] = true
	}
	for _, want := range []string{"Good.sol SOL-TX-ORIGIN", "Broken.sol SOL-UNPROTECTED-SELFDESTRUCT"} {
		if !got[want] {
			t.Errorf("missing %s in %v", want, got)
		}
	}
}

// TestFingerprintSurvivesEdits: adding code above a finding changes its
// line, not its fingerprint.
func TestFingerprintSurvivesEdits(t *testing.T) {
	v1 := `pragma solidity ^0.4.24;
contract A {
    function kill() public { selfdestruct(msg.sender); }
}
`
	v2 := `pragma solidity ^0.4.24;

// a new comment
contract A {
    uint256 counter;
    function inc() public { counter += 1; }

    function kill() public {
        selfdestruct(msg.sender);
    }
}
`
	fp := func(src string) (string, int) {
		rep := run(t, scanner.File{Path: "A.sol", Content: []byte(src)})
		for _, f := range rep.Findings {
			if f.DetectorID == "SOL-UNPROTECTED-SELFDESTRUCT" {
				return f.Fingerprint, f.Line
			}
		}
		t.Fatal("no finding")
		return "", 0
	}
	a, la := fp(v1)
	b, lb := fp(v2)
	if a != b || la == lb {
		t.Errorf("fingerprint %s at line %d became %s at line %d", a, la, b, lb)
	}
}

func TestPragma(t *testing.T) {
	tests := []struct {
		src     string
		checked bool
	}{
		{"pragma solidity ^0.4.24;", false},
		{"pragma solidity >=0.7.0 <0.9.0;", false},
		{"pragma solidity 0.8.20;", true},
		{"pragma experimental ABIEncoderV2;", true},
		{"", true},
	}
	for _, tt := range tests {
		u := solidity.ParseFile(scanner.File{Path: "p.sol", Content: []byte(tt.src + "\ncontract A {}\n")})
		if got := u.Checked(); got != tt.checked {
			t.Errorf("%q: Checked() = %v, want %v", tt.src, got, tt.checked)
		}
	}
}

// TestInferVersion: a file without a pragma is modern unless its own
// syntax needs an older compiler; a pragma always wins.
func TestInferVersion(t *testing.T) {
	tests := []struct {
		name, src string
		before5   bool // Version.Before(5, 0)
		before6   bool
		checked   bool
	}{
		{"modern", "contract A { uint[] a; function f(uint x) public returns (uint) { a.push(x); return x + 1; } }", false, false, true},
		{"throw", "contract A { function f(uint x) { if (x == 0) throw; } }", true, true, false},
		{"var", "contract A { function f() { var i = 0; i++; } }", true, true, false},
		{"constant function", "contract A { function f() constant returns (uint) { return 1; } }", true, true, false},
		{"named constructor", "contract A { address o; function A() { o = msg.sender; } }", true, true, false},
		{"named function in a library", "library A { function A() internal {} }", false, false, true},
		{"struct local without location", "contract A { struct S { uint a; } function f() { S s; s.a = 1; } }", true, true, false},
		{"memory struct local", "contract A { struct S { uint a; } function f() public { S memory s; s.a = 1; } }", false, false, true},
		{"contract-typed local", "contract B {} contract A { function f() public { B b; } }", false, false, true},
		{"length assignment", "contract A { uint[] a; function f(uint n) public { a.length = n; } }", false, true, false},
		{"unnamed fallback", "contract A { function () external payable {} }", false, true, false},
		{"value call option", "contract A { function f(address t) public { t.call.value(1)(\"\"); } }", false, false, false},
		{"pragma wins", "pragma solidity ^0.8.0;\ncontract A { function f() { var i = 0; } }", false, false, true},
	}
	for _, tt := range tests {
		u := solidity.ParseFile(scanner.File{Path: "p.sol", Content: []byte(tt.src + "\n")})
		got := []bool{u.Version.Before(5, 0), u.Version.Before(6, 0), u.Checked()}
		if want := []bool{tt.before5, tt.before6, tt.checked}; !cmp.Equal(got, want) {
			t.Errorf("%s: before 0.5, before 0.6, checked = %v, want %v", tt.name, got, want)
		}
	}
}

// TestQueryCaptures: the tree's index holds free calls and simple member
// expressions, including those the grammar hid behind an operator
// (x == msg.sender.f() before reassociation had no simple member).
func TestQueryCaptures(t *testing.T) {
	u := solidity.ParseFile(scanner.File{Path: "q.sol", Content: []byte(`pragma solidity ^0.8.0;
contract Q {
    function f(bytes32 h, uint8 v, bytes32 r, bytes32 s) external {
        require(tx.origin == msg.sender);
        address a = ecrecover(h, v, r, s);
        if (a == address(0)) selfdestruct(payable(msg.sender));
        bytes32 x = blockhash(block.number - 1);
        uint b = 1 + msg.sender.balance;
    }
}
`)})
	var got []string
	for _, n := range u.FreeCalls("ecrecover", "selfdestruct", "blockhash") {
		got = append(got, n.Text())
	}
	want := []string{"ecrecover(h, v, r, s)", "selfdestruct(payable(msg.sender))", "blockhash(block.number - 1)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("free calls (-want +got):\n%s", diff)
	}
	if n := len(u.Members("msg", "sender")); n != 3 {
		t.Errorf("%d msg.sender members, want 3", n)
	}
	if n := len(u.Members("tx", "origin")); n != 1 {
		t.Errorf("%d tx.origin members, want 1", n)
	}
}

// Two versions of a product define the same names; each file must see the
// definitions its own imports reach, whichever the bundle met first.
func TestScopeByImports(t *testing.T) {
	v1Base := scanner.File{Path: "src/v1/Base.sol", Content: []byte(`pragma solidity ^0.8.0;
contract Base { mapping(address => uint256) internal held;
    function _run(address t, bytes memory d) internal {
        (bool ok, ) = t.call(d);
        require(ok);
    }
}
`)}
	v1Child := scanner.File{Path: "src/v1/Child.sol", Content: []byte(`pragma solidity ^0.8.0;
import "./Base.sol";
contract Child is Base {
    function run(address t, bytes calldata d) external {
        _run(t, d);
    }
}
`)}
	v2Base := scanner.File{Path: "src/v2/Base.sol", Content: []byte(`pragma solidity ^0.8.0;
contract Base {
    address internal owner;
    function _run(address t, bytes memory d) internal {
        require(t == address(this) && d.length == 0);
    }
}
`)}
	v2Child := scanner.File{Path: "src/v2/Child2.sol", Content: []byte(`pragma solidity ^0.8.0;
import {Base} from "../v2/Base.sol";
contract Child2 is Base {
    function run(address t, bytes calldata d) external {
        _run(t, d);
    }
}
`)}
	for _, order := range [][]scanner.File{{v1Base, v1Child, v2Base, v2Child}, {v2Base, v2Child, v1Base, v1Child}} {
		rep := run(t, order...)
		var got []string
		for _, f := range rep.Findings {
			if f.DetectorID == "SOL-ARBITRARY-CALL" {
				got = append(got, fmt.Sprintf("%s:%d", f.File, f.Line))
			}
		}
		if want := []string{"src/v1/Base.sol:4"}; !cmp.Equal(want, got) {
			t.Errorf("order %s first: got %q, want %q", order[0].Path, got, want)
		}
	}
}
