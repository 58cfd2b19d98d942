package server_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

func TestProjectLifecycle(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	r := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "vaults", "description": "ERC-4626"})
	if r.Status != 201 {
		t.Fatalf("create = %d %s", r.Status, r.Body)
	}
	var created struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Data   struct {
			Name           string `json:"name"`
			OrganizationID string `json:"organization_id"`
		} `json:"data"`
	}
	r.Decode(t, &created)
	if created.Status != "active" || created.Data.Name != "vaults" || created.Data.OrganizationID != env.OrgID {
		t.Errorf("created = %+v", created)
	}
	if r := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "vaults"}); r.Status != 409 || r.ErrorCode() != "DUPLICATE_RESOURCE" {
		t.Errorf("duplicate = %d %s", r.Status, r.Body)
	}
	if r := env.Do("PATCH", "/api/v1/projects/"+created.ID, env.Key, map[string]any{"name": "vaults-v2"}); r.Status != 200 {
		t.Errorf("patch = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/projects/"+created.ID, env.Key, nil); r.Status != 200 || r.JSON()["data"].(map[string]any)["name"] != "vaults-v2" {
		t.Errorf("get = %d %s", r.Status, r.Body)
	}
	if r := env.Do("DELETE", "/api/v1/projects/"+created.ID, env.Key, nil); r.Status != 204 {
		t.Errorf("delete = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/projects/"+created.ID, env.Key, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
		t.Errorf("get deleted = %d %s", r.Status, r.Body)
	}
	var audit int
	if err := env.DB.NewRaw("SELECT count(*) FROM audit_logs WHERE resource_type = 'project' AND organization_id = ?", env.OrgID).Scan(t.Context(), &audit); err != nil {
		t.Fatal(err)
	}
	if audit != 3 {
		t.Errorf("audit entries for projects = %d, want 3 (created, updated, deleted)", audit)
	}
}

func TestProjectBadInput(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	cases := []struct {
		name, method, path string
		body               any
		status             int
		code               string
	}{
		{"malformed json", "POST", "/api/v1/projects", `{"name":`, 400, "INVALID_REQUEST"},
		{"array body", "POST", "/api/v1/projects", `[1]`, 400, "INVALID_REQUEST"},
		{"two objects", "POST", "/api/v1/projects", `{"name":"a"}{"name":"b"}`, 400, "INVALID_REQUEST"},
		{"empty body", "POST", "/api/v1/projects", ``, 400, "INVALID_REQUEST"},
		{"missing name", "POST", "/api/v1/projects", `{}`, 422, "MISSING_FIELD"},
		{"wrong type", "POST", "/api/v1/projects", `{"name":5}`, 422, "INVALID_FIELD"},
		{"unknown field", "POST", "/api/v1/projects", `{"name":"x","nmae":"y"}`, 422, "INVALID_FIELD"},
		{"blank name", "POST", "/api/v1/projects", `{"name":"   "}`, 422, "INVALID_FIELD"},
		{"bad uuid", "GET", "/api/v1/projects/not-a-uuid", nil, 404, "RESOURCE_NOT_FOUND"},
		{"unknown route", "GET", "/api/v1/nope", nil, 404, "RESOURCE_NOT_FOUND"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do(tc.method, tc.path, env.Key, tc.body)
			if r.Status != tc.status || r.ErrorCode() != tc.code {
				t.Errorf("= %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
			if r.Header.Get("X-Request-Id") == "" {
				t.Error("no X-Request-Id")
			}
		})
	}
	r := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "x"}, "Content-Type", "text/plain")
	if r.Status != 400 || r.ErrorCode() != "INVALID_REQUEST" {
		t.Errorf("text/plain body = %d %s", r.Status, r.Body)
	}
}

