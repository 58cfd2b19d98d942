package githubtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"
	"unicode/utf8"
)

// paginate slices list as GitHub does (per_page default 30, max 100, page from
// 1) and sets the Link header with next/last/first/prev.
func paginate[T any](w http.ResponseWriter, r *http.Request, list []T) []T {
	q := r.URL.Query()
	per, _ := strconv.Atoi(q.Get("per_page"))
	if per <= 0 {
		per = 30
	}
	per = min(per, 100)
	page, _ := strconv.Atoi(q.Get("page"))
	page = max(page, 1)
	last := max((len(list)+per-1)/per, 1)
	link := func(p int, rel string) string {
		u := *r.URL
		v := u.Query()
		v.Set("page", strconv.Itoa(p))
		v.Set("per_page", strconv.Itoa(per))
		u.RawQuery = v.Encode()
		return fmt.Sprintf(`<%s%s>; rel="%s"`, "http://"+r.Host, u.String(), rel)
	}
	var links []string
	if page < last {
		links = append(links, link(page+1, "next"), link(last, "last"))
	}
	if page > 1 {
		links = append(links, link(1, "first"), link(page-1, "prev"))
	}
	if len(links) > 0 {
		h := links[0]
		for _, l := range links[1:] {
			h += ", " + l
		}
		w.Header().Set("Link", h)
	}
	lo := min((page-1)*per, len(list))
	hi := min(lo+per, len(list))
	return list[lo:hi]
}

func decodeBody(w http.ResponseWriter, r *http.Request) (map[string]any, bool) {
	var m map[string]any
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil || m == nil {
		ghError(w, http.StatusBadRequest, "Problems parsing JSON")
		return nil, false
	}
	return m, true
}

func (s *Server) handlePullFiles(w http.ResponseWriter, r *http.Request, repo *Repo) {
	n, _ := strconv.Atoi(r.PathValue("n"))
	s.mu.Lock()
	names, ok := repo.pulls[n]
	s.mu.Unlock()
	if !ok {
		ghError(w, http.StatusNotFound, "Not Found")
		return
	}
	list := make([]map[string]any, len(names))
	for i, f := range names {
		list[i] = map[string]any{"sha": randHex(20), "filename": f, "status": "modified",
			"additions": 1, "deletions": 0, "changes": 1}
	}
	writeJSON(w, http.StatusOK, paginate(w, r, list))
}

// checkRunLimits answers 422 as GitHub does when a check run's output breaks
// its limits: 50 annotations per request, 65535-character summary and text,
// 255-character annotation titles.
func checkRunLimits(w http.ResponseWriter, in map[string]any) bool {
	out, _ := in["output"].(map[string]any)
	if out == nil {
		return true
	}
	anns, _ := out["annotations"].([]any)
	msg := ""
	for _, k := range []string{"summary", "text"} {
		if v, _ := out[k].(string); utf8.RuneCountInString(v) > 65535 {
			msg = "Invalid request.\n\nOnly 65535 characters are allowed; " + strconv.Itoa(utf8.RuneCountInString(v)) + " were supplied."
		}
	}
	if len(anns) > 50 {
		msg = "Invalid request.\n\nOnly 50 annotations are allowed per request."
	}
	for _, a := range anns {
		m, _ := a.(map[string]any)
		if t, _ := m["title"].(string); utf8.RuneCountInString(t) > 255 {
			msg = "Invalid request.\n\nAnnotation title is too long (maximum is 255 characters)."
		}
	}
	if msg != "" {
		ghError(w, http.StatusUnprocessableEntity, msg)
		return false
	}
	return true
}

func (s *Server) handleCheckRunCreate(w http.ResponseWriter, r *http.Request, repo *Repo) {
	in, ok := decodeBody(w, r)
	if !ok || !checkRunLimits(w, in) {
		return
	}
	if in["name"] == nil || in["head_sha"] == nil {
		ghError(w, http.StatusUnprocessableEntity, "Invalid request.\n\n\"name\", \"head_sha\" wasn't supplied.")
		return
	}
	s.mu.Lock()
	cr := map[string]any{"id": s.newID(), "status": "queued", "repository": repo.Owner + "/" + repo.Name,
		"started_at": time.Now().UTC().Format(time.RFC3339)}
	for k, v := range in {
		cr[k] = v
	}
	s.checkRuns = append(s.checkRuns, cr)
	out := copyMap(cr)
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, out)
}

