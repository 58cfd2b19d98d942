package core_test

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

func part(name string, body []byte) core.UploadPart {
	return core.UploadPart{Name: name, Open: func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(body)), nil
	}}
}

func hexSum(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

// small limits keep bound tests cheap; the logic is the same as the
// defaults'.
var small = core.UploadLimits{MaxFileBytes: 1000, MaxZipBytes: 4000, MaxEntries: 5, MaxTotalBytes: 2500,
	MaxRatio: 10, RatioFloor: 200}

func TestReadBundle(t *testing.T) {
	sol := []byte("pragma solidity ^0.8.0;\ncontract A {}\n")
	lib := []byte("library L {}\n")
	b, err := core.ReadBundle([]core.UploadPart{
		part("bundle.zip", servertest.Zip(t,
			servertest.ZipEntry{Name: "src/"},
			servertest.ZipEntry{Name: "src/A.sol", Body: sol},
			servertest.ZipEntry{Name: "./lib/L.sol", Body: lib, Stored: true},
			servertest.ZipEntry{Name: "README.md", Body: []byte("# hi")},
			servertest.ZipEntry{Name: "inner.zip", Body: servertest.Zip(t, servertest.ZipEntry{Name: "x.rs", Body: []byte("fn main(){}")})},
			servertest.ZipEntry{Name: "__MACOSX/src/._A.sol", Body: []byte{0, 5, 22, 7}},
		)),
	}, core.DefaultUploadLimits)
	if err != nil {
		t.Fatal(err)
	}
	type file struct{ Path, SHA256, Content string }
	var got []file
	for _, f := range b.Files {
		got = append(got, file{f.Path, f.SHA256, string(f.Content)})
	}
	want := []file{{"lib/L.sol", hexSum(lib), string(lib)}, {"src/A.sol", hexSum(sol), string(sol)}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("files (-want +got):\n%s", d)
	}
	bundle := sha256.Sum256([]byte("lib/L.sol\n" + hexSum(lib) + "\nsrc/A.sol\n" + hexSum(sol) + "\n"))
	if b.Language != "solidity" || b.TotalBytes != int64(len(sol)+len(lib)) || b.Name != "bundle.zip" ||
		b.SHA256 != hex.EncodeToString(bundle[:]) {
		t.Errorf("bundle = %s %d %s %s", b.Language, b.TotalBytes, b.Name, b.SHA256)
	}

	// Several plain files; extensions are case-insensitive.
	b, err = core.ReadBundle([]core.UploadPart{part("b.VY", []byte("x")), part("a.vy", []byte("y"))}, core.DefaultUploadLimits)
	if err != nil {
		t.Fatal(err)
	}
	if b.Language != "vyper" || len(b.Files) != 2 || b.Files[0].Path != "a.vy" || b.Name != "b.VY" {
		t.Errorf("plain files = %+v", b)
	}

	// A Vyper interface file (.vyi) uploads beside the contract using it.
	b, err = core.ReadBundle([]core.UploadPart{part("Vault.vy", []byte("x")), part("IVault.vyi", []byte("y"))}, core.DefaultUploadLimits)
	if err != nil {
		t.Fatal(err)
	}
	if b.Language != "vyper" || len(b.Files) != 2 {
		t.Errorf("vy and vyi = %+v", b)
	}
}

func TestReadBundleRejects(t *testing.T) {
	big := bytes.Repeat([]byte("a"), 1001)
	zeros := make([]byte, 900)
	symlink := servertest.ZipEntry{Name: "link.sol", Body: []byte("/etc/passwd"), Mode: fs.ModeSymlink | 0o777}
	many := make([]servertest.ZipEntry, 6)
	for i := range many {
		many[i] = servertest.ZipEntry{Name: strings.Repeat("d", i+1) + ".sol"}
	}
	for _, tc := range []struct {
		name   string
		parts  []core.UploadPart
		code   core.Code
		reason string
	}{
		{"no files", nil, core.CodeMissingField, "missing"},
		{"bad extension", []core.UploadPart{part("a.txt", nil)}, core.CodeInvalidFileType, ""},
		{"no extension", []core.UploadPart{part("Makefile", nil)}, core.CodeInvalidFileType, ""},
		{"empty name", []core.UploadPart{part("", nil)}, core.CodeInvalidField, "invalid_name"},
		{"dot dot", []core.UploadPart{part("..", nil)}, core.CodeInvalidField, "invalid_name"},
		{"backslash name", []core.UploadPart{part(`..\..\evil.sol`, nil)}, core.CodeInvalidField, "invalid_name"},
		{"control char", []core.UploadPart{part("a\n.sol", nil)}, core.CodeInvalidField, "invalid_name"},
		{"mixed", []core.UploadPart{part("a.sol", nil), part("b.rs", nil)}, core.CodeInvalidField, "mixed_languages"},
		{"duplicate", []core.UploadPart{part("a.sol", nil), part("a.sol", nil)}, core.CodeInvalidField, "duplicate_path"},
		{"zip with file", []core.UploadPart{part("a.sol", nil), part("b.zip", nil)}, core.CodeInvalidField, "zip_not_alone"},
		{"file too large", []core.UploadPart{part("a.sol", big)}, core.CodeFileTooLarge, "file_too_large"},
		{"files too large", []core.UploadPart{part("a.sol", big[:900]), part("b.sol", big[:900]), part("c.sol", big[:900])},
			core.CodeFileTooLarge, "bundle_too_large"},
		{"too many files", []core.UploadPart{part("a.sol", nil), part("b.sol", nil), part("c.sol", nil),
			part("d.sol", nil), part("e.sol", nil), part("f.sol", nil)}, core.CodeFileTooLarge, "too_many_files"},
		{"zip too large", []core.UploadPart{part("a.zip", make([]byte, 4001))}, core.CodeFileTooLarge, "zip_too_large"},
		{"not a zip", []core.UploadPart{part("a.zip", []byte("PK not really"))}, core.CodeInvalidField, "invalid_archive"},
		{"zip slip", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "../../evil.sol"}))}, core.CodeInvalidField, "unsafe_archive"},
		{"inner dot dot", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a/../../evil.sol"}))}, core.CodeInvalidField, "unsafe_archive"},
		{"absolute", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "/etc/evil.sol"}))}, core.CodeInvalidField, "unsafe_archive"},
		{"backslash", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: `..\evil.sol`}))}, core.CodeInvalidField, "unsafe_archive"},
		{"drive letter", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "C:/evil.sol"}))}, core.CodeInvalidField, "unsafe_archive"},
		{"unsafe ignored entry", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "ok.sol"}, servertest.ZipEntry{Name: "../x.txt"}))},
			core.CodeInvalidField, "unsafe_archive"},
		{"symlink", []core.UploadPart{part("a.zip", servertest.Zip(t, symlink))}, core.CodeInvalidField, "unsafe_archive"},
		{"device", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "dev.sol", Mode: fs.ModeDevice | 0o600}))},
			core.CodeInvalidField, "unsafe_archive"},
		{"no sources", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.txt", Body: []byte("x")}))}, core.CodeInvalidFileType, ""},
		{"zip duplicate", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.sol"}, servertest.ZipEntry{Name: "./a.sol"}))},
			core.CodeInvalidField, "duplicate_path"},
		{"zip mixed", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.sol"}, servertest.ZipEntry{Name: "b.cairo"}))},
			core.CodeInvalidField, "mixed_languages"},
		{"too many entries", []core.UploadPart{part("a.zip", servertest.Zip(t, many...))}, core.CodeFileTooLarge, "too_many_entries"},
		{"entry too large", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.sol", Body: big, Stored: true}))},
			core.CodeFileTooLarge, "file_too_large"},
		{"unpacked too large", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.sol", Body: big[:900], Stored: true},
			servertest.ZipEntry{Name: "b.sol", Body: big[:900], Stored: true}, servertest.ZipEntry{Name: "c.sol", Body: big[:900], Stored: true}))},
			core.CodeFileTooLarge, "archive_too_large"},
		{"bomb", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.sol", Body: zeros}))}, core.CodeFileTooLarge, "compression_ratio"},
		{"nested archives count against the cap", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.sol", Body: []byte("x")},
			servertest.ZipEntry{Name: "in1.zip", Body: big[:900], Stored: true}, servertest.ZipEntry{Name: "in2.tar.gz", Body: big[:900], Stored: true},
			servertest.ZipEntry{Name: "deep/in3.zip", Body: big[:900], Stored: true}))},
			core.CodeFileTooLarge, "archive_too_large"},
		{"nested bomb", []core.UploadPart{part("a.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.sol", Body: []byte("x")},
			servertest.ZipEntry{Name: "in.zip", Body: zeros}))}, core.CodeFileTooLarge, "compression_ratio"},
		{"encrypted entry", []core.UploadPart{part("a.zip", encryptedZip(t))}, core.CodeInvalidField, "encrypted_entry"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := core.ReadBundle(tc.parts, small)
			ce, ok := core.AsError(err)
			if !ok {
				t.Fatalf("ReadBundle = %+v, %v; want %s", b, err, tc.code)
			}
			reason, _ := ce.Details["reason"].(string)
			if ce.Code != tc.code || reason != tc.reason {
				t.Errorf("= %s %q (%s), want %s %q", ce.Code, reason, ce.Message, tc.code, tc.reason)
			}
		})
	}
}

