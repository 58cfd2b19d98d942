package bundle_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

// writeTree writes files (slash path → content) under a new folder.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func sorted(paths []string) []string {
	out := append([]string{}, paths...)
	sort.Strings(out)
	return out
}

// ignoreCases are .gitignore lines and, per source file, whether git
// leaves it out (as `git check-ignore --no-index` answers; TestIgnoreAsGit
// asks git again when it is installed).
var ignoreCases = struct {
	gitignore, nested, bulwarkignore string
	files                            map[string]bool
}{
	gitignore: "out/\n*.t.sol\n!keep.t.sol\n/src/deep/x/\ndoc/frotz\n**/gen/**\na/**/b.sol\nbuild\n/root.sol\n" +
		"sub/*.sol\n!sub/ok.sol\nvendor/*\n!vendor/keep/\n# a comment\n\ntrail.sol   \r\n",
	nested:        "*.sol\n!Kept.sol\n", // pkg/.gitignore
	bulwarkignore: "src/legacy/\n",
	files: map[string]bool{
		"out/Vault.sol": true, "src/out/X.sol": true, "src/A.t.sol": true, "src/keep.t.sol": false,
		"src/deep/x/L.sol": true, "x/src/deep/x/L.sol": false, "doc/frotz/F.sol": true, "a/doc/frotz/F.sol": false,
		"z/gen/q/G.sol": true, "a/b.sol": true, "a/x/y/b.sol": true, "build/B.sol": true, "x/build/B.sol": true,
		"build.sol/x.sol": false, "root.sol": true, "d/root.sol": false, "sub/a.sol": true, "sub/ok.sol": false,
		"sub/deeper/c.sol": false, "x/sub/a.sol": false, "vendor/v/V.sol": true, "vendor/keep/K.sol": false,
		"trail.sol": true, "pkg/P.sol": true, "pkg/Kept.sol": false, "other/P.sol": false,
		"src/legacy/Old.sol": true, "src/Main.sol": false,
	},
}

// TestIgnore: .gitignore (nested ones too) and .bulwarkignore leave out
// what git would.
func TestIgnore(t *testing.T) {
	files := map[string]string{".gitignore": ignoreCases.gitignore, "pkg/.gitignore": ignoreCases.nested,
		".bulwarkignore": ignoreCases.bulwarkignore, ".git/HEAD": "ref: refs/heads/main\n"}
	var want []string
	for f, ignored := range ignoreCases.files {
		files[f] = "contract C {}"
		if !ignored {
			want = append(want, f)
		}
	}
	root := writeTree(t, files)
	tr, err := bundle.LoadTree([]string{root}, sol, bundle.DefaultLimits,
		bundle.Selection{Root: root, IncludeDeps: true, IncludeTests: true})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(sorted(want), sorted(tr.Paths())); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

// TestIgnoreAsGit asks git itself about every case of TestIgnore, so the
// table cannot drift from git's rules.
func TestIgnoreAsGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	files := map[string]string{".gitignore": ignoreCases.gitignore, "pkg/.gitignore": ignoreCases.nested}
	for f := range ignoreCases.files {
		files[f] = "x"
	}
	root := writeTree(t, files)
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	// .bulwarkignore plays the part of git's info/exclude here.
	if err := os.WriteFile(filepath.Join(root, ".git", "info", "exclude"), []byte(ignoreCases.bulwarkignore), 0o644); err != nil {
		t.Fatal(err)
	}
	for f, want := range ignoreCases.files {
		cmd := exec.Command("git", "-c", "safe.directory=*", "check-ignore", "-q", "--no-index", f)
		cmd.Dir = root
		err := cmd.Run()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		if got := err == nil; got != want {
			t.Errorf("%s: git says ignored=%v, the table says %v", f, got, want)
		}
	}
}