func copyMap(m map[string]any) map[string]any {
	c := make(map[string]any, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func (s *Server) findByID(list []map[string]any, repo *Repo, id string) map[string]any {
	for _, m := range list {
		if fmt.Sprint(m["id"]) == id && m["repository"] == repo.Owner+"/"+repo.Name {
			return m
		}
	}
	return nil
}

func (s *Server) handleCheckRunUpdate(w http.ResponseWriter, r *http.Request, repo *Repo) {
	in, ok := decodeBody(w, r)
	if !ok || !checkRunLimits(w, in) {
		return
	}
	s.mu.Lock()
	cr := s.findByID(s.checkRuns, repo, r.PathValue("id"))
	if cr != nil {
		for k, v := range in {
			cr[k] = v
		}
		if in["conclusion"] != nil {
			cr["status"] = "completed"
		}
		cr = copyMap(cr)
	}
	s.mu.Unlock()
	if cr == nil {
		ghError(w, http.StatusNotFound, "Not Found")
		return
	}
	writeJSON(w, http.StatusOK, cr)
}

func (s *Server) handleCheckRunList(w http.ResponseWriter, r *http.Request, repo *Repo) {
	ref := r.PathValue("ref")
	s.mu.Lock()
	var list []map[string]any
	for _, cr := range s.checkRuns {
		if cr["repository"] == repo.Owner+"/"+repo.Name && cr["head_sha"] == ref {
			list = append(list, copyMap(cr))
		}
	}
	s.mu.Unlock()
	page := paginate(w, r, list)
	if page == nil {
		page = []map[string]any{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"total_count": len(list), "check_runs": page})
}

func (s *Server) handleStatusCreate(w http.ResponseWriter, r *http.Request, repo *Repo) {
	in, ok := decodeBody(w, r)
	if !ok {
		return
	}
	switch in["state"] {
	case "error", "failure", "pending", "success":
	default:
		ghError(w, http.StatusUnprocessableEntity, "Validation Failed")
		return
	}
	s.mu.Lock()
	st := map[string]any{"id": s.newID(), "sha": r.PathValue("sha"), "repository": repo.Owner + "/" + repo.Name,
		"created_at": time.Now().UTC().Format(time.RFC3339)}
	for k, v := range in {
		st[k] = v
	}
	s.statuses = append(s.statuses, st)
	out := copyMap(st)
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, out)
}

func (s *Server) commentURL(repo *Repo, n string) string {
	return s.URL + "/repos/" + url.PathEscape(repo.Owner) + "/" + url.PathEscape(repo.Name) + "/issues/" + n
}

func (s *Server) handleCommentList(w http.ResponseWriter, r *http.Request, repo *Repo) {
	issue := s.commentURL(repo, r.PathValue("n"))
	s.mu.Lock()
	list := []map[string]any{}
	for _, c := range s.comments {
		if c["issue_url"] == issue {
			list = append(list, copyMap(c))
		}
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, paginate(w, r, list))
}

func (s *Server) handleCommentCreate(w http.ResponseWriter, r *http.Request, repo *Repo) {
	in, ok := decodeBody(w, r)
	if !ok {
		return
	}
	body, _ := in["body"].(string)
	if !commentBodyOK(w, body) {
		return
	}
	now := time.Now().UTC().Format(time.RFC3339)
	s.mu.Lock()
	c := map[string]any{"id": s.newID(), "body": body, "issue_url": s.commentURL(repo, r.PathValue("n")),
		"user": map[string]any{"login": "bulwark[bot]", "type": "Bot"}, "created_at": now, "updated_at": now}
	s.comments = append(s.comments, c)
	out := copyMap(c)
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, out)
}

func (s *Server) handleCommentUpdate(w http.ResponseWriter, r *http.Request, repo *Repo) {
	in, ok := decodeBody(w, r)
	if !ok {
		return
	}
	body, _ := in["body"].(string)
	if !commentBodyOK(w, body) {
		return
	}
	prefix := s.commentURL(repo, "")
	s.mu.Lock()
	var out map[string]any
	for _, c := range s.comments {
		if fmt.Sprint(c["id"]) == r.PathValue("id") && len(c["issue_url"].(string)) > len(prefix) && c["issue_url"].(string)[:len(prefix)] == prefix {
			c["body"] = body
			c["updated_at"] = time.Now().UTC().Format(time.RFC3339)
			out = copyMap(c)
		}
	}
	s.mu.Unlock()
	if out == nil {
		ghError(w, http.StatusNotFound, "Not Found")
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// commentBodyOK answers 422 for an empty body or one past GitHub's 65536 characters.
func commentBodyOK(w http.ResponseWriter, body string) bool {
	switch {
	case body == "":
		ghError(w, http.StatusUnprocessableEntity, "Validation Failed")
	case utf8.RuneCountInString(body) > 65536:
		ghError(w, http.StatusUnprocessableEntity, "Validation Failed: body is too long (maximum is 65536 characters)")
	default:
		return true
	}
	return false
}
