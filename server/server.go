// Package server is bulwark's HTTP API: the Fiber app, its middleware, the
// error envelope, and one file per resource with its routes, handlers and
// request/response types. Handlers decode, validate, call core, convert and
// return; one error handler renders every failure.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/bulwark-sec/bulwark/app"
	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/wallet"
)

// Version is the API service version of api.md.
const Version = "0.10.2"

// Config wires the server.
type Config struct {
	Service *core.Service
	Log     *slog.Logger
	// Checks are /readyz's dependency checks by name (database, redis),
	// each reported on its own.
	Checks map[string]func(ctx context.Context) error
	// RequestTimeout bounds a request's work once its body is read (the
	// deadline of the context handlers pass to core); zero means 30 s.
	RequestTimeout time.Duration
	// AccessLog logs one line per request (BULWARK_ACCESS_LOG).
	AccessLog bool
	// Collectors are more Prometheus series for /metrics: the database
	// pool, scans by status, queue depths (wired in main).
	Collectors []prometheus.Collector
	// ProxyHeader, when set, is the header that carries the client IP
	// (e.g. X-Forwarded-For behind a trusted proxy).
	ProxyHeader string
	// NoRateLimit turns the rate limiter off (the limiter benchmark's
	// baseline); production always limits.
	NoRateLimit bool
	// GitHub is the GitHub App; nil leaves its routes out (404).
	GitHub *app.App
	// PublicURL is the server's address as users reach it
	// (BULWARK_PUBLIC_URL): wallet sign-in messages bind its host and URL.
	// Empty or not http(s): the wallet routes answer 503.
	PublicURL string
	// BuildVersion is the build's version, the one `bulwark --version`
	// prints (stamped with -X main.toolVersion); /healthz shows it.
	// Empty is "dev".
	BuildVersion string
}

// Server is the HTTP API.
type Server struct {
	svc       *core.Service
	log       *slog.Logger
	checks    map[string]func(ctx context.Context) error
	timeout   time.Duration
	accessLog bool
	app       *fiber.App
	metrics   *metrics
	// noLimits disables rate limiting (Config.NoRateLimit).
	noLimits bool
	// methods knows which methods each route pattern serves (405s).
	methods *routeMethods
	// uploads bounds the uploads in flight per organization.
	uploads uploadSlots
	github  *app.App
	build   string
	// wallet is the wallet sign-in (nil without a public URL).
	wallet *wallet.Service
}

// maxBody bounds every request body: a zip of 50 MB plus multipart framing.
const maxBody = 52 << 20