// foundry is a Foundry repository with a dependency, tests, scripts, mocks,
// build output and sources of another language.
var foundry = map[string]string{
	"foundry.toml":               "[profile.default]\nsrc = \"src\"\nout = \"out\"\nlibs = [\"lib\"]\n",
	".gitignore":                 "cache/\nout/\n",
	".bulwarkignore":             "src/legacy/\n",
	"README.md":                  "# vault",
	"src/Vault.sol":              "contract Vault {}",
	"src/interfaces/IVault.sol":  "interface IVault {}",
	"src/legacy/Old.sol":         "contract Old {}",
	"src/mocks/MockToken.sol":    "contract MockToken {}",
	"src/gen/.gitignore":         "*.sol\n",
	"src/gen/Gen.sol":            "contract Gen {}",
	"src/Big.sol":                strings.Repeat("// padding\n", 300),
	"src/Blob.sol":               "\x00\x01binary",
	"lib/forge-std/src/Test.sol": "contract Test {}",
	"lib/forge-std/src/Vm.sol":   "interface Vm {}",
	"test/Vault.t.sol":           "contract VaultTest {}",
	"script/Deploy.s.sol":        "contract Deploy {}",
	"out/Vault.sol/Vault.json":   "{}",
	"vyper/Pool.vy":              "# @version 0.3.10",
}

// TestSelectFilesAsLoadTree: the in-memory selection (the GitHub App's)
// and the one of a checkout on disk (scan, ci) agree on every file, skip
// and exclusion, with and without a configuration.
func TestSelectFilesAsLoadTree(t *testing.T) {
	lim := bundle.DefaultLimits
	lim.MaxFileBytes = 1000
	mem := map[string][]byte{}
	for p, b := range foundry {
		mem[p] = []byte(b)
	}
	for _, tc := range []struct {
		name, config string
		want         []string
	}{
		{"defaults", "", []string{"src/Vault.sol", "src/interfaces/IVault.sol"}},
		{"config", "paths: [src, lib/forge-std/src/Vm.sol]\nexclude: [interfaces/]\ninclude_tests: true\n",
			[]string{"src/Vault.sol", "src/mocks/MockToken.sol", "lib/forge-std/src/Vm.sol"}},
		{"languages", "languages: [vyper]\n", []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for p, b := range foundry {
				files[p] = b
			}
			if tc.config != "" {
				files[".bulwark.yml"] = tc.config
				mem[".bulwark.yml"] = []byte(tc.config)
			}
			root := writeTree(t, files)
			cfg, err := bundle.LoadConfig(root)
			if err != nil {
				t.Fatal(err)
			}
			disk, err := bundle.LoadTree(cfg.ScanPaths(root, []string{root}), sol, lim, cfg.Selection(bundle.Selection{Root: root}))
			if err != nil {
				t.Fatal(err)
			}
			inMem, err := bundle.SelectFiles(mem, cfg, sol, lim)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, disk.Paths()); diff != "" {
				t.Errorf("disk files (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(disk, inMem); diff != "" {
				t.Errorf("LoadTree and SelectFiles disagree (-disk +memory):\n%s", diff)
			}
		})
	}
	tr, err := bundle.SelectFiles(mem, nil, sol, lim)
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.Summary(); got != "scanned 2 file(s) in src/; skipped 7 in lib/, script/, src/gen/, src/legacy/, src/mocks/, test/ (use --include-deps or --include-tests to scan them)" {
		t.Errorf("summary = %q", got)
	}
	if diff := cmp.Diff([]string{"skipped 1 file(s) over the 1000 bytes file limit: src/Big.sol (raise it with --max-file-size)",
		"skipped 1 file(s) that are not text (NUL bytes or invalid UTF-8): src/Blob.sol",
		"1 .vy file(s): no Vyper scanner in this version"},
		tr.Skipped.Notices(lim, "raise it with --max-file-size")); diff != "" {
		t.Errorf("notices (-want +got):\n%s", diff)
	}
	for name, files := range map[string]map[string][]byte{
		"traversal": {"../x.sol": nil}, "absolute": {"/etc/x.sol": nil}, "not clean": {"src//x.sol": nil},
	} {
		if _, err := bundle.SelectFiles(files, nil, nil, bundle.DefaultLimits); !errors.Is(err, bundle.ErrUnsafe) {
			t.Errorf("%s: err = %v, want ErrUnsafe", name, err)
		}
	}
	if _, err := bundle.SelectFiles(mem, &bundle.Config{Paths: []string{"contracts"}}, nil, bundle.DefaultLimits); !errors.Is(err, bundle.ErrNotFound) {
		t.Errorf("missing configured path: err = %v", err)
	}
}

