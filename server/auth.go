package server

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
)

// authenticate resolves "Authorization: Bearer <key>" to a principal. The
// word Bearer and one space are required. The rate limiter runs around it:
// the client IP's failed-authentication window before the key lookup, the
// organization's windows after it (server/ratelimit.go).
func (s *Server) authenticate(c *fiber.Ctx) error {
	key, err := bearerKey(c)
	// The failed-authentication gate runs before any database lookup. A key
	// resolved moments ago needs no lookup, so for it the gate is checked
	// in the rate limiter's round trip instead: a warm request is one Redis
	// script before its handler.
	cached := err == nil && s.svc.KeyCached(key)
	if !s.noLimits && !cached {
		if err := s.gateIP(c); err != nil {
			return err
		}
	}
	var p *core.Principal
	if err == nil {
		p, err = s.svc.Authenticate(c.UserContext(), key)
	}
	if err != nil {
		if ce, ok := core.AsError(err); ok && !s.noLimits &&
			(ce.Code == core.CodeUnauthorized || ce.Code == core.CodeKeyExpired) {
			if lerr := s.countAuthFailure(c); lerr != nil {
				return lerr
			}
		}
		return err
	}
	p.IP = clientAddr(c).String()
	p.Agent = truncate(c.Get(fiber.HeaderUserAgent), 512)
	p.Request = requestIDOf(c)
	c.Locals(localPrincipal, p)
	if !s.noLimits {
		if err := s.limitRequest(c, p, cached); err != nil {
			return err
		}
	}
	return c.Next()
}

// bearerKey reads the API key of the Authorization header.
func bearerKey(c *fiber.Ctx) (string, error) {
	h := c.Get(fiber.HeaderAuthorization)
	if h == "" {
		return "", core.Errorf(core.CodeUnauthorized, "missing Authorization header; send Authorization: Bearer <API key>")
	}
	key, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || key == "" || strings.ContainsAny(key, " \t") {
		return "", core.Errorf(core.CodeUnauthorized, "malformed Authorization header; send Authorization: Bearer <API key>")
	}
	return key, nil
}

// need returns middleware that authenticates and requires scope.
func (s *Server) need(scope string) []fiber.Handler {
	return []fiber.Handler{s.authenticate, func(c *fiber.Ctx) error {
		if !principal(c).Can(scope) {
			return &core.Error{Code: core.CodePermissionDenied, Message: "the API key lacks the " + scope + " scope",
				Details: map[string]any{"required_scope": scope}}
		}
		return c.Next()
	}}
}

// principal returns the authenticated caller; routes without auth never
// call it.
func principal(c *fiber.Ctx) *core.Principal {
	p, _ := c.Locals(localPrincipal).(*core.Principal)
	return p
}

func orgIDOf(c *fiber.Ctx) string {
	if p := principal(c); p != nil {
		return p.OrgID.String()
	}
	return ""
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// pathID parses the :name path parameter as a UUID; anything else names no
// resource, so it is RESOURCE_NOT_FOUND.
func pathID(c *fiber.Ctx, name, resource string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Params(name))
	if err != nil || len(c.Params(name)) != 36 {
		return uuid.Nil, core.NotFound(resource)
	}
	return id, nil
}
