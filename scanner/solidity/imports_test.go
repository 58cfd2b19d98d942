package solidity

import "testing"

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