// TestReadBundleLyingSizes: an entry whose header claims a few bytes while
// its data inflates to far more is refused without inflating past the
// bounds.
func TestReadBundleLyingSizes(t *testing.T) {
	var comp bytes.Buffer
	zw := zip.NewWriter(&comp)
	w, _ := zw.Create("x")
	w.Write(make([]byte, 50000))
	zw.Close()
	// Re-pack the deflated payload with headers that lie about its size.
	zr, err := zip.NewReader(bytes.NewReader(comp.Bytes()), int64(comp.Len()))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := zr.File[0].OpenRaw()
	if err != nil {
		t.Fatal(err)
	}
	payload, _ := io.ReadAll(raw)
	var out bytes.Buffer
	zw = zip.NewWriter(&out)
	w, err = zw.CreateRaw(&zip.FileHeader{Name: "a.sol", Method: zip.Deflate, CompressedSize64: uint64(len(payload)),
		UncompressedSize64: 10, CRC32: 0})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(payload)
	zw.Close()
	_, err = core.ReadBundle([]core.UploadPart{part("a.zip", out.Bytes())}, small)
	ce, ok := core.AsError(err)
	if !ok || (ce.Code != core.CodeFileTooLarge && ce.Code != core.CodeInvalidField) {
		t.Errorf("lying entry = %v, want FILE_TOO_LARGE or INVALID_FIELD", err)
	}
}

