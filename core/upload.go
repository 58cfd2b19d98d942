package core

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

// UploadLimits bound what an upload may hold. Every bound is checked on the
// bytes actually read, never on sizes an archive declares.
type UploadLimits struct {
	// MaxFileBytes bounds one source file, uploaded alone or unpacked from
	// a zip (api.md: 10 MB).
	MaxFileBytes int64
	// MaxZipBytes bounds one zip archive as uploaded (api.md: 50 MB).
	MaxZipBytes int64
	// MaxEntries bounds the entries of a zip (all of them, directories and
	// ignored files included) and the files of a multipart upload.
	MaxEntries int
	// MaxTotalBytes bounds the source bytes of a bundle once unpacked.
	MaxTotalBytes int64
	// MaxRatio bounds unpacked:compressed bytes of one zip entry larger
	// than RatioFloor, so a small archive cannot make the server inflate
	// megabytes of filler (a zip bomb).
	MaxRatio   int64
	RatioFloor int64
}

// DefaultUploadLimits are the limits of api.md and decisions.md.
var DefaultUploadLimits = UploadLimits{
	MaxFileBytes:  10 << 20,
	MaxZipBytes:   50 << 20,
	MaxEntries:    2000,
	MaxTotalBytes: 100 << 20,
	MaxRatio:      100,
	RatioFloor:    1 << 20,
}

// UploadPart is one file part of a multipart upload: the client's file name
// and a way to read its bytes.
type UploadPart struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// BundleFile is one source file of a bundle.
type BundleFile struct {
	Path    string
	Content []byte
	SHA256  string // lowercase hex of the content's SHA-256
}

// Bundle is a contract's source files, read and checked: one language,
// unique safe paths, sorted by path.
type Bundle struct {
	Files      []BundleFile
	Language   string
	TotalBytes int64
	// SHA256 identifies the bundle: see bundleHash.
	SHA256 string
	// Name is the default contract name: the single file's or the zip's
	// file name, else the first uploaded file's.
	Name string
}

// Contract languages of api.md.
const (
	LangSolidity = "solidity"
	LangVyper    = "vyper"
	LangRust     = "rust"
	LangMove     = "move"
	LangCairo    = "cairo"
)

// ContractLanguages lists the languages a contract may have.
var ContractLanguages = []string{LangSolidity, LangVyper, LangRust, LangMove, LangCairo}

var languageByExt = map[string]string{
	".sol": LangSolidity, ".vy": LangVyper, ".vyi": LangVyper, ".rs": LangRust, ".move": LangMove, ".cairo": LangCairo,
}

// ValidContractLanguage reports whether l is a contract language.
func ValidContractLanguage(l string) bool {
	for _, v := range ContractLanguages {
		if v == l {
			return true
		}
	}
	return false
}

// SourceLanguage returns the language of a source file by its extension
// (case-insensitive), or "" when it is not a source file.
func SourceLanguage(p string) string {
	return languageByExt[strings.ToLower(path.Ext(p))]
}

func isZipName(p string) bool { return strings.EqualFold(path.Ext(p), ".zip") }

// zipCentralSig starts every central-directory record of a zip.
var zipCentralSig = []byte("PK\x01\x02")

// maxPathLen bounds a stored path.
const maxPathLen = 1024

// ReadBundle reads and checks the files of one upload: one or several
// source files, or a single zip archive. Failures are *Error values:
// MISSING_FIELD (no files), INVALID_FILE_TYPE (an unsupported extension, a
// zip without source files), FILE_TOO_LARGE (any bound of lim), and
// INVALID_FIELD on field "files" with reasons invalid_name, zip_not_alone,
// invalid_archive, unsafe_archive, duplicate_path and mixed_languages.
func ReadBundle(parts []UploadPart, lim UploadLimits) (*Bundle, error) {
	if len(parts) == 0 {
		return nil, Missing("files")
	}
	if len(parts) > lim.MaxEntries {
		return nil, tooLarge("too_many_files", "an upload holds at most %d files", lim.MaxEntries)
	}
	// Names first: they are cheap to check and decide how to read each part.
	for _, pt := range parts {
		if reason := checkUploadName(pt.Name); reason != "" {
			return nil, Invalid("files", "invalid_name", fmt.Sprintf("file name %q is not acceptable: %s", pt.Name, reason))
		}
		if !isZipName(pt.Name) && SourceLanguage(pt.Name) == "" {
			return nil, Errorf(CodeInvalidFileType, "%q has an unsupported extension; accepted: .sol, .vy, .vyi, .rs, .move, .cairo, .zip", pt.Name)
		}
		if isZipName(pt.Name) && len(parts) > 1 {
			return nil, Invalid("files", "zip_not_alone", "a zip archive must be the only file of an upload")
		}
	}
	var files []BundleFile
	if isZipName(parts[0].Name) {
		data, err := readPart(parts[0], lim.MaxZipBytes)
		if err != nil {
			return nil, err
		}
		if int64(len(data)) > lim.MaxZipBytes {
			return nil, tooLarge("zip_too_large", "%q exceeds the zip archive limit of %d bytes", parts[0].Name, lim.MaxZipBytes)
		}
		if files, err = readZip(data, lim); err != nil {
			return nil, err
		}
	} else {
		var total int64
		for _, pt := range parts {
			data, err := readPart(pt, lim.MaxFileBytes)
			if err != nil {
				return nil, err
			}
			if int64(len(data)) > lim.MaxFileBytes {
				return nil, tooLarge("file_too_large", "%q exceeds the file limit of %d bytes", pt.Name, lim.MaxFileBytes)
			}
			if total += int64(len(data)); total > lim.MaxTotalBytes {
				return nil, tooLarge("bundle_too_large", "the files exceed the upload limit of %d bytes", lim.MaxTotalBytes)
			}
			files = append(files, BundleFile{Path: pt.Name, Content: data})
		}
	}
	b, err := newBundle(files)
	if err != nil {
		return nil, err
	}
	b.Name = parts[0].Name
	return b, nil
}

