package server

// Rate limiting at the edge (the windows themselves are core/limits.go):
//
//   - Authenticated requests take one unit from their organization's minute,
//     hour and day windows, and from the endpoint's bucket for the three
//     routes api.md names, in one atomic step after the key is resolved.
//   - Before a key is looked up, the client IP's failed-authentication window
//     is read; once an IP has failed core.AuthFailuresPerMinute times in the
//     current minute, its requests are refused without touching the
//     database. Every failed authentication (missing, malformed, unknown,
//     revoked or expired key) counts.
//   - Public API routes (openapi.json, the .bulwark.yml schema, the /docs reference page and its
//     script, quality-gate badges) and unknown paths
//     take from a per-IP public window; wallet sign-in (nonce, verify) from
//     a tighter per-IP window, since each call writes to the database.
//   - /healthz, /readyz and /metrics are not limited and carry no rate-limit
//     headers: load balancers and Prometheus poll them, and /readyz must be
//     able to report that Redis is down.
//
// Redis unreachable: 503 SERVICE_UNAVAILABLE (fail closed, see
// core.Unavailable).

import (
	"context"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
)

// endpointBuckets maps route patterns to their endpoint bucket.
var endpointBuckets = map[string]core.Endpoint{
	"POST /api/v1/contracts/upload": core.EndpointUpload,
	"GET /api/v1/scans/:id/results": core.EndpointResults,
	"POST /api/v1/webhooks":         core.EndpointWebhookCreate,
}

// limiterTimeout bounds one limiter round trip, so a hung Redis turns into
// a 503 instead of a hung request.
const limiterTimeout = time.Second

// routePattern names the matched route as /usage reports it.
func routePattern(c *fiber.Ctx) string {
	if r := c.Route(); r != nil {
		return c.Method() + " " + r.Path
	}
	return c.Method() + " " + c.Path()
}

// limitRequest takes one request of p's organization; it sets the headers
// and returns RATE_LIMITED when refused.
// With gateIP set, the client address's failed-authentication window is
// checked in the same round trip (a request whose key came from the cache
// skipped the separate gate).
func (s *Server) limitRequest(c *fiber.Ctx, p *core.Principal, gateIP bool) error {
	route := routePattern(c)
	ctx, cancel := context.WithTimeout(c.UserContext(), limiterTimeout)
	defer cancel()
	ip := ""
	if gateIP {
		ip = clientIP(c)
	}
	d, err := s.svc.TakeRequest(ctx, p, ip, route, endpointBuckets[route])
	return s.apply(c, d, err)
}

// gateIP refuses an IP that has spent its failed-authentication window,
// before any database lookup.
func (s *Server) gateIP(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), limiterTimeout)
	defer cancel()
	d, err := s.svc.CheckAuthFailures(ctx, clientIP(c))
	if err != nil || !d.Allowed {
		return s.apply(c, d, err)
	}
	return nil
}

// countAuthFailure records a failed authentication of the client IP and
// describes the IP's window in the headers.
func (s *Server) countAuthFailure(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), limiterTimeout)
	defer cancel()
	d, err := s.svc.RecordAuthFailure(ctx, clientIP(c))
	if err != nil {
		return s.apply(c, d, err)
	}
	// The failure itself is the answer (401); the window only informs.
	d.Allowed = true
	setRateHeaders(c, d)
	return nil
}

// limitPublic takes from the IP's public window for the public API routes;
// other paths pass (authenticated routes are limited after authentication,
// service routes not at all).
func (s *Server) limitPublic(c *fiber.Ctx) error {
	if s.noLimits {
		return c.Next()
	}
	var err error
	switch publicPath(c.Path()) {
	case publicRoute:
		err = s.takePublic(c)
	case walletRoute:
		ctx, cancel := context.WithTimeout(c.UserContext(), limiterTimeout)
		defer cancel()
		d, werr := s.svc.TakeWallet(ctx, clientIP(c))
		err = s.apply(c, d, werr)
	}
	if err != nil {
		return err
	}
	return c.Next()
}

