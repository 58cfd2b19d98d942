package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
)

// envelope is decisions.md's single-resource envelope.
type envelope struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
	Data      any       `json:"data"`
}

// one writes a single resource in its envelope.
func one(c *fiber.Ctx, code int, id uuid.UUID, status string, created time.Time, data any) error {
	return c.Status(code).JSON(envelope{ID: id.String(), Status: status, CreatedAt: created.UTC(), Data: data})
}

// decodeJSON reads a JSON object body into v strictly: the content type must
// be JSON, the body one object, and every field known and of its type.
func decodeJSON(c *fiber.Ctx, v any) error {
	ct := c.Get(fiber.HeaderContentType)
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != fiber.MIMEApplicationJSON {
		return core.Errorf(core.CodeInvalidRequest, "the body must be JSON with Content-Type: application/json")
	}
	// c.Body() would inflate a Content-Encoding without bound; JSON bodies are
	// small, so compressed ones are simply refused.
	if enc := c.Get(fiber.HeaderContentEncoding); enc != "" && !strings.EqualFold(enc, "identity") {
		return core.Errorf(core.CodeInvalidRequest, "Content-Encoding %q is not accepted; send the JSON body uncompressed", enc)
	}
	body := c.Request().Body()
	if len(bytes.TrimSpace(body)) == 0 {
		return core.Errorf(core.CodeInvalidRequest, "the request body is empty; send a JSON object")
	}
	if err := checkJSONText(body, v); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return core.Errorf(core.CodeInvalidRequest, "the body must hold exactly one JSON object")
	}
	return nil
}

func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			return core.Errorf(core.CodeInvalidRequest, "the body must be a JSON object")
		}
		return core.Invalid(field, "invalid", fmt.Sprintf("%s must be of type %s", field, jsonType(te.Type.String())))
	case errors.As(err, &se), errors.Is(err, io.ErrUnexpectedEOF):
		return core.Errorf(core.CodeInvalidRequest, "malformed JSON: %v", err)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		f := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return core.Invalid(f, "unknown", fmt.Sprintf("unknown field %q", f))
	}
	return core.Errorf(core.CodeInvalidRequest, "malformed JSON body")
}

func jsonType(goType string) string {
	switch {
	case strings.Contains(goType, "string"):
		if strings.HasPrefix(goType, "[]") {
			return "array of strings"
		}
		return "string"
	case strings.Contains(goType, "bool"):
		return "boolean"
	case strings.Contains(goType, "int"), strings.Contains(goType, "float"):
		return "number"
	case strings.HasPrefix(goType, "[]"):
		return "array"
	}
	return "object"
}

// parseUUIDField parses a UUID from a body or query field.
func parseUUIDField(field, v string) (uuid.UUID, error) {
	id, err := uuid.Parse(v)
	if err != nil || len(v) != 36 {
		return uuid.Nil, core.Invalid(field, "invalid", field+" must be a UUID")
	}
	return id, nil
}
