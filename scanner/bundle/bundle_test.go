package bundle_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

func sol(name string) bool { return strings.HasSuffix(name, ".sol") }

func zipOf(t testing.TB, entries map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range entries {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestReadZip(t *testing.T) {
	tests := []struct {
		name    string
		entries map[string]string
		lim     bundle.Limits
		want    []string
		err     error
	}{
		{"keeps sources", map[string]string{"src/A.sol": "contract A {}", "README.md": "x"}, bundle.DefaultLimits, []string{"src/A.sol"}, nil},
		{"traversal", map[string]string{"../evil.sol": "x"}, bundle.DefaultLimits, nil, bundle.ErrUnsafe},
		{"absolute", map[string]string{"/etc/evil.sol": "x"}, bundle.DefaultLimits, nil, bundle.ErrUnsafe},
		{"backslash", map[string]string{`..\evil.sol`: "x"}, bundle.DefaultLimits, nil, bundle.ErrUnsafe},
		{"file too large", map[string]string{"big.sol": strings.Repeat("a", 100)}, bundle.Limits{MaxFiles: 10, MaxFileBytes: 10, MaxBytes: 1000, MaxEntries: 10}, nil, bundle.ErrTooLarge},
		{"too many entries", map[string]string{"a.sol": "", "b.sol": "", "c.sol": ""}, bundle.Limits{MaxFiles: 10, MaxFileBytes: 10, MaxBytes: 1000, MaxEntries: 2}, nil, bundle.ErrTooLarge},
		{"total too large", map[string]string{"a.sol": "12345678", "b.sol": "12345678"}, bundle.Limits{MaxFiles: 10, MaxFileBytes: 10, MaxBytes: 10, MaxEntries: 10}, nil, bundle.ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			z := zipOf(t, tt.entries)
			files, err := bundle.ReadZip(bytes.NewReader(z), int64(len(z)), sol, tt.lim)
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			var got []string
			for _, f := range files {
				got = append(got, f.Path)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "src", "node_modules"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "src", "A.sol"), []byte("contract A {}"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "src", "node_modules", "B.sol"), []byte("contract B {}"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644))
	z := zipOf(t, map[string]string{"C.sol": "contract C {}"})
	must(os.WriteFile(filepath.Join(dir, "c.zip"), z, 0o644))

	files, err := bundle.Load([]string{dir}, sol, bundle.DefaultLimits)
	must(err)
	var got []string
	for _, f := range files {
		got = append(got, f.Path)
	}
	if diff := cmp.Diff([]string{"src/A.sol"}, got); diff != "" {
		t.Errorf("folder (-want +got):\n%s", diff)
	}

	files, err = bundle.Load([]string{filepath.Join(dir, "c.zip")}, sol, bundle.DefaultLimits)
	must(err)
	if len(files) != 1 || !strings.HasSuffix(files[0].Path, "c.zip/C.sol") {
		t.Errorf("zip: got %+v", files)
	}

	if _, err := bundle.Load([]string{filepath.Join(dir, "missing.sol")}, sol, bundle.DefaultLimits); !errors.Is(err, bundle.ErrNotFound) {
		t.Errorf("missing: err = %v", err)
	}
}

func FuzzReadZip(f *testing.F) {
	f.Add(zipOf(f, map[string]string{"a.sol": "contract A {}"}))
	f.Add(zipOf(f, map[string]string{"../x.sol": "x", "dir/b.sol": "contract B { function f() public {} }"}))
	f.Add([]byte("PK\x03\x04garbage"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		lim := bundle.Limits{MaxFiles: 50, MaxFileBytes: 1 << 16, MaxBytes: 1 << 20, MaxEntries: 200}
		files, err := bundle.ReadZip(bytes.NewReader(data), int64(len(data)), func(string) bool { return true }, lim)
		if err != nil {
			return
		}
		var total int
		for _, fl := range files {
			if strings.Contains(fl.Path, "..") && strings.Contains("/"+fl.Path+"/", "/../") || strings.HasPrefix(fl.Path, "/") {
				t.Fatalf("unsafe path %q accepted", fl.Path)
			}
			total += len(fl.Content)
			if len(fl.Content) > 1<<16 {
				t.Fatalf("file %q over the limit", fl.Path)
			}
		}
		if total > 1<<20 || len(files) > 50 {
			t.Fatalf("limits exceeded: %d files, %d bytes", len(files), total)
		}
	})
}

// TestLoadTreeSkips: a file over the limit, a binary file named .sol and
// sources of languages without a scanner are left out and listed; the rest
// of the tree is still read.
func TestLoadTreeSkips(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("src/A.sol", []byte("contract A {}"))
	write("src/Big.sol", bytes.Repeat([]byte("// padding\n"), 200))
	write("src/x.sol", append([]byte("\x7fELF"), make([]byte, 100)...))
	write("src/Latin1.sol", []byte("// caf\xe9\ncontract L {}\n"+strings.Repeat("// ok\n", 30)))
	write("vy/Pool.vy", []byte("# @version 0.3.10\n"))
	write("vy/Token.vy", []byte("# @version 0.3.10\n"))
	write("prog/lib.rs", []byte("fn main() {}\n"))
	write("notes.txt", []byte("x"))
	lim := bundle.DefaultLimits
	lim.MaxFileBytes = 1000
	tree, err := bundle.LoadTree([]string{dir}, sol, lim, bundle.Selection{})
	if err != nil {
		t.Fatal(err)
	}
	files, skip := tree.Files, &tree.Skipped
	var got []string
	for _, f := range files {
		got = append(got, f.Path)
	}
	if diff := cmp.Diff([]string{"src/A.sol", "src/Latin1.sol"}, got); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	want := &bundle.Skipped{TooLarge: []string{"src/Big.sol"}, NotText: []string{"src/x.sol"},
		Unsupported: map[string][]string{".vy": {"vy/Pool.vy", "vy/Token.vy"}, ".rs": {"prog/lib.rs"}}}
	if diff := cmp.Diff(want, skip); diff != "" {
		t.Errorf("skipped (-want +got):\n%s", diff)
	}
}

// TestSelection: a scan of a Foundry repository walks src/ and leaves out
// lib/ (its libs), test/, script/, mocks, *.t.sol, node_modules and what
// .gitignore and --exclude name, counting each; output paths are relative
// to the root whatever folder is named; the include flags bring them back.
func TestSelection(t *testing.T) {
	root := t.TempDir()
	for name, body := range map[string]string{
		"foundry.toml":                           "[profile.default]\nsrc = \"src\"\nout = \"out\"\nlibs = [\"lib\", \"deps\"]\n",
		".gitignore":                             "out/\nsrc/generated/\n",
		"src/Vault.sol":                          "contract V {}",
		"src/token/Token.sol":                    "contract T {}",
		"src/mocks/MockToken.sol":                "contract M {}",
		"src/generated/Gen.sol":                  "contract G {}",
		"src/Vault.t.sol":                        "contract VT {}",
		"lib/forge-std/src/Test.sol":             "contract Test {}",
		"lib/forge-std/src/Vm.sol":               "interface Vm {}",
		"deps/solmate/src/ERC20.sol":             "contract E {}",
		"node_modules/@oz/contracts/Ownable.sol": "contract O {}",
		"test/Vault.t.sol":                       "contract VT2 {}",
		"script/Deploy.s.sol":                    "contract D {}",
		"out/Vault.sol/Vault.json":               "{}",
	} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	names := func(tr *bundle.Tree) []string {
		var out []string
		for _, f := range tr.Files {
			out = append(out, f.Path)
		}
		sort.Strings(out)
		return out
	}
	load := func(sel bundle.Selection, paths ...string) *bundle.Tree {
		t.Helper()
		tr, err := bundle.LoadTree(paths, sol, bundle.DefaultLimits, sel)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	found, err := bundle.FindRoot(filepath.Join(root, "src", "token"))
	if err != nil || found != root {
		t.Fatalf("FindRoot = %q, %v; want %q", found, err, root)
	}

	tr := load(bundle.Selection{Root: root}, root)
	if diff := cmp.Diff([]string{"src/Vault.sol", "src/token/Token.sol"}, names(tr)); diff != "" {
		t.Errorf("scan . (-want +got):\n%s", diff)
	}
	want := bundle.Excluded{
		Deps:    map[string]int{"lib/": 2, "deps/": 1, "node_modules/": 1},
		Tests:   map[string]int{"test/": 1, "script/": 1, "src/mocks/": 1, "src/": 1},
		Ignored: map[string]int{"src/generated/": 1},
	}
	if diff := cmp.Diff(want, tr.Excluded); diff != "" {
		t.Errorf("excluded (-want +got):\n%s", diff)
	}
	if got := bundle.Summary(names(tr), &tr.Excluded); got != "scanned 2 file(s) in src/; skipped 9 in deps/, lib/, node_modules/, script/, src/, src/generated/, src/mocks/, test/ (use --include-deps or --include-tests to scan them)" {
		t.Errorf("summary = %q", got)
	}

	// Naming a sub-folder, or calling from one, keeps root-relative paths.
	if diff := cmp.Diff([]string{"src/token/Token.sol"}, names(load(bundle.Selection{Root: root}, filepath.Join(root, "src", "token")))); diff != "" {
		t.Errorf("scan src/token (-want +got):\n%s", diff)
	}
	// A file named explicitly is scanned whatever the rules say.
	if diff := cmp.Diff([]string{"test/Vault.t.sol"}, names(load(bundle.Selection{Root: root}, filepath.Join(root, "test", "Vault.t.sol")))); diff != "" {
		t.Errorf("explicit file (-want +got):\n%s", diff)
	}
	all := load(bundle.Selection{Root: root, IncludeDeps: true, IncludeTests: true, Exclude: []string{"node_modules/"}}, root)
	if diff := cmp.Diff([]string{"deps/solmate/src/ERC20.sol", "lib/forge-std/src/Test.sol", "lib/forge-std/src/Vm.sol",
		"script/Deploy.s.sol", "src/Vault.sol", "src/Vault.t.sol", "src/mocks/MockToken.sol", "src/token/Token.sol",
		"test/Vault.t.sol"}, names(all)); diff != "" {
		t.Errorf("include both, exclude node_modules (-want +got):\n%s", diff)
	}
}
