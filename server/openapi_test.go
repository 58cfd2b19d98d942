package server_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner/bundle"
	"github.com/bulwark-sec/bulwark/server"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// TestOpenAPICoversRoutes fails when a registered route is missing from the
// OpenAPI document, or the document names a route that does not exist.
func TestOpenAPICoversRoutes(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	raw, err := server.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q, want 3.1.0", doc.OpenAPI)
	}
	documented := map[string]bool{}
	for p, item := range doc.Paths {
		for m := range item {
			switch m {
			case "get", "post", "put", "patch", "delete":
				full := p
				if _, root := item["servers"]; !root {
					full = "/api/v1" + p
				}
				documented[strings.ToUpper(m)+" "+full] = true
			}
		}
	}
	param := regexp.MustCompile(`:([a-z_]+)`)
	registered := map[string]bool{}
	for _, r := range env.Server.App().GetRoutes(true) {
		if r.Method == "HEAD" || r.Method == "USE" || r.Path == "/" {
			continue
		}
		registered[r.Method+" "+param.ReplaceAllString(r.Path, "{$1}")] = true
	}
	for r := range registered {
		if !documented[r] {
			t.Errorf("route %s is not in the OpenAPI document", r)
		}
	}
	for r := range documented {
		// The GitHub App's routes exist only when it is configured (this
		// server has no App; app's tests run with it).
		if !registered[r] && !strings.Contains(r, " /github/") && !strings.Contains(r, " /api/v1/github/") {
			t.Errorf("OpenAPI documents %s, which is not a route", r)
		}
	}
	if got := env.Do("GET", "/api/v1/openapi.json", "", nil); got.Status != 200 || !json.Valid(got.Body) {
		t.Errorf("GET /api/v1/openapi.json = %d", got.Status)
	}
}

// TestOpenAPIPartsDoNotCollide builds the document, which fails when two
// files define the same path or component.
func TestOpenAPIPartsDoNotCollide(t *testing.T) {
	if _, err := server.OpenAPI(); err != nil {
		t.Fatal(err)
	}
}

// TestConfigSchemaServed: the .bulwark.yml schema is public, is the one
// the CLI validates against (TestRateLimitPublicRoutes checks it is
// limited like the other public routes).
func TestConfigSchemaServed(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	got := env.Do("GET", "/api/v1/schemas/bulwark-config.json", "", nil)
	if got.Status != 200 || got.Header.Get("Content-Type") != "application/schema+json" {
		t.Fatalf("GET /api/v1/schemas/bulwark-config.json = %d %q", got.Status, got.Header.Get("Content-Type"))
	}
	if string(got.Body) != string(bundle.ConfigSchema) {
		t.Errorf("served schema differs from scanner/bundle's")
	}
	var schema struct {
		Schema     string         `json:"$schema"`
		Properties map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(got.Body, &schema); err != nil || schema.Properties["paths"] == nil {
		t.Errorf("schema = %s, %v", got.Body, err)
	}
}
