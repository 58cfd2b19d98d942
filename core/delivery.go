package core

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/db"
)

// Delivery statuses.
const (
	DeliverySuccess = "success"
	DeliveryFailed  = "failed"
)

// UserAgent identifies webhook requests.
const UserAgent = "bulwark-webhooks/0.10.2"

// RetrySchedule is when each attempt is made, as decisions.md settles
// api.md's table: the first immediately, then 1 min, 5 min, 30 min, 2 h,
// 8 h and 24 h after the first failure. Seven attempts in all.
var RetrySchedule = []time.Duration{0, time.Minute, 5 * time.Minute, 30 * time.Minute,
	2 * time.Hour, 8 * time.Hour, 24 * time.Hour}

// retryJitter spreads retries ±10% so that a receiver coming back is not
// hit by every queued retry in the same second.
const retryJitter = 0.10

// RetryAt returns when attempt (0-based) is due, given the time the first
// attempt failed: that time plus the attempt's jittered offset, and never
// in the past.
func RetryAt(firstFailure time.Time, attempt int) time.Time {
	d := RetrySchedule[attempt]
	at := firstFailure.Add(time.Duration(float64(d) * (1 - retryJitter + 2*retryJitter*rand.Float64())))
	if now := time.Now(); at.Before(now) {
		return now
	}
	return at
}

// Bounds of what a delivery record keeps and reads.
const (
	maxStoredRequest  = 16 << 10
	maxStoredResponse = 4 << 10
	maxReadResponse   = 64 << 10
	maxStoredError    = 1000
)

// DeliveryJob is one attempt to deliver one event to one receiver: a
// webhook, or (WebhookID nil, ScanID set) the webhook_url of the scan.
type DeliveryJob struct {
	// DeliveryID is the id the attempt's record will carry, and the
	// X-Bulwark-Delivery header.
	DeliveryID uuid.UUID  `json:"delivery_id"`
	EventID    uuid.UUID  `json:"event_id"`
	OrgID      uuid.UUID  `json:"organization_id"`
	WebhookID  *uuid.UUID `json:"webhook_id,omitempty"`
	ScanID     *uuid.UUID `json:"scan_id,omitempty"`
	// Attempt is the 0-based position in RetrySchedule (the record's
	// retry_count).
	Attempt int `json:"attempt"`
	// Manual marks a test delivery or a redelivery: one attempt, sent even
	// to an inactive webhook.
	Manual bool `json:"manual,omitempty"`
	// FirstFailure is when attempt 0 failed; retries are scheduled from it.
	FirstFailure time.Time `json:"first_failure,omitzero"`
	// NotBefore delays the attempt (zero: now).
	NotBefore time.Time `json:"-"`
}

// DeliveryQueue queues webhook deliveries. jobs.Queue implements it next
// to Enqueuer, so the service finds it on s.Queue.
type DeliveryQueue interface {
	EnqueueDelivery(ctx context.Context, j DeliveryJob) error
}

func (s *Service) deliveryQueue() (DeliveryQueue, error) {
	q, ok := s.Queue.(DeliveryQueue)
	if !ok {
		return nil, errors.New("the service queue cannot deliver webhooks")
	}
	return q, nil
}

// Envelope is the body of every delivery (api.md's Events).
type Envelope struct {
	ID             string         `json:"id"`
	Type           string         `json:"type"`
	CreatedAt      time.Time      `json:"created_at"`
	Data           map[string]any `json:"data"`
	OrganizationID string         `json:"organization_id"`
}

// envelopeJSON renders an event. It depends only on the stored event, so
// every retry and redelivery sends the same bytes.
func envelopeJSON(ev *db.Event) ([]byte, error) {
	data := ev.Data
	if data == nil {
		data = map[string]any{}
	}
	return json.Marshal(Envelope{ID: ev.ID.String(), Type: ev.Type, CreatedAt: ev.CreatedAt.UTC(), Data: data,
		OrganizationID: ev.OrganizationID.String()})
}

