package server_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// localHooks lets deliveries reach receivers on loopback over plain http.
var localHooks = servertest.Options{Webhooks: core.WebhookOptions{AllowInsecure: true, AllowPrivate: true}}

// received is one request a receiver got.
type received struct {
	Header http.Header
	Body   []byte
	At     time.Time
}

// receiver is a webhook endpoint on loopback that records every request
// and answers with status(n), n counting requests from 1.
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	got    []received
	status func(n int) int
}

func newReceiver(t *testing.T, status func(n int) int) *receiver {
	t.Helper()
	r := &receiver{status: status}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, received{Header: req.Header.Clone(), Body: b, At: time.Now()})
		n := len(r.got)
		r.mu.Unlock()
		code := 200
		if r.status != nil {
			code = r.status(n)
		}
		w.WriteHeader(code)
		_, _ = w.Write([]byte(`{"ok":true}`))
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) requests() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

// wait returns once the receiver has n requests, or fails t.
func (r *receiver) wait(t *testing.T, n int) []received {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if got := r.requests(); len(got) >= n {
			return got
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("receiver got %d requests, want %d", len(r.requests()), n)
	return nil
}

// createWebhook registers url for events and returns its id and secret.
func createWebhook(t *testing.T, env *servertest.Env, key, url string, events ...string) (id, secret string) {
	t.Helper()
	r := env.Do("POST", "/api/v1/webhooks", key, map[string]any{"url": url, "events": events})
	if r.Status != 201 {
		t.Fatalf("create webhook = %d %s", r.Status, r.Body)
	}
	var out struct {
		ID   string `json:"id"`
		Data struct {
			Secret string `json:"secret"`
		} `json:"data"`
	}
	r.Decode(t, &out)
	return out.ID, out.Data.Secret
}

// emit commits an outbox event as core's emit does: one row in events,
// written in a transaction.
func emit(t *testing.T, env *servertest.Env, orgID, typ string, scanID *uuid.UUID, data map[string]any) uuid.UUID {
	t.Helper()
	ev := &db.Event{ID: uuid.Must(uuid.NewV7()), OrganizationID: uuid.MustParse(orgID), Type: typ, Data: data,
		ScanID: scanID, CreatedAt: db.Now()}
	err := env.DB.RunInTx(context.Background(), nil, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewInsert().Model(ev).Exec(ctx)
		return err
	})
	if err != nil {
		t.Fatalf("emit %s: %v", typ, err)
	}
	return ev.ID
}

// hexSig and standardSig recompute the signatures independently of core.
func hexSig(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

func standardSig(t *testing.T, secret, id, ts string, body []byte) string {
	t.Helper()
	key := []byte(secret)
	if rest, ok := strings.CutPrefix(secret, "whsec_"); ok {
		if b, err := base64.StdEncoding.DecodeString(rest); err == nil {
			key = b
		}
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id + "." + ts + "."))
	m.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// deliveries lists a webhook's delivery records, newest first.
func deliveries(t *testing.T, env *servertest.Env, key, webhookID string) []map[string]any {
	t.Helper()
	r := env.Do("GET", "/api/v1/webhooks/"+webhookID+"/deliveries", key, nil)
	if r.Status != 200 {
		t.Fatalf("list deliveries = %d %s", r.Status, r.Body)
	}
	var out struct {
		Deliveries []map[string]any `json:"deliveries"`
	}
	r.Decode(t, &out)
	return out.Deliveries
}

// waitDeliveries returns once the webhook has n delivery records.
func waitDeliveries(t *testing.T, env *servertest.Env, key, webhookID string, n int) []map[string]any {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ds := deliveries(t, env, key, webhookID)
		if len(ds) >= n {
			return ds
		}
		if time.Now().After(deadline) {
			t.Fatalf("webhook %s has %d deliveries, want %d", webhookID, len(ds), n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// settle waits until the outbox is empty and the critical queue has
// nothing pending or running, so that a test can assert that something
// did not arrive.
func settle(t *testing.T, env *servertest.Env) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		n, err := env.DB.NewSelect().Model((*db.Event)(nil)).Where("dispatched_at IS NULL").Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		qi, err := env.Queue.Inspector.GetQueueInfo("critical")
		if n == 0 && (err != nil || qi.Pending+qi.Active == 0) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("outbox and queue did not settle")
}
