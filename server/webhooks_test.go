package server_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

func TestWebhookLifecycle(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	r := env.Do("POST", "/api/v1/webhooks", env.Key, map[string]any{
		"url": "https://hooks.example.com/bulwark", "events": []string{"scan.completed", "scan.failed", "scan.completed"}})
	if r.Status != 201 {
		t.Fatalf("create = %d %s", r.Status, r.Body)
	}
	var created struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Data   struct {
			URL            string   `json:"url"`
			Events         []string `json:"events"`
			Secret         string   `json:"secret"`
			Active         bool     `json:"active"`
			OrganizationID string   `json:"organization_id"`
		} `json:"data"`
	}
	r.Decode(t, &created)
	if created.Status != "active" || !created.Data.Active || created.Data.OrganizationID != env.OrgID ||
		created.Data.URL != "https://hooks.example.com/bulwark" {
		t.Errorf("created = %+v", created)
	}
	if diff := cmp.Diff([]string{"scan.completed", "scan.failed"}, created.Data.Events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	key, ok := strings.CutPrefix(created.Data.Secret, "whsec_")
	if b, err := base64.StdEncoding.DecodeString(key); !ok || err != nil || len(b) != 32 {
		t.Errorf("generated secret = %q, want whsec_ + base64 of 32 bytes", created.Data.Secret)
	}

	// A given secret is kept and never echoed; nothing lists a secret.
	r = env.Do("POST", "/api/v1/webhooks", env.Key, map[string]any{"url": "https://b.example.com/", "events": []string{"member.joined"},
		"secret": "a-secret-of-my-own-choosing", "active": false, "description": "paused"})
	if r.Status != 201 || strings.Contains(string(r.Body), "a-secret-of-my-own-choosing") || r.JSON()["status"] != "disabled" {
		t.Errorf("create with secret = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/webhooks/"+created.ID, env.Key, nil); r.Status != 200 || strings.Contains(string(r.Body), "whsec_") {
		t.Errorf("get = %d %s", r.Status, r.Body)
	}
	r = env.Do("GET", "/api/v1/webhooks", env.Key, nil)
	if r.Status != 200 || strings.Contains(string(r.Body), "secret\"") {
		t.Fatalf("list = %d %s", r.Status, r.Body)
	}
	var list struct {
		Webhooks []struct {
			ID string `json:"id"`
		} `json:"webhooks"`
		Total int `json:"total"`
	}
	r.Decode(t, &list)
	if list.Total != 2 || len(list.Webhooks) != 2 || list.Webhooks[1].ID != created.ID {
		t.Errorf("list = %s, want two, newest first", r.Body)
	}
	r = env.Do("GET", "/api/v1/webhooks?first=1", env.Key, nil)
	var page struct {
		Webhooks []map[string]any `json:"webhooks"`
		PageInfo struct {
			HasNext   bool   `json:"has_next_page"`
			EndCursor string `json:"end_cursor"`
		} `json:"page_info"`
	}
	r.Decode(t, &page)
	if r.Status != 200 || len(page.Webhooks) != 1 || !page.PageInfo.HasNext {
		t.Fatalf("first page = %d %s", r.Status, r.Body)
	}
	r = env.Do("GET", "/api/v1/webhooks?first=1&after="+page.PageInfo.EndCursor, env.Key, nil)
	if r.Status != 200 || !strings.Contains(string(r.Body), created.ID) {
		t.Errorf("second page = %d %s", r.Status, r.Body)
	}

	r = env.Do("PATCH", "/api/v1/webhooks/"+created.ID, env.Key, map[string]any{"events": []string{"vulnerability.critical"}, "active": false})
	if r.Status != 200 || r.JSON()["status"] != "disabled" {
		t.Errorf("patch = %d %s", r.Status, r.Body)
	}
	var got struct {
		Data struct {
			Events []string `json:"events"`
			URL    string   `json:"url"`
		} `json:"data"`
	}
	env.Do("GET", "/api/v1/webhooks/"+created.ID, env.Key, nil).Decode(t, &got)
	if diff := cmp.Diff([]string{"vulnerability.critical"}, got.Data.Events); diff != "" || got.Data.URL != "https://hooks.example.com/bulwark" {
		t.Errorf("after patch (-want +got):\n%s url=%s", diff, got.Data.URL)
	}
	if r := env.Do("DELETE", "/api/v1/webhooks/"+created.ID, env.Key, nil); r.Status != 204 {
		t.Errorf("delete = %d %s", r.Status, r.Body)
	}
	for _, m := range []string{"GET", "DELETE"} {
		if r := env.Do(m, "/api/v1/webhooks/"+created.ID, env.Key, nil); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("%s deleted = %d %s", m, r.Status, r.Body)
		}
	}
	var actions []string
	if err := env.DB.NewSelect().Model((*db.AuditLog)(nil)).Column("action").Where("resource_type = 'webhook'").
		OrderExpr("created_at, id").Scan(t.Context(), &actions); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"webhook.created", "webhook.created", "webhook.updated", "webhook.deleted"}, actions); diff != "" {
		t.Errorf("audit actions (-want +got):\n%s", diff)
	}
}

