// Package apitest is a loopback stand-in for the bulwark API, for testing
// the CI side (client, CLI, Action) without the full service: it speaks the
// documented shapes of projects, uploads, scans, results and quality gates,
// and lets a test script how a scan ends and how the gate answers. The
// end-to-end tests against the real server live beside it
// (servertest-based); this one covers what the real service cannot be made
// to do on demand (never finish, fail, rate-limit).
package apitest

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"

	"github.com/bulwark-sec/bulwark/action/client"
)

// Server is the stand-in; set its fields before the first request.
type Server struct {
	*httptest.Server
	Key string

	mu sync.Mutex
	// Findings are the vulnerabilities every completed scan reports.
	Findings []client.Vulnerability
	// FileErrors are reported with the results.
	FileErrors []client.FileError
	// Statuses are the statuses successive GET /scans/{id} return; the
	// last repeats. Default: running, completed.
	Statuses []string
	// ScanError is the error of a failed scan.
	ScanError *client.ScanError
	// Gate answers evaluations: nil means the project has no gate (404).
	Gate *client.QualityGate
	// GateStatusCode, when set, is the status of every evaluate call
	// (e.g. 403 for a plan without gates).
	GateStatusCode int
	// RateLimitFirst answers the first n requests with 429.
	RateLimitFirst int

	projects    []client.Project
	polls       map[string]int
	scans       map[string]*client.Scan
	Uploads     []Upload
	Evaluations []map[string]any
	Requests    []string
	n           int
}

// Upload is a received contract upload.
type Upload struct {
	ProjectID, Name, Language string
	Files                     map[string]string // path → content
}

// New starts the stand-in; it stops when the test ends.
func New(t interface{ Cleanup(func()) }) *Server {
	s := &Server{Key: "bwk_apitest", polls: map[string]int{}, scans: map[string]*client.Scan{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// Lock and Unlock guard the recorded fields for a test reading them.
func (s *Server) Lock()   { s.mu.Lock() }
func (s *Server) Unlock() { s.mu.Unlock() }

func (s *Server) id(prefix string) string {
	s.n++
	return fmt.Sprintf("%s0000-0000-4000-8000-%012d", prefix, s.n)
}

func fail(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Request-Id", "apitest-req")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"code": code, "message": msg,
		"request_id": "apitest-req"}})
}

