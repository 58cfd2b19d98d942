package core

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Webhook limits.
const (
	maxWebhookURL       = 2048
	minWebhookSecret    = 16
	maxWebhookSecret    = 256
	maxWebhookDescr     = 1000
	webhookSecretPrefix = "whsec_"
)

// WebhookInput holds the writable fields of a webhook; nil means unchanged
// on update.
type WebhookInput struct {
	URL         *string
	Events      *[]string
	Secret      *string
	Description *string
	Active      *bool
}

func (s *Service) validateWebhook(in WebhookInput, create bool) error {
	if in.URL == nil {
		if create {
			return Missing("url")
		}
	} else if err := s.CheckWebhookURL("url", *in.URL); err != nil {
		return err
	}
	if in.Events == nil {
		if create {
			return Missing("events")
		}
	} else if err := validateEvents(*in.Events); err != nil {
		return err
	}
	if in.Secret != nil {
		if n := len(*in.Secret); n < minWebhookSecret || n > maxWebhookSecret || strings.TrimSpace(*in.Secret) != *in.Secret {
			return Invalid("secret", "invalid", "secret must be 16 to 256 characters without surrounding spaces")
		}
	}
	if in.Description != nil && len(*in.Description) > maxWebhookDescr {
		return Invalid("description", "out_of_range", "description must be at most 1000 characters")
	}
	return nil
}

// CheckWebhookURL validates a receiver URL (a webhook's, or a scan's
// webhook_url) for field: absolute https (http only when AllowInsecure), a
// host, no user information, at most 2048 characters. Addresses are checked
// at delivery time, on the resolved IP.
func (s *Service) CheckWebhookURL(field, raw string) error {
	if raw == "" {
		return Missing(field)
	}
	if len(raw) > maxWebhookURL {
		return Invalid(field, "out_of_range", field+" must be at most 2048 characters")
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" {
		return Invalid(field, "invalid", field+" must be an absolute URL")
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !s.Webhooks.AllowInsecure {
			return Invalid(field, "not_https", field+" must use https")
		}
	default:
		return Invalid(field, "not_https", field+" must use https")
	}
	if u.User != nil {
		return Invalid(field, "invalid", field+" must not contain user information")
	}
	if u.Hostname() == "" {
		return Invalid(field, "invalid", field+" must name a host")
	}
	if u.Fragment != "" {
		return Invalid(field, "invalid", field+" must not contain a fragment")
	}
	if !s.Webhooks.AllowPrivate {
		if addr, ok := s.privateTarget(u.Hostname()); ok {
			return Invalid(field, "private_address", fmt.Sprintf(
				"%s points at %s, a private, loopback, link-local or metadata address that deliveries may not reach", field, addr))
		}
	}
	return nil
}

// privateTarget reports a blocked address the host is or resolves to, so a
// user learns at creation, not from a failed delivery. Names that do not
// resolve now are accepted: DNS may change, and every delivery checks the
// address it dials anyway.
func (s *Service) privateTarget(host string) (string, bool) {
	if a, err := netip.ParseAddr(host); err == nil {
		return a.String(), BlockedAddr(a)
	}
	lower := strings.ToLower(strings.TrimSuffix(host, "."))
	if lower == "localhost" || strings.HasSuffix(lower, ".localhost") {
		return host, true
	}
	var r Resolver = net.DefaultResolver
	if s.Webhooks.Resolver != nil {
		r = s.Webhooks.Resolver
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	addrs, err := r.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return "", false
	}
	for _, a := range addrs {
		if BlockedAddr(a) {
			return a.String(), true
		}
	}
	return "", false
}

func validateEvents(events []string) error {
	if len(events) == 0 {
		return Invalid("events", "invalid", "events must name at least one event type")
	}
	for _, e := range events {
		if !slices.Contains(EventTypes, e) {
			return Invalid("events", "invalid", "unknown event type "+quote(e)+"; valid: "+strings.Join(EventTypes, ", "))
		}
	}
	return nil
}