// SignatureHeader is X-Bulwark-Signature: sha256= and the lowercase hex
// HMAC-SHA256 of the raw body keyed with the secret's bytes as written.
func SignatureHeader(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// StandardSignature is the Standard Webhooks webhook-signature value:
// v1, and the base64 HMAC-SHA256 of "id.timestamp.body" keyed with
// StandardKey(secret).
func StandardSignature(secret, id string, timestamp int64, body []byte) string {
	m := hmac.New(sha256.New, StandardKey(secret))
	m.Write([]byte(id + "." + strconv.FormatInt(timestamp, 10) + "."))
	m.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// StandardKey is the Standard Webhooks signing key of a secret: for
// whsec_<base64> (every generated secret) the decoded bytes, as the
// Standard Webhooks libraries take them; for any other secret its bytes as
// written.
func StandardKey(secret string) []byte {
	if rest, ok := strings.CutPrefix(secret, webhookSecretPrefix); ok {
		if b, err := base64.StdEncoding.DecodeString(rest); err == nil && len(b) > 0 {
			return b
		}
	}
	return []byte(secret)
}

// target is where a job posts, and with which secret.
type target struct {
	url       string
	secret    string
	webhookID *uuid.UUID
	scanID    *uuid.UUID
}

// jobTarget resolves a job's receiver now, not when it was queued: a
// webhook deleted, switched off or unsubscribed since gets nothing (nil).
func (s *Service) jobTarget(ctx context.Context, j DeliveryJob, ev *db.Event) (*target, error) {
	if j.WebhookID != nil {
		w := new(db.Webhook)
		err := s.DB.NewSelect().Model(w).Where("id = ? AND organization_id = ?", *j.WebhookID, j.OrgID).Scan(ctx)
		if errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("load webhook %s: %w", *j.WebhookID, err)
		}
		if !j.Manual && (!w.Active || !slices.Contains(w.Events, ev.Type)) {
			return nil, nil
		}
		return &target{url: w.URL, secret: w.Secret, webhookID: &w.ID}, nil
	}
	if j.ScanID == nil {
		return nil, nil
	}
	var sc db.Scan
	err := s.DB.NewSelect().Model(&sc).Column("id", "webhook_url").
		Where("id = ? AND organization_id = ?", *j.ScanID, j.OrgID).Scan(ctx)
	if errors.Is(db.NotFoundErr(err), db.ErrNotFound) || (err == nil && sc.WebhookURL == "") {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load scan %s: %w", *j.ScanID, err)
	}
	org, err := db.GetOrganization(ctx, s.DB, j.OrgID)
	if err != nil {
		return nil, fmt.Errorf("load organization %s: %w", j.OrgID, err)
	}
	return &target{url: sc.WebhookURL, secret: org.SigningSecret, scanID: j.ScanID}, nil
}

// DeliverWebhook makes one attempt (the webhook:deliver task): it posts
// the event, records the attempt, and on failure queues the next attempt
// of the schedule, or disables the webhook on 410 Gone. An error means the
// attempt could not be made or recorded (database or queue down) and the
// task should run again.
func (s *Service) DeliverWebhook(ctx context.Context, j DeliveryJob) error {
	ev := new(db.Event)
	err := s.DB.NewSelect().Model(ev).Where("id = ? AND organization_id = ?", j.EventID, j.OrgID).Scan(ctx)
	if errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("load event %s: %w", j.EventID, err)
	}
	tg, err := s.jobTarget(ctx, j, ev)
	if err != nil || tg == nil {
		return err
	}
	body, err := envelopeJSON(ev)
	if err != nil {
		return fmt.Errorf("encode event %s: %w", ev.ID, err)
	}
	rec := s.post(ctx, tg, ev, j, body)
	if _, err := s.DB.NewInsert().Model(rec).Exec(ctx); err != nil && !db.IsUniqueViolation(err) {
		// A unique violation means this attempt ran before and was
		// recorded; the follow-up below is idempotent, so carry on.
		return fmt.Errorf("record delivery %s: %w", rec.ID, err)
	}
	if s.Delivered != nil {
		s.Delivered(rec)
	}
	if rec.Status == DeliverySuccess {
		return nil
	}
	if rec.ResponseCode == http.StatusGone {
		// The receiver says it is gone for good: stop, and stop the
		// webhook so that nothing more is sent until its owner says so.
		if tg.webhookID != nil {
			now := s.Now()
			_, err := s.DB.NewUpdate().Model((*db.Webhook)(nil)).
				Set("active = ?", false).Set("disabled_reason = ?", "gone").Set("disabled_at = ?", now).Set("updated_at = ?", now).
				Where("id = ? AND active = ?", *tg.webhookID, true).Exec(ctx)
			if err != nil {
				return fmt.Errorf("disable webhook %s: %w", *tg.webhookID, err)
			}
		}
		return nil
	}
	if j.Manual || j.Attempt+1 >= len(RetrySchedule) {
		return nil
	}
	q, err := s.deliveryQueue()
	if err != nil {
		return err
	}
	next := j
	next.DeliveryID = newID()
	next.Attempt++
	if j.Attempt == 0 || next.FirstFailure.IsZero() {
		next.FirstFailure = time.Now()
	}
	next.NotBefore = RetryAt(next.FirstFailure, next.Attempt)
	return q.EnqueueDelivery(ctx, next)
}

