package core

// The rate limiter. Every window is a fixed window aligned on the UTC clock
// (minute :00, hour :00, day 00:00 UTC), kept in Redis so that every API
// process shares it. Fixed windows were chosen over sliding ones because
// the count is exact and the same for every process, X-RateLimit-Reset is
// the true moment the window empties, and /usage can report the windows'
// counts as they are; the cost is that a client may spend a window's whole
// allowance just before and just after a boundary.
//
// All the windows of one request (an organization's minute, hour and day
// plus the endpoint's bucket) are checked and incremented by ONE Lua
// script, so they change together: a request refused by one window consumes
// none of the others, and two processes can never both take the last unit.
// The script reads the time from Redis (TIME), so processes whose clocks
// disagree still agree on the windows; only tests replace it (Service.Clock).

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/redis/go-redis/v9"
)

// Window is one counted window of a bucket.
type Window struct {
	// Name is the policy name in RateLimit-Policy ("minute", "upload", …).
	Name string
	// Size is the window length, a whole number of seconds.
	Size time.Duration
	// Limit is the allowance per window; Unlimited counts without refusing.
	Limit int
	key   string
	// gate marks a window that is only checked, never counted: the request
	// is refused once it is spent (the failed-authentication window of the
	// client's address, checked in the same round trip as the
	// organization's windows).
	gate bool
}

// WindowState is a window after a decision.
type WindowState struct {
	Window
	// Used is the count in the current window: after the request when it
	// was admitted, before it when it was refused.
	Used int
	// Reset is when the current window ends.
	Reset time.Time
}

// Limited reports whether the window can refuse requests.
func (w WindowState) Limited() bool { return w.Limit != Unlimited }

// Remaining is what is left of a limited window (never negative).
func (w WindowState) Remaining() int { return max(0, w.Limit-w.Used) }

// Decision is the limiter's answer for one request.
type Decision struct {
	Allowed bool
	// Now is the limiter's time (Redis TIME) at the decision.
	Now     time.Time
	Windows []WindowState
	n       int // units asked for
}

// Binding returns the window the X-RateLimit-* headers describe: on a
// refusal the violated window that resets last (retrying earlier would be
// refused again), otherwise the limited window with the fewest remaining
// (ties: the one that resets last). It is nil when nothing is limited.
func (d *Decision) Binding() *WindowState {
	var best *WindowState
	for i := range d.Windows {
		w := &d.Windows[i]
		switch {
		case !w.Limited():
		case !d.Allowed:
			if w.Used+d.n > w.Limit && (best == nil || w.Reset.After(best.Reset)) {
				best = w
			}
		case best == nil, w.Remaining() < best.Remaining(),
			w.Remaining() == best.Remaining() && w.Reset.After(best.Reset):
			best = w
		}
	}
	return best
}

// RetryAfter is the whole seconds until the binding window resets (at
// least 1).
func (d *Decision) RetryAfter() int {
	b := d.Binding()
	if b == nil {
		return 1
	}
	return max(1, int(b.Reset.Sub(d.Now).Round(time.Second)/time.Second))
}

// Refusal returns the RATE_LIMITED error of a refused decision.
func (d *Decision) Refusal() *Error {
	ra := d.RetryAfter()
	msg := fmt.Sprintf("rate limit exceeded; retry in %d seconds", ra)
	if b := d.Binding(); b != nil {
		per := windowWord(b.Size)
		switch b.Name {
		case per:
			msg = fmt.Sprintf("rate limit exceeded: %d requests per %s for the organization; retry in %d seconds", b.Limit, per, ra)
		case "auth":
			msg = fmt.Sprintf("too many failed authentications from this address (%d per %s); retry in %d seconds", b.Limit, per, ra)
		case "public", "wallet":
			msg = fmt.Sprintf("rate limit exceeded: %d requests per %s from this address; retry in %d seconds", b.Limit, per, ra)
		default:
			msg = fmt.Sprintf("rate limit exceeded: %d %s requests per %s for the organization; retry in %d seconds", b.Limit, b.Name, per, ra)
		}
	}
	return &Error{Code: CodeRateLimited, Message: msg, Extra: map[string]any{"retry_after": ra}}
}

