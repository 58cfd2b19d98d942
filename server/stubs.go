package server

import "github.com/gofiber/fiber/v2"

// fiberHandler shortens route lists in routes.go.
type fiberHandler = fiber.Handler
