package servertest

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"
)

// FilePart is one part of a multipart body: a file when Filename is set,
// else a plain value.
type FilePart struct {
	Field    string
	Filename string
	Body     []byte
}

// Multipart encodes parts as a multipart/form-data body and returns it with
// its Content-Type.
func Multipart(parts ...FilePart) ([]byte, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		if p.Filename != "" {
			h.Set("Content-Disposition", `form-data; name="`+quote(p.Field)+`"; filename="`+quote(p.Filename)+`"`)
			h.Set("Content-Type", "application/octet-stream")
		} else {
			h.Set("Content-Disposition", `form-data; name="`+quote(p.Field)+`"`)
		}
		pw, _ := w.CreatePart(h)
		pw.Write(p.Body)
	}
	w.Close()
	return buf.Bytes(), w.FormDataContentType()
}

var quoter = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// quote escapes like mime/multipart does, keeping names such as
// `..\evil.sol` intact on the wire.
func quote(s string) string { return quoter.Replace(s) }

// Upload posts parts to POST /api/v1/contracts/upload with key.
func (e *Env) Upload(key string, parts ...FilePart) *Response {
	e.T.Helper()
	body, ct := Multipart(parts...)
	req, err := http.NewRequest("POST", e.URL+"/api/v1/contracts/upload", bytes.NewReader(body))
	if err != nil {
		e.T.Fatalf("new request: %v", err)
	}
	req.Header.Set("Content-Type", ct)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	return e.Send(req)
}

// ZipEntry is one entry of a test archive; Mode 0 is a regular file.
type ZipEntry struct {
	Name   string
	Body   []byte
	Mode   fs.FileMode
	Stored bool // store uncompressed rather than deflate
}

// Zip builds a zip archive of entries, as upload tests need them: nested
// archives, symlinks, stored and deflated entries.
func Zip(t testing.TB, entries ...ZipEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.Name, Method: zip.Deflate}
		if e.Stored {
			h.Method = zip.Store
		}
		if e.Mode != 0 {
			h.SetMode(e.Mode)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatalf("zip entry %q: %v", e.Name, err)
		}
		if _, err := w.Write(e.Body); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