// New builds the server and registers every route.
func New(cfg Config) *Server {
	s := &Server{svc: cfg.Service, log: cfg.Log, checks: cfg.Checks, timeout: cfg.RequestTimeout, metrics: newMetrics(cfg.Collectors...), accessLog: cfg.AccessLog,
		noLimits: cfg.NoRateLimit, github: cfg.GitHub, build: cfg.BuildVersion}
	if s.build == "" {
		s.build = "dev"
	}
	if w, err := wallet.New(cfg.Service, cfg.PublicURL); err == nil {
		s.wallet = w
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.timeout <= 0 {
		s.timeout = 30 * time.Second
	}
	if _, err := openapiJSON(); err != nil {
		// The document is embedded: a broken one is a build defect.
		panic(err)
	}
	s.app = fiber.New(fiber.Config{
		AppName:               "bulwark",
		BodyLimit:             maxBody,
		ErrorHandler:          s.handleError,
		DisableStartupMessage: true,
		// Immutable copies every string Fiber hands out, so values that
		// outlive a handler never alias reused request memory.
		Immutable:   true,
		ProxyHeader: cfg.ProxyHeader,
		// Headers up to 16 KB (long bearer keys, tracing headers); larger
		// ones are 431 in the envelope.
		ReadBufferSize: 16 << 10,
		// Handlers start once the headers are read; bodyGuard bounds and
		// reads the bodies (server/body.go).
		StreamRequestBody:            true,
		DisablePreParseMultipartForm: true,
		ReadTimeout:                  60 * time.Second,
		WriteTimeout:                 120 * time.Second,
		IdleTimeout:                  120 * time.Second,
	})
	s.app.Use(s.requestID, s.observe, s.recoverPanic, s.deadline, s.bodyGuard, s.limitPublic, checkQueryText)
	s.routes()
	// Anything unmatched is a 404 in the spec's envelope, limited per IP
	// like the public routes.
	s.methods = newRouteMethods(s.app.GetRoutes(true))
	s.app.Use(func(c *fiber.Ctx) error {
		if err := s.takePublic(c); err != nil {
			return err
		}
		if allow := s.methods.allowed(c.Path()); len(allow) > 0 {
			return &methodNotAllowed{allow: allow}
		}
		return core.Errorf(core.CodeNotFound, "no route for %s %s", c.Method(), c.Path())
	})
	s.guardMethods()
	return s
}

// App returns the Fiber app (for Listen and Test).
func (s *Server) App() *fiber.App { return s.app }

// Listen serves on addr until Shutdown.
func (s *Server) Listen(addr string) error { return s.app.Listen(addr) }

// Shutdown stops accepting requests and waits for in-flight ones.
func (s *Server) Shutdown(ctx context.Context) error { return s.app.ShutdownWithContext(ctx) }

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// requestID keeps a well-formed inbound X-Request-Id, replaces anything
// else, and echoes it on every response.
func (s *Server) requestID(c *fiber.Ctx) error {
	id := c.Get(fiber.HeaderXRequestID)
	if !requestIDPattern.MatchString(id) {
		id = "req_" + uuid.NewString()
	}
	c.Locals(localRequestID, id)
	c.Set(fiber.HeaderXRequestID, id)
	return c.Next()
}

// deadline bounds the request's work: a database or Redis that accepts
// connections but never answers, or a full connection pool, ends in 503
// SERVICE_UNAVAILABLE instead of a request that hangs.
func (s *Server) deadline(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), s.timeout)
	defer cancel()
	c.SetUserContext(ctx)
	return c.Next()
}

func (s *Server) recoverPanic(c *fiber.Ctx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic", "request_id", requestIDOf(c), "panic", r)
			err = errors.New("panic in handler")
		}
	}()
	return c.Next()
}

type localKey int

const (
	localRequestID localKey = iota
	localPrincipal
	// localLimited marks a request the limiter has already counted.
	localLimited
)

func requestIDOf(c *fiber.Ctx) string {
	id, _ := c.Locals(localRequestID).(string)
	return id
}

// statusOf maps error codes to HTTP statuses (api.md and decisions.md).
var statusOf = map[core.Code]int{
	core.CodeUnauthorized:     401,
	core.CodeKeyExpired:       401,
	core.CodePermissionDenied: 403,
	core.CodeNotFound:         404,
	core.CodeInvalidCursor:    400,
	core.CodeCursorExpired:    400,
	core.CodeInvalidRequest:   400,
	core.CodeMissingField:     422,
	core.CodeInvalidField:     422,
	core.CodeRateLimited:      429,
	core.CodeQuotaExceeded:    429,
	core.CodeConcurrentLimit:  429,
	core.CodeScanFailed:       409,
	core.CodeScanInProgress:   409,
	core.CodeDuplicate:        409,
	core.CodeConflict:         409,
	core.CodeFileTooLarge:     413,
	core.CodeInvalidFileType:  415,
	core.CodeInternal:         500,
	core.CodeUnavailable:      503,
}

type errorBody struct {
	Error map[string]any `json:"error"`
}

