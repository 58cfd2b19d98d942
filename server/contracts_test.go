package server_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

func ctFile(name string, body []byte) servertest.FilePart {
	return servertest.FilePart{Field: "files", Filename: name, Body: body}
}

func ctField(name, value string) servertest.FilePart {
	return servertest.FilePart{Field: name, Body: []byte(value)}
}

func ctProject(t *testing.T, env *servertest.Env, key, name string) string {
	t.Helper()
	r := env.Do("POST", "/api/v1/projects", key, map[string]any{"name": name})
	if r.Status != 201 {
		t.Fatalf("create project: %d %s", r.Status, r.Body)
	}
	return r.JSON()["id"].(string)
}

type ctContract struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	CreatedAt string `json:"created_at"`
	Data      struct {
		ID             string `json:"id"`
		OrganizationID string `json:"organization_id"`
		ProjectID      string `json:"project_id"`
		Name           string `json:"name"`
		Language       string `json:"language"`
		Status         string `json:"status"`
		FileCount      int    `json:"file_count"`
		TotalBytes     int64  `json:"total_bytes"`
		SHA256         string `json:"sha256"`
		Files          []struct {
			Path   string `json:"path"`
			Size   int64  `json:"size"`
			SHA256 string `json:"sha256"`
		} `json:"files"`
		CreatedAt string `json:"created_at"`
		UpdatedAt string `json:"updated_at"`
	} `json:"data"`
}

func ctUpload(t *testing.T, env *servertest.Env, parts ...servertest.FilePart) ctContract {
	t.Helper()
	r := env.Upload(env.Key, parts...)
	if r.Status != 201 {
		t.Fatalf("upload = %d %s", r.Status, r.Body)
	}
	var c ctContract
	r.Decode(t, &c)
	return c
}

