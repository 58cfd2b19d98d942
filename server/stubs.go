package server

import (
	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
)

type fiberHandler = fiber.Handler

// errNotImplemented answers routes whose handlers are being built.
func errNotImplemented(c *fiber.Ctx) error {
	return core.Errorf(core.CodeInternal, "not implemented")
}
