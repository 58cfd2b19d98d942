package server

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// apiKeyJSON is an API key as listed: never its secret or hash.
type apiKeyJSON struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Prefix     string     `json:"prefix"`
	Scopes     []string   `json:"scopes"`
	Status     string     `json:"status"`
	UserID     string     `json:"user_id"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
	ExpiresAt  *time.Time `json:"expires_at"`
	RevokedAt  *time.Time `json:"revoked_at"`
}

// createdKeyJSON adds the key itself, shown once.
type createdKeyJSON struct {
	apiKeyJSON
	Key string `json:"key"`
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func toAPIKey(k *db.APIKey, now time.Time) apiKeyJSON {
	scopes := k.Scopes
	if scopes == nil {
		scopes = []string{}
	}
	return apiKeyJSON{ID: k.ID.String(), Name: k.Name, Prefix: k.Prefix, Scopes: scopes,
		Status: core.KeyStatus(k, now), UserID: k.UserID.String(), CreatedAt: k.CreatedAt.UTC(),
		LastUsedAt: utcPtr(k.LastUsedAt), ExpiresAt: utcPtr(k.ExpiresAt), RevokedAt: utcPtr(k.RevokedAt)}
}

func toCreatedKey(k *core.NewKey, now time.Time) createdKeyJSON {
	return createdKeyJSON{apiKeyJSON: toAPIKey(k.Row, now), Key: k.Secret}
}

// apiKeyRequest is the body of POST /api-keys.
type apiKeyRequest struct {
	Name      *string  `json:"name"`
	Scopes    []string `json:"scopes"`
	ExpiresAt *string  `json:"expires_at"`
}

func (s *Server) handleAPIKeyCreate(c *fiber.Ctx) error {
	var req apiKeyRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	k, err := s.svc.CreateAPIKey(c.UserContext(), principal(c), core.APIKeyInput{Name: req.Name, Scopes: req.Scopes, ExpiresAt: req.ExpiresAt})
	if err != nil {
		return err
	}
	return one(c, fiber.StatusCreated, k.Row.ID, "active", k.Row.CreatedAt, toCreatedKey(k, s.svc.Now()))
}

func (s *Server) handleAPIKeyList(c *fiber.Ctx) error {
	lq, err := s.parseList(c, "api-keys", nil, true)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListAPIKeys(c.UserContext(), principal(c), lq.page)
	if err != nil {
		return err
	}
	now := s.svc.Now()
	out := make([]apiKeyJSON, len(rows))
	keys := make([]db.Key, len(rows))
	for i := range rows {
		out[i] = toAPIKey(&rows[i], now)
		keys[i] = db.Key{T: rows[i].CreatedAt, ID: rows[i].ID}
	}
	return s.writeList(c, "api_keys", out, keys, lq, res)
}

func (s *Server) handleAPIKeyRevoke(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "api key")
	if err != nil {
		return err
	}
	if err := s.svc.RevokeAPIKey(c.UserContext(), principal(c), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