func windowWord(d time.Duration) string {
	switch d {
	case time.Minute:
		return "minute"
	case time.Hour:
		return "hour"
	case 24 * time.Hour:
		return "day"
	}
	return d.String()
}

// takeScript checks and takes n units from every window in KEYS[1..#KEYS-1]
// at once. KEYS[#KEYS] is the organization's usage hash prefix (or "") to
// which the month "YYYY-MM" is appended. ARGV: n (0 only reads), now in Unix
// seconds (0 = Redis TIME), the route field to count ("" none), then size,
// limit (-1 unlimited) and mode per window: 1 takes n, 0 is a gate that
// refuses once spent and is never counted (a refusal by a gate is not the
// organization's: its usage is left alone). It returns {now, allowed,
// used...}.
var takeScript = redis.NewScript(`
local n = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
if now <= 0 then now = tonumber(redis.call('TIME')[1]) end
local nw = #KEYS - 1
local used, starts, fresh, take = {}, {}, {}, {}
local allowed, gated = 1, 0
for i = 1, nw do
  local size = tonumber(ARGV[1 + 3 * i])
  local limit = tonumber(ARGV[2 + 3 * i])
  take[i] = tonumber(ARGV[3 + 3 * i]) == 1
  local start = now - (now % size)
  local v = redis.call('HMGET', KEYS[i], 'w', 'c')
  starts[i] = start
  fresh[i] = tonumber(v[1]) ~= start
  if fresh[i] then used[i] = 0 else used[i] = tonumber(v[2]) or 0 end
  if limit >= 0 then
    if not take[i] then
      if used[i] >= limit then allowed = 0; gated = 1 end
    elseif n > 0 and used[i] + n > limit then allowed = 0 end
  end
end
local function month(t)
  local z = math.floor(t / 86400) + 719468
  local era = math.floor(z / 146097)
  local doe = z - era * 146097
  local yoe = math.floor((doe - math.floor(doe / 1460) + math.floor(doe / 36524) - math.floor(doe / 146096)) / 365)
  local doy = doe - (365 * yoe + math.floor(yoe / 4) - math.floor(yoe / 100))
  local mp = math.floor((5 * doy + 2) / 153)
  local m = mp < 10 and mp + 3 or mp - 9
  local y = yoe + era * 400
  if m <= 2 then y = y + 1 end
  return string.format('%04d-%02d', y, m)
end
local usage = KEYS[#KEYS]
if n > 0 and gated == 0 then
  if allowed == 1 then
    for i = 1, nw do
      local size = tonumber(ARGV[1 + 3 * i])
      if not take[i] then
      elseif fresh[i] then
        redis.call('HSET', KEYS[i], 'w', starts[i], 'c', n)
        redis.call('EXPIRE', KEYS[i], starts[i] + size - now + 1)
      else
        redis.call('HINCRBY', KEYS[i], 'c', n)
      end
      used[i] = used[i] + n
    end
  end
  if usage ~= '' then
    local h = usage .. month(now)
    local first
    if allowed == 1 then
      first = redis.call('HINCRBY', h, 'total', n) == n
      if ARGV[3] ~= '' then redis.call('HINCRBY', h, 'route:' .. ARGV[3], n) end
    else
      first = redis.call('HINCRBY', h, 'rate_limited', 1) == 1
    end
    -- A month's counters are kept 400 days.
    if first then redis.call('EXPIRE', h, 34560000) end
  end
end
local out = {now, allowed}
for i = 1, nw do out[#out + 1] = used[i] end
return out
`)

// errLimiterDown is wrapped by every Redis failure of the limiter.
var errLimiterDown = errors.New("rate limiter unavailable")

// limiterNow is the time the script uses: Redis TIME (0) unless a test
// clock is set.
func (s *Service) limiterNow() int64 {
	if s.Clock != nil {
		return s.Clock().Unix()
	}
	return 0
}

