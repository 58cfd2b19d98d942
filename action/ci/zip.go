package ci

import (
	"archive/zip"
	"bytes"
	"fmt"
	"time"

	"github.com/bulwark-sec/bulwark/scanner"
)

// zipEpoch is every entry's time, so that the same files make the same
// archive (and the same contract sha256).
var zipEpoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Zip packs files, in order, into an in-memory archive under their relative
// paths. It refuses an archive above MaxZipBytes.
func Zip(files []scanner.File) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Path, Method: zip.Deflate, Modified: zipEpoch})
		if err != nil {
			return nil, fmt.Errorf("zip %s: %w", f.Path, err)
		}
		if _, err := w.Write(f.Content); err != nil {
			return nil, fmt.Errorf("zip %s: %w", f.Path, err)
		}
		if buf.Len() > MaxZipBytes {
			return nil, usagef("the archive exceeds the 50 MB upload limit at %s; narrow --path or add --exclude", f.Path)
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	if buf.Len() > MaxZipBytes {
		return nil, usagef("the archive is %d bytes, above the 50 MB upload limit", buf.Len())
	}
	return buf.Bytes(), nil
}
