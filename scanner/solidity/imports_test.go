package solidity

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner"
)

// Two versions of a product define the same names; each file must see the
// definitions its own imports reach, whichever the bundle met first.
func TestScopeByImports(t *testing.T) {
	v1Base := scanner.File{Path: "src/v1/Base.sol", Content: []byte(`pragma solidity ^0.8.0;
contract Base {
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
		rep, err := scanner.New(New()).Run(context.Background(), order, scanner.Options{Preset: scanner.PresetDeep})
		if err != nil {
			t.Fatal(err)
		}
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

func TestImportResolver(t *testing.T) {
	paths := []string{
		"src/Vault.sol",
		"src/lib/Math.sol",
		"lib/openzeppelin-contracts/contracts/token/ERC20/ERC20.sol",
		"lib/solmate/src/tokens/ERC20.sol",
		"a/Twin.sol",
		"b/Twin.sol",
	}
	var units []*Unit
	byPath := map[string]*Unit{}
	for _, p := range paths {
		u := &Unit{Path: p}
		units = append(units, u)
		byPath[p] = u
	}
	r := newImportResolver(units)
	from := byPath["src/Vault.sol"]
	for _, c := range []struct{ spec, want string }{
		{"./lib/Math.sol", "src/lib/Math.sol"},
		{"../src/lib/Math.sol", "src/lib/Math.sol"},
		{"src/lib/Math.sol", "src/lib/Math.sol"},
		{"@openzeppelin/contracts/token/ERC20/ERC20.sol", "lib/openzeppelin-contracts/contracts/token/ERC20/ERC20.sol"},
		{"solmate/tokens/ERC20.sol", "lib/solmate/src/tokens/ERC20.sol"},
		{"x/Twin.sol", ""}, // two files fit equally
		{"./Missing.sol", ""},
	} {
		got := ""
		if u := r.resolve(from, c.spec); u != nil {
			got = u.Path
		}
		if got != c.want {
			t.Errorf("resolve(%q) = %q, want %q", c.spec, got, c.want)
		}
	}
}