func TestAuthErrors(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	readOnly := env.NewOrg("readers", "free", "projects:read")
	// Change the key's last character (a checksum character) to another.
	last := "x"
	if strings.HasSuffix(env.Key, last) {
		last = "y"
	}
	for _, tc := range []struct {
		name, auth string
		status     int
		code       string
	}{
		{"missing", "", 401, "UNAUTHORIZED"},
		{"no bearer word", env.Key, 401, "UNAUTHORIZED"},
		{"lowercase bearer", "bearer " + env.Key, 401, "UNAUTHORIZED"},
		{"two spaces", "Bearer  " + env.Key, 401, "UNAUTHORIZED"},
		{"bad checksum", "Bearer " + env.Key[:len(env.Key)-1] + last, 401, "UNAUTHORIZED"},
		{"unknown key", "Bearer bwk_00000000000000000000000000000000" + "000000", 401, "UNAUTHORIZED"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do("GET", "/api/v1/projects", "", nil, "Authorization", tc.auth)
			if r.Status != tc.status || r.ErrorCode() != tc.code {
				t.Errorf("= %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
		})
	}
	if r := env.Do("POST", "/api/v1/projects", readOnly, map[string]any{"name": "x"}); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
		t.Errorf("write with read scope = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/projects", readOnly, nil); r.Status != 200 {
		t.Errorf("read with read scope = %d %s", r.Status, r.Body)
	}
}

func TestProjectIsolation(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	other := env.NewOrg("globex", "developer")
	r := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": "mine"})
	id := r.JSON()["id"].(string)
	for _, m := range []struct{ method, path string }{
		{"GET", "/api/v1/projects/" + id}, {"PATCH", "/api/v1/projects/" + id}, {"DELETE", "/api/v1/projects/" + id},
	} {
		var body any
		if m.method == "PATCH" {
			body = map[string]any{"name": "stolen"}
		}
		if r := env.Do(m.method, m.path, other, body); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("%s %s by another org = %d %s", m.method, m.path, r.Status, r.Body)
		}
	}
	var list struct {
		Projects []any `json:"projects"`
		Total    int   `json:"total"`
	}
	env.Do("GET", "/api/v1/projects", other, nil).Decode(t, &list)
	if len(list.Projects) != 0 || list.Total != 0 {
		t.Errorf("other org sees %d projects", len(list.Projects))
	}
}

func TestProjectPagination(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	const n = 7
	for i := range n {
		if r := env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": fmt.Sprintf("p%d", i)}); r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
	}
	type page struct {
		Projects []struct {
			Name string `json:"name"`
		} `json:"projects"`
		PageInfo struct {
			HasNext     bool    `json:"has_next_page"`
			HasPrevious bool    `json:"has_previous_page"`
			Start       *string `json:"start_cursor"`
			End         *string `json:"end_cursor"`
			Total       *int    `json:"total_count"`
		} `json:"page_info"`
	}
	get := func(q string) page {
		t.Helper()
		r := env.Do("GET", "/api/v1/projects?"+q, env.Key, nil)
		if r.Status != 200 {
			t.Fatalf("GET ?%s = %d %s", q, r.Status, r.Body)
		}
		var p page
		r.Decode(t, &p)
		return p
	}
	var names []string
	p := get("first=3&include_total=true")
	if p.PageInfo.Total == nil || *p.PageInfo.Total != n {
		t.Errorf("total_count = %v, want %d", p.PageInfo.Total, n)
	}
	for {
		for _, it := range p.Projects {
			names = append(names, it.Name)
		}
		if !p.PageInfo.HasNext {
			break
		}
		p = get("first=3&after=" + url.QueryEscape(*p.PageInfo.End))
		if p.PageInfo.Total != nil {
			t.Errorf("total_count without include_total = %v", *p.PageInfo.Total)
		}
	}
	want := []string{"p6", "p5", "p4", "p3", "p2", "p1", "p0"}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("forward walk = %v, want %v", names, want)
	}
	// Backward from the last page's start returns the page before it.
	back := get("last=3&before=" + url.QueryEscape(*p.PageInfo.Start))
	if len(back.Projects) != 3 || back.Projects[0].Name != "p3" || back.Projects[2].Name != "p1" {
		t.Errorf("backward page = %+v", back.Projects)
	}
	if !back.PageInfo.HasPrevious || !back.PageInfo.HasNext {
		t.Errorf("backward page_info = %+v", back.PageInfo)
	}
	// Offset style.
	var off struct {
		Projects []any `json:"projects"`
		Total    int   `json:"total"`
		Page     int   `json:"page"`
		PageSize int   `json:"page_size"`
	}
	env.Do("GET", "/api/v1/projects?skip=4&limit=2", env.Key, nil).Decode(t, &off)
	if len(off.Projects) != 2 || off.Total != n || off.Page != 3 || off.PageSize != 2 {
		t.Errorf("offset page = %+v", off)
	}
	empty := get("first=5&after=" + url.QueryEscape(*p.PageInfo.End))
	if len(empty.Projects) != 0 || empty.PageInfo.Start != nil || empty.PageInfo.End != nil {
		t.Errorf("page past the end = %+v", empty)
	}
}

