package githubtest

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// manifest is GitHub's App manifest format ("Registering a GitHub App from a manifest").
type manifest struct {
	Name           string `json:"name"`
	URL            string `json:"url"`
	Description    string `json:"description"`
	HookAttributes struct {
		URL    string `json:"url"`
		Active *bool  `json:"active"`
	} `json:"hook_attributes"`
	RedirectURL           string            `json:"redirect_url"`
	CallbackURLs          []string          `json:"callback_urls"`
	SetupURL              string            `json:"setup_url"`
	SetupOnUpdate         bool              `json:"setup_on_update"`
	RequestOAuthOnInstall bool              `json:"request_oauth_on_install"`
	Public                *bool             `json:"public"`
	DefaultPermissions    map[string]string `json:"default_permissions"`
	DefaultEvents         []string          `json:"default_events"`
}

func readManifest(t *testing.T) (manifest, []byte) {
	t.Helper()
	b, err := os.ReadFile("../manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields() // a misspelt key would be silently ignored by GitHub
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("app/manifest.json: %v", err)
	}
	return m, b
}

func TestManifest(t *testing.T) {
	m, _ := readManifest(t)
	want := map[string]string{"checks": "write", "statuses": "write", "pull_requests": "write",
		"contents": "read", "metadata": "read"}
	if len(m.DefaultPermissions) != len(want) {
		t.Errorf("permissions = %v, want exactly %v", m.DefaultPermissions, want)
	}
	for k, v := range want {
		if m.DefaultPermissions[k] != v {
			t.Errorf("permission %s = %q, want %q", k, m.DefaultPermissions[k], v)
		}
	}
	events := slices.Clone(m.DefaultEvents)
	slices.Sort(events)
	if !slices.Equal(events, []string{"check_run", "check_suite", "pull_request", "push"}) {
		t.Errorf("events = %v", m.DefaultEvents)
	}
	if !m.RequestOAuthOnInstall || m.Public == nil || *m.Public || m.HookAttributes.Active == nil || !*m.HookAttributes.Active {
		t.Errorf("request_oauth_on_install, public, hook active = %v, %v, %v", m.RequestOAuthOnInstall, m.Public, m.HookAttributes.Active)
	}
	if m.Name == "" || len(m.Name) > 34 {
		t.Errorf("name %q: GitHub App names are 1-34 characters", m.Name)
	}
	for field, u := range map[string]string{"url": m.URL, "hook_attributes.url": m.HookAttributes.URL,
		"redirect_url": m.RedirectURL, "setup_url": m.SetupURL} {
		p, err := url.Parse(u)
		if err != nil || p.Scheme != "https" || p.Host == "" {
			t.Errorf("%s = %q: want an absolute https URL", field, u)
		}
	}
	if !strings.HasSuffix(m.HookAttributes.URL, "/github/webhook") {
		t.Errorf("hook url %q: the App's intake is POST /github/webhook", m.HookAttributes.URL)
	}
}

// TestManifestPermissionsMatchGitHub checks the permission names and levels
// against the app-permissions schema of GitHub's REST description.
func TestManifestPermissionsMatchGitHub(t *testing.T) {
	sp := loadSpecOrSkip(t)
	m, _ := readManifest(t)
	ref := sp.doc.Components.Schemas["app-permissions"]
	if ref == nil || ref.Value == nil {
		t.Fatal("app-permissions schema missing from the description")
	}
	b, _ := json.Marshal(m.DefaultPermissions)
	var v any
	_ = json.Unmarshal(b, &v)
	if err := ref.Value.VisitJSON(v, openapi3.MultiErrors()); err != nil {
		t.Fatalf("default_permissions do not match GitHub's app-permissions: %v", err)
	}
	// The schema allows extra keys; a permission GitHub does not know is an error here.
	for k := range m.DefaultPermissions {
		if _, ok := ref.Value.Properties[k]; !ok {
			t.Errorf("permission %q is not one of GitHub's App permissions", k)
		}
	}
	// Prove the check can fail: a misspelt level is refused.
	if err := ref.Value.VisitJSON(map[string]any{"checks": "rw"}); err == nil {
		t.Fatal("app-permissions accepted checks: rw")
	}
}