// take runs takeScript over windows for n units.
func (s *Service) take(ctx context.Context, windows []Window, n int, usageKey, route string) (*Decision, error) {
	if s.Redis == nil {
		return nil, fmt.Errorf("%w: no Redis client", errLimiterDown)
	}
	keys := make([]string, 0, len(windows)+1)
	args := make([]any, 0, 3+3*len(windows))
	args = append(args, n, s.limiterNow(), route)
	for _, w := range windows {
		keys = append(keys, w.key)
		mode := 1
		if w.gate {
			mode = 0
		}
		args = append(args, int64(w.Size/time.Second), w.Limit, mode)
	}
	keys = append(keys, usageKey)
	res, err := takeScript.Run(ctx, s.Redis, keys, args...).Int64Slice()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errLimiterDown, err)
	}
	if len(res) != 2+len(windows) {
		return nil, fmt.Errorf("%w: script returned %d values", errLimiterDown, len(res))
	}
	now := time.Unix(res[0], 0).UTC()
	d := &Decision{Allowed: res[1] == 1, Now: now, Windows: make([]WindowState, len(windows)), n: max(n, 1)}
	for i, w := range windows {
		size := int64(w.Size / time.Second)
		start := res[0] - res[0]%size
		d.Windows[i] = WindowState{Window: w, Used: int(res[2+i]), Reset: time.Unix(start+size, 0).UTC()}
	}
	return d, nil
}

// Unavailable is the 503 the API answers when the limiter cannot reach
// Redis: requests are refused rather than let through unmetered (fail
// closed), because a limiter that opens when Redis is down turns an outage
// into an unlimited load on the database and the scanners.
func Unavailable() *Error {
	return &Error{Code: CodeUnavailable, Message: "the service is temporarily unavailable; retry shortly",
		Extra: map[string]any{"retry_after": unavailableRetryAfter}}
}

// LimiterDown reports whether err is a failure to reach the limiter's Redis.
func LimiterDown(err error) bool { return errors.Is(err, errLimiterDown) }

// Endpoint names a route with a bucket of its own (api.md's endpoint limits).
type Endpoint string

// Endpoints with their own buckets.
const (
	EndpointUpload        Endpoint = "upload"
	EndpointResults       Endpoint = "results"
	EndpointWebhookCreate Endpoint = "webhooks"
)

func orgKey(orgID uuid.UUID, name string) string { return "bw:rl:{org:" + orgID.String() + "}:" + name }

func usageKey(orgID uuid.UUID) string { return "bw:usage:{org:" + orgID.String() + "}:" }

// orgWindows are the organization's minute, hour and day windows (always all
// three, unlimited ones too, so /usage can report them).
func orgWindows(orgID uuid.UUID, l Limits) []Window {
	return []Window{
		{Name: "minute", Size: time.Minute, Limit: l.PerMinute, key: orgKey(orgID, "minute")},
		{Name: "hour", Size: time.Hour, Limit: l.PerHour, key: orgKey(orgID, "hour")},
		{Name: "day", Size: 24 * time.Hour, Limit: l.PerDay, key: orgKey(orgID, "day")},
	}
}

func endpointWindow(orgID uuid.UUID, e Endpoint, l Limits) (Window, bool) {
	w := Window{Name: string(e), key: orgKey(orgID, string(e))}
	switch e {
	case EndpointUpload:
		w.Size, w.Limit = time.Hour, l.UploadsPerHour
	case EndpointResults:
		w.Size, w.Limit = time.Minute, l.ResultsPerMinute
	case EndpointWebhookCreate:
		w.Size, w.Limit = time.Hour, l.WebhooksPerHour
	default:
		return w, false
	}
	return w, true
}

