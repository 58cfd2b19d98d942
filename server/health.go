package server

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v2"
)

func (s *Server) registerServiceRoutes(r fiber.Router) {
	r.Get("/healthz", s.handleHealthz)
	r.Get("/readyz", s.handleReadyz)
	r.Get("/metrics", s.metrics.handler())
}

func (s *Server) handleHealthz(c *fiber.Ctx) error {
	return c.JSON(fiber.Map{"status": "ok", "version": Version})
}

// handleReadyz answers 200 only when the database and Redis answer.
func (s *Server) handleReadyz(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), 3*time.Second)
	defer cancel()
	if s.ready != nil {
		if err := s.ready(ctx); err != nil {
			s.log.Warn("not ready", "request_id", requestIDOf(c), "err", err)
			return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{"status": "unavailable", "error": fiber.Map{
				"code": "SERVICE_UNAVAILABLE", "message": "a dependency is not answering", "request_id": requestIDOf(c)}})
		}
	}
	return c.JSON(fiber.Map{"status": "ready"})
}