func sum(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

func ctCount(t *testing.T, env *servertest.Env, query string, args ...any) int {
	t.Helper()
	var n int
	if err := env.DB.NewRaw(query, args...).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestContractUpload(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	pid := ctProject(t, env, env.Key, "vaults")
	token := []byte("// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\ncontract Token {}\n")

	// One file: name and language come from it.
	c := ctUpload(t, env, ctField("project_id", pid), ctFile("Token.sol", token))
	if c.Status != "uploaded" || c.ID != c.Data.ID || c.CreatedAt == "" {
		t.Errorf("envelope = %+v", c)
	}
	d := c.Data
	if d.OrganizationID != env.OrgID || d.ProjectID != pid || d.Name != "Token.sol" || d.Language != "solidity" ||
		d.Status != "uploaded" || d.FileCount != 1 || d.TotalBytes != int64(len(token)) {
		t.Errorf("data = %+v", d)
	}
	if len(d.Files) != 1 || d.Files[0].Path != "Token.sol" || d.Files[0].Size != int64(len(token)) || d.Files[0].SHA256 != sum(token) {
		t.Errorf("files = %+v", d.Files)
	}
	if want := sum([]byte("Token.sol\n" + sum(token) + "\n")); d.SHA256 != want {
		t.Errorf("sha256 = %s, want %s", d.SHA256, want)
	}
	var stored db.ContractFile
	if err := env.DB.NewSelect().Model(&stored).Where("contract_id = ?", d.ID).Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stored.Content, token) || stored.SHA256 != sum(token) || stored.Size != int64(len(token)) {
		t.Errorf("stored file = %q %s %d", stored.Content, stored.SHA256, stored.Size)
	}
	// The audit entry and the event were written with it.
	if n := ctCount(t, env, "SELECT count(*) FROM audit_logs WHERE action = 'contract.uploaded' AND resource_id = ?", d.ID); n != 1 {
		t.Errorf("audit entries = %d", n)
	}
	var ev db.Event
	if err := env.DB.NewSelect().Model(&ev).Where("type = 'contract.uploaded'").Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	wantData := map[string]any{"contract_id": d.ID, "project_id": pid, "name": "Token.sol", "language": "solidity",
		"file_count": float64(1), "total_bytes": float64(len(token))}
	if diff := cmp.Diff(wantData, ev.Data); diff != "" || ev.OrganizationID.String() != env.OrgID {
		t.Errorf("event data (-want +got):\n%s", diff)
	}

	// Several files under "files" and "file", with a name and a language.
	c = ctUpload(t, env, ctField("project_id", pid), ctField("name", " pools "), ctField("language", "vyper"),
		ctFile("b.vy", []byte("b")), servertest.FilePart{Field: "file", Filename: "a.vy", Body: []byte("aa")})
	if c.Data.Name != "pools" || c.Data.Language != "vyper" || c.Data.FileCount != 2 || c.Data.TotalBytes != 3 ||
		c.Data.Files[0].Path != "a.vy" || c.Data.Files[1].Path != "b.vy" {
		t.Errorf("several files = %+v", c.Data)
	}

	// A zip keeps its tree and drops what is not source.
	z := servertest.Zip(t, servertest.ZipEntry{Name: "src/"}, servertest.ZipEntry{Name: "src/Vault.sol", Body: token},
		servertest.ZipEntry{Name: "lib/math/Math.sol", Body: []byte("library Math {}"), Stored: true},
		servertest.ZipEntry{Name: "README.md", Body: []byte("# vault")}, servertest.ZipEntry{Name: "deps.zip", Body: servertest.Zip(t, servertest.ZipEntry{Name: "x.sol"})},
		servertest.ZipEntry{Name: "__MACOSX/src/._Vault.sol", Body: []byte{0, 5, 22, 7}})
	c = ctUpload(t, env, ctField("project_id", pid), ctFile("vault.zip", z))
	var paths []string
	for _, f := range c.Data.Files {
		paths = append(paths, f.Path)
	}
	if diff := cmp.Diff([]string{"lib/math/Math.sol", "src/Vault.sol"}, paths); diff != "" || c.Data.Name != "vault.zip" {
		t.Errorf("zip files (-want +got):\n%s name %q", diff, c.Data.Name)
	}

	// GET returns the same contract; no response carries file contents.
	r := env.Do("GET", "/api/v1/contracts/"+c.ID, env.Key, nil)
	var got ctContract
	r.Decode(t, &got)
	if r.Status != 200 || got.Status != "uploaded" || got.Data.SHA256 != c.Data.SHA256 || len(got.Data.Files) != 2 {
		t.Errorf("get = %d %s", r.Status, r.Body)
	}
	list := env.Do("GET", "/api/v1/contracts", env.Key, nil)
	for _, body := range [][]byte{r.Body, list.Body} {
		if bytes.Contains(body, []byte("library Math")) || bytes.Contains(body, []byte("content")) {
			t.Errorf("a response leaks file contents: %s", body)
		}
	}
	if bytes.Contains(list.Body, []byte(`"files"`)) {
		t.Errorf("list items carry files: %s", list.Body)
	}

	// Past 16 MB of parts fasthttp spills to temporary files; those parts
	// must read back whole.
	parts := []servertest.FilePart{ctField("project_id", pid)}
	var want []string
	for i := range 3 {
		body := bytes.Repeat([]byte{byte('a' + i)}, 6<<20)
		parts = append(parts, ctFile(fmt.Sprintf("big%d.rs", i), body))
		want = append(want, sum(body))
	}
	c = ctUpload(t, env, parts...)
	var sums []string
	for _, f := range c.Data.Files {
		sums = append(sums, f.SHA256)
	}
	if d := cmp.Diff(want, sums); d != "" || c.Data.TotalBytes != 18<<20 {
		t.Errorf("spilled parts (-want +got):\n%s total %d", d, c.Data.TotalBytes)
	}
	if n := ctCount(t, env, "SELECT count(*) FROM contract_files WHERE contract_id = ? AND size = ?", c.ID, 6<<20); n != 3 {
		t.Errorf("stored spilled files = %d", n)
	}
}

func TestContractUploadErrors(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	pid := ctProject(t, env, env.Key, "p")
	other := env.NewOrg("globex", "developer")
	foreign := ctProject(t, env, other, "theirs")
	sol := ctFile("a.sol", []byte("contract A {}"))
	big := make([]byte, 10<<20+1)
	many := make([]servertest.ZipEntry, 2001)
	for i := range many {
		many[i] = servertest.ZipEntry{Name: fmt.Sprintf("c%d.sol", i), Stored: true}
	}
	// A zip of 5 MB of zeros is ~5 KB: far past the 100:1 ratio guard.
	bomb := servertest.Zip(t, servertest.ZipEntry{Name: "bomb.sol", Body: make([]byte, 5<<20)})
	withPID := func(parts ...servertest.FilePart) []servertest.FilePart {
		return append([]servertest.FilePart{ctField("project_id", pid)}, parts...)
	}
	for _, tc := range []struct {
		name   string
		parts  []servertest.FilePart
		status int
		code   string
		reason string
	}{
		{"no files", withPID(), 422, "MISSING_FIELD", "missing"},
		{"missing project_id", []servertest.FilePart{sol}, 422, "MISSING_FIELD", "missing"},
		{"malformed project_id", []servertest.FilePart{ctField("project_id", "nope"), sol}, 422, "INVALID_FIELD", "invalid"},
		{"unknown project", []servertest.FilePart{ctField("project_id", uuid.NewString()), sol}, 404, "RESOURCE_NOT_FOUND", ""},
		{"another org's project", []servertest.FilePart{ctField("project_id", foreign), sol}, 404, "RESOURCE_NOT_FOUND", ""},
		{"unsupported extension", withPID(ctFile("notes.txt", []byte("x"))), 415, "INVALID_FILE_TYPE", ""},
		{"mixed languages", withPID(sol, ctFile("b.rs", []byte("fn b(){}"))), 422, "INVALID_FIELD", "mixed_languages"},
		{"language mismatch", withPID(ctField("language", "cairo"), sol), 422, "INVALID_FIELD", "mismatch"},
		{"bad language", withPID(ctField("language", "cobol"), sol), 422, "INVALID_FIELD", "invalid"},
		{"blank name", withPID(ctField("name", "  "), sol), 422, "INVALID_FIELD", "invalid"},
		{"unknown field", withPID(ctField("colour", "red"), sol), 422, "INVALID_FIELD", "unknown"},
		{"repeated field", withPID(ctField("name", "a"), ctField("name", "b"), sol), 422, "INVALID_FIELD", "repeated"},
		{"files without filename", withPID(ctField("files", "contract A {}")), 422, "INVALID_FIELD", "not_a_file"},
		{"duplicate names", withPID(sol, sol), 422, "INVALID_FIELD", "duplicate_path"},
		{"backslash name", withPID(ctFile(`..\..\evil.sol`, []byte("x"))), 422, "INVALID_FIELD", "invalid_name"},
		{"zip with a file", withPID(sol, ctFile("b.zip", servertest.Zip(t, servertest.ZipEntry{Name: "b.sol"}))), 422, "INVALID_FIELD", "zip_not_alone"},
		{"corrupt zip", withPID(ctFile("b.zip", []byte("PK\x03\x04 broken"))), 422, "INVALID_FIELD", "invalid_archive"},
		{"zip slip", withPID(ctFile("b.zip", servertest.Zip(t, servertest.ZipEntry{Name: "../../evil.sol", Body: []byte("x")}))), 422, "INVALID_FIELD", "unsafe_archive"},
		{"absolute entry", withPID(ctFile("b.zip", servertest.Zip(t, servertest.ZipEntry{Name: "/tmp/evil.sol"}))), 422, "INVALID_FIELD", "unsafe_archive"},
		{"backslash entry", withPID(ctFile("b.zip", servertest.Zip(t, servertest.ZipEntry{Name: `..\evil.sol`}))), 422, "INVALID_FIELD", "unsafe_archive"},
		{"symlink entry", withPID(ctFile("b.zip", servertest.Zip(t, servertest.ZipEntry{Name: "link.sol", Body: []byte("/etc/passwd"), Mode: fs.ModeSymlink | 0o777}))),
			422, "INVALID_FIELD", "unsafe_archive"},
		{"zip without sources", withPID(ctFile("b.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.txt", Body: []byte("x")}))), 415, "INVALID_FILE_TYPE", ""},
		{"zip duplicate paths", withPID(ctFile("b.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.sol"}, servertest.ZipEntry{Name: "./a.sol"}))), 422, "INVALID_FIELD", "duplicate_path"},
		{"zip mixed languages", withPID(ctFile("b.zip", servertest.Zip(t, servertest.ZipEntry{Name: "a.sol"}, servertest.ZipEntry{Name: "b.move"}))), 422, "INVALID_FIELD", "mixed_languages"},
		{"zip bomb", withPID(ctFile("b.zip", bomb)), 413, "FILE_TOO_LARGE", "compression_ratio"},
		{"too many entries", withPID(ctFile("b.zip", servertest.Zip(t, many...))), 413, "FILE_TOO_LARGE", "too_many_entries"},
		{"file of 10 MiB + 1", withPID(ctFile("big.sol", big)), 413, "FILE_TOO_LARGE", "file_too_large"},
		{"zip entry of 10 MiB + 1", withPID(ctFile("b.zip", servertest.Zip(t, servertest.ZipEntry{Name: "big.sol", Body: big}))), 413, "FILE_TOO_LARGE", "file_too_large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Upload(env.Key, tc.parts...)
			var body struct {
				Error struct {
					Code    string
					Details struct{ Reason string }
				}
			}
			r.Decode(t, &body)
			if r.Status != tc.status || body.Error.Code != tc.code || body.Error.Details.Reason != tc.reason {
				t.Errorf("= %d %s, want %d %s %q", r.Status, r.Body, tc.status, tc.code, tc.reason)
			}
		})
	}

	t.Run("not multipart", func(t *testing.T) {
		r := env.Do("POST", "/api/v1/contracts/upload", env.Key, map[string]any{"project_id": pid})
		if r.Status != 400 || r.ErrorCode() != "INVALID_REQUEST" {
			t.Errorf("= %d %s", r.Status, r.Body)
		}
	})
	t.Run("content encoding", func(t *testing.T) {
		body, ct := servertest.Multipart(ctField("project_id", pid), sol)
		r := env.Do("POST", "/api/v1/contracts/upload", env.Key, body, "Content-Type", ct, "Content-Encoding", "gzip")
		if r.Status != 400 || r.ErrorCode() != "INVALID_REQUEST" {
			t.Errorf("= %d %s", r.Status, r.Body)
		}
	})
	t.Run("malformed multipart", func(t *testing.T) {
		r := env.Do("POST", "/api/v1/contracts/upload", env.Key, "--x\r\nnot a part",
			"Content-Type", "multipart/form-data; boundary=x")
		if r.Status != 400 || r.ErrorCode() != "INVALID_REQUEST" {
			t.Errorf("= %d %s", r.Status, r.Body)
		}
	})
	t.Run("zip over 50 MiB", func(t *testing.T) {
		// Stored zeros: cheap to build, and the archive itself is what is
		// over its limit (the body stays under the 52 MiB body limit).
		z := servertest.Zip(t, servertest.ZipEntry{Name: "pad.bin", Body: make([]byte, 50<<20), Stored: true})
		r := env.Upload(env.Key, ctField("project_id", pid), ctFile("huge.zip", z))
		if r.Status != 413 || r.ErrorCode() != "FILE_TOO_LARGE" || !strings.Contains(string(r.Body), "zip_too_large") {
			t.Errorf("= %d %s", r.Status, r.Body)
		}
	})
	t.Run("body over the body limit", func(t *testing.T) {
		// The headers and the first 16 KB of the body are sent: the server
		// refuses on Content-Length. (Bodies are streamed, and the server
		// takes the first 8 KB before the handler chain starts.)
		conn, err := net.Dial("tcp", strings.TrimPrefix(env.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(conn, "POST /api/v1/contracts/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"+
			"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: %d\r\n\r\n%s", env.Key, 60<<20,
			bytes.Repeat([]byte("a"), 16<<10))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		if resp.StatusCode != 413 || !strings.Contains(b.String(), "FILE_TOO_LARGE") {
			t.Errorf("= %d %s", resp.StatusCode, b.String())
		}
	})

	// Nothing of any rejected upload was written.
	for table, q := range map[string]string{
		"contracts":      "SELECT count(*) FROM contracts",
		"contract_files": "SELECT count(*) FROM contract_files",
		"audit":          "SELECT count(*) FROM audit_logs WHERE action = 'contract.uploaded'",
		"events":         "SELECT count(*) FROM events WHERE type = 'contract.uploaded'",
	} {
		if n := ctCount(t, env, q); n != 0 {
			t.Errorf("%s rows after rejected uploads = %d", table, n)
		}
	}
}

// TestContractUploadAtomic: when the last write of the transaction fails,
// the contract and its files are not left behind.
func TestContractUploadAtomic(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	pid := ctProject(t, env, env.Key, "p")
	if _, err := env.DB.ExecContext(context.Background(), "DROP TABLE events"); err != nil {
		t.Fatal(err)
	}
	r := env.Upload(env.Key, ctField("project_id", pid), ctFile("a.sol", []byte("contract A {}")))
	if r.Status != 500 || r.ErrorCode() != "INTERNAL_ERROR" {
		t.Fatalf("upload with a failing outbox = %d %s", r.Status, r.Body)
	}
	for _, q := range []string{"SELECT count(*) FROM contracts", "SELECT count(*) FROM contract_files",
		"SELECT count(*) FROM audit_logs WHERE action = 'contract.uploaded'"} {
		if n := ctCount(t, env, q); n != 0 {
			t.Errorf("%s = %d after a failed upload", q, n)
		}
	}
}

func TestContractDelete(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	pid := ctProject(t, env, env.Key, "p")
	c := ctUpload(t, env, ctField("project_id", pid), ctFile("a.sol", []byte("contract A {}")))
	now := db.Now()
	scan := &db.Scan{ID: uuid.Must(uuid.NewV7()), OrganizationID: uuid.MustParse(env.OrgID), ProjectID: uuid.MustParse(pid),
		ContractID: uuid.MustParse(c.ID), Status: "queued", Preset: "standard", ScannersUsed: []string{},
		FileErrors: []db.FileError{}, CreatedBy: uuid.MustParse(env.UserID), CreatedAt: now, UpdatedAt: now}
	if _, err := env.DB.NewInsert().Model(scan).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, st := range []string{"queued", "running"} {
		env.DB.NewUpdate().Model(scan).Set("status = ?", st).WherePK().Exec(context.Background())
		if r := env.Do("DELETE", "/api/v1/contracts/"+c.ID, env.Key, nil); r.Status != 409 || r.ErrorCode() != "SCAN_IN_PROGRESS" {
			t.Errorf("delete with a %s scan = %d %s", st, r.Status, r.Body)
		}
	}
	env.DB.NewUpdate().Model(scan).Set("status = 'completed'").WherePK().Exec(context.Background())
	if r := env.Do("DELETE", "/api/v1/contracts/"+c.ID, env.Key, nil); r.Status != 204 || len(r.Body) != 0 {
		t.Fatalf("delete = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/contracts/"+c.ID, env.Key, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
		t.Errorf("get deleted = %d %s", r.Status, r.Body)
	}
	if r := env.Do("DELETE", "/api/v1/contracts/"+c.ID, env.Key, nil); r.Status != 404 {
		t.Errorf("delete twice = %d %s", r.Status, r.Body)
	}
	var list struct {
		Contracts []any `json:"contracts"`
		Total     int   `json:"total"`
	}
	env.Do("GET", "/api/v1/contracts", env.Key, nil).Decode(t, &list)
	if len(list.Contracts) != 0 || list.Total != 0 {
		t.Errorf("list after delete = %+v", list)
	}
	// A soft delete: the row stays for past scans, marked deleted.
	if n := ctCount(t, env, "SELECT count(*) FROM contracts WHERE id = ? AND deleted_at IS NOT NULL", c.ID); n != 1 {
		t.Errorf("soft-deleted rows = %d", n)
	}
	if n := ctCount(t, env, "SELECT count(*) FROM audit_logs WHERE action = 'contract.deleted' AND resource_id = ?", c.ID); n != 1 {
		t.Errorf("audit entries = %d", n)
	}
	var ev db.Event
	if err := env.DB.NewSelect().Model(&ev).Where("type = 'contract.deleted'").Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	if ev.Data["contract_id"] != c.ID || ev.Data["project_id"] != pid {
		t.Errorf("event data = %v", ev.Data)
	}
	for _, path := range []string{"/api/v1/contracts/not-a-uuid", "/api/v1/contracts/" + uuid.NewString()} {
		if r := env.Do("DELETE", path, env.Key, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("DELETE %s = %d %s", path, r.Status, r.Body)
		}
	}
}

func TestContractIsolation(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	other := env.NewOrg("globex", "developer")
	pid := ctProject(t, env, env.Key, "p")
	c := ctUpload(t, env, ctField("project_id", pid), ctFile("a.sol", []byte("contract A {}")))
	for _, m := range []string{"GET", "DELETE"} {
		if r := env.Do(m, "/api/v1/contracts/"+c.ID, other, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("%s by another org = %d %s", m, r.Status, r.Body)
		}
	}
	for _, q := range []string{"", "?project_id=" + pid, "?first=10"} {
		var list struct {
			Contracts []any `json:"contracts"`
		}
		env.Do("GET", "/api/v1/contracts"+q, other, nil).Decode(t, &list)
		if len(list.Contracts) != 0 {
			t.Errorf("another org lists %d contracts with %q", len(list.Contracts), q)
		}
	}
	if r := env.Do("GET", "/api/v1/contracts/"+c.ID, env.Key, nil); r.Status != 200 {
		t.Errorf("owner get after foreign delete = %d %s", r.Status, r.Body)
	}
}

func TestContractScopes(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	pid := ctProject(t, env, env.Key, "p")
	c := ctUpload(t, env, ctField("project_id", pid), ctFile("a.sol", []byte("contract A {}")))
	// Keys of another org are enough: the scope check comes first.
	reader := env.NewOrg("readers", "developer", "contracts:read")
	writer := env.NewOrg("writers", "developer", "contracts:write")
	none := env.NewOrg("projects-only", "developer", "projects:read")
	for _, tc := range []struct {
		name, method, path, key string
		status                  int
	}{
		{"read lists", "GET", "/api/v1/contracts", reader, 200},
		{"read gets", "GET", "/api/v1/contracts/" + c.ID, reader, 404},
		{"read cannot delete", "DELETE", "/api/v1/contracts/" + c.ID, reader, 403},
		{"write implies read", "GET", "/api/v1/contracts", writer, 200},
		{"write deletes", "DELETE", "/api/v1/contracts/" + c.ID, writer, 404},
		{"other scope cannot list", "GET", "/api/v1/contracts", none, 403},
		{"other scope cannot get", "GET", "/api/v1/contracts/" + c.ID, none, 403},
		{"no key", "GET", "/api/v1/contracts", "", 401},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if r := env.Do(tc.method, tc.path, tc.key, nil); r.Status != tc.status {
				t.Errorf("= %d %s, want %d", r.Status, r.Body, tc.status)
			}
		})
	}
	if r := env.Upload(reader, ctField("project_id", pid), ctFile("a.sol", []byte("x"))); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
		t.Errorf("upload with contracts:read = %d %s", r.Status, r.Body)
	}
	if r := env.Upload(writer, ctField("project_id", pid), ctFile("a.sol", []byte("x"))); r.Status != 404 {
		t.Errorf("upload with contracts:write into a foreign project = %d %s", r.Status, r.Body)
	}
	if r := env.Upload("", ctField("project_id", pid), ctFile("a.sol", []byte("x"))); r.Status != 401 {
		t.Errorf("upload without a key = %d %s", r.Status, r.Body)
	}
}

