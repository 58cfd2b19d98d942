package server_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/server"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// redocSHA256 pins the embedded bundle: npm redoc@2.5.4,
// bundles/redoc.standalone.js.
const redocSHA256 = "dcaf76612bc4a3fbcc923a8966dee2f6146a5f32e5ce1b6f02dd60cbbf89500b"

func TestDocsPage(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	got := env.Do("GET", "/docs", "", nil)
	if got.Status != 200 || !strings.HasPrefix(got.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /docs = %d %s", got.Status, got.Header.Get("Content-Type"))
	}
	page := string(got.Body)
	for _, want := range []string{`<redoc spec-url="/api/v1/openapi.json">`, `<script src="/docs/redoc.standalone.js">`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s:\n%s", want, page)
		}
	}
	// Nothing comes from elsewhere: no absolute URL in the page, and the
	// policy allows only this server.
	if regexp.MustCompile(`(?i)(https?:)?//[a-z0-9]`).MatchString(page) {
		t.Errorf("the page names another origin:\n%s", page)
	}
	csp := got.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "http") {
		t.Errorf("Content-Security-Policy %q", csp)
	}
	// The page is the document it renders: both answer.
	if doc := env.Do("GET", "/api/v1/openapi.json", "", nil); doc.Status != 200 {
		t.Errorf("the page's spec-url answers %d", doc.Status)
	}
}

func TestDocsScript(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("docs", "redoc.standalone.js"))
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(want); hex.EncodeToString(sum[:]) != redocSHA256 {
		t.Fatalf("docs/redoc.standalone.js is not the pinned Redoc %s bundle (sha256 %x)", server.RedocVersion, sum)
	}
	env := servertest.New(t, servertest.Options{NoWorker: true})
	plain := env.Do("GET", "/docs/redoc.standalone.js", "", nil, "Accept-Encoding", "identity")
	if plain.Status != 200 || !strings.HasPrefix(plain.Header.Get("Content-Type"), "text/javascript") ||
		plain.Header.Get("Content-Encoding") != "" || !bytes.Equal(plain.Body, want) {
		t.Fatalf("plain: %d %v, %d bytes", plain.Status, plain.Header, len(plain.Body))
	}
	gz := env.Do("GET", "/docs/redoc.standalone.js", "", nil, "Accept-Encoding", "gzip, deflate")
	if gz.Header.Get("Content-Encoding") != "gzip" || len(gz.Body) > len(want)/2 {
		t.Fatalf("gzip: %v, %d bytes", gz.Header, len(gz.Body))
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz.Body))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, want) {
		t.Errorf("gunzipped bundle differs (%d bytes, %v)", len(got), err)
	}
	if !strings.Contains(gz.Header.Get("Vary"), "Accept-Encoding") {
		t.Errorf("Vary %q", gz.Header.Get("Vary"))
	}
}

// TestOpenAPIOperationIDs: every operation of the served document, paths
// and webhooks alike, has an operationId, and no two share one (clients
// generated from the document name their methods after them).
func TestOpenAPIOperationIDs(t *testing.T) {
	raw, err := server.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Info struct {
			License struct{ Name, Identifier string } `json:"license"`
		} `json:"info"`
		Paths    map[string]map[string]json.RawMessage `json:"paths"`
		Webhooks map[string]map[string]json.RawMessage `json:"webhooks"`
		Tags     []struct{ Name string }               `json:"tags"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Info.License.Name == "" || doc.Info.License.Identifier != "Apache-2.0" {
		t.Errorf("info.license = %+v", doc.Info.License)
	}
	declared := map[string]bool{}
	for _, tg := range doc.Tags {
		declared[tg.Name] = true
	}
	ident := regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`)
	seen := map[string]string{}
	n := 0
	for kind, items := range map[string]map[string]map[string]json.RawMessage{"paths": doc.Paths, "webhooks": doc.Webhooks} {
		for p, item := range items {
			for m, raw := range item {
				switch m {
				case "get", "put", "post", "delete", "options", "head", "patch", "trace":
				default:
					continue
				}
				n++
				var op struct {
					OperationID string   `json:"operationId"`
					Tags        []string `json:"tags"`
				}
				if err := json.Unmarshal(raw, &op); err != nil {
					t.Fatal(err)
				}
				where := kind + " " + strings.ToUpper(m) + " " + p
				switch {
				case op.OperationID == "":
					t.Errorf("%s has no operationId", where)
				case !ident.MatchString(op.OperationID):
					t.Errorf("%s: operationId %q is not a lowerCamelCase identifier", where, op.OperationID)
				case seen[op.OperationID] != "":
					t.Errorf("%s reuses operationId %q of %s", where, op.OperationID, seen[op.OperationID])
				default:
					seen[op.OperationID] = where
				}
				if len(op.Tags) == 0 {
					t.Errorf("%s has no tag", where)
				}
				for _, tg := range op.Tags {
					if !declared[tg] {
						t.Errorf("%s: tag %q is not declared in the top-level tags", where, tg)
					}
				}
			}
		}
	}
	if n < 50 {
		ids := make([]string, 0, len(seen))
		for id := range seen {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		t.Errorf("only %d operations found: %v", n, ids)
	}
}
