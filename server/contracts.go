package server

import "github.com/gofiber/fiber/v2"

func (s *Server) handleContractUpload(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleContractList(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleContractGet(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleContractDelete(c *fiber.Ctx) error { return errNotImplemented(c) }
