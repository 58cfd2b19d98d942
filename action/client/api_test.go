package client_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/action/client"
)

// projectServer serves GET/POST /projects over names with real cursor
// pages (the cursor is the index of the next item).
type projectServer struct {
	mu     sync.Mutex
	names  []string
	pages  []string // the after values seen
	create func(name string) (int, bool)
}

func (s *projectServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch r.Method {
	case http.MethodGet:
		first, _ := strconv.Atoi(r.URL.Query().Get("first"))
		after := r.URL.Query().Get("after")
		s.pages = append(s.pages, after)
		start, _ := strconv.Atoi(after)
		end := min(start+first, len(s.names))
		items := []map[string]any{}
		for i := start; i < end; i++ {
			items = append(items, map[string]any{"id": fmt.Sprintf("id-%d", i), "name": s.names[i]})
		}
		var endCursor any
		if end > start {
			endCursor = strconv.Itoa(end)
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"projects": items, "page_info": map[string]any{
			"has_next_page": end < len(s.names), "has_previous_page": start > 0,
			"start_cursor": nil, "end_cursor": endCursor, "total_count": nil}})
	case http.MethodPost:
		var in map[string]string
		_ = json.NewDecoder(r.Body).Decode(&in)
		status, dup := 201, false
		if s.create != nil {
			status, dup = s.create(in["name"])
		}
		if dup {
			s.names = append(s.names, in["name"])
			writeErr(w, 409, "DUPLICATE_RESOURCE", "exists")
			return
		}
		s.names = append(s.names, in["name"])
		writeEnvelope(w, status, map[string]any{"id": fmt.Sprintf("id-%d", len(s.names)-1), "name": in["name"],
			"repository_url": in["repository_url"]})
	}
}

func TestProjectsIteratesEveryPage(t *testing.T) {
	ps := &projectServer{}
	for i := range 250 {
		ps.names = append(ps.names, fmt.Sprintf("p%03d", i))
	}
	srv := httptest.NewServer(ps)
	defer srv.Close()
	c, _ := newClient(t, srv.URL)
	var got []string
	for p, err := range c.Projects(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, p.Name)
	}
	if diff := cmp.Diff(ps.names, got); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"", "100", "200"}, ps.pages); diff != "" {
		t.Errorf("pages (-want +got):\n%s", diff)
	}
	// Stopping early fetches no further page.
	ps.pages = nil
	for p := range c.Projects(context.Background()) {
		if p.Name == "p005" {
			break
		}
	}
	if len(ps.pages) != 1 {
		t.Errorf("early break fetched %d pages", len(ps.pages))
	}
}

func TestIterationReportsErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeErr(w, 400, "INVALID_CURSOR", "bad cursor")
	}))
	defer srv.Close()
	c, _ := newClient(t, srv.URL)
	n := 0
	for _, err := range c.Scans(context.Background(), nil) {
		n++
		if !client.IsCode(err, "INVALID_CURSOR") {
			t.Fatalf("err = %v", err)
		}
	}
	if n != 1 {
		t.Fatalf("%d yields, want 1", n)
	}
}

func TestEnsureProject(t *testing.T) {
	t.Run("found by name on a later page", func(t *testing.T) {
		ps := &projectServer{}
		for i := range 150 {
			ps.names = append(ps.names, fmt.Sprintf("p%03d", i))
		}
		srv := httptest.NewServer(ps)
		defer srv.Close()
		c, _ := newClient(t, srv.URL)
		p, created, err := c.EnsureProject(context.Background(), "p120", "")
		if err != nil || created || p.ID != "id-120" {
			t.Fatalf("got %+v created=%v err=%v", p, created, err)
		}
	})
	t.Run("created when absent", func(t *testing.T) {
		ps := &projectServer{names: []string{"other"}}
		srv := httptest.NewServer(ps)
		defer srv.Close()
		c, _ := newClient(t, srv.URL)
		p, created, err := c.EnsureProject(context.Background(), "mine", "https://github.com/o/r")
		if err != nil || !created || p.Name != "mine" || p.RepositoryURL != "https://github.com/o/r" {
			t.Fatalf("got %+v created=%v err=%v", p, created, err)
		}
	})
	t.Run("a concurrent creation wins", func(t *testing.T) {
		ps := &projectServer{create: func(string) (int, bool) { return 0, true }}
		srv := httptest.NewServer(ps)
		defer srv.Close()
		c, _ := newClient(t, srv.URL)
		p, created, err := c.EnsureProject(context.Background(), "race", "")
		if err != nil || created || p.Name != "race" {
			t.Fatalf("got %+v created=%v err=%v", p, created, err)
		}
	})
}

func TestUploadContractSendsMultipart(t *testing.T) {
	type part struct{ Field, Name, Type, Body string }
	var got []part
	fields := map[string]string{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/contracts/upload" || r.Method != http.MethodPost {
			t.Errorf("%s %s", r.Method, r.URL.Path)
		}
		mr, err := r.MultipartReader()
		if err != nil {
			t.Fatal(err)
		}
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(p)
			if p.FileName() == "" {
				fields[p.FormName()] = string(b)
				continue
			}
			got = append(got, part{p.FormName(), p.FileName(), p.Header.Get("Content-Type"), string(b)})
		}
		writeEnvelope(w, 201, map[string]any{"id": "c1", "file_count": 2, "language": "solidity",
			"files": []map[string]any{{"path": "a.sol", "size": 3, "sha256": "x"}}})
	}))
	defer srv.Close()
	c, _ := newClient(t, srv.URL)
	ct, err := c.UploadContract(context.Background(), client.UploadInput{ProjectID: "p1", Name: "bundle",
		Files: []client.UploadFile{{Name: "src.zip", Content: []byte("PK")}, {Name: "a.sol", Content: []byte("abc")}}})
	if err != nil {
		t.Fatal(err)
	}
	if ct.ID != "c1" || ct.FileCount != 2 || ct.Files[0].Path != "a.sol" {
		t.Errorf("contract %+v", ct)
	}
	if diff := cmp.Diff(map[string]string{"project_id": "p1", "name": "bundle"}, fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
	want := []part{{"files", "src.zip", "application/zip", "PK"}, {"files", "a.sol", "application/octet-stream", "abc"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parts (-want +got):\n%s", diff)
	}
}

func TestBuildStatusReadsEnvelopeOrPlain(t *testing.T) {
	for _, body := range []string{
		`{"id":"e1","status":"failing","created_at":"2026-11-21T00:00:00Z","data":{"id":"e1","status":"failing","passed":false,"critical_count":2}}`,
		`{"id":"e1","status":"failing","passed":false,"critical_count":2}`,
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, body)
		}))
		c, _ := newClient(t, srv.URL)
		ev, err := c.BuildStatus(context.Background(), "p")
		srv.Close()
		if err != nil || ev.Status != "failing" || ev.CriticalCount != 2 {
			t.Errorf("%s: %+v %v", body, ev, err)
		}
	}
}