// checkBundle asserts what every accepted bundle guarantees.
func checkBundle(t *testing.T, b *core.Bundle, lim core.UploadLimits) {
	t.Helper()
	if len(b.Files) == 0 || len(b.Files) > lim.MaxEntries {
		t.Fatalf("%d files", len(b.Files))
	}
	var total int64
	for i, f := range b.Files {
		if int64(len(f.Content)) > lim.MaxFileBytes {
			t.Errorf("%q holds %d bytes, over %d", f.Path, len(f.Content), lim.MaxFileBytes)
		}
		total += int64(len(f.Content))
		if !fs.ValidPath(f.Path) || strings.ContainsAny(f.Path, "\\\x00\n") || strings.HasPrefix(f.Path, "/") {
			t.Errorf("unsafe path %q", f.Path)
		}
		if core.SourceLanguage(f.Path) != b.Language || b.Language == "" {
			t.Errorf("%q in a %q bundle", f.Path, b.Language)
		}
		if i > 0 && b.Files[i-1].Path >= f.Path {
			t.Errorf("paths not sorted and unique: %q, %q", b.Files[i-1].Path, f.Path)
		}
		if f.SHA256 != hexSum(f.Content) {
			t.Errorf("%q: wrong sha256", f.Path)
		}
	}
	if total != b.TotalBytes || total > lim.MaxTotalBytes {
		t.Errorf("total %d, recorded %d, bound %d", total, b.TotalBytes, lim.MaxTotalBytes)
	}
}

// checkErr asserts a rejection is one of the upload's client errors, never
// an internal one.
func checkErr(t *testing.T, err error) {
	t.Helper()
	ce, ok := core.AsError(err)
	if !ok {
		t.Fatalf("non-domain error: %v", err)
	}
	switch ce.Code {
	case core.CodeFileTooLarge, core.CodeInvalidFileType, core.CodeInvalidField, core.CodeMissingField:
	default:
		t.Fatalf("unexpected code %s: %s", ce.Code, ce.Message)
	}
}

func FuzzReadZip(f *testing.F) {
	f.Add(servertest.Zip(f, servertest.ZipEntry{Name: "src/A.sol", Body: []byte("contract A {}")}, servertest.ZipEntry{Name: "lib/"}))
	f.Add(servertest.Zip(f, servertest.ZipEntry{Name: "../../evil.sol", Body: []byte("x")}))
	f.Add(servertest.Zip(f, servertest.ZipEntry{Name: "l.sol", Body: []byte("/etc"), Mode: fs.ModeSymlink | 0o777}))
	f.Add(servertest.Zip(f, servertest.ZipEntry{Name: "a.sol", Body: make([]byte, 900)}))
	f.Add(servertest.Zip(f, servertest.ZipEntry{Name: "a.rs", Body: []byte("fn a(){}"), Stored: true}, servertest.ZipEntry{Name: "b.rs", Body: []byte("x")}))
	f.Add(servertest.Zip(f, servertest.ZipEntry{Name: "n.zip", Body: servertest.Zip(f, servertest.ZipEntry{Name: "a.sol"})}, servertest.ZipEntry{Name: "a.move"}))
	f.Add([]byte("PK\x05\x06" + strings.Repeat("\x00", 18)))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := core.ReadBundle([]core.UploadPart{part("f.zip", data)}, small)
		if err != nil {
			checkErr(t, err)
			return
		}
		checkBundle(t, b, small)
	})
}