func envelope(w http.ResponseWriter, status int, id, st string, data any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"id": id, "status": st, "created_at": time.Now().UTC(), "data": data})
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Requests = append(s.Requests, r.Method+" "+r.URL.Path)
	if s.RateLimitFirst > 0 {
		s.RateLimitFirst--
		w.Header().Set("Retry-After", "0")
		fail(w, 429, "RATE_LIMITED", "slow down")
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+s.Key {
		fail(w, 401, "UNAUTHORIZED", "bad key")
		return
	}
	p := strings.TrimPrefix(r.URL.Path, "/api/v1")
	parts := strings.Split(strings.Trim(p, "/"), "/")
	switch {
	case r.Method == "GET" && p == "/projects":
		_ = json.NewEncoder(w).Encode(map[string]any{"projects": s.projects, "page_info": map[string]any{
			"has_next_page": false, "has_previous_page": false}})
	case r.Method == "POST" && p == "/projects":
		var in client.ProjectInput
		_ = json.NewDecoder(r.Body).Decode(&in)
		for _, pr := range s.projects {
			if pr.Name == in.Name {
				fail(w, 409, "DUPLICATE_RESOURCE", "name taken")
				return
			}
		}
		pr := client.Project{ID: s.id("10000000"), Name: in.Name, RepositoryURL: in.RepositoryURL, CreatedAt: time.Now().UTC()}
		s.projects = append(s.projects, pr)
		envelope(w, 201, pr.ID, "active", pr)
	case r.Method == "GET" && len(parts) == 2 && parts[0] == "projects":
		for _, pr := range s.projects {
			if pr.ID == parts[1] {
				envelope(w, 200, pr.ID, "active", pr)
				return
			}
		}
		fail(w, 404, "RESOURCE_NOT_FOUND", "no project")
	case r.Method == "POST" && p == "/contracts/upload":
		s.upload(w, r)
	case r.Method == "POST" && p == "/scans":
		var in client.ScanInput
		_ = json.NewDecoder(r.Body).Decode(&in)
		sc := &client.Scan{ID: s.id("20000000"), Status: client.ScanQueued, Preset: in.Preset, ContractID: in.ContractID,
			CreatedAt: time.Now().UTC()}
		if sc.Preset == "" {
			sc.Preset = "standard"
		}
		s.scans[sc.ID] = sc
		envelope(w, 202, sc.ID, sc.Status, sc)
	case r.Method == "GET" && len(parts) == 2 && parts[0] == "scans":
		sc, ok := s.scans[parts[1]]
		if !ok {
			fail(w, 404, "RESOURCE_NOT_FOUND", "no scan")
			return
		}
		st := s.Statuses
		if len(st) == 0 {
			st = []string{client.ScanRunning, client.ScanCompleted}
		}
		sc.Status = st[min(s.polls[sc.ID], len(st)-1)]
		s.polls[sc.ID]++
		if sc.Status == client.ScanFailed {
			sc.Error = s.ScanError
		}
		if sc.Status == client.ScanCompleted {
			sc.Summary = s.summary()
			sc.DurationSeconds = 1
			sc.ScannersUsed = []string{"bulwark-solidity"}
		}
		envelope(w, 200, sc.ID, sc.Status, sc)
	case r.Method == "GET" && len(parts) == 3 && parts[0] == "scans" && parts[2] == "results":
		sc, ok := s.scans[parts[1]]
		if !ok {
			fail(w, 404, "RESOURCE_NOT_FOUND", "no scan")
			return
		}
		res := client.ScanResults{Scan: *sc, Vulnerabilities: s.Findings, Errors: s.FileErrors,
			ReportURL: s.URL + "/r/report-of-" + sc.ID}
		if res.Vulnerabilities == nil {
			res.Vulnerabilities = []client.Vulnerability{}
		}
		envelope(w, 200, sc.ID, sc.Status, res)
	case r.Method == "POST" && len(parts) == 3 && parts[0] == "scans" && parts[2] == "cancel":
		sc, ok := s.scans[parts[1]]
		if !ok {
			fail(w, 404, "RESOURCE_NOT_FOUND", "no scan")
			return
		}
		if sc.Done() {
			fail(w, 409, "CONFLICT", "scan already "+sc.Status)
			return
		}
		sc.Status = client.ScanCancelled
		s.Statuses = []string{client.ScanCancelled}
		envelope(w, 200, sc.ID, sc.Status, sc)
	case r.Method == "GET" && len(parts) == 3 && parts[0] == "quality-gates" && parts[1] == "projects":
		if s.GateStatusCode != 0 || s.Gate == nil {
			fail(w, 404, "RESOURCE_NOT_FOUND", "project has no quality gate")
			return
		}
		g := *s.Gate
		g.ProjectID = parts[2]
		envelope(w, 200, g.ID, "active", g)
	case r.Method == "POST" && len(parts) == 4 && parts[0] == "quality-gates" && parts[3] == "evaluate":
		s.evaluate(w, r, parts[2])
	default:
		fail(w, 404, "RESOURCE_NOT_FOUND", "apitest: no route "+r.Method+" "+p)
	}
}

func (s *Server) summary() client.Summary {
	var sum client.Summary
	for _, v := range s.Findings {
		if v.Status != "open" && v.Status != "acknowledged" && v.Status != "" {
			continue
		}
		switch v.Severity {
		case "critical":
			sum.Critical++
		case "high":
			sum.High++
		case "medium":
			sum.Medium++
		case "low":
			sum.Low++
		}
	}
	sum.Total = sum.Critical + sum.High + sum.Medium + sum.Low
	return sum
}

