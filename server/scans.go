package server

import "github.com/gofiber/fiber/v2"

func (s *Server) handleScanCreate(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleScanList(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleScanGet(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleScanResults(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleScanCancel(c *fiber.Ctx) error { return errNotImplemented(c) }
