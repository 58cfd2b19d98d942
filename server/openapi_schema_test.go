package server_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/server"
)

// schemaKeywords are the keywords a Schema Object of OpenAPI 3.1 may hold:
// JSON Schema 2020-12 (core, applicator, validation, meta-data, format,
// content, unevaluated) and OpenAPI's own.
var schemaKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`$schema $id $ref $anchor $dynamicRef $dynamicAnchor $defs $comment $vocabulary
		allOf anyOf oneOf not if then else dependentSchemas prefixItems items contains properties patternProperties
		additionalProperties propertyNames unevaluatedItems unevaluatedProperties
		type enum const multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern
		maxItems minItems uniqueItems maxContains minContains maxProperties minProperties required dependentRequired
		title description default deprecated readOnly writeOnly examples example format
		contentEncoding contentMediaType contentSchema discriminator xml externalDocs`) {
		schemaKeywords[k] = true
	}
}

// parameterKeys are the fields of a Parameter Object.
var parameterKeys = map[string]bool{"name": true, "in": true, "description": true, "required": true, "deprecated": true,
	"allowEmptyValue": true, "style": true, "explode": true, "allowReserved": true, "schema": true, "example": true,
	"examples": true, "content": true, "$ref": true}

// TestOpenAPISchemasHaveOnlyKeywords walks every Schema Object of the
// served document and fails on a key that is no keyword: the mark of a YAML
// flow mapping cut at an unquoted comma ("description: a, b" becomes a
// property "b": null).
func TestOpenAPISchemasHaveOnlyKeywords(t *testing.T) {
	raw, err := server.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var bad []string
	var schema func(at string, v any)
	schema = func(at string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for k, sub := range m {
			if !schemaKeywords[k] && !strings.HasPrefix(k, "x-") {
				bad = append(bad, fmt.Sprintf("%s: %q", at, k))
			}
			switch k {
			case "properties", "patternProperties", "$defs", "dependentSchemas":
				if mm, ok := sub.(map[string]any); ok {
					for name, s := range mm {
						schema(at+"."+k+"."+name, s)
					}
				}
			case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
				"unevaluatedItems", "unevaluatedProperties", "contentSchema":
				schema(at+"."+k, sub)
			case "allOf", "anyOf", "oneOf", "prefixItems":
				if l, ok := sub.([]any); ok {
					for i, s := range l {
						schema(fmt.Sprintf("%s.%s[%d]", at, k, i), s)
					}
				}
			}
		}
	}
	// Schema Objects sit under components.schemas and under every "schema"
	// key (parameters, media types, headers).
	var walk func(at string, v any)
	walk = func(at string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, sub := range x {
				if k == "schema" {
					schema(at+".schema", sub)
					continue
				}
				if k == "parameters" {
					params, _ := sub.([]any)
					if mm, ok := sub.(map[string]any); ok { // components.parameters
						for _, p := range mm {
							params = append(params, p)
						}
					}
					for i, p := range params {
						pm, _ := p.(map[string]any)
						for pk := range pm {
							if !parameterKeys[pk] && !strings.HasPrefix(pk, "x-") {
								bad = append(bad, fmt.Sprintf("%s.parameters[%d]: %q", at, i, pk))
							}
						}
					}
				}
				walk(at+"."+k, sub)
			}
		case []any:
			for i, sub := range x {
				walk(fmt.Sprintf("%s[%d]", at, i), sub)
			}
		}
	}
	if comps, ok := doc["components"].(map[string]any); ok {
		if schemas, ok := comps["schemas"].(map[string]any); ok {
			for name, s := range schemas {
				schema("components.schemas."+name, s)
			}
		}
	}
	walk("paths", doc["paths"])
	sort.Strings(bad)
	for _, b := range bad {
		t.Errorf("not a schema keyword (an unquoted comma or colon in the YAML?) at %s", b)
	}
}
