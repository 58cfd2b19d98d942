package server

import (
	"github.com/gofiber/fiber/v2"
)

// The GitHub App's routes, registered only when the App is configured
// (Config.GitHub); without it they are 404 like any unknown path.
func (s *Server) githubRoutes(v1 fiber.Router) {
	if s.github == nil {
		return
	}
	s.github.Routes(s.app)
	v1.Post("/github/link", append(s.need("organizations:write"), s.handleGitHubLink)...)
}

// isGitHubWebhook reports the webhook route, whose body may reach
// GitHub's 25 MB.
func isGitHubWebhook(c *fiber.Ctx) bool {
	return c.Method() == fiber.MethodPost && c.Path() == "/github/webhook"
}

// handleGitHubLink is POST /api/v1/github/link: the install URL that
// links an installation to the caller's organization.
func (s *Server) handleGitHubLink(c *fiber.Ctx) error {
	start, err := s.github.StartLink(principal(c))
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(start)
}
