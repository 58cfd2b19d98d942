package bundle_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

// TestImportsAsContext: a file named alone brings the files it imports by
// relative path, transitively and once each, marked as context; imports
// by package name, in comments, of missing files or of other extensions
// are not followed, and a folder argument follows nothing.
func TestImportsAsContext(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, body string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("src/Vault.sol", `pragma solidity ^0.8.0;
import "./Base.sol";
import {Owned as O} from "../lib/Owned.sol";
import * as M from './Math.sol';
import "@openzeppelin/contracts/access/Ownable.sol";
// import "./Commented.sol";
/* import "./Blocked.sol"; */
import "./Missing.sol";
import "./notes.txt";
contract Vault is Base, O {}
`)
	write("src/Base.sol", "pragma solidity ^0.8.0;\nimport \"./Vault.sol\";\nimport \"../lib/Owned.sol\";\ncontract Base {}\n")
	write("lib/Owned.sol", "pragma solidity ^0.8.0;\nimport \"./deep/Root.sol\";\ncontract Owned {}\n")
	write("lib/deep/Root.sol", "pragma solidity ^0.8.0;\ncontract Root {}\n")
	write("src/Math.sol", "pragma solidity ^0.8.0;\nlibrary Math {}\n")
	write("src/Commented.sol", "contract Commented {}\n")
	write("src/Blocked.sol", "contract Blocked {}\n")
	write("src/notes.txt", "not solidity")

	tree, err := bundle.LoadTree([]string{filepath.Join(dir, "src", "Vault.sol")}, nil, bundle.DefaultLimits,
		bundle.Selection{Root: dir, Imports: true})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"src/Vault.sol"}, tree.Paths()); diff != "" {
		t.Errorf("scanned (-want +got):\n%s", diff)
	}
	want := []string{"src/Base.sol", "lib/Owned.sol", "src/Math.sol", "lib/deep/Root.sol"}
	if diff := cmp.Diff(want, tree.Imported()); diff != "" {
		t.Errorf("imported (-want +got):\n%s", diff)
	}
	for _, f := range tree.Files {
		if f.Context != (f.Path != "src/Vault.sol") {
			t.Errorf("%s: Context = %v", f.Path, f.Context)
		}
	}

	// Without Imports, or for a folder, nothing is brought in.
	tree, err = bundle.LoadTree([]string{filepath.Join(dir, "src", "Vault.sol")}, nil, bundle.DefaultLimits, bundle.Selection{Root: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(tree.Imported()) != 0 {
		t.Errorf("without Imports: %v", tree.Imported())
	}
	tree, err = bundle.LoadTree([]string{filepath.Join(dir, "lib")}, nil, bundle.DefaultLimits, bundle.Selection{Root: dir, Imports: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(tree.Imported()) != 0 || len(tree.Paths()) != 2 {
		t.Errorf("folder: scanned %v, imported %v", tree.Paths(), tree.Imported())
	}

	// Two named files importing each other: both scanned, none context.
	tree, err = bundle.LoadTree([]string{filepath.Join(dir, "src", "Vault.sol"), filepath.Join(dir, "src", "Base.sol")}, nil,
		bundle.DefaultLimits, bundle.Selection{Root: dir, Imports: true})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"src/Vault.sol", "src/Base.sol"}, tree.Paths()); diff != "" {
		t.Errorf("both named (-want +got):\n%s", diff)
	}

	// The file limit holds for what imports bring in.
	lim := bundle.DefaultLimits
	lim.MaxFiles = 2
	if _, err := bundle.LoadTree([]string{filepath.Join(dir, "src", "Vault.sol")}, nil, lim, bundle.Selection{Root: dir, Imports: true}); err == nil {
		t.Error("imports past the file limit were read")
	}
}