func TestPaginationMisuse(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	for i := range 2 {
		env.Do("POST", "/api/v1/projects", env.Key, map[string]any{"name": fmt.Sprintf("p%d", i)})
	}
	var p struct {
		PageInfo struct {
			End string `json:"end_cursor"`
		} `json:"page_info"`
	}
	env.Do("GET", "/api/v1/projects?first=1", env.Key, nil).Decode(t, &p)
	cur := p.PageInfo.End
	other := env.NewOrg("globex", "developer")
	tampered := []byte(cur)
	tampered[len(tampered)/2] ^= 1
	for _, tc := range []struct {
		name, q, key string
		status       int
		code         string
	}{
		{"mixed styles", "first=1&skip=1", env.Key, 400, "INVALID_REQUEST"},
		{"both directions", "first=1&last=1", env.Key, 400, "INVALID_REQUEST"},
		{"after and before", "after=" + cur + "&before=" + cur, env.Key, 400, "INVALID_REQUEST"},
		{"first zero", "first=0", env.Key, 422, "INVALID_FIELD"},
		{"first too big", "first=1001", env.Key, 422, "INVALID_FIELD"},
		{"last not int", "last=abc", env.Key, 422, "INVALID_FIELD"},
		{"limit too big", "limit=5000", env.Key, 422, "INVALID_FIELD"},
		{"negative skip", "skip=-1", env.Key, 422, "INVALID_FIELD"},
		{"include_total junk", "include_total=maybe", env.Key, 422, "INVALID_FIELD"},
		{"tampered cursor", "after=" + string(tampered), env.Key, 400, "INVALID_CURSOR"},
		{"truncated cursor", "after=" + cur[:len(cur)-5], env.Key, 400, "INVALID_CURSOR"},
		{"garbage cursor", "after=%24%24%24", env.Key, 400, "INVALID_CURSOR"},
		{"other org's cursor", "after=" + cur, other, 400, "INVALID_CURSOR"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do("GET", "/api/v1/projects?"+tc.q, tc.key, nil)
			if r.Status != tc.status || r.ErrorCode() != tc.code {
				t.Errorf("= %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
		})
	}
	// A cursor from another endpoint is refused.
	if r := env.Do("GET", "/api/v1/api-keys?after="+cur, env.Key, nil); r.Status != 400 || r.ErrorCode() != "INVALID_CURSOR" {
		t.Errorf("projects cursor on /api-keys = %d %s", r.Status, r.Body)
	}
	// after without first means first=100.
	if r := env.Do("GET", "/api/v1/projects?after="+cur, env.Key, nil); r.Status != 200 {
		t.Errorf("after alone = %d %s", r.Status, r.Body)
	}
}

// TestCompressedJSONRefused guards against decompression bombs: a JSON body
// with a Content-Encoding is refused before anything inflates it.
func TestCompressedJSONRefused(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	r := env.Do("POST", "/api/v1/projects", env.Key, []byte{0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0}, "Content-Encoding", "gzip")
	if r.Status != 400 || r.ErrorCode() != "INVALID_REQUEST" {
		t.Errorf("gzip JSON body = %d %s, want 400 INVALID_REQUEST", r.Status, r.Body)
	}
}
