package githubtest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Repo is a repository known to the fake: its contents per commit SHA and the
// changed files of its pull requests.
type Repo struct {
	ID           int64
	Owner, Name  string
	Installation int64
	commits      map[string]map[string][]byte
	refs         map[string]string
	pulls        map[int][]string
}

// AddRepo registers owner/name under installation.
func (s *Server) AddRepo(installation int64, fullName string) *Repo {
	owner, name, _ := strings.Cut(fullName, "/")
	s.mu.Lock()
	defer s.mu.Unlock()
	r := &Repo{ID: s.newID(), Owner: owner, Name: name, Installation: installation,
		commits: map[string]map[string][]byte{}, refs: map[string]string{}, pulls: map[int][]string{}}
	s.repos[fullName] = r
	return r
}

// AddCommit registers the full contents (slash path → bytes) of repo at sha.
func (s *Server) AddCommit(fullName, sha string, files map[string][]byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.repos[fullName].commits[sha] = files
}

// AddCommitDir registers the files under dir (recursively) as repo at sha.
func (s *Server) AddCommitDir(fullName, sha, dir string) error {
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		return err
	}
	s.AddCommit(fullName, sha, files)
	return nil
}

// SetRef points a ref ("main", "refs/heads/main", "refs/pull/2/head") at a
// registered commit, for tarball and contents requests by ref.
func (s *Server) SetRef(fullName, ref, sha string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.repos[fullName].refs[ref] = sha
}

// SetPullFiles sets the changed file names of pull request n.
func (s *Server) SetPullFiles(fullName string, n int, files []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.repos[fullName].pulls[n] = files
}

// CheckRuns returns the check runs created so far (JSON objects as GitHub returns them).
func (s *Server) CheckRuns() []map[string]any { return s.snapshot(&s.checkRuns) }

// Statuses returns the commit statuses created so far.
func (s *Server) Statuses() []map[string]any { return s.snapshot(&s.statuses) }

// Comments returns the issue comments, with their current bodies.
func (s *Server) Comments() []map[string]any { return s.snapshot(&s.comments) }

func (s *Server) snapshot(list *[]map[string]any) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]map[string]any, len(*list))
	for i, m := range *list {
		c := map[string]any{}
		for k, v := range m {
			c[k] = v
		}
		out[i] = c
	}
	return out
}

func (s *Server) routes() *http.ServeMux {
	m := http.NewServeMux()
	m.HandleFunc("POST /app/installations/{id}/access_tokens", s.handleAccessToken)
	m.HandleFunc("GET /app/installations/{id}", s.handleInstallation)
	m.HandleFunc("GET /user/installations", s.handleUserInstallations)
	m.HandleFunc("POST /login/oauth/access_token", s.handleOAuth)
	m.HandleFunc("GET /_download/{key}", s.handleDownload)
	m.HandleFunc("GET /repos/{owner}/{repo}/tarball/{ref...}", s.repo(s.handleTarball))
	m.HandleFunc("GET /repos/{owner}/{repo}/contents/{path...}", s.repo(s.handleContents))
	m.HandleFunc("GET /repos/{owner}/{repo}/pulls/{n}/files", s.repo(s.handlePullFiles))
	m.HandleFunc("POST /repos/{owner}/{repo}/check-runs", s.repo(s.handleCheckRunCreate))
	m.HandleFunc("PATCH /repos/{owner}/{repo}/check-runs/{id}", s.repo(s.handleCheckRunUpdate))
	m.HandleFunc("GET /repos/{owner}/{repo}/commits/{ref}/check-runs", s.repo(s.handleCheckRunList))
	m.HandleFunc("POST /repos/{owner}/{repo}/statuses/{sha}", s.repo(s.handleStatusCreate))
	m.HandleFunc("GET /repos/{owner}/{repo}/issues/{n}/comments", s.repo(s.handleCommentList))
	m.HandleFunc("POST /repos/{owner}/{repo}/issues/{n}/comments", s.repo(s.handleCommentCreate))
	m.HandleFunc("PATCH /repos/{owner}/{repo}/issues/comments/{id}", s.repo(s.handleCommentUpdate))
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { ghError(w, http.StatusNotFound, "Not Found") })
	return m
}

func (s *Server) repo(h func(http.ResponseWriter, *http.Request, *Repo)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		repo := s.repos[r.PathValue("owner")+"/"+r.PathValue("repo")]
		s.mu.Unlock()
		if s.installationAuth(w, r, repo) {
			h(w, r, repo)
		}
	}
}

func (s *Server) installationJSON(in *Installation) map[string]any {
	return map[string]any{
		"id": in.ID, "app_id": s.AppID, "target_type": "Organization",
		"account":              map[string]any{"login": in.Account, "type": "Organization"},
		"permissions":          map[string]any{"checks": "write", "statuses": "write", "pull_requests": "write", "contents": "read", "metadata": "read"},
		"repository_selection": "selected",
	}
}

func (s *Server) lookupInstallation(w http.ResponseWriter, r *http.Request) *Installation {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	s.mu.Lock()
	in := s.installations[id]
	s.mu.Unlock()
	if in == nil {
		ghError(w, http.StatusNotFound, "Not Found")
	}
	return in
}

func (s *Server) handleAccessToken(w http.ResponseWriter, r *http.Request) {
	if !s.appAuth(w, r) {
		return
	}
	in := s.lookupInstallation(w, r)
	if in == nil {
		return
	}
	if in.Suspended {
		ghError(w, http.StatusForbidden, "This installation has been suspended")
		return
	}
	tok := "ghs_" + randHex(18)
	exp := s.now().Add(time.Hour).UTC().Truncate(time.Second)
	s.mu.Lock()
	s.tokens[tok] = token{installation: in.ID, expires: exp}
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, map[string]any{"token": tok, "expires_at": exp.Format(time.RFC3339),
		"permissions": s.installationJSON(in)["permissions"], "repository_selection": "selected"})
}