func (s *Server) upload(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseMultipartForm(64 << 20); err != nil {
		fail(w, 400, "INVALID_REQUEST", err.Error())
		return
	}
	u := Upload{ProjectID: r.FormValue("project_id"), Name: r.FormValue("name"), Language: r.FormValue("language"),
		Files: map[string]string{}}
	for _, fh := range r.MultipartForm.File["files"] {
		f, _ := fh.Open()
		b, _ := io.ReadAll(f)
		f.Close()
		if !strings.HasSuffix(fh.Filename, ".zip") {
			u.Files[fh.Filename] = string(b)
			continue
		}
		zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			fail(w, 415, "INVALID_FILE_TYPE", "bad zip")
			return
		}
		for _, zf := range zr.File {
			rc, _ := zf.Open()
			c, _ := io.ReadAll(rc)
			rc.Close()
			u.Files[zf.Name] = string(c)
		}
	}
	s.Uploads = append(s.Uploads, u)
	ct := client.Contract{ID: s.id("30000000"), ProjectID: u.ProjectID, Name: u.Name, Language: u.Language,
		Status: "uploaded", FileCount: len(u.Files)}
	envelope(w, 201, ct.ID, ct.Status, ct)
}

// evaluate applies api.md's blocking and threshold rules to the findings.
func (s *Server) evaluate(w http.ResponseWriter, r *http.Request, projectID string) {
	var in map[string]any
	_ = json.NewDecoder(r.Body).Decode(&in)
	s.Evaluations = append(s.Evaluations, in)
	if s.GateStatusCode != 0 {
		fail(w, s.GateStatusCode, map[int]string{403: "PERMISSION_DENIED", 404: "RESOURCE_NOT_FOUND"}[s.GateStatusCode], "gate")
		return
	}
	if s.Gate == nil {
		fail(w, 404, "RESOURCE_NOT_FOUND", "project has no quality gate")
		return
	}
	scanID, _ := in["scan_id"].(string)
	ev := client.Evaluation{ID: s.id("40000000"), ScanID: scanID, ProjectID: projectID, EvaluatedAt: time.Now().UTC(),
		Violations: []client.Violation{}}
	if sc, ok := s.scans[scanID]; ok && !sc.Done() {
		ev.Status = client.GatePending
		envelope(w, 201, ev.ID, ev.Status, ev)
		return
	}
	sum, g := s.summary(), s.Gate
	ev.CriticalCount, ev.HighCount, ev.MediumCount, ev.LowCount = sum.Critical, sum.High, sum.Medium, sum.Low
	add := func(rule, sev string, n, thr int) {
		ev.Violations = append(ev.Violations, client.Violation{Rule: rule, Severity: sev, Count: n, Threshold: thr,
			Message: fmt.Sprintf("%d %s finding(s), %s", n, sev, rule)})
	}
	if g.BlockOnCritical && sum.Critical > 0 {
		add("block_on_critical", "critical", sum.Critical, 0)
	}
	if g.BlockOnHigh && sum.High > 0 {
		add("block_on_high", "high", sum.High, 0)
	}
	for _, c := range []struct {
		sev    string
		n, max int
	}{{"critical", sum.Critical, g.MaxCritical}, {"high", sum.High, g.MaxHigh}, {"medium", sum.Medium, g.MaxMedium}, {"low", sum.Low, g.MaxLow}} {
		if c.max >= 0 && c.n > c.max {
			add("max_"+c.sev, c.sev, c.n, c.max)
		}
	}
	ev.Passed = len(ev.Violations) == 0
	ev.Status = client.GateFailing
	if ev.Passed {
		ev.Status = client.GatePassing
	}
	envelope(w, 201, ev.ID, ev.Status, ev)
}
