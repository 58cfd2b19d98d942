package server

import "github.com/gofiber/fiber/v2"

func (s *Server) handleGateGet(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleGatePut(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleGateEvaluate(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleGateBuildStatus(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleGateHistory(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleGateBadge(c *fiber.Ctx) error { return errNotImplemented(c) }
