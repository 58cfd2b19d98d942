package server_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

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
