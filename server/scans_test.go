package server_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

func TestScanCreate(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	r := env.Do("POST", "/api/v1/scans", env.Key, map[string]any{"contract_id": c.ID.String()})
	if r.Status != 202 {
		t.Fatalf("POST /scans = %d %s", r.Status, r.Body)
	}
	var b scanBody
	r.Decode(t, &b)
	if b.Status != "queued" || b.ID == "" || b.ID != b.Data.ID || b.CreatedAt == "" {
		t.Errorf("envelope = %+v", b)
	}
	if got := r.Header.Get("Location"); got != "/api/v1/scans/"+b.ID {
		t.Errorf("Location = %q", got)
	}
	d := b.Data
	if d.Status != "queued" || d.Preset != "standard" || d.ContractID != c.ID.String() || d.ProjectID != c.ProjectID.String() ||
		d.OrganizationID != env.OrgID || d.WebhookURL != nil || d.Error != nil || d.StartedAt != nil || d.CompletedAt != nil {
		t.Errorf("data = %+v", d)
	}
	if diff := cmp.Diff(map[string]int{"critical": 0, "high": 0, "medium": 0, "low": 0, "total": 0}, d.Summary); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	if d.ScannersUsed == nil || len(d.ScannersUsed) != 0 {
		t.Errorf("scanners_used = %#v, want []", d.ScannersUsed)
	}
	// Every documented field is present, nulls included.
	raw := r.JSON()["data"].(map[string]any)
	for _, f := range []string{"id", "organization_id", "project_id", "contract_id", "status", "preset", "webhook_url",
		"summary", "duration_seconds", "scanners_used", "economic_risk_score", "error", "created_at", "started_at",
		"completed_at", "updated_at"} {
		if _, ok := raw[f]; !ok {
			t.Errorf("scan JSON lacks %s", f)
		}
	}
	info, err := env.Queue.Inspector.GetTaskInfo("default", "scan:"+b.ID)
	if err != nil || info.State != asynq.TaskStatePending {
		t.Errorf("scan task = %v, %v; want pending", info, err)
	}
	if n := countWhere(t, env, "SELECT count(*) FROM audit_logs WHERE action = 'scan.created' AND resource_id = ?", b.ID); n != 1 {
		t.Errorf("scan.created audit entries = %d", n)
	}

	// Preset and webhook_url are kept.
	b = createScan(t, env, env.Key, map[string]any{"contract_id": c.ID.String(), "preset": "deep",
		"webhook_url": "https://hooks.example.com/bulwark?x=1"})
	if b.Data.Preset != "deep" || b.Data.WebhookURL == nil || *b.Data.WebhookURL != "https://hooks.example.com/bulwark?x=1" {
		t.Errorf("preset/webhook = %q %v", b.Data.Preset, b.Data.WebhookURL)
	}
}