// dedupe keeps the first occurrence of each event type, in order.
func dedupe(events []string) []string {
	out := make([]string, 0, len(events))
	for _, e := range events {
		if !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}

// NewWebhookSecret returns a Standard Webhooks secret: whsec_ and the
// base64 of 32 random bytes, which are the signing key.
func NewWebhookSecret() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand: " + err.Error())
	}
	return webhookSecretPrefix + base64.StdEncoding.EncodeToString(b)
}

// NewWebhook is a webhook just created; Secret is set when the service
// generated it (shown once).
type NewWebhook struct {
	Row       *db.Webhook
	Generated bool
}

// CreateWebhook subscribes a URL to event types.
func (s *Service) CreateWebhook(ctx context.Context, p *Principal, in WebhookInput) (*NewWebhook, error) {
	if err := s.validateWebhook(in, true); err != nil {
		return nil, err
	}
	now := s.Now()
	w := &db.Webhook{ID: newID(), OrganizationID: p.OrgID, URL: *in.URL, Events: dedupe(*in.Events),
		Active: true, CreatedBy: p.UserID, CreatedAt: now, UpdatedAt: now}
	out := &NewWebhook{Row: w}
	if in.Secret != nil {
		w.Secret = *in.Secret
	} else {
		w.Secret, out.Generated = NewWebhookSecret(), true
	}
	if in.Description != nil {
		w.Description = *in.Description
	}
	if in.Active != nil {
		w.Active = *in.Active
	}
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(w).Exec(ctx); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "webhook.created", "webhook", w.ID.String(),
			map[string]any{"url": w.URL, "events": w.Events})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// GetWebhook loads one webhook of the caller's organization.
func (s *Service) GetWebhook(ctx context.Context, p *Principal, id uuid.UUID) (*db.Webhook, error) {
	return s.webhook(ctx, s.DB, p.OrgID, id)
}

func (s *Service) webhook(ctx context.Context, q bun.IDB, orgID, id uuid.UUID) (*db.Webhook, error) {
	w := new(db.Webhook)
	err := q.NewSelect().Model(w).Where("id = ? AND organization_id = ?", id, orgID).Scan(ctx)
	if err != nil {
		return nil, dbErr(db.NotFoundErr(err), "webhook")
	}
	return w, nil
}

// ListWebhooks returns one page of the organization's webhooks, newest
// first.
func (s *Service) ListWebhooks(ctx context.Context, p *Principal, page db.Page) ([]db.Webhook, db.PageResult, error) {
	var rows []db.Webhook
	q := s.DB.NewSelect().Model(&rows).Where("organization_id = ?", p.OrgID)
	res, err := db.SelectPage(ctx, q, "created_at", page, &rows)
	return rows, res, err
}

// UpdateWebhook changes the given fields. Switching a webhook back on
// clears the reason it was disabled.
func (s *Service) UpdateWebhook(ctx context.Context, p *Principal, id uuid.UUID, in WebhookInput) (*db.Webhook, error) {
	if err := s.validateWebhook(in, false); err != nil {
		return nil, err
	}
	var w *db.Webhook
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if w, err = s.webhook(ctx, tx, p.OrgID, id); err != nil {
			return err
		}
		var changed []string
		if in.URL != nil {
			w.URL = *in.URL
			changed = append(changed, "url")
		}
		if in.Events != nil {
			w.Events = dedupe(*in.Events)
			changed = append(changed, "events")
		}
		if in.Secret != nil {
			w.Secret = *in.Secret
			changed = append(changed, "secret")
		}
		if in.Description != nil {
			w.Description = *in.Description
			changed = append(changed, "description")
		}
		if in.Active != nil {
			w.Active = *in.Active
			if w.Active {
				w.DisabledReason, w.DisabledAt = "", nil
			}
			changed = append(changed, "active")
		}
		w.UpdatedAt = s.Now()
		if _, err := tx.NewUpdate().Model(w).WherePK().Exec(ctx); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "webhook.updated", "webhook", w.ID.String(), map[string]any{"changed": changed})
	})
	if err != nil {
		return nil, err
	}
	return w, nil
}

