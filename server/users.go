package server

import (
	"time"

	"github.com/gofiber/fiber/v2"
)

// meJSON is GET /users/me: the user, the organization the key acts in
// with the user's role there, and the key itself (null for a wallet
// session).
type meJSON struct {
	ID           string        `json:"id"`
	Email        string        `json:"email"`
	Name         string        `json:"name"`
	CreatedAt    time.Time     `json:"created_at"`
	Organization meOrgJSON     `json:"organization"`
	APIKey       *meAPIKeyJSON `json:"api_key"`
}

type meOrgJSON struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Plan string `json:"plan"`
	Role string `json:"role"`
}

type meAPIKeyJSON struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Scopes    []string   `json:"scopes"`
	ExpiresAt *time.Time `json:"expires_at"`
}

func (s *Server) handleUserMe(c *fiber.Ctx) error {
	me, err := s.svc.GetMe(c.UserContext(), principal(c))
	if err != nil {
		return err
	}
	u := me.User
	out := meJSON{ID: u.ID.String(), Email: u.Email, Name: u.Name, CreatedAt: u.CreatedAt.UTC(),
		Organization: meOrgJSON{ID: me.Org.ID.String(), Name: me.Org.Name, Plan: me.Org.Plan, Role: me.Role}}
	if k := me.Key; k != nil {
		out.APIKey = &meAPIKeyJSON{ID: k.ID.String(), Name: k.Name, Scopes: k.Scopes, ExpiresAt: utcPtr(k.ExpiresAt)}
	}
	return one(c, fiber.StatusOK, u.ID, "active", u.CreatedAt, out)
}
