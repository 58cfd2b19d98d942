package server

import "github.com/gofiber/fiber/v2"

func (s *Server) handleOrganizationList(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleOrganizationCreate(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleOrganizationGet(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleOrganizationUpdate(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleMemberList(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleInvitationCreate(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleMemberRemove(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleSigningSecretRotate(c *fiber.Ctx) error { return errNotImplemented(c) }

func (s *Server) handleInvitationAccept(c *fiber.Ctx) error { return errNotImplemented(c) }