// handleError renders every error in the spec's envelope. Only 5xx are
// logged, once, with the request id; their text never reaches the client.
func (s *Server) handleError(c *fiber.Ctx, err error) error {
	if requestIDOf(c) == "" {
		// Errors raised while the request is read (an oversize body) skip
		// the middleware; they still get a request id.
		id := "req_" + uuid.NewString()
		c.Locals(localRequestID, id)
		c.Set(fiber.HeaderXRequestID, id)
	}
	if isUpload(c) {
		// An upload refused before its body was read leaves the rest of it
		// on the connection: close it after the answer.
		c.Context().SetConnectionClose()
	}
	var mna *methodNotAllowed
	if errors.As(err, &mna) {
		allow := strings.Join(mna.allow, ", ")
		c.Set(fiber.HeaderAllow, allow)
		return c.Status(fiber.StatusMethodNotAllowed).JSON(errorBody{Error: map[string]any{
			"code": core.CodeInvalidRequest, "request_id": requestIDOf(c),
			"message": fmt.Sprintf("method %s is not allowed here; use %s", c.Method(), allow)}})
	}
	var fe *fiber.Error
	if errors.As(err, &fe) && fe.Code == fiber.StatusRequestHeaderFieldsTooLarge {
		return c.Status(fe.Code).JSON(errorBody{Error: map[string]any{
			"code": core.CodeInvalidRequest, "request_id": requestIDOf(c),
			"message": "the request headers are too large (at most 16 KB)"}})
	}
	ce, ok := core.AsError(err)
	if !ok {
		if errors.As(err, &fe) {
			ce = fiberError(fe)
		} else if ue := core.AsUnavailable(err); ue != nil {
			ce = ue
			s.log.Warn("dependency unavailable", "request_id", requestIDOf(c), "method", c.Method(),
				"path", c.Path(), "org_id", orgIDOf(c), "err", err)
		} else {
			ce = &core.Error{Code: core.CodeInternal, Message: "internal error; quote the request id when contacting support"}
			s.log.Error("request failed", "request_id", requestIDOf(c), "method", c.Method(),
				"path", c.Path(), "org_id", orgIDOf(c), "err", err)
		}
	}
	status := statusOf[ce.Code]
	if status == 0 {
		status = 500
	}
	body := map[string]any{"code": ce.Code, "message": ce.Message, "request_id": requestIDOf(c)}
	if len(ce.Details) > 0 {
		body["details"] = ce.Details
	}
	for k, v := range ce.Extra {
		body[k] = v
	}
	if ra, ok := ce.Extra["retry_after"].(int); ok {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(ra))
	}
	if ce.Code == core.CodeKeyExpired {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer error="invalid_token", error_description="the API key has expired"`)
	} else if ce.Code == core.CodeUnauthorized {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer`)
	}
	return c.Status(status).JSON(errorBody{Error: body})
}

func fiberError(fe *fiber.Error) *core.Error {
	switch fe.Code {
	case fiber.StatusNotFound:
		return core.Errorf(core.CodeNotFound, "resource not found")
	case fiber.StatusMethodNotAllowed:
		return core.Errorf(core.CodeNotFound, "resource not found")
	case fiber.StatusRequestEntityTooLarge:
		return core.Errorf(core.CodeFileTooLarge, "the request body exceeds the upload limit")
	case fiber.StatusUnsupportedMediaType:
		return core.Errorf(core.CodeInvalidRequest, "unsupported content type")
	case fiber.StatusRequestTimeout:
		return core.Errorf(core.CodeInvalidRequest, "request timed out")
	}
	if fe.Code >= 500 {
		return core.Errorf(core.CodeInternal, "internal error")
	}
	msg := fe.Message
	// fasthttp's framing errors quote the whole header block read so far
	// (credentials included): keep the reason only.
	if i := strings.Index(msg, "; buffer size="); i >= 0 {
		msg = msg[:i]
	}
	if i := strings.Index(msg, ": buffer size="); i >= 0 {
		msg = msg[:i]
	}
	return core.Errorf(core.CodeInvalidRequest, "%s", msg)
}