// readPart reads at most limit+1 bytes of a part, so the caller can tell an
// oversize part without holding more of it.
func readPart(pt UploadPart, limit int64) ([]byte, error) {
	rc, err := pt.Open()
	if err != nil {
		return nil, fmt.Errorf("open upload part %q: %w", pt.Name, err)
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read upload part %q: %w", pt.Name, err)
	}
	return data, nil
}

// newBundle checks paths and languages, hashes the files and sorts them.
func newBundle(files []BundleFile) (*Bundle, error) {
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	b := &Bundle{Files: files}
	for i := range files {
		f := &files[i]
		if i > 0 && files[i-1].Path == f.Path {
			return nil, Invalid("files", "duplicate_path", fmt.Sprintf("the path %q appears more than once", f.Path))
		}
		lang := SourceLanguage(f.Path)
		if b.Language == "" {
			b.Language = lang
		} else if lang != b.Language {
			return nil, Invalid("files", "mixed_languages",
				fmt.Sprintf("a contract holds files of one language; found %s and %s (%q)", b.Language, lang, f.Path))
		}
		sum := sha256.Sum256(f.Content)
		f.SHA256 = hex.EncodeToString(sum[:])
		b.TotalBytes += int64(len(f.Content))
	}
	b.SHA256 = bundleHash(files)
	return b, nil
}

// bundleHash is the contract's sha256: SHA-256 over "path\nsha256\n" of
// every file, sorted by path (byte order). Paths hold no control
// characters, so the encoding is unambiguous.
func bundleHash(files []BundleFile) string {
	h := sha256.New()
	for _, f := range files {
		io.WriteString(h, f.Path+"\n"+f.SHA256+"\n")
	}
	return hex.EncodeToString(h.Sum(nil))
}

