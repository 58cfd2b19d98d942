package bundle_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

func TestArchiveRoot(t *testing.T) {
	for _, tc := range []struct {
		name  string
		paths []string
		root  string
		ok    bool
	}{
		{"foundry.toml at the top", []string{"foundry.toml", "src/A.sol"}, "", true},
		{".git folder at the top", []string{".git/HEAD", "src/A.sol"}, "", true},
		{"hardhat.config.ts", []string{"hardhat.config.ts", "contracts/A.sol"}, "", true},
		{".bulwark.yml", []string{".bulwark.yml", "A.sol"}, "", true},
		{"Anchor.toml", []string{"Anchor.toml", "programs/p/src/lib.rs"}, "", true},
		{"one top folder with a marker", []string{"repo-main/foundry.toml", "repo-main/src/A.sol"}, "repo-main/", true},
		{"one top folder without a marker", []string{"src/A.sol", "src/B.sol"}, "", false},
		{"two top folders", []string{"a/foundry.toml", "b/A.sol"}, "", false},
		{"a file at the top beside the folder", []string{"x/foundry.toml", "A.sol"}, "", false},
		{"a marker two folders down", []string{"x/y/foundry.toml", "x/A.sol"}, "", false},
		{"a file named like a marker's prefix", []string{"foundry.toml.bak", "A.sol"}, "", false},
		{"empty", nil, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, ok := bundle.ArchiveRoot(tc.paths)
			if root != tc.root || ok != tc.ok {
				t.Errorf("ArchiveRoot = %q, %v; want %q, %v", root, ok, tc.root, tc.ok)
			}
		})
	}
}

// TestLoadTreeRepositoryZip: `bulwark scan repo.zip` selects a zip of a
// repository as the API does (its .bulwark.yml, dependencies and tests
// left out), naming files repo.zip/<path from the repository root>.
func TestLoadTreeRepositoryZip(t *testing.T) {
	dir := t.TempDir()
	repo := map[string]string{"foundry.toml": "[profile.default]\n", "src/A.sol": "contract A {}", "src/old/O.sol": "contract O {}",
		"lib/forge-std/src/Test.sol": "contract T {}", "test/A.t.sol": "contract AT {}", ".bulwark.yml": "exclude: [src/old/]\n",
		"src/x.vy": "# vyper"}
	for name, top := range map[string]string{"repo.zip": "", "github.zip": "repo-main/"} {
		files := map[string]string{}
		for p, b := range repo {
			files[top+p] = b
		}
		if err := os.WriteFile(filepath.Join(dir, name), zipOf(t, files), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"repo.zip", "github.zip"} {
		tree, err := bundle.LoadTree([]string{filepath.Join(dir, name)}, sol, bundle.DefaultLimits, bundle.Selection{})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]string{name + "/src/A.sol"}, tree.Paths()); diff != "" {
			t.Errorf("%s: files (-want +got):\n%s", name, diff)
		}
		want := bundle.Excluded{Deps: map[string]int{name + "/lib/": 1}, Tests: map[string]int{name + "/test/": 1},
			Ignored: map[string]int{name + "/src/old/": 1}}
		if diff := cmp.Diff(want, tree.Excluded); diff != "" {
			t.Errorf("%s: excluded (-want +got):\n%s", name, diff)
		}
		if diff := cmp.Diff(map[string][]string{".vy": {name + "/src/x.vy"}}, tree.Skipped.Unsupported); diff != "" {
			t.Errorf("%s: unsupported (-want +got):\n%s", name, diff)
		}
	}
	// --include-deps and --include-tests reach into the archive.
	tree, err := bundle.LoadTree([]string{filepath.Join(dir, "repo.zip")}, sol, bundle.DefaultLimits,
		bundle.Selection{IncludeDeps: true, IncludeTests: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"repo.zip/lib/forge-std/src/Test.sol", "repo.zip/src/A.sol", "repo.zip/test/A.t.sol"}
	if diff := cmp.Diff(want, sorted(tree.Paths())); diff != "" {
		t.Errorf("with inclusions (-want +got):\n%s", diff)
	}
}
