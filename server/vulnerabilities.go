package server

import "github.com/gofiber/fiber/v2"

func (s *Server) handleVulnerabilityList(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleVulnerabilityGet(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleVulnerabilityUpdate(c *fiber.Ctx) error { return errNotImplemented(c) }