func FuzzBundleNames(f *testing.F) {
	f.Add("a.sol", "b.sol", []byte("contract A {}"))
	f.Add("../../evil.sol", "ok.sol", []byte("x"))
	f.Add("/abs.vy", "a\\b.vy", []byte{})
	f.Add("a/./b.cairo", "a/b.cairo", []byte("fn"))
	f.Add("C:/x.move", "x.MOVE", []byte("module"))
	f.Add("__MACOSX/._a.rs", "dir/", []byte("fn"))
	f.Fuzz(func(t *testing.T, n1, n2 string, body []byte) {
		// As multipart file names.
		b, err := core.ReadBundle([]core.UploadPart{part(n1, body), part(n2, body)}, small)
		if err != nil {
			checkErr(t, err)
		} else {
			checkBundle(t, b, small)
		}
		// As zip entry names.
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, n := range []string{n1, n2} {
			w, err := zw.Create(n)
			if err != nil {
				return
			}
			w.Write(body)
		}
		if zw.Close() != nil {
			return
		}
		b, err = core.ReadBundle([]core.UploadPart{part("names.zip", buf.Bytes())}, small)
		if err != nil {
			checkErr(t, err)
			return
		}
		checkBundle(t, b, small)
	})
}

// encryptedZip is an archive whose source entry has the "encrypted" flag
// (the traditional PKWARE bit), as password-protected archives do.
func encryptedZip(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "a.sol", Method: zip.Store, Flags: 0x1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte("garbled ciphertext")); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestReadBundleRepository: a zip holding a repository (a root marker at
// its top or in its one top folder) is selected as `bulwark scan` selects
// the checkout; a zip without one is taken whole (TestReadBundle).
func TestReadBundleRepository(t *testing.T) {
	src := []byte("contract A {}\n")
	e := func(name string, body ...string) servertest.ZipEntry {
		b := src
		if len(body) > 0 {
			b = []byte(body[0])
		}
		return servertest.ZipEntry{Name: name, Body: b}
	}
	foundry := []servertest.ZipEntry{e("foundry.toml", "[profile.default]\nsrc = \"src\"\nlibs = [\"lib\", \"vendor\"]\n"),
		e("src/A.sol"), e("src/gen/G.sol"), e(".gitignore", "src/gen/\n"), e("lib/forge-std/src/Test.sol"),
		e("vendor/V.sol"), e("test/A.t.sol"), e("script/D.s.sol"), e("src/mocks/M.sol"), e("src/A.t.sol"),
		e("node_modules/x/X.sol"), e("README.md", "# r")}
	under := func(top string, es []servertest.ZipEntry) []servertest.ZipEntry {
		out := make([]servertest.ZipEntry, len(es))
		for i, x := range es {
			out[i] = x
			out[i].Name = top + x.Name
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		entries []servertest.ZipEntry
		want    []string
	}{
		{"foundry: dependencies, tests, scripts, mocks and ignored files left out", foundry, []string{"src/A.sol"}},
		{"one top folder is the root", under("repo-main/", foundry), []string{"src/A.sol"}},
		{"a .git folder marks the root", []servertest.ZipEntry{e(".git/HEAD", "ref: x"), e("contracts/C.sol"), e("test/T.sol")},
			[]string{"contracts/C.sol"}},
		{"hardhat", []servertest.ZipEntry{e("hardhat.config.ts", "export {}"), e("contracts/C.sol"), e("contracts/test/T.sol"),
			e("contracts/mocks/M.sol"), e("node_modules/@oz/E.sol")}, []string{"contracts/C.sol"}},
		{".bulwark.yml paths, exclude and include_tests", append(slices.Clone(foundry),
			e(".bulwark.yml", "paths: [src, test]\nexclude: [\"*.t.sol\", \"!test/A.t.sol\"]\ninclude_tests: true\n")),
			[]string{"src/A.sol", "src/mocks/M.sol", "test/A.t.sol"}},
		{".bulwark.yml include_deps", append(slices.Clone(foundry), e(".bulwark.yml", "include_deps: true\n")),
			[]string{"lib/forge-std/src/Test.sol", "node_modules/x/X.sol", "src/A.sol", "vendor/V.sol"}},
		{"two top folders: no root", []servertest.ZipEntry{e("a/foundry.toml", ""), e("b/lib/L.sol")},
			[]string{"b/lib/L.sol"}},
		{"a marker deeper than one folder: no root", []servertest.ZipEntry{e("x/y/foundry.toml", ""), e("x/lib/L.sol")},
			[]string{"x/lib/L.sol"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := core.ReadBundle([]core.UploadPart{part("repo.zip", servertest.Zip(t, tc.entries...))}, core.DefaultUploadLimits)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range b.Files {
				got = append(got, f.Path)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("files (-want +got):\n%s", d)
			}
		})
	}
}

// TestReadBundleRepositoryErrors: the repository's selection keeps the
// upload errors of api.md, and only what it selects is inflated.
func TestReadBundleRepositoryErrors(t *testing.T) {
	big := bytes.Repeat([]byte("a"), 1001)
	zeros := make([]byte, 900)
	z := func(es ...servertest.ZipEntry) []core.UploadPart {
		return []core.UploadPart{part("repo.zip", servertest.Zip(t, append(es, servertest.ZipEntry{Name: "foundry.toml"})...))}
	}
	for _, tc := range []struct {
		name    string
		parts   []core.UploadPart
		code    core.Code
		reason  string
		message string
	}{
		{"unknown key", z(servertest.ZipEntry{Name: "src/A.sol"}, servertest.ZipEntry{Name: ".bulwark.yml", Body: []byte("preset: deep\nfail_onn: high\n")}),
			core.CodeInvalidField, "invalid_config", ".bulwark.yml:2: unknown key \"fail_onn\""},
		{"missing configured path", z(servertest.ZipEntry{Name: "src/A.sol"}, servertest.ZipEntry{Name: ".bulwark.yml", Body: []byte("paths: [contracts]\n")}),
			core.CodeInvalidField, "invalid_config", "contracts"},
		{"only dependencies", z(servertest.ZipEntry{Name: "lib/L.sol"}, servertest.ZipEntry{Name: "test/T.t.sol"}),
			core.CodeInvalidFileType, "", "skipped 2 in lib/, test/"},
		{"selected file too large", z(servertest.ZipEntry{Name: "src/A.sol", Body: big, Stored: true}), core.CodeFileTooLarge, "file_too_large", ""},
		{"selected bomb", z(servertest.ZipEntry{Name: "src/A.sol", Body: zeros}), core.CodeFileTooLarge, "compression_ratio", ""},
		{"selection too large", z(servertest.ZipEntry{Name: "src/A.sol", Body: big[:900], Stored: true},
			servertest.ZipEntry{Name: "src/B.sol", Body: big[:900], Stored: true}, servertest.ZipEntry{Name: "src/C.sol", Body: big[:900], Stored: true}),
			core.CodeFileTooLarge, "archive_too_large", ""},
		{"mixed", z(servertest.ZipEntry{Name: "src/A.sol"}, servertest.ZipEntry{Name: "src/b.cairo"}), core.CodeInvalidField, "mixed_languages", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := core.ReadBundle(tc.parts, small)
			ce, ok := core.AsError(err)
			if !ok {
				t.Fatalf("ReadBundle = %+v, %v; want %s", b, err, tc.code)
			}
			reason, _ := ce.Details["reason"].(string)
			if ce.Code != tc.code || reason != tc.reason || !strings.Contains(ce.Message, tc.message) {
				t.Errorf("= %s %q (%s), want %s %q %q", ce.Code, reason, ce.Message, tc.code, tc.reason, tc.message)
			}
		})
	}

	// Dependencies the selection leaves out are never inflated: a bomb in
	// lib/ does not fail the upload.
	b, err := core.ReadBundle(z(servertest.ZipEntry{Name: "src/A.sol", Body: []byte("contract A {}")},
		servertest.ZipEntry{Name: "lib/Bomb.sol", Body: zeros}, servertest.ZipEntry{Name: "lib/Big.sol", Body: big, Stored: true}), small)
	if err != nil || len(b.Files) != 1 || b.Files[0].Path != "src/A.sol" {
		t.Fatalf("ReadBundle = %+v, %v; want src/A.sol alone", b, err)
	}
}