func TestContractListFiltersAndPages(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	p1 := ctProject(t, env, env.Key, "one")
	p2 := ctProject(t, env, env.Key, "two")
	type made struct{ id, project, lang string }
	var all []made
	upload := func(project, file, name string) {
		c := ctUpload(t, env, ctField("project_id", project), ctField("name", name), ctFile(file, []byte(name)))
		all = append(all, made{c.ID, project, c.Data.Language})
	}
	for i := range 5 {
		upload(p1, "a.sol", fmt.Sprintf("sol%d", i))
	}
	upload(p1, "a.rs", "rs0")
	upload(p2, "a.sol", "sol-p2")
	upload(p2, "a.cairo", "cairo0")
	// One analyzed contract (as a completed scan leaves it).
	env.DB.NewUpdate().Model((*db.Contract)(nil)).Set("status = 'analyzed'").Where("id = ?", all[1].id).Exec(context.Background())

	type page struct {
		Contracts []struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"contracts"`
		PageInfo struct {
			HasNext bool    `json:"has_next_page"`
			End     *string `json:"end_cursor"`
			Total   *int    `json:"total_count"`
		} `json:"page_info"`
		Total int `json:"total"`
	}
	get := func(q string) page {
		t.Helper()
		r := env.Do("GET", "/api/v1/contracts?"+q, env.Key, nil)
		if r.Status != 200 {
			t.Fatalf("GET ?%s = %d %s", q, r.Status, r.Body)
		}
		var p page
		r.Decode(t, &p)
		return p
	}
	names := func(p page) []string {
		var n []string
		for _, c := range p.Contracts {
			n = append(n, c.Name)
		}
		return n
	}
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"", []string{"cairo0", "sol-p2", "rs0", "sol4", "sol3", "sol2", "sol1", "sol0"}},
		{"language=solidity", []string{"sol-p2", "sol4", "sol3", "sol2", "sol1", "sol0"}},
		{"project_id=" + p2, []string{"cairo0", "sol-p2"}},
		{"language=solidity&project_id=" + p1 + "&status=uploaded", []string{"sol4", "sol3", "sol2", "sol0"}},
		{"status=analyzed", []string{"sol1"}},
		{"status=pending", nil},
		{"project_id=" + uuid.NewString(), nil},
	} {
		if d := cmp.Diff(tc.want, names(get(tc.q))); d != "" {
			t.Errorf("?%s (-want +got):\n%s", tc.q, d)
		}
	}

	// Cursor pages over a filter, and the offset style with it.
	var walked []string
	p := get("language=solidity&first=4&include_total=true")
	if p.PageInfo.Total == nil || *p.PageInfo.Total != 6 {
		t.Errorf("total_count = %v", p.PageInfo.Total)
	}
	walked = append(walked, names(p)...)
	cursor := *p.PageInfo.End
	p = get("language=solidity&first=4&after=" + url.QueryEscape(cursor))
	walked = append(walked, names(p)...)
	if d := cmp.Diff([]string{"sol-p2", "sol4", "sol3", "sol2", "sol1", "sol0"}, walked); d != "" || p.PageInfo.HasNext {
		t.Errorf("walk (-want +got):\n%s", d)
	}
	off := get("language=solidity&skip=2&limit=2")
	if d := cmp.Diff([]string{"sol3", "sol2"}, names(off)); d != "" || off.Total != 6 {
		t.Errorf("offset page (-want +got):\n%s total %d", d, off.Total)
	}

	for _, tc := range []struct {
		q, code string
		status  int
	}{
		{"language=cobol", "INVALID_FIELD", 422},
		{"status=done", "INVALID_FIELD", 422},
		{"project_id=123", "INVALID_FIELD", 422},
		// A cursor is bound to its filters.
		{"language=rust&after=" + url.QueryEscape(cursor), "INVALID_CURSOR", 400},
		{"after=" + url.QueryEscape(cursor), "INVALID_CURSOR", 400},
		{"first=1&skip=1", "INVALID_REQUEST", 400},
		{"first=1001", "INVALID_FIELD", 422},
	} {
		if r := env.Do("GET", "/api/v1/contracts?"+tc.q, env.Key, nil); r.Status != tc.status || r.ErrorCode() != tc.code {
			t.Errorf("?%s = %d %s, want %d %s", tc.q, r.Status, r.Body, tc.status, tc.code)
		}
	}
}