// TestLoadTreeArguments: globs, explicit files, and output paths that
// never name the machine's folders.
func TestLoadTreeArguments(t *testing.T) {
	root := writeTree(t, map[string]string{
		".git/HEAD": "x", "src/A.sol": "contract A {}", "src/deep/x/B.sol": "contract B {}",
		"src/deep/y/C_test.sol": "contract C {}", "test/T.t.sol": "contract T {}", "README.md": "x",
	})
	tree := func(sel bundle.Selection, args ...string) ([]string, error) {
		tr, err := bundle.LoadTree(args, nil, bundle.DefaultLimits, sel)
		if err != nil {
			return nil, err
		}
		return tr.Paths(), nil
	}
	in := func(p string) string { return filepath.Join(root, filepath.FromSlash(p)) }
	rooted := bundle.Selection{Root: root}
	for _, tc := range []struct {
		name string
		sel  bundle.Selection
		args []string
		want []string
		err  error
	}{
		{"shell glob", rooted, []string{in("src/*.sol")}, []string{"src/A.sol"}, nil},
		{"double star", rooted, []string{in("src/**/*.sol")}, []string{"src/A.sol", "src/deep/x/B.sol", "src/deep/y/C_test.sol"}, nil},
		{"glob and exclude", bundle.Selection{Root: root, Exclude: []string{"*_test.sol"}}, []string{in("src/deep/**/*.sol")}, []string{"src/deep/x/B.sol"}, nil},
		{"glob without match", rooted, []string{in("src/*.vy")}, nil, bundle.ErrNoMatch},
		{"explicit test file", rooted, []string{in("test/T.t.sol")}, []string{"test/T.t.sol"}, nil},
		{"explicit non-source", rooted, []string{in("README.md")}, nil, bundle.ErrNotSource},
		{"missing", rooted, []string{in("nope.sol")}, nil, bundle.ErrNotFound},
		{"twice", rooted, []string{in("src"), in("src/deep")}, []string{"src/A.sol", "src/deep/x/B.sol", "src/deep/y/C_test.sol"}, nil},
		{"no root, one folder", bundle.Selection{}, []string{in("src/deep")}, []string{"x/B.sol", "y/C_test.sol"}, nil},
		{"no root, two folders", bundle.Selection{}, []string{in("src/deep/x"), in("src/deep/y")}, []string{"x/B.sol", "y/C_test.sol"}, nil},
		{"no root, a file", bundle.Selection{}, []string{in("src/A.sol")}, []string{"A.sol"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tree(tc.sel, tc.args...)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
			for _, p := range got {
				if filepath.IsAbs(p) || strings.HasPrefix(p, "..") {
					t.Errorf("output path %q names the machine's folders", p)
				}
			}
		})
	}
}

// TestConfigSelection: flags win over .bulwark.yml; the configuration's
// paths replace an argument naming only the root.
func TestConfigSelection(t *testing.T) {
	cfg := &bundle.Config{Paths: []string{"src", "contracts/x"}, Exclude: []string{"a/"}, IncludeTests: true, Languages: []string{"solidity"}}
	got := cfg.Selection(bundle.Selection{Root: "/r", IncludeDeps: true, Exclude: []string{"!a/keep/"}})
	want := bundle.Selection{Root: "/r", IncludeDeps: true, IncludeTests: true, Exclude: []string{"a/", "!a/keep/"}, Languages: []string{"solidity"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("selection (-want +got):\n%s", diff)
	}
	var none *bundle.Config
	if diff := cmp.Diff(bundle.Selection{Root: "/r"}, none.Selection(bundle.Selection{Root: "/r"})); diff != "" {
		t.Errorf("nil config (-want +got):\n%s", diff)
	}
	root := t.TempDir()
	if diff := cmp.Diff([]string{filepath.Join(root, "src"), filepath.Join(root, "contracts", "x")}, cfg.ScanPaths(root, []string{root})); diff != "" {
		t.Errorf("root only (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{filepath.Join(root, "lib")}, cfg.ScanPaths(root, []string{filepath.Join(root, "lib")})); diff != "" {
		t.Errorf("a folder named (-want +got):\n%s", diff)
	}
}

// TestNamedFolders: a folder named as an argument (or a configured path)
// is scanned even when it is, or lies in, a folder of dependencies or
// tests; what is below it keeps the ignore rules.
func TestNamedFolders(t *testing.T) {
	root := writeTree(t, map[string]string{"foundry.toml": "", ".gitignore": "test/gen/\n", "src/A.sol": "",
		"src/mocks/M.sol": "", "test/A.t.sol": "", "test/gen/G.t.sol": "", "test/utils/U.sol": "",
		"lib/forge-std/src/Test.sol": "", "lib/forge-std/test/T.t.sol": "", "script/D.s.sol": "",
		"src/testhelpers/H.sol": "", "src/Test-Helpers/H.sol": "", "src/test_helpers/H.sol": "", "src/helpers/H.sol": ""})
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"."}, []string{"src/A.sol", "src/helpers/H.sol"}},
		{[]string{"src", "test"}, []string{"src/A.sol", "src/helpers/H.sol", "test/A.t.sol", "test/utils/U.sol"}},
		{[]string{"src/testhelpers"}, []string{"src/testhelpers/H.sol"}},
		{[]string{"src/mocks"}, []string{"src/mocks/M.sol"}},
		{[]string{"lib/forge-std"}, []string{"lib/forge-std/src/Test.sol"}},
		{[]string{"lib/forge-std/test"}, []string{"lib/forge-std/test/T.t.sol"}},
		{[]string{"script"}, []string{"script/D.s.sol"}},
		{[]string{"test/*.sol"}, []string{"test/A.t.sol"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = filepath.Join(root, a)
			}
			tree, err := bundle.LoadTree(args, nil, bundle.DefaultLimits, bundle.Selection{Root: root})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, sorted(tree.Paths())); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
			// The same folders as .bulwark.yml's paths, in memory.
			if strings.Contains(tc.args[0], "*") {
				return
			}
			files := map[string][]byte{}
			err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					rel, _ := filepath.Rel(root, p)
					files[filepath.ToSlash(rel)] = nil
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			files[".gitignore"] = []byte("test/gen/\n")
			var cfg *bundle.Config
			if tc.args[0] != "." {
				cfg = &bundle.Config{Paths: tc.args}
			}
			mem, err := bundle.SelectFiles(files, cfg, nil, bundle.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, sorted(mem.Paths())); diff != "" {
				t.Errorf("SelectFiles (-want +got):\n%s", diff)
			}
		})
	}
}