// DeleteWebhook removes a webhook and its delivery log. Deliveries already
// queued find it gone and stop.
func (s *Service) DeleteWebhook(ctx context.Context, p *Principal, id uuid.UUID) error {
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.webhook(ctx, tx, p.OrgID, id); err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*db.Delivery)(nil)).Where("webhook_id = ?", id).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*db.Webhook)(nil)).Where("id = ?", id).Exec(ctx); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "webhook.deleted", "webhook", id.String(), nil)
	})
}

// ListDeliveries returns one page of a webhook's delivery attempts, newest
// first.
func (s *Service) ListDeliveries(ctx context.Context, p *Principal, webhookID uuid.UUID, page db.Page) ([]db.Delivery, db.PageResult, error) {
	if _, err := s.webhook(ctx, s.DB, p.OrgID, webhookID); err != nil {
		return nil, db.PageResult{}, err
	}
	var rows []db.Delivery
	q := s.DB.NewSelect().Model(&rows).Where("organization_id = ? AND webhook_id = ?", p.OrgID, webhookID)
	res, err := db.SelectPage(ctx, q, "created_at", page, &rows)
	return rows, res, err
}

// QueuedDelivery names a delivery a user asked for (a test or a
// redelivery): the id its record will carry once attempted.
type QueuedDelivery struct {
	DeliveryID uuid.UUID
	EventID    uuid.UUID
	EventType  string
	WebhookID  uuid.UUID
	CreatedAt  time.Time
}

// TestWebhook sends the webhook a ping event, whatever its events and
// active flag: the owner asked for it explicitly.
func (s *Service) TestWebhook(ctx context.Context, p *Principal, id uuid.UUID) (*QueuedDelivery, error) {
	queue, err := s.deliveryQueue()
	if err != nil {
		return nil, err
	}
	w, err := s.webhook(ctx, s.DB, p.OrgID, id)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	// The ping is an event like any other, so its envelope and signature
	// are built the same way; it is born dispatched, as only this webhook
	// receives it.
	ev := &db.Event{ID: newID(), OrganizationID: p.OrgID, Type: EventPing, CreatedAt: now, DispatchedAt: &now,
		Data: map[string]any{"webhook_id": w.ID.String(), "url": w.URL, "events": w.Events}}
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(ev).Exec(ctx); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "webhook.tested", "webhook", w.ID.String(), map[string]any{"event_id": ev.ID.String()})
	})
	if err != nil {
		return nil, err
	}
	job := DeliveryJob{DeliveryID: newID(), EventID: ev.ID, OrgID: p.OrgID, WebhookID: &w.ID, Manual: true}
	if err := queue.EnqueueDelivery(ctx, job); err != nil {
		return nil, err
	}
	return &QueuedDelivery{DeliveryID: job.DeliveryID, EventID: ev.ID, EventType: ev.Type, WebhookID: w.ID,
		CreatedAt: now}, nil
}

// Redeliver sends the event of a past delivery to its webhook again, with
// the same envelope (and so the same id) as the first time.
func (s *Service) Redeliver(ctx context.Context, p *Principal, webhookID, deliveryID uuid.UUID) (*QueuedDelivery, error) {
	queue, err := s.deliveryQueue()
	if err != nil {
		return nil, err
	}
	if _, err := s.webhook(ctx, s.DB, p.OrgID, webhookID); err != nil {
		return nil, err
	}
	d := new(db.Delivery)
	err = s.DB.NewSelect().Model(d).
		Where("id = ? AND organization_id = ? AND webhook_id = ?", deliveryID, p.OrgID, webhookID).Scan(ctx)
	if err != nil {
		return nil, dbErr(db.NotFoundErr(err), "delivery")
	}
	if err := s.audit(ctx, s.DB, p, "webhook.redelivered", "webhook", webhookID.String(),
		map[string]any{"delivery_id": deliveryID.String(), "event_id": d.EventID.String()}); err != nil {
		return nil, err
	}
	job := DeliveryJob{DeliveryID: newID(), EventID: d.EventID, OrgID: p.OrgID, WebhookID: &webhookID, Manual: true}
	if err := queue.EnqueueDelivery(ctx, job); err != nil {
		return nil, err
	}
	return &QueuedDelivery{DeliveryID: job.DeliveryID, EventID: d.EventID, EventType: d.EventType, WebhookID: webhookID,
		CreatedAt: s.Now()}, nil
}
