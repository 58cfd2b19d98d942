package server

import "github.com/gofiber/fiber/v2"

func (s *Server) handleWebhookCreate(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleWebhookList(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleWebhookGet(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleWebhookUpdate(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleWebhookDelete(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleWebhookTest(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleDeliveryList(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleDeliveryRedeliver(c *fiber.Ctx) error { return errNotImplemented(c) }
