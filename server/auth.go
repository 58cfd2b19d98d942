package server

import (
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
)

// authenticate resolves "Authorization: Bearer <key>" to a principal. The
// word Bearer and one space are required.
func (s *Server) authenticate(c *fiber.Ctx) error {
	h := c.Get(fiber.HeaderAuthorization)
	if h == "" {
		return core.Errorf(core.CodeUnauthorized, "missing Authorization header; send Authorization: Bearer <API key>")
	}
	key, ok := strings.CutPrefix(h, "Bearer ")
	if !ok || key == "" || strings.ContainsAny(key, " \t") {
		return core.Errorf(core.CodeUnauthorized, "malformed Authorization header; send Authorization: Bearer <API key>")
	}
	p, err := s.svc.Authenticate(c.UserContext(), key)
	if err != nil {
		return err
	}
	p.IP = c.IP()
	p.Agent = truncate(c.Get(fiber.HeaderUserAgent), 512)
	p.Request = requestIDOf(c)
	c.Locals(localPrincipal, p)
	return c.Next()
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
