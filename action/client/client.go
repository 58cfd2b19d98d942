// Package client is a typed Go client for bulwark's public REST API
// (/api/v1). The CLI's CI mode, the GitHub Action and the end-to-end tests
// use it, exactly as a user's own program would: it speaks HTTP only.
//
// Transient answers (429, 502, 503, 504 and refused connections) are retried
// with exponential backoff and jitter, honouring Retry-After, for a
// bounded number of attempts and never past the context's deadline; a
// Retry-After longer than MaxDelay is returned as an error at once.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Version is sent in the User-Agent.
const Version = "0.10.2"

// Client calls one bulwark service with one API key. The zero value is not
// usable; use New.
type Client struct {
	base *url.URL
	key  string

	// HTTP sends the requests; its Timeout bounds each attempt.
	HTTP *http.Client
	// MaxAttempts bounds the tries of one call (1 disables retries).
	MaxAttempts int
	// BaseDelay is the first backoff; each retry doubles it up to MaxDelay.
	BaseDelay time.Duration
	// MaxDelay caps a backoff; a longer Retry-After is not waited for.
	MaxDelay time.Duration
	// UserAgent is sent with every request.
	UserAgent string
	// Sleep waits between attempts and returns early with the context's
	// error; replace it to observe or shorten the waits.
	Sleep func(context.Context, time.Duration) error
}

// New returns a client for the service at baseURL (with or without the
// /api/v1 suffix) authenticating with key.
func New(baseURL, key string) (*Client, error) {
	u, err := url.Parse(strings.TrimSpace(baseURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("api url %q: want http(s)://host[:port]", baseURL)
	}
	u.Path = strings.TrimSuffix(strings.TrimSuffix(u.Path, "/"), "/api/v1")
	u.RawQuery, u.Fragment = "", ""
	return &Client{base: u, key: key, HTTP: &http.Client{Timeout: 60 * time.Second},
		MaxAttempts: 5, BaseDelay: 500 * time.Millisecond, MaxDelay: 30 * time.Second,
		UserAgent: "bulwark-client/" + Version, Sleep: sleepCtx}, nil
}

// BaseURL returns the service root (without /api/v1).
func (c *Client) BaseURL() string { return c.base.String() }

// Error is an error answer of the API, or a transport failure after every
// attempt (Status 0).
type Error struct {
	Status    int
	Code      string
	Message   string
	Details   map[string]any
	RequestID string
	// RetryAfter is the server's Retry-After, when it sent one.
	RetryAfter time.Duration
	// Method and Path name the call.
	Method, Path string
	// Err is the transport error when Status is 0.
	Err error
}

func (e *Error) Error() string {
	if e.Status == 0 {
		return fmt.Sprintf("%s %s: %v", e.Method, e.Path, e.Err)
	}
	s := fmt.Sprintf("%s %s: %d %s: %s", e.Method, e.Path, e.Status, e.Code, e.Message)
	if e.RequestID != "" {
		s += " (request id " + e.RequestID + ")"
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// AsError returns err's *Error, if any.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// IsCode reports whether err is an API error with one of codes.
func IsCode(err error, codes ...string) bool {
	e, ok := AsError(err)
	if !ok {
		return false
	}
	for _, c := range codes {
		if e.Code == c {
			return true
		}
	}
	return false
}

// request is one API call; body is kept as bytes so attempts can resend it.
type request struct {
	method, path string
	query        url.Values
	body         []byte
	contentType  string
}

func (c *Client) jsonRequest(method, path string, in any) (request, error) {
	r := request{method: method, path: path}
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return r, fmt.Errorf("encode %s %s: %w", method, path, err)
		}
		r.body, r.contentType = b, "application/json"
	}
	return r, nil
}

// do runs r with retries and decodes a 2xx JSON answer into out (when not
// nil).
func (c *Client) do(ctx context.Context, r request, out any) error {
	attempts := max(c.MaxAttempts, 1)
	var last *Error
	for i := 0; i < attempts; i++ {
		if i > 0 {
			// A Retry-After beyond MaxDelay (an hourly limit) will not
			// clear within a CI step: report it at once.
			if last.RetryAfter > c.MaxDelay {
				return last
			}
			if err := c.Sleep(ctx, c.backoff(i, last.RetryAfter)); err != nil {
				return last
			}
		}
		status, hdr, body, err := c.once(ctx, r)
		if err != nil {
			last = &Error{Method: r.method, Path: r.path, Err: err}
			if ctx.Err() != nil || !retryableTransport(r.method, err) {
				return last
			}
			continue
		}
		if status >= 200 && status < 300 {
			if out == nil || status == http.StatusNoContent {
				return nil
			}
			if err := json.Unmarshal(body, out); err != nil {
				return &Error{Status: status, Code: "INVALID_RESPONSE", Method: r.method, Path: r.path,
					RequestID: hdr.Get("X-Request-Id"), Message: fmt.Sprintf("decode answer: %v", err)}
			}
			return nil
		}
		last = apiError(r, status, hdr, body)
		if !retryableStatus(r.method, status) {
			return last
		}
	}
	return last
}

func (c *Client) once(ctx context.Context, r request) (int, http.Header, []byte, error) {
	u := *c.base
	// r.path holds escaped segments; RawPath keeps an escaped "/" in an id
	// from splitting the path.
	raw := strings.TrimSuffix(u.EscapedPath(), "/") + "/api/v1" + r.path
	p, err := url.PathUnescape(raw)
	if err != nil {
		return 0, nil, nil, err
	}
	u.Path, u.RawPath = p, raw
	if len(r.query) > 0 {
		u.RawQuery = r.query.Encode()
	}
	var body io.Reader
	if r.body != nil {
		body = bytes.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, u.String(), body)
	if err != nil {
		return 0, nil, nil, err
	}
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.UserAgent)
	if r.contentType != "" {
		req.Header.Set("Content-Type", r.contentType)
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return 0, nil, nil, fmt.Errorf("read answer: %w", err)
	}
	return resp.StatusCode, resp.Header, b, nil
}