func TestWebhookBadInput(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	id, _ := createWebhook(t, env, env.Key, "https://ok.example.com/hook", "scan.started")
	ev := []string{"scan.started"}
	long := "https://example.com/" + strings.Repeat("a", 2040)
	cases := []struct {
		name, method, path  string
		body                any
		status              int
		code, field, reason string
	}{
		{"missing url", "POST", "/api/v1/webhooks", map[string]any{"events": ev}, 422, "MISSING_FIELD", "url", "missing"},
		{"empty url", "POST", "/api/v1/webhooks", map[string]any{"url": "", "events": ev}, 422, "MISSING_FIELD", "url", "missing"},
		{"http url", "POST", "/api/v1/webhooks", map[string]any{"url": "http://example.com/h", "events": ev}, 422, "INVALID_FIELD", "url", "not_https"},
		{"ftp url", "POST", "/api/v1/webhooks", map[string]any{"url": "ftp://example.com/h", "events": ev}, 422, "INVALID_FIELD", "url", "not_https"},
		{"relative url", "POST", "/api/v1/webhooks", map[string]any{"url": "/hook", "events": ev}, 422, "INVALID_FIELD", "url", "invalid"},
		{"no host", "POST", "/api/v1/webhooks", map[string]any{"url": "https:///hook", "events": ev}, 422, "INVALID_FIELD", "url", "invalid"},
		{"userinfo", "POST", "/api/v1/webhooks", map[string]any{"url": "https://user:pw@example.com/h", "events": ev}, 422, "INVALID_FIELD", "url", "invalid"},
		{"too long", "POST", "/api/v1/webhooks", map[string]any{"url": long, "events": ev}, 422, "INVALID_FIELD", "url", "out_of_range"},
		{"not a url", "POST", "/api/v1/webhooks", map[string]any{"url": "https://exa mple.com/%zz", "events": ev}, 422, "INVALID_FIELD", "url", "invalid"},
		{"missing events", "POST", "/api/v1/webhooks", map[string]any{"url": "https://example.com/h"}, 422, "MISSING_FIELD", "events", "missing"},
		{"empty events", "POST", "/api/v1/webhooks", map[string]any{"url": "https://example.com/h", "events": []string{}}, 422, "INVALID_FIELD", "events", "invalid"},
		{"unknown event", "POST", "/api/v1/webhooks", map[string]any{"url": "https://example.com/h", "events": []string{"scan.exploded"}}, 422, "INVALID_FIELD", "events", "invalid"},
		{"ping is not subscribable", "POST", "/api/v1/webhooks", map[string]any{"url": "https://example.com/h", "events": []string{"ping"}}, 422, "INVALID_FIELD", "events", "invalid"},
		{"events not array", "POST", "/api/v1/webhooks", `{"url":"https://example.com/h","events":"scan.started"}`, 422, "INVALID_FIELD", "events", "invalid"},
		{"short secret", "POST", "/api/v1/webhooks", map[string]any{"url": "https://example.com/h", "events": ev, "secret": "short"}, 422, "INVALID_FIELD", "secret", "invalid"},
		{"unknown field", "POST", "/api/v1/webhooks", map[string]any{"url": "https://example.com/h", "events": ev, "evnets": 1}, 422, "INVALID_FIELD", "evnets", "unknown"},
		{"malformed", "POST", "/api/v1/webhooks", `{"url":`, 400, "INVALID_REQUEST", "", ""},
		{"patch http url", "PATCH", "/api/v1/webhooks/" + id, map[string]any{"url": "http://example.com/h"}, 422, "INVALID_FIELD", "url", "not_https"},
		{"patch empty events", "PATCH", "/api/v1/webhooks/" + id, map[string]any{"events": []string{}}, 422, "INVALID_FIELD", "events", "invalid"},
		{"patch unknown", "PATCH", "/api/v1/webhooks/" + uuid.NewString(), map[string]any{"active": true}, 404, "RESOURCE_NOT_FOUND", "", ""},
		{"bad id", "GET", "/api/v1/webhooks/nope", nil, 404, "RESOURCE_NOT_FOUND", "", ""},
		{"bad delivery id", "POST", "/api/v1/webhooks/" + id + "/deliveries/nope/redeliver", nil, 404, "RESOURCE_NOT_FOUND", "", ""},
		{"unknown delivery", "POST", "/api/v1/webhooks/" + id + "/deliveries/" + uuid.NewString() + "/redeliver", nil, 404, "RESOURCE_NOT_FOUND", "", ""},
		{"deliveries bad page", "GET", "/api/v1/webhooks/" + id + "/deliveries?first=0", nil, 422, "INVALID_FIELD", "first", "out_of_range"},
		{"deliveries bad cursor", "GET", "/api/v1/webhooks/" + id + "/deliveries?after=xyz", nil, 400, "INVALID_CURSOR", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := env.Do(tc.method, tc.path, env.Key, tc.body)
			if r.Status != tc.status || r.ErrorCode() != tc.code {
				t.Fatalf("= %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
			if tc.field != "" {
				d, _ := r.JSON()["error"].(map[string]any)["details"].(map[string]any)
				if d["field"] != tc.field || d["reason"] != tc.reason {
					t.Errorf("details = %v, want field %s reason %s", d, tc.field, tc.reason)
				}
			}
		})
	}
	var n int
	if err := env.DB.NewRaw("SELECT count(*) FROM webhooks").Scan(t.Context(), &n); err != nil || n != 1 {
		t.Errorf("webhooks stored = %d (%v), want only the valid one", n, err)
	}

	insecure := servertest.New(t, servertest.Options{NoWorker: true, Webhooks: core.WebhookOptions{AllowInsecure: true}})
	if r := insecure.Do("POST", "/api/v1/webhooks", insecure.Key, map[string]any{"url": "http://example.com/h", "events": ev}); r.Status != 201 {
		t.Errorf("http with AllowInsecure = %d %s", r.Status, r.Body)
	}
}

func TestWebhookIsolationAndScopes(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	id, _ := createWebhook(t, env, env.Key, "https://a.example.com/h", "scan.started")
	ctx := context.Background()
	delivery := &db.Delivery{ID: uuid.Must(uuid.NewV7()), OrganizationID: uuid.MustParse(env.OrgID), WebhookID: ptr(uuid.MustParse(id)),
		EventID: uuid.Must(uuid.NewV7()), EventType: "scan.started", URL: "https://a.example.com/h", Status: "success", CreatedAt: db.Now()}
	if _, err := env.DB.NewInsert().Model(delivery).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	other := env.NewOrg("globex", "developer")
	reader := env.NewOrg("readers", "developer", "webhooks:read")
	none := env.NewOrg("nohooks", "developer", "projects:write")
	base := "/api/v1/webhooks/" + id
	routes := []struct {
		method, path string
		body         any
		write        bool
	}{
		{"GET", base, nil, false},
		{"PATCH", base, map[string]any{"active": false}, true},
		{"POST", base + "/test", nil, true},
		{"GET", base + "/deliveries", nil, false},
		{"POST", base + "/deliveries/" + delivery.ID.String() + "/redeliver", nil, true},
		{"DELETE", base, nil, true},
	}
	for _, rt := range routes {
		if r := env.Do(rt.method, rt.path, other, rt.body); r.Status != 404 || r.ErrorCode() != "RESOURCE_NOT_FOUND" {
			t.Errorf("other org %s %s = %d %s", rt.method, rt.path, r.Status, r.Body)
		}
		if r := env.Do(rt.method, rt.path, none, rt.body); r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED" {
			t.Errorf("no scope %s %s = %d %s", rt.method, rt.path, r.Status, r.Body)
		}
		r := env.Do(rt.method, rt.path, reader, rt.body)
		if rt.write && (r.Status != 403 || r.ErrorCode() != "PERMISSION_DENIED") {
			t.Errorf("read scope %s %s = %d %s", rt.method, rt.path, r.Status, r.Body)
		}
		if !rt.write && r.Status != 404 {
			t.Errorf("read scope of another org %s %s = %d %s", rt.method, rt.path, r.Status, r.Body)
		}
	}
	if r := env.Do("GET", "/api/v1/webhooks", other, nil); r.Status != 200 || strings.Contains(string(r.Body), id) {
		t.Errorf("other org list = %d %s", r.Status, r.Body)
	}
	if r := env.Do("POST", "/api/v1/webhooks", reader, map[string]any{"url": "https://x.example.com", "events": []string{"scan.started"}}); r.Status != 403 {
		t.Errorf("create with read scope = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/webhooks", none, nil); r.Status != 403 {
		t.Errorf("list without scope = %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/webhooks", "", nil); r.Status != 401 {
		t.Errorf("list without key = %d %s", r.Status, r.Body)
	}
	// The webhook survived every foreign attempt, deliveries included.
	if r := env.Do("GET", base+"/deliveries", env.Key, nil); r.Status != 200 || !strings.Contains(string(r.Body), delivery.ID.String()) {
		t.Errorf("own deliveries = %d %s", r.Status, r.Body)
	}
}

func ptr[T any](v T) *T { return &v }

// allEvents is api.md's table with a plausible payload for each.
func allEvents() map[string]map[string]any {
	scan := uuid.NewString()
	return map[string]map[string]any{
		core.EventScanStarted: {"scan_id": scan, "contract_id": uuid.NewString(), "preset": "standard"},
		core.EventScanCompleted: {"scan_id": scan, "contract_id": uuid.NewString(), "contract_name": "Vault", "status": "completed",
			"preset": "standard", "summary": map[string]any{"critical": 1, "high": 2, "medium": 0, "low": 3, "total": 6},
			"duration_seconds": 12, "scanners_used": []string{"solidity"}},
		core.EventScanFailed:            {"scan_id": scan, "contract_id": uuid.NewString(), "error": "SCAN_FAILED", "error_details": map[string]any{"reason": "syntax"}, "duration_seconds": 1},
		core.EventVulnerabilityFound:    {"vulnerability_id": uuid.NewString(), "scan_id": scan, "severity": "low"},
		core.EventVulnerabilityCritical: {"vulnerability_id": uuid.NewString(), "scan_id": scan, "title": "Reentrancy", "severity": "critical", "category": "reentrancy", "file": "Vault.sol", "line": 42, "scanner": "solidity", "risk_score": 95},
		core.EventVulnerabilityHigh:     {"vulnerability_id": uuid.NewString(), "scan_id": scan, "severity": "high"},
		core.EventVulnerabilityUpdated:  {"vulnerability_id": uuid.NewString(), "status": "fixed", "previous_status": "open"},
		core.EventContractUploaded:      {"contract_id": uuid.NewString(), "name": "Vault", "language": "solidity"},
		core.EventContractDeleted:       {"contract_id": uuid.NewString()},
		core.EventMemberInvited:         {"email": "new@acme.test", "role": "member"},
		core.EventMemberJoined:          {"user_id": uuid.NewString(), "role": "member"},
		core.EventMemberRemoved:         {"user_id": uuid.NewString()},
	}
}

func TestWebhookDeliversEveryEventSigned(t *testing.T) {
	env := servertest.New(t, localHooks)
	rcv := newReceiver(t, nil)
	id, secret := createWebhook(t, env, env.Key, rcv.URL+"/hook", core.EventTypes...)
	payloads := allEvents()
	eventIDs := map[string]string{}
	for _, typ := range core.EventTypes {
		eventIDs[typ] = emit(t, env, env.OrgID, typ, nil, payloads[typ]).String()
	}
	got := rcv.wait(t, len(core.EventTypes))
	records := waitDeliveries(t, env, env.Key, id, len(core.EventTypes))
	recordIDs := map[string]bool{}
	for _, d := range records {
		if d["status"] != "success" || d["response_code"] != float64(200) || d["retry_count"] != float64(0) {
			t.Errorf("delivery record = %v", d)
		}
		recordIDs[d["id"].(string)] = true
	}
	seen := map[string]bool{}
	for _, req := range got {
		h := req.Header
		typ := h.Get("X-Bulwark-Event")
		seen[typ] = true
		if h.Get("Content-Type") != "application/json" || h.Get("User-Agent") != "bulwark-webhooks/0.10.2" {
			t.Errorf("%s: content type %q, agent %q", typ, h.Get("Content-Type"), h.Get("User-Agent"))
		}
		if want := hexSig(secret, req.Body); h.Get("X-Bulwark-Signature") != want {
			t.Errorf("%s: X-Bulwark-Signature = %q, want %q", typ, h.Get("X-Bulwark-Signature"), want)
		}
		ts := h.Get("webhook-timestamp")
		if n, err := strconv.ParseInt(ts, 10, 64); err != nil || time.Since(time.Unix(n, 0)).Abs() > time.Minute {
			t.Errorf("%s: webhook-timestamp = %q", typ, ts)
		}
		if want := standardSig(t, secret, h.Get("webhook-id"), ts, req.Body); h.Get("webhook-signature") != want {
			t.Errorf("%s: webhook-signature = %q, want %q", typ, h.Get("webhook-signature"), want)
		}
		if !recordIDs[h.Get("X-Bulwark-Delivery")] {
			t.Errorf("%s: X-Bulwark-Delivery %q names no delivery record", typ, h.Get("X-Bulwark-Delivery"))
		}
		var env2 map[string]any
		if err := json.Unmarshal(req.Body, &env2); err != nil {
			t.Fatalf("%s: body %s: %v", typ, req.Body, err)
		}
		if env2["id"] != eventIDs[typ] || h.Get("webhook-id") != eventIDs[typ] || env2["type"] != typ || env2["organization_id"] != env.OrgID {
			t.Errorf("%s: envelope = %s", typ, req.Body)
		}
		if _, err := time.Parse(time.RFC3339Nano, env2["created_at"].(string)); err != nil {
			t.Errorf("%s: created_at %v", typ, env2["created_at"])
		}
		want, _ := json.Marshal(payloads[typ])
		gotData, _ := json.Marshal(env2["data"])
		if string(want) != string(gotData) {
			t.Errorf("%s: data = %s, want %s", typ, gotData, want)
		}
	}
	for _, typ := range core.EventTypes {
		if !seen[typ] {
			t.Errorf("event %s never arrived", typ)
		}
	}
	settle(t, env)
	if n := len(rcv.requests()); n != len(core.EventTypes) {
		t.Errorf("receiver got %d requests, want exactly %d", n, len(core.EventTypes))
	}
}

func TestWebhookReceivesOnlySubscribedEvents(t *testing.T) {
	env := servertest.New(t, localHooks)
	a, b := newReceiver(t, nil), newReceiver(t, nil)
	createWebhook(t, env, env.Key, a.URL, core.EventScanCompleted)
	createWebhook(t, env, env.Key, b.URL, core.EventContractUploaded, core.EventMemberRemoved)
	// An inactive webhook and another organization's webhook get nothing.
	c := newReceiver(t, nil)
	cid, _ := createWebhook(t, env, env.Key, c.URL, core.EventTypes...)
	if r := env.Do("PATCH", "/api/v1/webhooks/"+cid, env.Key, map[string]any{"active": false}); r.Status != 200 {
		t.Fatalf("deactivate = %d %s", r.Status, r.Body)
	}
	d := newReceiver(t, nil)
	createWebhook(t, env, env.NewOrg("globex", "developer"), d.URL, core.EventTypes...)

	payloads := allEvents()
	for _, typ := range core.EventTypes {
		emit(t, env, env.OrgID, typ, nil, payloads[typ])
	}
	a.wait(t, 1)
	b.wait(t, 2)
	settle(t, env)
	// Deliveries run on concurrent workers, so arrival order is not part
	// of the contract; which events arrive, and how often, is.
	types := func(r *receiver) []string {
		var out []string
		for _, q := range r.requests() {
			out = append(out, q.Header.Get("X-Bulwark-Event"))
		}
		slices.Sort(out)
		return out
	}
	if diff := cmp.Diff([]string{core.EventScanCompleted}, types(a)); diff != "" {
		t.Errorf("webhook on scan.completed got (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{core.EventContractUploaded, core.EventMemberRemoved}, types(b)); diff != "" {
		t.Errorf("webhook on contract.uploaded, member.removed got (-want +got):\n%s", diff)
	}
	if n := len(c.requests()) + len(d.requests()); n != 0 {
		t.Errorf("inactive or foreign webhooks got %d requests", n)
	}
}

func TestScanWebhookURLReceivesScanEvents(t *testing.T) {
	env := servertest.New(t, localHooks)
	rcv := newReceiver(t, nil)
	orgID := uuid.MustParse(env.OrgID)
	now := db.Now()
	scan := &db.Scan{ID: uuid.Must(uuid.NewV7()), OrganizationID: orgID, ProjectID: uuid.New(), ContractID: uuid.New(),
		Status: "completed", Preset: "standard", WebhookURL: rcv.URL + "/scan", ScannersUsed: []string{}, FileErrors: []db.FileError{},
		CreatedBy: uuid.MustParse(env.UserID), CreatedAt: now, UpdatedAt: now}
	if _, err := env.DB.NewInsert().Model(scan).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	org, err := db.GetOrganization(t.Context(), env.DB, orgID)
	if err != nil {
		t.Fatal(err)
	}
	evID := emit(t, env, env.OrgID, core.EventScanCompleted, &scan.ID, map[string]any{"scan_id": scan.ID.String()})
	emit(t, env, env.OrgID, core.EventContractUploaded, nil, map[string]any{"contract_id": uuid.NewString()})
	got := rcv.wait(t, 1)
	settle(t, env)
	if len(rcv.requests()) != 1 {
		t.Fatalf("scan receiver got %d requests, want only its scan's event", len(rcv.requests()))
	}
	h := got[0].Header
	if h.Get("X-Bulwark-Event") != core.EventScanCompleted || h.Get("webhook-id") != evID.String() {
		t.Errorf("headers = %v", h)
	}
	if want := hexSig(org.SigningSecret, got[0].Body); h.Get("X-Bulwark-Signature") != want {
		t.Errorf("signature %q, want one keyed with the organization's signing secret %q", h.Get("X-Bulwark-Signature"), want)
	}
	if want := standardSig(t, org.SigningSecret, evID.String(), h.Get("webhook-timestamp"), got[0].Body); h.Get("webhook-signature") != want {
		t.Errorf("webhook-signature %q, want %q", h.Get("webhook-signature"), want)
	}
}