func (s *Server) takePublic(c *fiber.Ctx) error {
	if s.noLimits || c.Locals(localLimited) != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), limiterTimeout)
	defer cancel()
	d, err := s.svc.TakePublic(ctx, clientIP(c))
	return s.apply(c, d, err)
}

const (
	otherRoute = iota
	publicRoute
	walletRoute
)

// publicPath classifies the unauthenticated routes (Fiber
// routes ignore case and a trailing slash, so this does too).
func publicPath(path string) int {
	p := strings.TrimSuffix(strings.ToLower(path), "/")
	switch {
	case p == "/api/v1/openapi.json", p == "/api/v1/schemas/bulwark-config.json", p == "/docs", p == "/docs/redoc.standalone.js", strings.HasPrefix(p, "/r/"),
		strings.HasPrefix(p, "/api/v1/quality-gates/projects/") && strings.HasSuffix(p, "/badge.svg"):
		return publicRoute
	case p == "/api/v1/auth/wallet/solana/nonce", p == "/api/v1/auth/wallet/solana/verify":
		return walletRoute
	}
	return otherRoute
}

// clientIP is the address the per-IP windows are keyed by. Behind a proxy
// (Config.ProxyHeader) Fiber returns the header as sent; of an
// X-Forwarded-For list only the last entry, the one the trusted proxy
// appended, cannot be forged by the client, so a client cannot escape its
// window by inventing addresses. IPv6 clients are keyed by their /64.
func clientIP(c *fiber.Ctx) string {
	ip := clientAddr(c)
	if ip.To4() == nil {
		// One IPv6 host usually holds a whole /64; keying on single
		// addresses would let it rotate through fresh windows.
		ip = ip.Mask(net.CIDRMask(64, 128))
	}
	return ip.String()
}

// clientAddr is the client's address: the last entry of the proxy header
// (the one the trusted proxy appended), else the peer address.
func clientAddr(c *fiber.Ctx) net.IP {
	v := c.IP()
	if i := strings.LastIndexByte(v, ','); i >= 0 {
		v = v[i+1:]
	}
	if ip := net.ParseIP(strings.TrimSpace(v)); ip != nil {
		return ip
	}
	return c.Context().RemoteIP()
}

// apply turns a limiter answer into headers and, when refused, the 429.
func (s *Server) apply(c *fiber.Ctx, d *core.Decision, err error) error {
	if err != nil {
		if core.LimiterDown(err) {
			s.log.Warn("rate limiter unavailable", "request_id", requestIDOf(c), "err", err)
			return core.Unavailable()
		}
		return err
	}
	c.Locals(localLimited, true)
	setRateHeaders(c, d)
	if !d.Allowed {
		return d.Refusal()
	}
	return nil
}

// setRateHeaders writes X-RateLimit-* for the binding window and the IETF
// draft's RateLimit-Policy and RateLimit for every limited window
// (draft-ietf-httpapi-ratelimit-headers-10: `"name";q=limit;w=seconds` and
// `"name";r=remaining;t=seconds-to-reset`).
func setRateHeaders(c *fiber.Ctx, d *core.Decision) {
	b := d.Binding()
	if b == nil {
		return
	}
	c.Set("X-RateLimit-Limit", strconv.Itoa(b.Limit))
	c.Set("X-RateLimit-Remaining", strconv.Itoa(b.Remaining()))
	c.Set("X-RateLimit-Reset", strconv.FormatInt(b.Reset.Unix(), 10))
	var policy, state strings.Builder
	for _, w := range d.Windows {
		if !w.Limited() {
			continue
		}
		if policy.Len() > 0 {
			policy.WriteString(", ")
			state.WriteString(", ")
		}
		policy.WriteString(`"` + w.Name + `";q=` + strconv.Itoa(w.Limit) + ";w=" + strconv.Itoa(int(w.Size/time.Second)))
		t := int(w.Reset.Sub(d.Now) / time.Second)
		state.WriteString(`"` + w.Name + `";r=` + strconv.Itoa(w.Remaining()) + ";t=" + strconv.Itoa(max(t, 0)))
	}
	c.Set("RateLimit-Policy", policy.String())
	c.Set("RateLimit", state.String())
}
