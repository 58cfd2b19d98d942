package server

import "github.com/gofiber/fiber/v2"

func (s *Server) handleAuditLogList(c *fiber.Ctx) error { return errNotImplemented(c) }
