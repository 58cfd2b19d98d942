package githubtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// OpenAPIEnv names the env var holding the path to GitHub's REST description
// (api.github.com.json from npm @octokit/openapi).
const OpenAPIEnv = "BULWARK_GITHUB_OPENAPI"

// Spec is GitHub's REST description, ready to validate requests.
type Spec struct {
	Path   string
	doc    *openapi3.T
	router routers.Router
}

var (
	specOnce sync.Once
	spec     *Spec
	specErr  error
)

// ErrNoOpenAPI means the description was not found.
var ErrNoOpenAPI = errors.New("GitHub OpenAPI description not found: set " + OpenAPIEnv +
	" to api.github.com.json from `npm install @octokit/openapi`")

// OpenAPIPath returns the description's path: $BULWARK_GITHUB_OPENAPI, else the
// usual npm install places (./node_modules, ../node_modules, ../../node_modules,
// $HOME/node_modules); "" when none exists.
func OpenAPIPath() string {
	if p := os.Getenv(OpenAPIEnv); p != "" {
		return p
	}
	rel := filepath.Join("node_modules", "@octokit", "openapi", "generated", "api.github.com.json")
	cands := []string{rel, filepath.Join("..", rel), filepath.Join("..", "..", rel)}
	if h, err := os.UserHomeDir(); err == nil {
		cands = append(cands, filepath.Join(h, rel))
	}
	for _, c := range cands {
		if _, err := os.Stat(c); err == nil {
			return c
		}
	}
	return ""
}

// LoadSpec loads the description once per process (it is ~13 MB).
func LoadSpec() (*Spec, error) {
	specOnce.Do(func() {
		p := OpenAPIPath()
		if p == "" {
			specErr = ErrNoOpenAPI
			return
		}
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromFile(p)
		if err != nil {
			specErr = fmt.Errorf("load %s: %w", p, err)
			return
		}
		r, err := gorillamux.NewRouter(doc)
		if err != nil {
			specErr = fmt.Errorf("route %s: %w", p, err)
			return
		}
		spec = &Spec{Path: p, doc: doc, router: r}
	})
	return spec, specErr
}

// notREST are paths the fake serves that are not part of the REST API: the
// OAuth exchange lives on github.com and the tarball download on codeload.
func notREST(p string) bool {
	return p == "/login/oauth/access_token" || strings.HasPrefix(p, "/_download/")
}

// ValidateCall checks one recorded request (method, path, query, JSON body)
// against the description. Paths outside the REST API answer nil.
func (sp *Spec) ValidateCall(c Call) error {
	if notREST(c.Path) {
		return nil
	}
	req, route, params, err := sp.route(c)
	if err != nil {
		return err
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		return fmt.Errorf("%s %s: %w", c.Method, c.Path, err)
	}
	return nil
}

func (sp *Spec) route(c Call) (*http.Request, *routers.Route, map[string]string, error) {
	p := c.Path
	// The description's {path} of contents and {ref} of tarball are one
	// segment, but GitHub (and go-github) put a file path or a ref with slashes
	// there, and the repository root as an empty path: validate those as one
	// escaped segment.
	if owner, rest, ok := cutRest(p); ok {
		if rest == "" {
			rest = "."
		}
		p = owner + url.PathEscape(rest)
	}
	u := "https://api.github.com" + p
	if len(c.Query) > 0 {
		u += "?" + c.Query.Encode()
	}
	body := c.Body
	// ghinstallation v2 posts the literal body null to access_tokens when no
	// token options are set; GitHub takes it as no body, and so do we.
	if bytes.Equal(bytes.TrimSpace(body), []byte("null")) {
		body = nil
	}
	req, err := http.NewRequest(c.Method, u, bytes.NewReader(body))
	if err != nil {
		return nil, nil, nil, err
	}
	if c.ContentType != "" {
		req.Header.Set("Content-Type", c.ContentType)
	}
	if c.Accept != "" {
		req.Header.Set("Accept", c.Accept)
	}
	route, params, err := sp.router.FindRoute(req)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s %s: not in GitHub's REST API: %w", c.Method, c.Path, err)
	}
	return req, route, params, nil
}

// ValidateResponse checks the fake's recorded JSON answer to a call against
// the response schema GitHub documents for that operation and status (a
// status the description does not list is not checked).
func (sp *Spec) ValidateResponse(c Call) error {
	if notREST(c.Path) || c.Status <= 0 || c.ResponseHeader == nil {
		return nil
	}
	req, route, params, err := sp.route(c)
	if err != nil {
		return err
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 c.Status, Header: c.ResponseHeader,
		Options: &openapi3filter.Options{MultiError: true},
	}
	in.SetBodyBytes(c.ResponseBody)
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		return fmt.Errorf("%s %s -> %d: %w", c.Method, c.Path, c.Status, err)
	}
	return nil
}

// cutRest splits "/repos/o/r/contents/a/b" into "/repos/o/r/contents/" and
// "a/b" (likewise tarball and zipball).
func cutRest(p string) (string, string, bool) {
	parts := strings.SplitN(p, "/", 6)
	if len(parts) < 5 || parts[1] != "repos" || (parts[4] != "contents" && parts[4] != "tarball" && parts[4] != "zipball") {
		return "", "", false
	}
	rest := ""
	if len(parts) == 6 {
		rest = parts[5]
	}
	return strings.Join(parts[:5], "/") + "/", rest, true
}

// CheckConformance validates every call recorded so far against GitHub's REST
// description and reports each invalid one as a test error. It skips the test
// when the description is absent.
func (s *Server) CheckConformance(t testing.TB) {
	t.Helper()
	sp, err := LoadSpec()
	if errors.Is(err, ErrNoOpenAPI) {
		t.Skip(err.Error())
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range s.Calls() {
		if err := sp.ValidateCall(c); err != nil {
			t.Errorf("request does not conform to GitHub's REST API: %v", err)
		}
	}
}
