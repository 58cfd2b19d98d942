package bundle_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

// frameworkCases are project layouts recognised without .bulwark.yml, one
// per rule: the framework's file, its sources, and the folders it keeps
// dependencies, build output, tests and scripts in.
var frameworkCases = []struct {
	name  string
	files map[string]string
	want  []string
}{
	{"Foundry", map[string]string{"foundry.toml": "[profile.default]\n", "src/V.sol": "", "lib/forge-std/src/Test.sol": "",
		"dependencies/solady-0.1/src/S.sol": "", "test/V.t.sol": "", "script/D.s.sol": ""}, []string{"src/V.sol"}},
	{"Foundry settings", map[string]string{"foundry.toml": "[profile.default]\nsrc = \"contracts\"\nlibs = [\"deps\"]\ntest = \"spec\"\nscript = \"deploy\"\n",
		"contracts/V.sol": "", "deps/oz/E.sol": "", "spec/V.sol": "", "deploy/D.sol": ""}, []string{"contracts/V.sol"}},
	{"Hardhat", map[string]string{"hardhat.config.ts": "", "contracts/V.sol": "", "contracts/test/T.sol": "",
		"node_modules/@openzeppelin/contracts/E.sol": "", "test/V.sol": "", "scripts/D.sol": "", "ignition/modules/M.sol": ""},
		[]string{"contracts/V.sol"}},
	{"Truffle", map[string]string{"truffle-config.js": "", "contracts/V.sol": "", "contracts/Migrations.sol": "",
		"migrations/1_initial.sol": "", "test/V.sol": "", "installed_contracts/zeppelin/E.sol": "", "node_modules/x/X.sol": ""},
		[]string{"contracts/Migrations.sol", "contracts/V.sol"}},
	{"Truffle (truffle.js)", map[string]string{"truffle.js": "", "contracts/V.sol": "", "migrations/M.sol": ""}, []string{"contracts/V.sol"}},
	{"Ape", map[string]string{"ape-config.yaml": "", "contracts/V.vy": "", "contracts/.cache/snekmate/0.1/E.vy": "",
		".build/__local__.json": "", ".build/deps/E.vy": "", "tests/test_v.vy": "", "scripts/deploy.vy": ""}, []string{"contracts/V.vy"}},
	{"Brownie", map[string]string{"brownie-config.yaml": "", "contracts/V.sol": "", "interfaces/I.sol": "", "build/contracts/E.sol": "",
		"tests/T.sol": "", "scripts/D.sol": ""}, []string{"contracts/V.sol", "interfaces/I.sol"}},
	{"Brownie project_structure", map[string]string{"brownie-config.yml": "project_structure:\n  tests: checks\n  scripts: ops\n  build: out\n",
		"contracts/V.sol": "", "checks/T.sol": "", "ops/D.sol": "", "out/E.sol": ""}, []string{"contracts/V.sol"}},
	{"Anchor", map[string]string{"Anchor.toml": "[programs.localnet]\nvault = \"Fg6P\"\n", "programs/vault/src/lib.rs": "",
		"programs/vault/Cargo.toml": "", "target/debug/build/x/out/gen.rs": "", "tests/vault.rs": "", "migrations/deploy.rs": ""},
		[]string{"programs/vault/src/lib.rs"}},
	{"Scarb", map[string]string{"Scarb.toml": "[package]\nname = \"vault\"\n", "src/lib.cairo": "", "src/vault.cairo": "",
		"target/dev/vault.cairo": "", "tests/test_vault.cairo": ""}, []string{"src/lib.cairo", "src/vault.cairo"}},
	{"Move", map[string]string{"Move.toml": "[package]\nname = \"Vault\"\n", "sources/vault.move": "",
		"build/Vault/sources/dependencies/Sui/coin.move": "", "tests/vault_tests.move": "", "scripts/run.move": ""},
		[]string{"sources/vault.move"}},
	{"Cargo", map[string]string{"Cargo.toml": "[package]\nname = \"cw20-vault\"\n", "src/contract.rs": "", "src/state.rs": "",
		"target/debug/build/cw20-vault/out/gen.rs": "", "tests/integration.rs": "", "benches/b.rs": ""},
		[]string{"src/contract.rs", "src/state.rs"}},
	{"no framework: only the generic rules", map[string]string{".git/HEAD": "", "contracts/V.sol": "", "build/B.sol": "",
		"target/T.sol": "", "migrations/M.sol": "", "lib/L.sol": "", "tests/T.sol": ""},
		[]string{"build/B.sol", "contracts/V.sol", "migrations/M.sol", "target/T.sol"}},
}

