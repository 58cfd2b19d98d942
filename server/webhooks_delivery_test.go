package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// scheduledAttempt waits for the queued delivery attempt number attempt
// (0-based) of the critical queue and returns its task.
func scheduledAttempt(t *testing.T, env *servertest.Env, attempt int) *asynq.TaskInfo {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		tasks, err := env.Queue.Inspector.ListScheduledTasks("critical")
		if err == nil {
			for _, ti := range tasks {
				var j core.DeliveryJob
				if json.Unmarshal(ti.Payload, &j) == nil && j.Attempt == attempt {
					return ti
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no scheduled delivery attempt %d", attempt)
	return nil
}

func scheduledCount(t *testing.T, env *servertest.Env) int {
	t.Helper()
	tasks, err := env.Queue.Inspector.ListScheduledTasks("critical")
	if err != nil {
		return 0 // the queue does not exist yet
	}
	return len(tasks)
}

func TestWebhookRetriesOnSchedule(t *testing.T) {
	env := servertest.New(t, localHooks)
	rcv := newReceiver(t, func(int) int { return 500 })
	id, _ := createWebhook(t, env, env.Key, rcv.URL, core.EventScanStarted)
	evID := emit(t, env, env.OrgID, core.EventScanStarted, nil, map[string]any{"scan_id": "s"})
	for attempt := 0; attempt < 7; attempt++ {
		got := rcv.wait(t, attempt+1)
		if len(got) != attempt+1 {
			t.Fatalf("attempt %d: receiver has %d requests", attempt, len(got))
		}
		req := got[attempt]
		if req.Header.Get("webhook-id") != evID.String() || !bytes.Equal(req.Body, got[0].Body) {
			t.Errorf("attempt %d: envelope changed: id %s body %s", attempt, req.Header.Get("webhook-id"), req.Body)
		}
		if attempt == 6 {
			break
		}
		task := scheduledAttempt(t, env, attempt+1)
		// decisions.md: every retry is timed from the first failure.
		// Scheduled times have second precision in Redis.
		delay := task.NextProcessAt.Sub(got[0].At)
		want := core.RetrySchedule[attempt+1]
		lo, hi := time.Duration(0.9*float64(want))-2*time.Second, time.Duration(1.1*float64(want))+2*time.Second
		if delay < lo || delay > hi {
			t.Errorf("attempt %d scheduled %v after the first failure, want %v ±10%%", attempt+1, delay, want)
		}
		// Run it now rather than wait for the schedule.
		if err := env.Queue.Inspector.RunTask("critical", task.ID); err != nil {
			t.Fatalf("run attempt %d: %v", attempt+1, err)
		}
	}
	records := waitDeliveries(t, env, env.Key, id, 7)
	settle(t, env)
	if n := scheduledCount(t, env); n != 0 {
		t.Errorf("%d attempts scheduled after the seventh, want none", n)
	}
	if n := len(rcv.requests()); n != 7 {
		t.Errorf("receiver got %d requests, want 7", n)
	}
	// Cursor pages walk the log newest first too.
	var counts []float64
	after := ""
	for page := 0; page < 3; page++ {
		r := env.Do("GET", "/api/v1/webhooks/"+id+"/deliveries?first=3"+after, env.Key, nil)
		var p struct {
			Deliveries []map[string]any `json:"deliveries"`
			PageInfo   struct {
				EndCursor string `json:"end_cursor"`
			} `json:"page_info"`
		}
		r.Decode(t, &p)
		for _, d := range p.Deliveries {
			counts = append(counts, d["retry_count"].(float64))
		}
		after = "&after=" + p.PageInfo.EndCursor
	}
	if fmt.Sprint(counts) != "[6 5 4 3 2 1 0]" {
		t.Errorf("retry counts over cursor pages = %v", counts)
	}
	for i, d := range records {
		if d["status"] != "failed" || d["response_code"] != float64(500) || d["retry_count"] != float64(6-i) ||
			d["error"] != "receiver answered 500" || d["event_id"] != evID.String() {
			t.Errorf("record %d = %v", i, d)
		}
	}
}

func TestWebhookRetryRecovers(t *testing.T) {
	env := servertest.New(t, localHooks)
	rcv := newReceiver(t, func(n int) int {
		if n <= 2 {
			return 503
		}
		return 204
	})
	id, _ := createWebhook(t, env, env.Key, rcv.URL, core.EventContractDeleted)
	emit(t, env, env.OrgID, core.EventContractDeleted, nil, map[string]any{"contract_id": "c"})
	for attempt := 1; attempt <= 2; attempt++ {
		rcv.wait(t, attempt)
		task := scheduledAttempt(t, env, attempt)
		if err := env.Queue.Inspector.RunTask("critical", task.ID); err != nil {
			t.Fatal(err)
		}
	}
	records := waitDeliveries(t, env, env.Key, id, 3)
	settle(t, env)
	var got []string
	for _, d := range records {
		got = append(got, d["status"].(string))
	}
	if strings.Join(got, ",") != "success,failed,failed" || records[0]["response_code"] != float64(204) {
		t.Errorf("records = %v", records)
	}
	if n := scheduledCount(t, env); n != 0 {
		t.Errorf("%d attempts scheduled after a success", n)
	}
}

func TestWebhookGoneDisables(t *testing.T) {
	env := servertest.New(t, localHooks)
	rcv := newReceiver(t, func(n int) int {
		if n == 1 {
			return 410
		}
		return 200
	})
	id, _ := createWebhook(t, env, env.Key, rcv.URL, core.EventScanFailed)
	emit(t, env, env.OrgID, core.EventScanFailed, nil, map[string]any{"scan_id": "s"})
	records := waitDeliveries(t, env, env.Key, id, 1)
	settle(t, env)
	if records[0]["response_code"] != float64(410) || records[0]["status"] != "failed" {
		t.Errorf("record = %v", records[0])
	}
	r := env.Do("GET", "/api/v1/webhooks/"+id, env.Key, nil)
	data := r.JSON()["data"].(map[string]any)
	if r.JSON()["status"] != "disabled" || data["active"] != false || data["disabled_reason"] != "gone" || data["disabled_at"] == nil {
		t.Errorf("after 410: %s", r.Body)
	}
	if n := scheduledCount(t, env); n != 0 {
		t.Errorf("%d retries scheduled after 410", n)
	}
	emit(t, env, env.OrgID, core.EventScanFailed, nil, map[string]any{"scan_id": "s2"})
	settle(t, env)
	if n := len(rcv.requests()); n != 1 {
		t.Fatalf("disabled webhook got %d requests", n)
	}
	r = env.Do("PATCH", "/api/v1/webhooks/"+id, env.Key, map[string]any{"active": true})
	if data := r.JSON()["data"].(map[string]any); r.Status != 200 || data["disabled_reason"] != nil || data["active"] != true {
		t.Errorf("re-enable = %d %s", r.Status, r.Body)
	}
	emit(t, env, env.OrgID, core.EventScanFailed, nil, map[string]any{"scan_id": "s3"})
	rcv.wait(t, 2)
}

func TestWebhookTestAndRedeliver(t *testing.T) {
	env := servertest.New(t, localHooks)
	rcv := newReceiver(t, nil)
	id, secret := createWebhook(t, env, env.Key, rcv.URL, core.EventScanStarted)
	// Switched off: a test is an explicit request and goes anyway.
	env.Do("PATCH", "/api/v1/webhooks/"+id, env.Key, map[string]any{"active": false})
	r := env.Do("POST", "/api/v1/webhooks/"+id+"/test", env.Key, nil)
	if r.Status != 202 || r.JSON()["status"] != "queued" {
		t.Fatalf("test = %d %s", r.Status, r.Body)
	}
	var q struct {
		ID   string `json:"id"`
		Data struct {
			DeliveryID, EventID, EventType, WebhookID string
		} `json:"data"`
	}
	r.Decode(t, &q)
	var qd map[string]any
	_ = json.Unmarshal(r.Body, &qd)
	data := qd["data"].(map[string]any)
	if data["delivery_id"] != q.ID || data["event_type"] != "ping" || data["webhook_id"] != id {
		t.Errorf("test answer = %s", r.Body)
	}
	got := rcv.wait(t, 1)[0]
	var envl map[string]any
	_ = json.Unmarshal(got.Body, &envl)
	if got.Header.Get("X-Bulwark-Event") != "ping" || got.Header.Get("X-Bulwark-Delivery") != q.ID || envl["type"] != "ping" ||
		envl["id"] != data["event_id"] || envl["data"].(map[string]any)["webhook_id"] != id ||
		got.Header.Get("X-Bulwark-Signature") != hexSig(secret, got.Body) {
		t.Errorf("ping = %v %s", got.Header, got.Body)
	}
	records := waitDeliveries(t, env, env.Key, id, 1)
	if records[0]["id"] != q.ID || records[0]["event_type"] != "ping" || records[0]["manual"] != true || records[0]["status"] != "success" {
		t.Errorf("ping record = %v", records[0])
	}

	// Redelivery sends the same envelope under a new delivery id.
	r = env.Do("POST", "/api/v1/webhooks/"+id+"/deliveries/"+q.ID+"/redeliver", env.Key, nil)
	if r.Status != 202 {
		t.Fatalf("redeliver = %d %s", r.Status, r.Body)
	}
	newID := r.JSON()["id"].(string)
	again := rcv.wait(t, 2)[1]
	if newID == q.ID || again.Header.Get("X-Bulwark-Delivery") != newID || !bytes.Equal(again.Body, got.Body) ||
		again.Header.Get("webhook-id") != got.Header.Get("webhook-id") {
		t.Errorf("redelivery: delivery %s (first %s), body %s, want the first body %s", again.Header.Get("X-Bulwark-Delivery"), q.ID, again.Body, got.Body)
	}
	waitDeliveries(t, env, env.Key, id, 2)
	// Both attempts are in the delivery metrics.
	m := env.Do("GET", "/metrics", "", nil)
	if !strings.Contains(string(m.Body), `bulwark_webhook_deliveries_total{code="2xx",status="success"} 2`) ||
		!strings.Contains(string(m.Body), `bulwark_webhook_delivery_seconds_count{status="success"} 2`) {
		t.Errorf("/metrics lacks the two successful deliveries")
	}

	// Redelivering through another webhook's path is unknown.
	otherID, _ := createWebhook(t, env, env.Key, rcv.URL, core.EventScanStarted)
	if r := env.Do("POST", "/api/v1/webhooks/"+otherID+"/deliveries/"+q.ID+"/redeliver", env.Key, nil); r.Status != 404 {
		t.Errorf("redeliver via another webhook = %d %s", r.Status, r.Body)
	}
	// A failing manual attempt is not retried.
	failing := newReceiver(t, func(int) int { return 500 })
	fid, _ := createWebhook(t, env, env.Key, failing.URL, core.EventScanStarted)
	env.Do("POST", "/api/v1/webhooks/"+fid+"/test", env.Key, nil)
	waitDeliveries(t, env, env.Key, fid, 1)
	settle(t, env)
	if n := scheduledCount(t, env); n != 0 {
		t.Errorf("%d retries scheduled after a failed test delivery", n)
	}
	var actions []string
	if err := env.DB.NewSelect().Model((*db.AuditLog)(nil)).Column("action").
		Where("action IN ('webhook.tested', 'webhook.redelivered')").OrderExpr("created_at").Scan(t.Context(), &actions); err != nil {
		t.Fatal(err)
	}
	if strings.Join(actions, ",") != "webhook.tested,webhook.redelivered,webhook.tested" {
		t.Errorf("audit = %v", actions)
	}
}

// fakeResolver answers lookups from a table.
type fakeResolver map[string][]netip.Addr

func (f fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	if a, ok := f[host]; ok {
		return a, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

func addrs(s ...string) []netip.Addr {
	var out []netip.Addr
	for _, a := range s {
		out = append(out, netip.MustParseAddr(a))
	}
	return out
}

// rebinder answers with public addresses until rebound, then with the
// special-purpose ones: a receiver that passes the check at creation and
// points inside at delivery (DNS rebinding).
type rebinder struct {
	rebound atomic.Bool
	later   fakeResolver
}

func (r *rebinder) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	if !r.rebound.Load() {
		return addrs("93.184.216.34"), nil
	}
	return r.later.LookupNetIP(ctx, network, host)
}

func TestWebhookRefusesSpecialAddresses(t *testing.T) {
	special := fakeResolver{
		"loopback.test": addrs("127.0.0.1"),
		"private.test":  addrs("10.1.2.3"),
		"metadata.test": addrs("169.254.169.254"),
		"cgnat.test":    addrs("100.64.0.1"),
		"mixed.test":    addrs("93.184.216.34", "192.168.1.10"),
		"mapped.test":   addrs("::ffff:127.0.0.1"),
		"ula.test":      addrs("fd00::1"),
		"v6loop.test":   addrs("::1"),
	}
	names := []string{"loopback.test", "private.test", "metadata.test", "cgnat.test", "mixed.test", "mapped.test",
		"ula.test", "v6loop.test"}

	// At creation: every literal and every name resolving to a special
	// address is refused, and nothing is stored.
	env := servertest.New(t, servertest.Options{NoWorker: true, Webhooks: core.WebhookOptions{AllowInsecure: true, Resolver: special}})
	for _, h := range append([]string{"127.0.0.1", "[::1]", "[::ffff:127.0.0.1]", "0.0.0.0", "169.254.169.254",
		"localhost", "api.localhost"}, names...) {
		r := env.Do("POST", "/api/v1/webhooks", env.Key, map[string]any{"url": "http://" + h + ":8080/hook",
			"events": []string{core.EventScanStarted}})
		if r.Status != 422 || r.ErrorCode() != "INVALID_FIELD" || !strings.Contains(string(r.Body), "private_address") {
			t.Errorf("create %s = %d %s, want 422 private_address", h, r.Status, r.Body)
		}
	}
	if n := countWhere(t, env, "SELECT count(*) FROM webhooks"); n != 0 {
		t.Errorf("%d webhooks stored by refused requests", n)
	}

	// At delivery: names that resolved to a public address at creation and
	// to a special one now are blocked when dialled.
	reb := &rebinder{later: special}
	env = servertest.New(t, servertest.Options{Webhooks: core.WebhookOptions{AllowInsecure: true, Resolver: reb}})
	rcv := newReceiver(t, nil)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(rcv.URL, "http://"))
	ids := map[string]string{}
	for _, h := range names {
		ids[h], _ = createWebhook(t, env, env.Key, "http://"+h+":"+port+"/hook", core.EventScanStarted)
	}
	reb.rebound.Store(true)
	emit(t, env, env.OrgID, core.EventScanStarted, nil, map[string]any{"scan_id": "s"})
	for _, h := range names {
		d := waitDeliveries(t, env, env.Key, ids[h], 1)[0]
		errText, _ := d["error"].(string)
		if d["status"] != "failed" || d["response_code"] != nil || !strings.HasPrefix(errText, "blocked: ") {
			t.Errorf("%s: delivery = %v, want failed as blocked", h, d)
		}
	}
	if n := len(rcv.requests()); n != 0 {
		t.Errorf("the loopback receiver got %d requests", n)
	}
}

func TestWebhookRedirectsTimeoutsAndLargeAnswers(t *testing.T) {
	env := servertest.New(t, servertest.Options{Webhooks: core.WebhookOptions{AllowInsecure: true, AllowPrivate: true,
		Timeout: time.Second}})
	target := newReceiver(t, nil)
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.URL+"/internal", http.StatusTemporaryRedirect)
	}))
	t.Cleanup(redirect.Close)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(slow.Close)
	big := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200)
		_, _ = w.Write(bytes.Repeat([]byte("é"), 100_000))
	}))
	t.Cleanup(big.Close)
	rid, _ := createWebhook(t, env, env.Key, redirect.URL, core.EventMemberInvited)
	sid, _ := createWebhook(t, env, env.Key, slow.URL, core.EventMemberInvited)
	bid, _ := createWebhook(t, env, env.Key, big.URL, core.EventMemberInvited)
	emit(t, env, env.OrgID, core.EventMemberInvited, nil, map[string]any{"email": "a@b.test"})

	d := waitDeliveries(t, env, env.Key, rid, 1)[0]
	if d["status"] != "failed" || d["response_code"] != float64(307) || !strings.Contains(d["error"].(string), "not followed") {
		t.Errorf("redirect delivery = %v", d)
	}
	d = waitDeliveries(t, env, env.Key, sid, 1)[0]
	if d["status"] != "failed" || !strings.HasPrefix(d["error"].(string), "timed out") || d["response_time_ms"].(float64) > 3000 {
		t.Errorf("slow delivery = %v", d)
	}
	d = waitDeliveries(t, env, env.Key, bid, 1)[0]
	if body := d["response_body"].(string); d["status"] != "success" || len(body) > 4<<10+4 || !strings.HasPrefix(body, "éé") {
		t.Errorf("big answer stored as %d bytes: %v", len(body), d["status"])
	}
	settle(t, env)
	if n := len(target.requests()); n != 0 {
		t.Errorf("the redirect target got %d requests", n)
	}
}
