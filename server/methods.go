package server

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/valyala/fasthttp"

	"github.com/bulwark-sec/bulwark/core"
)

// A request whose method the path does not serve is 405 with an Allow header,
// and one whose method HTTP does not define at all (FOO) gets the same
// envelope instead of fasthttp's plain-text 400, which Fiber answers before
// any middleware runs.

// methodNotAllowed is the error of a known path asked with another method.
type methodNotAllowed struct{ allow []string }

func (e *methodNotAllowed) Error() string { return "method not allowed" }

// routeMethods maps each registered path pattern to the methods it serves.
type routeMethods struct {
	patterns []*regexp.Regexp
	methods  [][]string
}

var paramSegment = regexp.MustCompile(`:[^/]+`)

func newRouteMethods(routes []fiber.Route) *routeMethods {
	rm := &routeMethods{}
	index := map[string]int{}
	for _, r := range routes {
		if !slices.Contains(knownMethods, r.Method) {
			continue
		}
		i, ok := index[r.Path]
		if !ok {
			re := "^" + paramSegment.ReplaceAllString(regexp.QuoteMeta(strings.TrimSuffix(r.Path, "/")), `[^/]+`) + "/?$"
			// QuoteMeta leaves ':' alone, so parameters survive quoting.
			i = len(rm.patterns)
			index[r.Path] = i
			rm.patterns = append(rm.patterns, regexp.MustCompile(re))
			rm.methods = append(rm.methods, nil)
		}
		if !slices.Contains(rm.methods[i], r.Method) {
			rm.methods[i] = append(rm.methods[i], r.Method)
		}
	}
	for _, m := range rm.methods {
		slices.Sort(m)
	}
	return rm
}

// allowed lists the methods some route serves at path (nil when no route
// has the path).
func (rm *routeMethods) allowed(path string) []string {
	var out []string
	for i, re := range rm.patterns {
		if re.MatchString(path) {
			for _, m := range rm.methods[i] {
				if !slices.Contains(out, m) {
					out = append(out, m)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// knownMethods are the methods Fiber routes; anything else never reaches it.
var knownMethods = []string{fiber.MethodGet, fiber.MethodHead, fiber.MethodPost, fiber.MethodPut,
	fiber.MethodDelete, fiber.MethodConnect, fiber.MethodOptions, fiber.MethodTrace, fiber.MethodPatch}

// guardMethods wraps the server's request handler so that a method HTTP
// does not define gets the JSON envelope: 405 with Allow on a known path, 404
// elsewhere. It answers before routing, as Fiber would, so no handler runs.
func (s *Server) guardMethods() {
	next := s.app.Server().Handler
	s.app.Server().Handler = func(ctx *fasthttp.RequestCtx) {
		if slices.Contains(knownMethods, string(ctx.Method())) {
			next(ctx)
			return
		}
		id := "req_" + uuid.NewString()
		ctx.Response.Header.Set(fiber.HeaderXRequestID, id)
		ctx.SetContentType(fiber.MIMEApplicationJSON)
		code, status := core.CodeNotFound, fiber.StatusNotFound
		msg := fmt.Sprintf("no route for %s %s", ctx.Method(), ctx.Path())
		if allow := s.methods.allowed(string(ctx.Path())); len(allow) > 0 {
			code, status = core.CodeInvalidRequest, fiber.StatusMethodNotAllowed
			ctx.Response.Header.Set(fiber.HeaderAllow, strings.Join(allow, ", "))
			msg = fmt.Sprintf("method %s is not allowed here; use %s", ctx.Method(), strings.Join(allow, ", "))
		}
		body, _ := json.Marshal(errorBody{Error: map[string]any{"code": code, "message": msg, "request_id": id}})
		ctx.SetStatusCode(status)
		ctx.SetBody(body)
	}
}
