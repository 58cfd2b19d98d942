package main

// One selection everywhere: for the same tree and .bulwark.yml, `bulwark
// scan .`, `bulwark ci` and a zip of the repository uploaded through the
// API choose the same files, under the same repository-relative paths.

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action/client"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// copyTree copies folder src into a new temporary folder.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// zipTree packs every file of dir (sources, foundry.toml, ignore files,
// build output) under top, as "git archive" or GitHub's Download ZIP do.
func zipTree(t *testing.T, dir, top string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		w, err := zw.Create(top + filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func contractPaths(c *client.Contract) []string {
	var out []string
	for _, f := range c.Files {
		out = append(out, f.Path)
	}
	slices.Sort(out)
	return out
}

func TestSelectionParity(t *testing.T) {
	env := servertest.New(t)
	c, err := client.New(env.URL, env.Key)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cases := []struct {
		name, layout, config string
		flags                []string // of scan and ci; the upload case is skipped
		want                 []string
	}{
		{"foundry", "foundry", "", nil, layouts[0].files},
		{"hardhat", "hardhat", "", nil, layouts[1].files},
		{"foundry with .bulwark.yml", "foundry", "exclude:\n  - src/interfaces/\ninclude_tests: true\n", nil,
			[]string{"script/Deploy.s.sol", "src/Token.sol", "src/Vault.sol", "src/mocks/MockVault.sol", "test/Vault.t.sol"}},
		{"foundry with .bulwark.yml paths", "foundry", "paths: [src/interfaces]\n", nil, []string{"src/interfaces/IVault.sol"}},
		{"foundry --include", "foundry", "exclude: [src/interfaces/]\n", []string{"--include", "lib/*/src/Test.sol", "--include", "src/interfaces/"},
			[]string{"lib/forge-std/src/Test.sol", "src/Token.sol", "src/Vault.sol", "src/interfaces/IVault.sol"}},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, layoutDir(t, tc.layout))
			if tc.config != "" {
				if err := os.WriteFile(filepath.Join(dir, ".bulwark.yml"), []byte(tc.config), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			// scan: every source file of the layouts holds a finding.
			r := runBin(t, dir, nil, append([]string{"scan", "-f", "json", "--fail-on", "none", "."}, tc.flags...)...)
			if r.code != 0 {
				t.Fatalf("scan: exit %d\n%s", r.code, r.stderr)
			}
			if diff := cmp.Diff(tc.want, fileSet(findingLines(t, r.stdout))); diff != "" {
				t.Errorf("scan selected (-want +got):\n%s", diff)
			}

			out := filepath.Join(t.TempDir(), "ci.json")
			r = runBin(t, dir, map[string]string{"BULWARK_API_URL": env.URL, "BULWARK_API_KEY": env.Key},
				append([]string{"ci", "--project", "parity-" + strings.ReplaceAll(tc.name, " ", "-"), "--fail-on", "none",
					"--poll-interval", "100ms", "--wait-timeout", "90s", "--json-file", out}, tc.flags...)...)
			if r.code != 0 {
				t.Fatalf("ci: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			var rep struct {
				Contract client.Contract `json:"contract"`
			}
			if err := json.Unmarshal(b, &rep); err != nil {
				t.Fatal(err)
			}
			ct, err := c.GetContract(ctx, rep.Contract.ID)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, contractPaths(ct)); diff != "" {
				t.Errorf("ci uploaded (-want +got):\n%s", diff)
			}

			if tc.flags != nil {
				return
			}
			p, _, err := c.EnsureProject(ctx, "parity-upload-"+string(rune('a'+i)), "")
			if err != nil {
				t.Fatal(err)
			}
			// At the archive's top, and under one folder as GitHub's
			// Download ZIP makes it: paths are relative to the repository
			// root either way.
			for _, top := range []string{"", "repo-main/"} {
				up, err := c.UploadContract(ctx, client.UploadInput{ProjectID: p.ID,
					Files: []client.UploadFile{{Name: "repo.zip", Content: zipTree(t, dir, top)}}})
				if err != nil {
					t.Fatalf("upload %q: %v", top, err)
				}
				if diff := cmp.Diff(tc.want, contractPaths(up)); diff != "" {
					t.Errorf("upload of a zip with top %q selected (-want +got):\n%s", top, diff)
				}
			}
		})
	}
}