// checkUploadName returns why a multipart file name is unacceptable, or "".
// Multipart names are flat (the standard library keeps only the base name);
// a zip keeps directories.
func checkUploadName(name string) string {
	switch {
	case name == "" || name == "." || name == "..":
		return "empty"
	case len(name) > 255:
		return "longer than 255 bytes"
	case strings.ContainsAny(name, `/\`):
		return "contains a path separator"
	}
	return checkChars(name)
}

func checkChars(s string) string {
	if !utf8.ValidString(s) {
		return "not valid UTF-8"
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return "contains a control character"
		}
	}
	return ""
}

// checkEntryName returns why a zip entry's name is unsafe, or "". Any
// unsafe name rejects the whole archive: it was made to escape.
func checkEntryName(name string) string {
	switch {
	case name == "":
		return "empty name"
	case strings.Contains(name, `\`):
		return "backslash in name"
	case strings.HasPrefix(name, "/"):
		return "absolute path"
	case len(name) > maxPathLen:
		return "name too long"
	}
	if r := checkChars(name); r != "" {
		return r
	}
	for _, el := range strings.Split(strings.TrimSuffix(name, "/"), "/") {
		if el == ".." {
			return "parent directory reference"
		}
	}
	// A drive letter ("C:") or a volume name is absolute on Windows.
	if first, _, _ := strings.Cut(name, "/"); strings.Contains(first, ":") {
		return "volume name"
	}
	return ""
}

// readZip unpacks the source files of a zip archive held in memory.
func readZip(data []byte, lim UploadLimits) ([]BundleFile, error) {
	// The standard reader parses every central-directory record before we
	// can count them; each starts with a signature, so counting signatures
	// bounds that work up front (with headroom for stored nested archives).
	if bytes.Count(data, zipCentralSig) > 10*lim.MaxEntries {
		return nil, tooLarge("too_many_entries", "the zip archive holds more than %d entries", lim.MaxEntries)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if errors.Is(err, zip.ErrInsecurePath) {
		return nil, Invalid("files", "unsafe_archive", "the zip archive holds an entry with an unsafe path")
	}
	if err != nil {
		return nil, Invalid("files", "invalid_archive", "the file is not a readable zip archive")
	}
	if len(zr.File) > lim.MaxEntries {
		return nil, tooLarge("too_many_entries", "the zip archive holds more than %d entries", lim.MaxEntries)
	}
	// Check every entry before reading any: one unsafe entry rejects all.
	for _, f := range zr.File {
		if reason := checkEntryName(f.Name); reason != "" {
			return nil, Invalid("files", "unsafe_archive", fmt.Sprintf("zip entry %q is unsafe: %s", f.Name, reason))
		}
		if t := f.Mode().Type(); t != 0 && t != fs.ModeDir {
			return nil, Invalid("files", "unsafe_archive", fmt.Sprintf("zip entry %q is a link or special file", f.Name))
		}
	}
	if files, ok, err := readRepoZip(zr.File, lim); ok || err != nil {
		return files, err
	}
	var files []BundleFile
	var total int64
	for _, f := range zr.File {
		name := path.Clean(f.Name)
		if f.Mode().IsDir() || strings.HasSuffix(f.Name, "/") || isMacMetadata(name) {
			continue
		}
		nested := isArchiveName(name)
		if SourceLanguage(name) == "" && !nested {
			continue // other files are ignored
		}
		if f.Flags&0x1 != 0 {
			return nil, Invalid("files", "encrypted_entry", fmt.Sprintf("zip entry %q is encrypted; upload an unencrypted archive", f.Name))
		}
		if !fs.ValidPath(name) {
			return nil, Invalid("files", "unsafe_archive", fmt.Sprintf("zip entry %q is unsafe", f.Name))
		}
		content, err := readEntry(f, lim, lim.MaxTotalBytes-total)
		if err != nil {
			return nil, err
		}
		total += int64(len(content))
		if nested {
			// Archives inside the archive are not unpacked, but what they
			// inflate to counts against the bundle's expanded-size cap, so
			// nesting cannot multiply the work an upload buys.
			continue
		}
		files = append(files, BundleFile{Path: name, Content: content})
	}
	if len(files) == 0 {
		return nil, Errorf(CodeInvalidFileType, "the zip archive holds no .sol, .vy, .vyi, .rs, .move or .cairo file")
	}
	return files, nil
}

// readRepoZip reads a zip of a repository (bundle.ArchiveRoot finds a
// root marker in it: .git, foundry.toml, hardhat.config.*, .bulwark.yml, …)
// through the selection `bulwark scan` and `bulwark ci` apply to the same
// tree: the .bulwark.yml at its root, its ignore files and foundry.toml,
// dependencies and tests left out by default. Paths are relative to the
// repository root. Only the selected files and the project files steering
// the selection are inflated, each under readEntry's bounds. ok is false
// for any other archive, which readZip takes whole. Entries were checked
// safe by the caller.
func readRepoZip(entries []*zip.File, lim UploadLimits) (files []BundleFile, ok bool, err error) {
	byName := map[string]*zip.File{}
	var list []bundle.ArchiveFile
	for _, f := range entries {
		name := path.Clean(f.Name)
		if f.Mode().IsDir() || strings.HasSuffix(f.Name, "/") || isMacMetadata(name) {
			continue
		}
		if byName[name] != nil {
			if SourceLanguage(name) != "" {
				return nil, true, Invalid("files", "duplicate_path", fmt.Sprintf("the path %q appears more than once", name))
			}
			continue
		}
		byName[name] = f
		list = append(list, bundle.ArchiveFile{Path: name, Size: int64(min(f.UncompressedSize64, math.MaxInt64>>1))})
	}
	names := make([]string, len(list))
	for i, f := range list {
		names[i] = f.Path
	}
	if _, repo := bundle.ArchiveRoot(names); !repo {
		return nil, false, nil
	}
	var total int64
	read := func(name string) ([]byte, error) {
		f := byName[name]
		if f.Flags&0x1 != 0 {
			return nil, Invalid("files", "encrypted_entry", fmt.Sprintf("zip entry %q is encrypted; upload an unencrypted archive", f.Name))
		}
		if !fs.ValidPath(name) {
			return nil, Invalid("files", "unsafe_archive", fmt.Sprintf("zip entry %q is unsafe", f.Name))
		}
		content, err := readEntry(f, lim, lim.MaxTotalBytes-total)
		if err != nil {
			return nil, err
		}
		total += int64(len(content))
		return content, nil
	}
	// readEntry enforces the file and total bounds with the API's errors;
	// the selection's own bounds stay out of its way.
	blim := bundle.Limits{MaxFiles: lim.MaxEntries, MaxFileBytes: math.MaxInt64 >> 1, MaxBytes: math.MaxInt64 >> 1,
		MaxEntries: lim.MaxEntries}
	tree, err := bundle.SelectArchive(list, read, bundle.Selection{}, func(p string) bool { return SourceLanguage(p) != "" }, blim)
	if err != nil {
		var e *Error
		var ce *bundle.ConfigError
		switch {
		case errors.As(err, &e):
			return nil, true, e
		case errors.As(err, &ce):
			return nil, true, Invalid("files", "invalid_config", "the archive's "+ce.Error())
		case errors.Is(err, bundle.ErrNotFound), errors.Is(err, bundle.ErrNotSource):
			return nil, true, Invalid("files", "invalid_config", "the archive's "+bundle.ConfigFile+" names a path that is not a source file in it: "+err.Error())
		case errors.Is(err, bundle.ErrTooLarge):
			return nil, true, tooLarge("too_many_files", "the selection holds more than %d files", lim.MaxEntries)
		}
		return nil, true, fmt.Errorf("select the files of a zip archive: %w", err)
	}
	for _, f := range tree.Files {
		files = append(files, BundleFile{Path: f.Path, Content: f.Content})
	}
	if len(files) == 0 {
		summary, _, _ := strings.Cut(tree.Summary(), " (use ")
		msg := "the zip archive holds a repository whose selection leaves no .sol, .vy, .rs, .move or .cairo file (" + summary + ")"
		if tree.Excluded.Total() > 0 {
			msg += "; dependencies and tests are left out unless its " + bundle.ConfigFile + " sets include_deps or include_tests"
		}
		return nil, true, Errorf(CodeInvalidFileType, "%s", msg)
	}
	return files, true, nil
}

// isArchiveName reports entries that are archives themselves.
func isArchiveName(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".zip", ".jar", ".tar", ".gz", ".tgz", ".bz2", ".xz", ".zst", ".7z", ".rar":
		return true
	}
	return false
}

// isMacMetadata reports the AppleDouble files macOS adds to archives
// (__MACOSX/…, ._Name.sol): binary, never source.
func isMacMetadata(p string) bool {
	return strings.HasPrefix(p, "__MACOSX/") || strings.HasPrefix(path.Base(p), "._")
}

// readEntry inflates one entry, reading at most one byte past the
// tightest bound: the file limit, what is left of the bundle budget, and
// MaxRatio times the entry's compressed size (the reader never consumes
// more compressed bytes than the entry declares, so this bounds the real
// ratio whatever the header claims).
func readEntry(f *zip.File, lim UploadLimits, budget int64) ([]byte, error) {
	ratioCap := int64(math.MaxInt64)
	if c := f.CompressedSize64; c < uint64(math.MaxInt64/lim.MaxRatio) {
		ratioCap = max(lim.RatioFloor, int64(c)*lim.MaxRatio)
	}
	limit := min(lim.MaxFileBytes, budget, ratioCap)
	if f.UncompressedSize64 > uint64(lim.MaxFileBytes) {
		// Declared sizes are only trusted to reject early.
		return nil, tooLarge("file_too_large", "zip entry %q exceeds the file limit of %d bytes", f.Name, lim.MaxFileBytes)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, Invalid("files", "invalid_archive", fmt.Sprintf("zip entry %q cannot be read: %v", f.Name, err))
	}
	defer rc.Close()
	var buf bytes.Buffer
	buf.Grow(int(min(int64(f.UncompressedSize64), limit) + 1))
	if _, err := io.Copy(&buf, io.LimitReader(rc, limit+1)); err != nil {
		return nil, Invalid("files", "invalid_archive", fmt.Sprintf("zip entry %q is corrupt: %v", f.Name, err))
	}
	if n := int64(buf.Len()); n > limit {
		switch limit {
		case lim.MaxFileBytes:
			return nil, tooLarge("file_too_large", "zip entry %q exceeds the file limit of %d bytes", f.Name, lim.MaxFileBytes)
		case budget:
			return nil, tooLarge("archive_too_large", "the zip archive unpacks to more than %d bytes of source", lim.MaxTotalBytes)
		default:
			return nil, tooLarge("compression_ratio", "zip entry %q inflates more than %d times its compressed size", f.Name, lim.MaxRatio)
		}
	}
	return buf.Bytes(), nil
}

// tooLarge is FILE_TOO_LARGE with details {field: files, reason}.
func tooLarge(reason, format string, args ...any) *Error {
	return &Error{Code: CodeFileTooLarge, Message: fmt.Sprintf(format, args...),
		Details: map[string]any{"field": "files", "reason": reason}}
}
