package ci_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action/ci"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

// tree writes files (path → content) under a new temporary root.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func paths(fs []scanner.File) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Path)
	}
	return out
}

// TestCollect: ci selects through scanner/bundle, so what the old
// collector did (ignore files, excludes, globs, explicit files, one
// language) still holds, with scan's project rules added.
func TestCollect(t *testing.T) {
	files := map[string]string{
		".gitignore":                 "# build output\nout/\n*.t.sol\n!keep.t.sol\n",
		".bulwarkignore":             "mocks/\n",
		"src/Vault.sol":              "contract Vault {}",
		"src/Token.sol":              "contract Token {}",
		"src/deep/x/Lib.sol":         "library Lib {}",
		"src/Vault.t.sol":            "test",
		"src/keep.t.sol":             "kept by negation, left out as a test",
		"out/Vault.sol":              "artifact",
		"mocks/Mock.sol":             "mock",
		"lib/oz/ERC20.sol":           "dependency",
		"node_modules/pkg/Dep.sol":   "dependency",
		".git/objects/x.sol":         "never",
		"README.md":                  "docs",
		"src/notes.txt":              "ignored: not a source",
		"vyper/Pool.vy":              "# vyper",
		"src/deep/y/Other.sol":       "contract Other {}",
		"src/deep/y/Other_test.sol":  "contract OtherTest {}",
		"scripts/Deploy.s.sol":       "script",
		"scripts/nested/Run.s.sol":   "script",
		"scripts/nested/README.sol2": "not a source",
	}
	root := tree(t, files)
	tests := []struct {
		name     string
		opts     ci.CollectOptions
		config   string
		want     []string
		wantLang string
		wantErr  string
	}{
		{name: "folder with ignore files", opts: ci.CollectOptions{Paths: []string{"src"}},
			want: []string{"src/Token.sol", "src/Vault.sol", "src/deep/x/Lib.sol", "src/deep/y/Other.sol",
				"src/deep/y/Other_test.sol"}, wantLang: "solidity"},
		{name: "tests included", opts: ci.CollectOptions{Paths: []string{"src"}, IncludeTests: true},
			want: []string{"src/Token.sol", "src/Vault.sol", "src/deep/x/Lib.sol", "src/deep/y/Other.sol",
				"src/deep/y/Other_test.sol", "src/keep.t.sol"}, wantLang: "solidity"},
		{name: "extra excludes", opts: ci.CollectOptions{Paths: []string{"src"}, Excludes: []string{"deep/", "*_test.sol"}},
			want: []string{"src/Token.sol", "src/Vault.sol"}, wantLang: "solidity"},
		{name: "anchored exclude", opts: ci.CollectOptions{Paths: []string{"src", "scripts"}, Excludes: []string{"/src/deep/x/", "/scripts/*.s.sol"}, IncludeTests: true},
			want: []string{"scripts/nested/Run.s.sol", "src/Token.sol", "src/Vault.sol", "src/deep/y/Other.sol",
				"src/deep/y/Other_test.sol", "src/keep.t.sol"}, wantLang: "solidity"},
		{name: "explicit file beats ignore", opts: ci.CollectOptions{Paths: []string{"out/Vault.sol"}},
			want: []string{"out/Vault.sol"}, wantLang: "solidity"},
		{name: "shell glob", opts: ci.CollectOptions{Paths: []string{"src/*.sol"}},
			want: []string{"src/Token.sol", "src/Vault.sol"}, wantLang: "solidity"},
		{name: "double-star glob", opts: ci.CollectOptions{Paths: []string{"src/deep/**/*.sol"}, Excludes: []string{"*_test.sol"}},
			want: []string{"src/deep/x/Lib.sol", "src/deep/y/Other.sol"}, wantLang: "solidity"},
		{name: "root mixes languages", opts: ci.CollectOptions{}, wantErr: "several languages (1 vyper, 5 solidity)"},
		{name: "language filter", opts: ci.CollectOptions{Language: "vyper"}, want: []string{"vyper/Pool.vy"}, wantLang: "vyper"},
		{name: "config paths and exclude", config: "paths: [src]\nexclude: [deep/]\n", want: []string{"src/Token.sol", "src/Vault.sol"}, wantLang: "solidity"},
		{name: "config languages", config: "languages: [vyper]\n", want: []string{"vyper/Pool.vy"}, wantLang: "vyper"},
		{name: "flag paths win over config", config: "paths: [src]\n", opts: ci.CollectOptions{Paths: []string{"vyper"}}, want: []string{"vyper/Pool.vy"}, wantLang: "vyper"},
		{name: "config include_deps", config: "paths: [lib]\ninclude_deps: true\n", want: []string{"lib/oz/ERC20.sol"}, wantLang: "solidity"},
		{name: "unknown language", opts: ci.CollectOptions{Language: "cobol"}, wantErr: `unknown language "cobol"`},
		{name: "missing path", opts: ci.CollectOptions{Paths: []string{"nope"}}, wantErr: "nope: no such file or directory"},
		{name: "explicit non-source", opts: ci.CollectOptions{Paths: []string{"README.md"}}, wantErr: "README.md: not a contract source"},
		{name: "glob without match", opts: ci.CollectOptions{Paths: []string{"src/*.vy"}}, wantErr: "glob src/*.vy: matches no source file"},
		{name: "outside the root", opts: ci.CollectOptions{Paths: []string{"../"}}, wantErr: "outside the working directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Root = root
			var cfg *bundle.Config
			if tt.config != "" {
				var err error
				if cfg, err = bundle.ParseConfig([]byte(tt.config)); err != nil {
					t.Fatal(err)
				}
			}
			got, lang, err := ci.Collect(tt.opts, cfg, io.Discard)
			if tt.wantErr != "" {
				var ue *ci.UsageError
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !errors.As(err, &ue) {
					t.Fatalf("err = %v, want usage error containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, paths(got)); diff != "" {
				t.Errorf("files (-want +got):\n%s", diff)
			}
			if lang != tt.wantLang {
				t.Errorf("language %q, want %q", lang, tt.wantLang)
			}
		})
	}
}

// An oversized file is skipped with a notice naming the limit; the rest is
// uploaded.
func TestCollectSkipsOversizedFile(t *testing.T) {
	root := tree(t, map[string]string{"big.sol": strings.Repeat("a", ci.MaxFileBytes+1), "ok.sol": "contract A {}"})
	var log bytes.Buffer
	files, _, err := ci.Collect(ci.CollectOptions{Root: root}, nil, &log)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"ok.sol"}, paths(files)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if !strings.Contains(log.String(), "skipped 1 file(s) over the 10 MiB file limit: big.sol (the service's per-file upload limit)") {
		t.Errorf("log:\n%s", log.String())
	}
}

func TestZipIsDeterministicAndKeepsPaths(t *testing.T) {
	root := tree(t, map[string]string{"a/A.sol": "contract A {}", "b/B.sol": "contract B {}"})
	files, _, err := ci.Collect(ci.CollectOptions{Root: root}, nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	z1, err := ci.Zip(files)
	if err != nil {
		t.Fatal(err)
	}
	z2, _ := ci.Zip(files)
	if !bytes.Equal(z1, z2) {
		t.Error("two archives of the same files differ")
	}
	zr, err := zip.NewReader(bytes.NewReader(z1), int64(len(z1)))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range zr.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		got[f.Name] = string(b)
	}
	if diff := cmp.Diff(map[string]string{"a/A.sol": "contract A {}", "b/B.sol": "contract B {}"}, got); diff != "" {
		t.Errorf("entries (-want +got):\n%s", diff)
	}
}