// TakeRequest admits one authenticated request of p's organization to route
// (a route pattern such as "GET /api/v1/scans/:id", counted in /usage) and,
// when e is not "", to that endpoint's bucket. A refused decision is not an
// error; the caller answers 429 with d.Refusal().
//
// When ip is not "", the same round trip checks ip's failed-authentication
// window first: an address that spent it is refused whatever its key, and
// the decision then describes that window alone. Otherwise the decision
// describes the organization's windows only.
func (s *Service) TakeRequest(ctx context.Context, p *Principal, ip, route string, e Endpoint) (*Decision, error) {
	l, err := s.LimitsFor(ctx, nil, p.OrgID, p.Plan)
	if err != nil {
		return nil, err
	}
	ws := orgWindows(p.OrgID, l)
	if w, ok := endpointWindow(p.OrgID, e, l); ok {
		ws = append(ws, w)
	}
	if ip == "" {
		return s.take(ctx, ws, 1, usageKey(p.OrgID), route)
	}
	gate := ipWindow(ip, "auth", AuthFailuresPerMinute)
	gate.gate = true
	d, err := s.take(ctx, append([]Window{gate}, ws...), 1, usageKey(p.OrgID), route)
	if err != nil {
		return nil, err
	}
	if !d.Allowed && d.Windows[0].Used >= AuthFailuresPerMinute {
		d.Windows = d.Windows[:1]
	} else {
		d.Windows = d.Windows[1:]
	}
	return d, nil
}

// Limits of unauthenticated traffic, per client IP.
const (
	// AuthFailuresPerMinute bounds failed authentications per IP; past it
	// the IP's requests are refused before any database lookup.
	AuthFailuresPerMinute = 20
	// PublicPerMinute bounds requests per IP to the public API routes
	// (openapi.json, badges) and to unknown paths.
	PublicPerMinute = 600
	// WalletPerMinute bounds wallet sign-in calls (nonce, verify) per IP.
	WalletPerMinute = 30
)

func ipWindow(ip, name string, limit int) Window {
	return Window{Name: name, Size: time.Minute, Limit: limit, key: "bw:rl:{ip:" + ip + "}:" + name}
}

// CheckAuthFailures reads ip's failed-authentication window without taking
// from it; Allowed is false once the IP has spent it. It runs before the key
// lookup so a flood of bad keys never reaches the database.
func (s *Service) CheckAuthFailures(ctx context.Context, ip string) (*Decision, error) {
	w := ipWindow(ip, "auth", AuthFailuresPerMinute)
	w.gate = true
	d, err := s.take(ctx, []Window{w}, 0, "", "")
	if err != nil {
		return nil, err
	}
	d.Allowed = d.Windows[0].Used < AuthFailuresPerMinute
	return d, nil
}

// RecordAuthFailure counts one failed authentication of ip.
func (s *Service) RecordAuthFailure(ctx context.Context, ip string) (*Decision, error) {
	return s.take(ctx, []Window{ipWindow(ip, "auth", AuthFailuresPerMinute)}, 1, "", "")
}

// TakePublic admits one request of ip to a public route.
func (s *Service) TakePublic(ctx context.Context, ip string) (*Decision, error) {
	return s.take(ctx, []Window{ipWindow(ip, "public", PublicPerMinute)}, 1, "", "")
}

// TakeWallet admits one wallet sign-in request (nonce or verify) of ip.
func (s *Service) TakeWallet(ctx context.Context, ip string) (*Decision, error) {
	return s.take(ctx, []Window{ipWindow(ip, "wallet", WalletPerMinute)}, 1, "", "")
}

// currentWindows reads (without taking) the organization's minute, hour and
// day counts.
func (s *Service) currentWindows(ctx context.Context, orgID uuid.UUID, l Limits) (*Decision, error) {
	return s.take(ctx, orgWindows(orgID, l), 0, "", "")
}

// usageCounts reads the organization's request counters of period.
func (s *Service) usageCounts(ctx context.Context, orgID uuid.UUID, period string) (total, limited int, byRoute map[string]int, err error) {
	if s.Redis == nil {
		return 0, 0, nil, fmt.Errorf("%w: no Redis client", errLimiterDown)
	}
	h, err := s.Redis.HGetAll(ctx, usageKey(orgID)+period).Result()
	if err != nil {
		return 0, 0, nil, fmt.Errorf("%w: %w", errLimiterDown, err)
	}
	byRoute = map[string]int{}
	for k, v := range h {
		n, _ := strconv.Atoi(v)
		switch {
		case k == "total":
			total = n
		case k == "rate_limited":
			limited = n
		case len(k) > 6 && k[:6] == "route:":
			byRoute[k[6:]] = n
		}
	}
	return total, limited, byRoute, nil
}