// post sends one attempt and describes it as a delivery record.
func (s *Service) post(ctx context.Context, tg *target, ev *db.Event, j DeliveryJob, body []byte) *db.Delivery {
	rec := &db.Delivery{ID: j.DeliveryID, OrganizationID: j.OrgID, WebhookID: tg.webhookID, ScanID: tg.scanID,
		EventID: ev.ID, EventType: ev.Type, URL: tg.url, Status: DeliveryFailed, RetryCount: j.Attempt,
		Manual: j.Manual, RequestBody: clip(string(body), maxStoredRequest), CreatedAt: s.Now()}
	if j.Manual {
		rec.RetryCount = 0
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tg.url, bytes.NewReader(body))
	if err != nil {
		rec.Error = clip("build request: "+err.Error(), maxStoredError)
		return rec
	}
	ts := s.Now().Unix()
	h := req.Header
	h.Set("Content-Type", "application/json")
	h.Set("User-Agent", UserAgent)
	h.Set("X-Bulwark-Event", ev.Type)
	h.Set("X-Bulwark-Delivery", j.DeliveryID.String())
	h.Set("X-Bulwark-Signature", SignatureHeader(tg.secret, body))
	h.Set("webhook-id", ev.ID.String())
	h.Set("webhook-timestamp", strconv.FormatInt(ts, 10))
	h.Set("webhook-signature", StandardSignature(tg.secret, ev.ID.String(), ts, body))
	start := time.Now()
	resp, err := s.webhookClient().Do(req)
	if err != nil {
		rec.ResponseTimeMS = time.Since(start).Milliseconds()
		rec.Error = clip(describeSendError(err), maxStoredError)
		return rec
	}
	// Read a bounded prefix: enough for the log, and a receiver streaming
	// forever cannot hold the worker past the client timeout.
	b, rerr := io.ReadAll(io.LimitReader(resp.Body, maxReadResponse))
	resp.Body.Close()
	rec.ResponseTimeMS = time.Since(start).Milliseconds()
	rec.ResponseCode = resp.StatusCode
	rec.ResponseBody = clip(string(b), maxStoredResponse)
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		rec.Status = DeliverySuccess
		if rerr != nil {
			// The receiver answered 2xx; a broken body afterwards does
			// not undo that.
			rec.Error = clip("read response: "+rerr.Error(), maxStoredError)
		}
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		rec.Error = clip(fmt.Sprintf("receiver answered %d (redirect to %q not followed)", resp.StatusCode,
			resp.Header.Get("Location")), maxStoredError)
	default:
		rec.Error = fmt.Sprintf("receiver answered %d", resp.StatusCode)
	}
	return rec
}

// describeSendError words a transport failure for the delivery log.
func describeSendError(err error) string {
	switch {
	case errors.Is(err, ErrBlockedAddress):
		return "blocked: " + err.Error()
	case errors.Is(err, context.DeadlineExceeded), isTimeout(err):
		return "timed out: " + err.Error()
	}
	return err.Error()
}

func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

// clip truncates s to at most n bytes of valid UTF-8 without NULs, which
// PostgreSQL text refuses.
func clip(s string, n int) string {
	s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s + "…"
}
