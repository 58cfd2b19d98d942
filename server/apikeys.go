package server

import "github.com/gofiber/fiber/v2"

func (s *Server) handleAPIKeyCreate(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleAPIKeyList(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleAPIKeyRevoke(c *fiber.Ctx) error { return errNotImplemented(c) }