func apiError(r request, status int, hdr http.Header, body []byte) *Error {
	var eb struct {
		Error struct {
			Code       string         `json:"code"`
			Message    string         `json:"message"`
			Details    map[string]any `json:"details"`
			RequestID  string         `json:"request_id"`
			RetryAfter int            `json:"retry_after"`
		} `json:"error"`
	}
	e := &Error{Status: status, Method: r.method, Path: r.path, RequestID: hdr.Get("X-Request-Id")}
	if json.Unmarshal(body, &eb) == nil && eb.Error.Code != "" {
		e.Code, e.Message, e.Details = eb.Error.Code, eb.Error.Message, eb.Error.Details
		if e.RequestID == "" {
			e.RequestID = eb.Error.RequestID
		}
		if eb.Error.RetryAfter > 0 {
			e.RetryAfter = time.Duration(eb.Error.RetryAfter) * time.Second
		}
	} else {
		// A proxy in front of the service answers in its own format.
		e.Code = "HTTP_" + strconv.Itoa(status)
		e.Message = strings.TrimSpace(string(body))
		if len(e.Message) > 200 {
			e.Message = e.Message[:200] + "…"
		}
		if e.Message == "" {
			e.Message = http.StatusText(status)
		}
	}
	if d := parseRetryAfter(hdr.Get("Retry-After")); d > 0 {
		e.RetryAfter = d
	}
	return e
}

// parseRetryAfter reads delay-seconds or an HTTP date.
func parseRetryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return 0
}

// retryableStatus: 429 and 503 mean the request was not processed, so any
// method may be resent. 502 and 504 may hide a request that did run, so
// only idempotent methods are resent (a POST /scans must not start twice).
func retryableStatus(method string, status int) bool {
	switch status {
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		return true
	case http.StatusBadGateway, http.StatusGatewayTimeout:
		return idempotent(method)
	}
	return false
}

// retryableTransport: a refused connection never reached the server; other
// transport failures are resent only for idempotent methods.
func retryableTransport(method string, err error) bool {
	if errors.Is(err, syscall.ECONNREFUSED) {
		return true
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) && dnsErr.IsTemporary {
		return true
	}
	return idempotent(method)
}

func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// backoff returns the wait before retry n (1-based): the server's
// Retry-After when given, else full jitter over
// BaseDelay·2^(n-1) capped at MaxDelay.
func (c *Client) backoff(n int, retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		return retryAfter
	}
	d := c.BaseDelay << (n - 1)
	if d <= 0 || d > c.MaxDelay {
		d = c.MaxDelay
	}
	// "Equal jitter" (AWS architecture blog): spreads the retries of many CI
	// jobs that failed together while keeping a floor of half the delay.
	return d/2 + rand.N(d/2+1)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
