package server

import (
	"context"
	"sort"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
)

func (s *Server) registerServiceRoutes(r fiber.Router) {
	r.Get("/healthz", s.handleHealthz)
	r.Get("/readyz", s.handleReadyz)
	r.Get("/metrics", s.metrics.handler())
}

// handleHealthz answers liveness with the build's version (as `bulwark
// --version` prints it) and the API version of api.md.
func (s *Server) handleHealthz(c *fiber.Ctx) error {
	return c.JSON(fiber.Map{"status": "ok", "version": s.build, "api_version": Version})
}

// handleReadyz answers 200 only when every dependency answers, and names
// each one's state: {"status":"ready","checks":{"database":"ok","redis":"ok"}}.
// A failing check says "unavailable"; its error goes to the log only.
func (s *Server) handleReadyz(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), 3*time.Second)
	defer cancel()
	names := make([]string, 0, len(s.checks))
	for name := range s.checks {
		names = append(names, name)
	}
	sort.Strings(names)
	results := make([]error, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = s.checks[name](ctx)
		}()
	}
	wg.Wait()
	checks := fiber.Map{}
	ready := true
	for i, name := range names {
		checks[name] = "ok"
		if results[i] != nil {
			ready = false
			checks[name] = "unavailable"
			s.log.Warn("not ready", "request_id", requestIDOf(c), "dependency", name, "err", results[i])
		}
	}
	if !ready {
		c.Set(fiber.HeaderRetryAfter, "5")
		return c.Status(fiber.StatusServiceUnavailable).JSON(fiber.Map{"status": "unavailable", "checks": checks,
			"error": fiber.Map{"code": "SERVICE_UNAVAILABLE", "message": "a dependency is not answering",
				"request_id": requestIDOf(c)}})
	}
	return c.JSON(fiber.Map{"status": "ready", "checks": checks})
}
