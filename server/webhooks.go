package server

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// webhookJSON is the API form of a webhook. Secret appears only in the
// answer to a create that generated it.
type webhookJSON struct {
	ID             string     `json:"id"`
	OrganizationID string     `json:"organization_id"`
	URL            string     `json:"url"`
	Events         []string   `json:"events"`
	Description    string     `json:"description"`
	Active         bool       `json:"active"`
	DisabledReason *string    `json:"disabled_reason"`
	DisabledAt     *time.Time `json:"disabled_at"`
	Secret         string     `json:"secret,omitempty"`
	CreatedBy      string     `json:"created_by"`
	CreatedAt      time.Time  `json:"created_at"`
	UpdatedAt      time.Time  `json:"updated_at"`
}

func toWebhook(w *db.Webhook) webhookJSON {
	out := webhookJSON{ID: w.ID.String(), OrganizationID: w.OrganizationID.String(), URL: w.URL, Events: w.Events,
		Description: w.Description, Active: w.Active, CreatedBy: w.CreatedBy.String(),
		CreatedAt: w.CreatedAt.UTC(), UpdatedAt: w.UpdatedAt.UTC()}
	if out.Events == nil {
		out.Events = []string{}
	}
	if w.DisabledReason != "" {
		r := w.DisabledReason
		out.DisabledReason = &r
	}
	if w.DisabledAt != nil {
		t := w.DisabledAt.UTC()
		out.DisabledAt = &t
	}
	return out
}

// webhookStatus is the envelope status of a webhook.
func webhookStatus(w *db.Webhook) string {
	if w.Active {
		return "active"
	}
	return "disabled"
}

// webhookRequest is the body of POST and PATCH /webhooks.
type webhookRequest struct {
	URL         *string   `json:"url"`
	Events      *[]string `json:"events"`
	Secret      *string   `json:"secret"`
	Description *string   `json:"description"`
	Active      *bool     `json:"active"`
}

func (r webhookRequest) input() core.WebhookInput {
	return core.WebhookInput{URL: r.URL, Events: r.Events, Secret: r.Secret, Description: r.Description, Active: r.Active}
}

func (s *Server) handleWebhookCreate(c *fiber.Ctx) error {
	var req webhookRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	nw, err := s.svc.CreateWebhook(c.UserContext(), principal(c), req.input())
	if err != nil {
		return err
	}
	out := toWebhook(nw.Row)
	if nw.Generated {
		out.Secret = nw.Row.Secret
	}
	return one(c, fiber.StatusCreated, nw.Row.ID, webhookStatus(nw.Row), nw.Row.CreatedAt, out)
}

func (s *Server) handleWebhookList(c *fiber.Ctx) error {
	lq, err := s.parseList(c, "webhooks", nil, true)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListWebhooks(c.UserContext(), principal(c), lq.page)
	if err != nil {
		return err
	}
	out := make([]webhookJSON, len(rows))
	keys := make([]db.Key, len(rows))
	for i := range rows {
		out[i] = toWebhook(&rows[i])
		keys[i] = db.Key{T: rows[i].CreatedAt, ID: rows[i].ID}
	}
	return s.writeList(c, "webhooks", out, keys, lq, res)
}

func (s *Server) handleWebhookGet(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "webhook")
	if err != nil {
		return err
	}
	w, err := s.svc.GetWebhook(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, w.ID, webhookStatus(w), w.CreatedAt, toWebhook(w))
}

func (s *Server) handleWebhookUpdate(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "webhook")
	if err != nil {
		return err
	}
	var req webhookRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	w, err := s.svc.UpdateWebhook(c.UserContext(), principal(c), id, req.input())
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, w.ID, webhookStatus(w), w.CreatedAt, toWebhook(w))
}

func (s *Server) handleWebhookDelete(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "webhook")
	if err != nil {
		return err
	}
	if err := s.svc.DeleteWebhook(c.UserContext(), principal(c), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// queuedJSON describes a delivery accepted for sending.
type queuedJSON struct {
	DeliveryID string `json:"delivery_id"`
	WebhookID  string `json:"webhook_id"`
	EventID    string `json:"event_id"`
	EventType  string `json:"event_type"`
}

func queued(c *fiber.Ctx, q *core.QueuedDelivery) error {
	return one(c, fiber.StatusAccepted, q.DeliveryID, "queued", q.CreatedAt, queuedJSON{
		DeliveryID: q.DeliveryID.String(), WebhookID: q.WebhookID.String(), EventID: q.EventID.String(), EventType: q.EventType})
}

func (s *Server) handleWebhookTest(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "webhook")
	if err != nil {
		return err
	}
	q, err := s.svc.TestWebhook(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return queued(c, q)
}

// deliveryJSON is the API form of a delivery attempt (api.md's delivery
// record plus what a user debugging a receiver needs).
type deliveryJSON struct {
	ID             string    `json:"id"`
	WebhookID      string    `json:"webhook_id"`
	EventID        string    `json:"event_id"`
	EventType      string    `json:"event_type"`
	URL            string    `json:"url"`
	Status         string    `json:"status"`
	ResponseCode   *int      `json:"response_code"`
	ResponseTimeMS int64     `json:"response_time_ms"`
	Error          *string   `json:"error"`
	RetryCount     int       `json:"retry_count"`
	Manual         bool      `json:"manual"`
	RequestBody    string    `json:"request_body"`
	ResponseBody   string    `json:"response_body"`
	CreatedAt      time.Time `json:"created_at"`
}

func toDelivery(d *db.Delivery) deliveryJSON {
	out := deliveryJSON{ID: d.ID.String(), EventID: d.EventID.String(), EventType: d.EventType, URL: d.URL,
		Status: d.Status, ResponseTimeMS: d.ResponseTimeMS, RetryCount: d.RetryCount, Manual: d.Manual,
		RequestBody: d.RequestBody, ResponseBody: d.ResponseBody, CreatedAt: d.CreatedAt.UTC()}
	if d.WebhookID != nil {
		out.WebhookID = d.WebhookID.String()
	}
	if d.ResponseCode != 0 {
		rc := d.ResponseCode
		out.ResponseCode = &rc
	}
	if d.Error != "" {
		e := d.Error
		out.Error = &e
	}
	return out
}

func (s *Server) handleDeliveryList(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "webhook")
	if err != nil {
		return err
	}
	lq, err := s.parseList(c, "webhooks/"+id.String()+"/deliveries", nil, true)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListDeliveries(c.UserContext(), principal(c), id, lq.page)
	if err != nil {
		return err
	}
	out := make([]deliveryJSON, len(rows))
	keys := make([]db.Key, len(rows))
	for i := range rows {
		out[i] = toDelivery(&rows[i])
		keys[i] = db.Key{T: rows[i].CreatedAt, ID: rows[i].ID}
	}
	return s.writeList(c, "deliveries", out, keys, lq, res)
}

func (s *Server) handleDeliveryRedeliver(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "webhook")
	if err != nil {
		return err
	}
	did, err := pathID(c, "delivery_id", "delivery")
	if err != nil {
		return err
	}
	q, err := s.svc.Redeliver(c.UserContext(), principal(c), id, did)
	if err != nil {
		return err
	}
	return queued(c, q)
}