func TestScanCreateErrors(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	deleted := env.SeedContract(env.Key, map[string]string{"Old.sol": vaultSol})
	if _, err := env.DB.NewUpdate().Model((*db.Contract)(nil)).Set("deleted_at = ?", time.Now()).
		Where("id = ?", deleted.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	id := c.ID.String()
	for _, tc := range []struct {
		name   string
		body   any
		status int
		code   string
		field  string
		reason string
	}{
		{"malformed json", `{"contract_id":`, 400, "INVALID_REQUEST", "", ""},
		{"not an object", `["x"]`, 400, "INVALID_REQUEST", "", ""},
		{"empty body", ``, 400, "INVALID_REQUEST", "", ""},
		{"missing contract_id", `{}`, 422, "MISSING_FIELD", "contract_id", "missing"},
		{"null contract_id", `{"contract_id":null}`, 422, "MISSING_FIELD", "contract_id", "missing"},
		{"contract_id not a uuid", `{"contract_id":"abc"}`, 422, "INVALID_FIELD", "contract_id", "invalid"},
		{"contract_id wrong type", `{"contract_id":5}`, 422, "INVALID_FIELD", "contract_id", "invalid"},
		{"unknown field", `{"contract_id":"` + id + `","priority":1}`, 422, "INVALID_FIELD", "priority", "unknown"},
		{"bad preset", `{"contract_id":"` + id + `","preset":"turbo"}`, 422, "INVALID_FIELD", "preset", "invalid"},
		{"empty preset", `{"contract_id":"` + id + `","preset":""}`, 422, "INVALID_FIELD", "preset", "invalid"},
		{"http webhook", `{"contract_id":"` + id + `","webhook_url":"http://hooks.example.com/x"}`, 422, "INVALID_FIELD", "webhook_url", "not_https"},
		{"relative webhook", `{"contract_id":"` + id + `","webhook_url":"/x"}`, 422, "INVALID_FIELD", "webhook_url", "invalid"},
		{"ftp webhook", `{"contract_id":"` + id + `","webhook_url":"ftp://example.com/x"}`, 422, "INVALID_FIELD", "webhook_url", "not_https"},
		{"webhook without host", `{"contract_id":"` + id + `","webhook_url":"https:///x"}`, 422, "INVALID_FIELD", "webhook_url", "invalid"},
		{"webhook with fragment", `{"contract_id":"` + id + `","webhook_url":"https://example.com/x#y"}`, 422, "INVALID_FIELD", "webhook_url", "invalid"},
		{"webhook with credentials", `{"contract_id":"` + id + `","webhook_url":"https://u:p@example.com/x"}`, 422, "INVALID_FIELD", "webhook_url", "invalid"},
		{"garbage webhook", `{"contract_id":"` + id + `","webhook_url":"https://%zz"}`, 422, "INVALID_FIELD", "webhook_url", "invalid"},
		{"long webhook", `{"contract_id":"` + id + `","webhook_url":"https://example.com/` + strings.Repeat("a", 2040) + `"}`, 422, "INVALID_FIELD", "webhook_url", "out_of_range"},
		{"unknown contract", `{"contract_id":"01900000-0000-7000-8000-000000000000"}`, 404, "RESOURCE_NOT_FOUND", "", ""},
		{"deleted contract", `{"contract_id":"` + deleted.ID.String() + `"}`, 404, "RESOURCE_NOT_FOUND", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do("POST", "/api/v1/scans", env.Key, tc.body)
			if r.Status != tc.status || r.ErrorCode() != tc.code {
				t.Fatalf("= %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
			if tc.field != "" {
				det, _ := r.JSON()["error"].(map[string]any)["details"].(map[string]any)
				if det["field"] != tc.field || det["reason"] != tc.reason {
					t.Errorf("details = %v, want field %s reason %s", det, tc.field, tc.reason)
				}
			}
		})
	}
	if n := countWhere(t, env, "SELECT count(*) FROM scans"); n != 0 {
		t.Errorf("%d scans written by failed requests", n)
	}
	if r := env.Do("POST", "/api/v1/scans", env.Key, map[string]any{"contract_id": id}, "Content-Type", "text/plain"); r.Status != 400 {
		t.Errorf("text/plain = %d %s", r.Status, r.Body)
	}
}

func TestScanCreateInsecureWebhookAllowed(t *testing.T) {
	// BULWARK_WEBHOOK_ALLOW_INSECURE=true and _ALLOW_PRIVATE=true set these
	// options (wiring.go); a loopback receiver needs both.
	env := servertest.New(t, servertest.Options{NoWorker: true, Webhooks: core.WebhookOptions{AllowInsecure: true, AllowPrivate: true}})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	b := createScan(t, env, env.Key, map[string]any{"contract_id": c.ID.String(), "webhook_url": "http://127.0.0.1:9/hook"})
	if b.Data.WebhookURL == nil || *b.Data.WebhookURL != "http://127.0.0.1:9/hook" {
		t.Errorf("webhook_url = %v", b.Data.WebhookURL)
	}
}

func TestScanListFilters(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c1 := env.SeedContract(env.Key, map[string]string{"A.sol": vaultSol})
	c2 := env.SeedContract(env.Key, map[string]string{"B.sol": vaultSol})
	want := map[string][]string{}
	var all []string
	for i, st := range []string{"queued", "running", "completed", "failed", "cancelled", "completed"} {
		c := c1
		if i%2 == 1 {
			c = c2
		}
		sc := env.SeedScan(c, st)
		id := sc.ID.String()
		all = append([]string{id}, all...)
		want["status="+st] = append([]string{id}, want["status="+st]...)
		want["contract_id="+c.ID.String()] = append([]string{id}, want["contract_id="+c.ID.String()]...)
		want["project_id="+c.ProjectID.String()] = append([]string{id}, want["project_id="+c.ProjectID.String()]...)
		if st == "completed" && c == c2 {
			want["status=completed&contract_id="+c2.ID.String()] = []string{id}
		}
	}
	want[""] = all
	ids := func(q string) []string {
		t.Helper()
		r := env.Do("GET", "/api/v1/scans?"+q, env.Key, nil)
		if r.Status != 200 {
			t.Fatalf("GET /scans?%s = %d %s", q, r.Status, r.Body)
		}
		var l struct {
			Scans []struct {
				ID string `json:"id"`
			} `json:"scans"`
			Total int `json:"total"`
		}
		r.Decode(t, &l)
		out := []string{}
		for _, s := range l.Scans {
			out = append(out, s.ID)
		}
		if l.Total != len(out) {
			t.Errorf("?%s total = %d, items %d", q, l.Total, len(out))
		}
		return out
	}
	for q, w := range want {
		if diff := cmp.Diff(w, ids(q)); diff != "" {
			t.Errorf("GET /scans?%s (-want +got):\n%s", q, diff)
		}
	}
	for _, tc := range []struct{ q, field, reason string }{
		{"status=done", "status", "invalid"},
		{"status=", "status", "invalid"},
		{"status=queued&status=running", "status", "invalid"},
		{"contract_id=nope", "contract_id", "invalid"},
		{"project_id=" + strings.ReplaceAll(c1.ProjectID.String(), "-", ""), "project_id", "invalid"},
		{"project_id=" + strings.ToUpper(c1.ProjectID.String()) + "0", "project_id", "invalid"},
	} {
		r := env.Do("GET", "/api/v1/scans?"+tc.q, env.Key, nil)
		det, _ := r.JSON()["error"].(map[string]any)["details"].(map[string]any)
		if r.Status != 422 || r.ErrorCode() != "INVALID_FIELD" || det["field"] != tc.field || det["reason"] != tc.reason {
			t.Errorf("?%.60s = %d %s", tc.q, r.Status, r.Body)
		}
	}
	// Cursor walk over a filter, and the cursor is bound to that filter.
	var got []string
	q := "status=completed&first=1"
	var end string
	for {
		r := env.Do("GET", "/api/v1/scans?"+q, env.Key, nil)
		var p struct {
			Scans []struct {
				ID string `json:"id"`
			} `json:"scans"`
			PageInfo struct {
				HasNext bool   `json:"has_next_page"`
				End     string `json:"end_cursor"`
			} `json:"page_info"`
		}
		r.Decode(t, &p)
		for _, s := range p.Scans {
			got = append(got, s.ID)
		}
		if !p.PageInfo.HasNext {
			break
		}
		end = p.PageInfo.End
		q = "status=completed&first=1&after=" + url.QueryEscape(end)
	}
	if diff := cmp.Diff(want["status=completed"], got); diff != "" {
		t.Errorf("cursor walk (-want +got):\n%s", diff)
	}
	if r := env.Do("GET", "/api/v1/scans?status=failed&after="+url.QueryEscape(end), env.Key, nil); r.Status != 400 || r.ErrorCode() != "INVALID_CURSOR" {
		t.Errorf("cursor with other filters = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/vulnerabilities?after="+url.QueryEscape(end), env.Key, nil); r.Status != 400 || r.ErrorCode() != "INVALID_CURSOR" {
		t.Errorf("scans cursor on /vulnerabilities = %d %s", r.Status, r.Body)
	}
}

func TestScanResults(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	queued := env.SeedScan(c, "queued")
	b := getScan(t, env, env.Key, queued.ID.String(), "/results")
	if b.Status != "queued" || b.Data.Vulnerabilities == nil || len(b.Data.Vulnerabilities) != 0 || b.Data.Errors == nil || len(b.Data.Errors) != 0 {
		t.Errorf("queued results = %+v", b)
	}
	done := env.SeedScan(c, "completed")
	if _, err := env.DB.NewUpdate().Model(done).Set("file_errors = ?", `[{"file":"Vault.sol","line":3,"message":"unexpected token"}]`).
		WherePK().Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	sevs := []string{"low", "critical", "medium", "high", "critical"}
	env.SeedVulnerabilities(done, len(sevs), func(i int, v *db.Vulnerability) { v.Severity = sevs[i] })
	env.SeedVulnerabilities(env.SeedScan(c, "completed"), 3, nil) // another scan's findings stay out
	b = getScan(t, env, env.Key, done.ID.String(), "/results")
	var gotSev []string
	for _, v := range b.Data.Vulnerabilities {
		gotSev = append(gotSev, v["severity"].(string))
		if v["scan_id"] != done.ID.String() {
			t.Errorf("finding of scan %v in results", v["scan_id"])
		}
	}
	if diff := cmp.Diff([]string{"critical", "critical", "high", "medium", "low"}, gotSev); diff != "" {
		t.Errorf("results order (-want +got):\n%s", diff)
	}
	if len(b.Data.Errors) != 1 || b.Data.Errors[0]["file"] != "Vault.sol" || b.Data.Errors[0]["message"] != "unexpected token" {
		t.Errorf("errors = %v", b.Data.Errors)
	}
	if b.Data.ContractID != c.ID.String() || b.ID != done.ID.String() {
		t.Errorf("results scan fields = %+v", b)
	}
	for _, p := range []string{"/api/v1/scans/01900000-0000-7000-8000-000000000000/results", "/api/v1/scans/xyz/results",
		"/api/v1/scans/01900000-0000-7000-8000-000000000000", "/api/v1/scans/xyz"} {
		if r := env.Do("GET", p, env.Key, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("GET %s = %d %s", p, r.Status, r.Body)
		}
	}
}

func TestScanCancel(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	b := createScan(t, env, env.Key, map[string]any{"contract_id": c.ID.String()})
	r := env.Do("POST", "/api/v1/scans/"+b.ID+"/cancel", env.Key, nil)
	if r.Status != 200 {
		t.Fatalf("cancel = %d %s", r.Status, r.Body)
	}
	var cb scanBody
	r.Decode(t, &cb)
	if cb.Status != "cancelled" || cb.Data.Status != "cancelled" || cb.Data.CompletedAt == nil {
		t.Errorf("cancelled = %+v", cb)
	}
	if _, err := env.Queue.Inspector.GetTaskInfo("default", "scan:"+b.ID); err == nil {
		t.Error("the cancelled scan's task is still queued")
	}
	if n := countWhere(t, env, "SELECT count(*) FROM audit_logs WHERE action = 'scan.cancelled' AND resource_id = ?", b.ID); n != 1 {
		t.Errorf("scan.cancelled audit entries = %d", n)
	}
	// The task running anyway (it was already taken) leaves it cancelled.
	if err := env.Svc.RunScan(context.Background(), mustUUID(t, b.ID), false); err != nil {
		t.Fatal(err)
	}
	if got := getScan(t, env, env.Key, b.ID, ""); got.Status != "cancelled" {
		t.Errorf("after a late run = %s", got.Status)
	}
	running := env.SeedScan(c, "running")
	if r := env.Do("POST", "/api/v1/scans/"+running.ID.String()+"/cancel", env.Key, nil); r.Status != 200 || r.JSON()["status"] != "cancelled" {
		t.Errorf("cancel running = %d %s", r.Status, r.Body)
	}
	for _, st := range []string{"completed", "failed", "cancelled"} {
		sc := env.SeedScan(c, st)
		if r := env.Do("POST", "/api/v1/scans/"+sc.ID.String()+"/cancel", env.Key, nil); r.Status != 409 || r.ErrorCode() != "CONFLICT" {
			t.Errorf("cancel %s = %d %s", st, r.Status, r.Body)
		}
	}
	if r := env.Do("POST", "/api/v1/scans/"+b.ID+"/cancel", env.Key, nil); r.Status != 409 || r.ErrorCode() != "CONFLICT" {
		t.Errorf("cancel twice = %d %s", r.Status, r.Body)
	}
	if r := env.Do("POST", "/api/v1/scans/01900000-0000-7000-8000-000000000000/cancel", env.Key, nil); r.Status != 404 {
		t.Errorf("cancel unknown = %d %s", r.Status, r.Body)
	}
}

func TestScanIsolation(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	other := env.NewOrg("globex", "developer")
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	sc := env.SeedScan(c, "queued")
	id := sc.ID.String()
	for _, m := range []struct{ method, path string }{
		{"GET", "/api/v1/scans/" + id}, {"GET", "/api/v1/scans/" + id + "/results"}, {"POST", "/api/v1/scans/" + id + "/cancel"},
	} {
		if r := env.Do(m.method, m.path, other, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("%s %s by another org = %d %s", m.method, m.path, r.Status, r.Body)
		}
	}
	if r := env.Do("POST", "/api/v1/scans", other, map[string]any{"contract_id": c.ID.String()}); r.Status != 404 {
		t.Errorf("scan of another org's contract = %d %s", r.Status, r.Body)
	}
	for _, q := range []string{"", "?contract_id=" + c.ID.String(), "?project_id=" + c.ProjectID.String(), "?first=10"} {
		var l struct {
			Scans []any `json:"scans"`
		}
		env.Do("GET", "/api/v1/scans"+q, other, nil).Decode(t, &l)
		if len(l.Scans) != 0 {
			t.Errorf("another org lists %d scans with %q", len(l.Scans), q)
		}
	}
	if got := getScan(t, env, env.Key, id, ""); got.Status != "queued" {
		t.Errorf("scan after another org's cancel = %s", got.Status)
	}
}

func TestScanScopes(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	reader := env.NewOrg("readers", "developer", "scans:read")
	nothing := env.NewOrg("strangers", "developer", "projects:read")
	c := env.SeedContract(reader, map[string]string{"Vault.sol": vaultSol})
	sc := env.SeedScan(c, "queued")
	id := sc.ID.String()
	for _, tc := range []struct {
		key, method, path string
		body              any
		status            int
	}{
		{reader, "POST", "/api/v1/scans", map[string]any{"contract_id": c.ID.String()}, 403},
		{reader, "POST", "/api/v1/scans/" + id + "/cancel", nil, 403},
		{reader, "GET", "/api/v1/scans", nil, 200},
		{reader, "GET", "/api/v1/scans/" + id, nil, 200},
		{reader, "GET", "/api/v1/scans/" + id + "/results", nil, 200},
		{nothing, "GET", "/api/v1/scans", nil, 403},
		{nothing, "GET", "/api/v1/scans/" + id, nil, 403},
		{nothing, "GET", "/api/v1/scans/" + id + "/results", nil, 403},
		{"", "GET", "/api/v1/scans", nil, 401},
		{"", "POST", "/api/v1/scans", map[string]any{"contract_id": c.ID.String()}, 401},
		{"", "POST", "/api/v1/scans/" + id + "/cancel", nil, 401},
	} {
		r := env.Do(tc.method, tc.path, tc.key, tc.body)
		if r.Status != tc.status {
			t.Errorf("%s %s = %d %s, want %d", tc.method, tc.path, r.Status, r.Body, tc.status)
		}
		if tc.status == 403 && r.ErrorCode() != "PERMISSION_DENIED" {
			t.Errorf("%s %s code = %s", tc.method, tc.path, r.ErrorCode())
		}
	}
}

// TestScanPipeline runs a scan through the real asynq workers.
func TestScanPipeline(t *testing.T) {
	env := servertest.New(t, servertest.Options{Engine: solidityEngine()})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	b := createScan(t, env, env.Key, map[string]any{"contract_id": c.ID.String(), "preset": "quick"})
	done := waitScan(t, env, b.ID)
	if done.Status != "completed" || done.Data.Error != nil || done.Data.StartedAt == nil || done.Data.CompletedAt == nil {
		t.Fatalf("scan = %+v", done)
	}
	res := getScan(t, env, env.Key, b.ID, "/results")
	count := map[string]int{}
	for _, v := range res.Data.Vulnerabilities {
		count[v["severity"].(string)]++
	}
	count["total"] = len(res.Data.Vulnerabilities)
	for _, k := range []string{"critical", "high", "medium", "low", "total"} {
		if done.Data.Summary[k] != count[k] {
			t.Errorf("summary.%s = %d, stored findings %d", k, done.Data.Summary[k], count[k])
		}
	}
	if done.Data.DurationSeconds < 0 || done.Data.ScannersUsed == nil {
		t.Errorf("duration %d, scanners_used %v", done.Data.DurationSeconds, done.Data.ScannersUsed)
	}
	evs := eventsOf(t, env, b.ID)
	var types []string
	for _, e := range evs {
		if e.Type == "scan.started" || e.Type == "scan.completed" {
			types = append(types, e.Type)
		}
	}
	if diff := cmp.Diff([]string{"scan.started", "scan.completed"}, types); diff != "" {
		t.Errorf("scan events (-want +got):\n%s", diff)
	}
	completed := evs[len(evs)-1]
	for _, e := range evs {
		if e.Type == "scan.completed" {
			completed = e
		}
	}
	var keys []string
	for k := range completed.Data {
		keys = append(keys, k)
	}
	if diff := cmp.Diff([]string{"contract_id", "contract_name", "duration_seconds", "economic_risk_score", "preset", "scan_id", "scanners_used", "status", "summary"},
		sortedStrings(keys)); diff != "" {
		t.Errorf("scan.completed data keys (-want +got):\n%s", diff)
	}
	if completed.Data["contract_name"] != "seeded" || completed.Data["preset"] != "quick" || completed.Data["status"] != "completed" {
		t.Errorf("scan.completed data = %v", completed.Data)
	}
	if n := countWhere(t, env, "SELECT count(*) FROM audit_logs WHERE resource_id = ? AND action IN ('scan.started', 'scan.completed')", b.ID); n != 2 {
		t.Errorf("pipeline audit entries = %d, want 2", n)
	}
}

func sortedStrings(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// TestScanFailures covers the permanent failures of the pipeline, through
// the real workers.
func TestScanFailures(t *testing.T) {
	env := servertest.New(t, servertest.Options{Engine: solidityEngine()})
	for _, tc := range []struct {
		name   string
		files  map[string]string
		reason string
	}{
		{"unsupported language", map[string]string{"notes.txt": "hello"}, "unsupported_language"},
		{"no files", map[string]string{}, "no_files"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := env.SeedContract(env.Key, tc.files)
			b := createScan(t, env, env.Key, map[string]any{"contract_id": c.ID.String()})
			done := waitScan(t, env, b.ID)
			if done.Status != "failed" || done.Data.Error == nil || done.Data.Error.Code != "SCAN_FAILED" ||
				done.Data.Error.Message == "" || done.Data.Error.Details["reason"] != tc.reason {
				t.Fatalf("scan = %d %+v", done.Data.DurationSeconds, done.Data.Error)
			}
			var failed *db.Event
			for _, e := range eventsOf(t, env, b.ID) {
				if e.Type == "scan.failed" {
					failed = &e
				}
			}
			if failed == nil {
				t.Fatal("no scan.failed event")
			}
			var keys []string
			for k := range failed.Data {
				keys = append(keys, k)
			}
			if diff := cmp.Diff([]string{"contract_id", "duration_seconds", "error", "error_details", "scan_id"}, sortedStrings(keys)); diff != "" {
				t.Errorf("scan.failed data keys (-want +got):\n%s", diff)
			}
			if failed.Data["error"] != done.Data.Error.Message {
				t.Errorf("scan.failed error = %v", failed.Data["error"])
			}
		})
	}
}

// TestScanRestartAfterCrash: a scan left running by a worker that died is
// restarted cleanly by the next attempt: partial findings are dropped.
func TestScanRestartAfterCrash(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true, Engine: solidityEngine()})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	sc := env.SeedScan(c, "running")
	partial := env.SeedVulnerabilities(sc, 2, nil)
	if err := env.Svc.RunScan(context.Background(), sc.ID, false); err != nil {
		t.Fatal(err)
	}
	got := getScan(t, env, env.Key, sc.ID.String(), "")
	if got.Status != "completed" {
		t.Fatalf("status = %s", got.Status)
	}
	for _, v := range partial {
		if n := countWhere(t, env, "SELECT count(*) FROM vulnerabilities WHERE id = ?", v.ID); n != 0 {
			t.Errorf("partial finding %s survived the restart", v.ID)
		}
	}
	if n := countWhere(t, env, "SELECT attempts FROM scans WHERE id = ?", sc.ID); n != 1 {
		t.Errorf("attempts = %d", n)
	}
	// Running it again (a duplicate delivery) changes nothing.
	if err := env.Svc.RunScan(context.Background(), sc.ID, false); err != nil {
		t.Fatal(err)
	}
	if n := countWhere(t, env, "SELECT count(*) FROM events WHERE scan_id = ? AND type = 'scan.completed'", sc.ID); n != 1 {
		t.Errorf("scan.completed events = %d, want 1", n)
	}
}

func TestScanDeletedContractFails(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true, Engine: solidityEngine()})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": vaultSol})
	b := createScan(t, env, env.Key, map[string]any{"contract_id": c.ID.String()})
	if _, err := env.DB.NewUpdate().Model((*db.Contract)(nil)).Set("deleted_at = ?", time.Now()).Where("id = ?", c.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	sc := getScan(t, env, env.Key, b.ID, "")
	if err := env.Svc.RunScan(context.Background(), mustUUID(t, sc.ID), false); err != nil {
		t.Fatal(err)
	}
	got := getScan(t, env, env.Key, b.ID, "")
	if got.Status != "failed" || got.Data.Error.Details["reason"] != "contract_deleted" {
		t.Errorf("scan of a deleted contract = %s %+v", got.Status, got.Data.Error)
	}
	if fmt.Sprint(got.Data.Error.Code) != "SCAN_FAILED" {
		t.Errorf("error code = %s", got.Data.Error.Code)
	}
}