// TestInclude: --include brings back what the defaults, ignore files and
// --exclude leave out, and nothing else; the rest stays counted as left
// out.
func TestInclude(t *testing.T) {
	root := writeTree(t, map[string]string{"foundry.toml": "", ".gitignore": "gen/\n", "src/A.sol": "",
		"src/mocks/M.sol": "", "src/A.t.sol": "", "test/T.t.sol": "", "gen/G.sol": "",
		"lib/solmate/src/Auth.sol": "", "lib/solmate/test/Auth.t.sol": "", "lib/forge-std/src/Test.sol": "",
		"node_modules/@oz/contracts/Ownable.sol": "", "src/legacy/L.sol": ""})
	for _, tc := range []struct {
		name     string
		include  []string
		exclude  []string
		want     []string
		excluded int
	}{
		{"none", nil, nil, []string{"src/A.sol", "src/legacy/L.sol"}, 8},
		// A folder pattern takes everything below it, as in .gitignore.
		{"one dependency folder", []string{"lib/solmate/"}, nil,
			[]string{"lib/solmate/src/Auth.sol", "lib/solmate/test/Auth.t.sol", "src/A.sol", "src/legacy/L.sol"}, 6},
		{"files by glob inside a left-out folder", []string{"lib/*/src/*.sol"}, nil,
			[]string{"lib/forge-std/src/Test.sol", "lib/solmate/src/Auth.sol", "src/A.sol", "src/legacy/L.sol"}, 6},
		{"an ignored folder", []string{"gen/"}, nil, []string{"gen/G.sol", "src/A.sol", "src/legacy/L.sol"}, 7},
		{"test files by name", []string{"*.t.sol"}, nil,
			[]string{"lib/solmate/test/Auth.t.sol", "src/A.sol", "src/A.t.sol", "src/legacy/L.sol", "test/T.t.sol"}, 5},
		{"over --exclude", []string{"src/legacy/"}, []string{"src/legacy/"}, []string{"src/A.sol", "src/legacy/L.sol"}, 8},
		{"node_modules package", []string{"node_modules/@oz/"}, nil,
			[]string{"node_modules/@oz/contracts/Ownable.sol", "src/A.sol", "src/legacy/L.sol"}, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := bundle.LoadTree([]string{root}, nil, bundle.DefaultLimits,
				bundle.Selection{Root: root, Include: tc.include, Exclude: tc.exclude})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, sorted(tree.Paths())); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
			if got := tree.Excluded.Total(); got != tc.excluded {
				t.Errorf("excluded %d, want %d: %+v", got, tc.excluded, tree.Excluded)
			}
		})
	}
}
