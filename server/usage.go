package server

import "github.com/gofiber/fiber/v2"

func (s *Server) handleUserQuota(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleUsage(c *fiber.Ctx) error { return errNotImplemented(c) }