func (s *Server) handleInstallation(w http.ResponseWriter, r *http.Request) {
	if !s.appAuth(w, r) {
		return
	}
	if in := s.lookupInstallation(w, r); in != nil {
		writeJSON(w, http.StatusOK, s.installationJSON(in))
	}
}

func (s *Server) handleUserInstallations(w http.ResponseWriter, r *http.Request) {
	h := r.Header.Get("Authorization")
	raw, ok := strings.CutPrefix(h, "token ")
	if !ok {
		raw, _ = strings.CutPrefix(h, "Bearer ")
	}
	s.mu.Lock()
	ids, found := s.userTokens[raw]
	var list []map[string]any
	for _, id := range ids {
		if in := s.installations[id]; in != nil {
			list = append(list, s.installationJSON(in))
		}
	}
	s.mu.Unlock()
	if !found {
		ghError(w, http.StatusUnauthorized, "Bad credentials")
		return
	}
	if list == nil {
		list = []map[string]any{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"total_count": len(list), "installations": list})
}

// handleOAuth is the web-flow code exchange (github.com/login/oauth/access_token).
func (s *Server) handleOAuth(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
		Code         string `json:"code"`
	}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		_ = json.NewDecoder(r.Body).Decode(&in)
	} else if r.ParseForm() == nil {
		in.ClientID, in.ClientSecret, in.Code = r.Form.Get("client_id"), r.Form.Get("client_secret"), r.Form.Get("code")
	}
	s.mu.Lock()
	tok, ok := s.oauthCodes[in.Code]
	delete(s.oauthCodes, in.Code)
	s.mu.Unlock()
	var out map[string]any
	switch {
	case in.ClientID != s.ClientID || in.ClientSecret != s.ClientSecret:
		out = map[string]any{"error": "incorrect_client_credentials", "error_description": "The client_id and/or client_secret passed are incorrect."}
	case !ok:
		out = map[string]any{"error": "bad_verification_code", "error_description": "The code passed is incorrect or expired."}
	default:
		out = map[string]any{"access_token": tok, "token_type": "bearer", "scope": ""}
	}
	// GitHub answers 200 even for errors here.
	writeJSON(w, http.StatusOK, out)
}

func (repo *Repo) tree(w http.ResponseWriter, ref string) (string, map[string][]byte) {
	if sha, ok := repo.refs[ref]; ok {
		ref = sha
	}
	if files, ok := repo.commits[ref]; ok {
		return ref, files
	}
	ghError(w, http.StatusNotFound, "Not Found")
	return "", nil
}

func (s *Server) handleTarball(w http.ResponseWriter, r *http.Request, repo *Repo) {
	s.mu.Lock()
	sha, files := repo.tree(w, r.PathValue("ref"))
	key := randHex(12)
	if files != nil {
		s.downloads[key] = tarball{repo: repo, sha: sha}
	}
	s.mu.Unlock()
	if files == nil {
		return
	}
	http.Redirect(w, r, s.URL+"/_download/"+key, http.StatusFound)
}

func (s *Server) handleDownload(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	d, ok := s.downloads[r.PathValue("key")]
	var files map[string][]byte
	if ok {
		files = d.repo.commits[d.sha]
	}
	s.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	short := d.sha
	if len(short) > 7 {
		short = short[:7]
	}
	b, err := Tarball(fmt.Sprintf("%s-%s-%s/", d.repo.Owner, d.repo.Name, short), files)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/x-gzip")
	_, _ = w.Write(b)
}

// Tarball builds a gzip tarball of files under the top folder prefix (e.g. "o-r-abc1234/").
func Tarball(prefix string, files map[string][]byte) ([]byte, error) {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	if err := tw.WriteHeader(&tar.Header{Name: prefix, Typeflag: tar.TypeDir, Mode: 0o755}); err != nil {
		return nil, err
	}
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: prefix + n, Mode: 0o644, Size: int64(len(files[n])), Typeflag: tar.TypeReg}); err != nil {
			return nil, err
		}
		if _, err := tw.Write(files[n]); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (s *Server) handleContents(w http.ResponseWriter, r *http.Request, repo *Repo) {
	ref := r.URL.Query().Get("ref")
	s.mu.Lock()
	defer s.mu.Unlock()
	_, files := repo.tree(w, ref)
	if files == nil {
		return
	}
	p := strings.Trim(r.PathValue("path"), "/")
	if b, ok := files[p]; ok {
		writeJSON(w, http.StatusOK, map[string]any{"type": "file", "encoding": "base64", "size": len(b),
			"name": p[strings.LastIndex(p, "/")+1:], "path": p, "sha": randHex(20),
			"content": base64.StdEncoding.EncodeToString(b)})
		return
	}
	seen := map[string]bool{}
	var list []map[string]any
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		rest, ok := strings.CutPrefix(n, p+"/")
		if p == "" {
			rest, ok = n, true
		}
		if !ok {
			continue
		}
		first, _, isDir := strings.Cut(rest, "/")
		if seen[first] {
			continue
		}
		seen[first] = true
		entry := map[string]any{"name": first, "path": strings.TrimPrefix(p+"/"+first, "/"), "type": "file"}
		if isDir {
			entry["type"] = "dir"
		} else {
			entry["size"] = len(files[n])
		}
		list = append(list, entry)
	}
	if list == nil {
		ghError(w, http.StatusNotFound, "Not Found")
		return
	}
	writeJSON(w, http.StatusOK, list)
}
