package server

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v2"
	"gopkg.in/yaml.v3"

	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

// openapiFiles hold the OpenAPI 3.1 document in parts: base.yaml (info and
// shared components) and one file per resource, merged at start so that
// each resource's routes and their documentation sit side by side.
//
//go:embed openapi/*.yaml
var openapiFiles embed.FS

// OpenAPI returns the merged document as JSON.
func OpenAPI() ([]byte, error) {
	names, err := fs.Glob(openapiFiles, "openapi/*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	doc := map[string]any{}
	for _, n := range names {
		b, err := openapiFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		var part map[string]any
		if err := yaml.Unmarshal(b, &part); err != nil {
			return nil, fmt.Errorf("parse %s: %w", n, err)
		}
		if err := mergeDoc(doc, part, n, nil); err != nil {
			return nil, err
		}
	}
	return json.Marshal(doc)
}

// mergeDoc merges src into dst. Only the containers merge: the top level,
// `components` and its sections (schemas, parameters, …). A path, a
// component or any other key defined twice is an error, so two files can
// never silently combine or overwrite each other's definitions.
func mergeDoc(dst, src map[string]any, where string, at []string) error {
	for k, v := range src {
		cur, ok := dst[k]
		if !ok {
			dst[k] = v
			continue
		}
		cm, ok1 := cur.(map[string]any)
		vm, ok2 := v.(map[string]any)
		container := len(at) == 0 || (len(at) == 1 && at[0] == "components")
		if !ok1 || !ok2 || !container {
			return fmt.Errorf("openapi: %s redefines %s", where, strings.Join(append(at, k), "."))
		}
		if err := mergeDoc(cm, vm, where, append(at, k)); err != nil {
			return err
		}
	}
	return nil
}

// openapiJSON builds the document once, on first use, so commands that never
// serve HTTP (bulwark scan, ci) do not pay for parsing the YAML at start.
var openapiJSON = sync.OnceValues(OpenAPI)

func (s *Server) handleOpenAPI(c *fiber.Ctx) error {
	doc, err := openapiJSON()
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(doc)
}

// handleConfigSchema serves the JSON Schema of .bulwark.yml, the one
// `bulwark scan` and `bulwark ci` validate against (scanner/bundle), for
// editors and CI checks.
func (s *Server) handleConfigSchema(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, "application/schema+json")
	return c.Send(bundle.ConfigSchema)
}