func TestFrameworks(t *testing.T) {
	for _, tc := range frameworkCases {
		t.Run(tc.name, func(t *testing.T) {
			root := writeTree(t, tc.files)
			// The framework's file makes the folder the root.
			found, err := bundle.FindRoot(filepath.Join(root, filepath.Dir(filepath.FromSlash(tc.want[0]))))
			if err != nil || found != root {
				t.Errorf("FindRoot = %q, %v; want %q", found, err, root)
			}
			tree, err := bundle.LoadTree([]string{root}, nil, bundle.DefaultLimits, bundle.Selection{Root: root})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, sorted(tree.Paths())); diff != "" {
				t.Errorf("scan of the root (-want +got):\n%s", diff)
			}
			mem := map[string][]byte{}
			for p, b := range tc.files {
				mem[p] = []byte(b)
			}
			mt, err := bundle.SelectFiles(mem, nil, nil, bundle.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, sorted(mt.Paths())); diff != "" {
				t.Errorf("SelectFiles (-want +got):\n%s", diff)
			}

			// The same project one folder down in a repository: its
			// framework's folders apply below it.
			nested := map[string]string{".git/HEAD": ""}
			for p, b := range tc.files {
				if !strings.HasPrefix(p, ".git/") {
					nested["packages/p/"+p] = b
				}
			}
			top := writeTree(t, nested)
			tree, err = bundle.LoadTree([]string{top}, nil, bundle.DefaultLimits, bundle.Selection{Root: top})
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, w := range tc.want {
				want = append(want, "packages/p/"+w)
			}
			got := sorted(tree.Paths())
			if tc.name == "no framework: only the generic rules" {
				// lib/ and tests/ are left out by name only at the root
				// (tests/ anywhere).
				want = []string{"packages/p/build/B.sol", "packages/p/contracts/V.sol", "packages/p/lib/L.sol",
					"packages/p/migrations/M.sol", "packages/p/target/T.sol"}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("nested project (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFrameworkBrokenSettings: a configuration file bulwark reads for its
// folders and cannot parse stops the load with its name.
func TestFrameworkBrokenSettings(t *testing.T) {
	for marker, body := range map[string]string{"foundry.toml": "[profile.default\n", "brownie-config.yaml": "project_structure: [\n"} {
		root := writeTree(t, map[string]string{marker: body, "contracts/V.sol": ""})
		_, err := bundle.LoadTree([]string{root}, nil, bundle.DefaultLimits, bundle.Selection{Root: root})
		if err == nil || !strings.Contains(err.Error(), marker) {
			t.Errorf("%s: err = %v, want one naming the file", marker, err)
		}
	}
}

// TestFrameworkBrokenSettingsBelowRoot: a broken foundry.toml below the
// root (a dependency's) keeps Foundry's defaults there and stops nothing.
func TestFrameworkBrokenSettingsBelowRoot(t *testing.T) {
	root := writeTree(t, map[string]string{"foundry.toml": "", "src/V.sol": "", "lib/dep/foundry.toml": "[profile.default\n",
		"lib/dep/src/D.sol": "", "lib/dep/test/D.t.sol": "", "lib/dep/lib/inner/I.sol": ""})
	tree, err := bundle.LoadTree([]string{root}, nil, bundle.DefaultLimits, bundle.Selection{Root: root, IncludeDeps: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"lib/dep/lib/inner/I.sol", "lib/dep/src/D.sol", "src/V.sol"}
	if diff := cmp.Diff(want, sorted(tree.Paths())); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}
