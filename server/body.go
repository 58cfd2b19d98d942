package server

import (
	"errors"
	"io"
	"strconv"
	"sync"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/app"
	"github.com/bulwark-sec/bulwark/core"
)

// The server streams request bodies (fasthttp's StreamRequestBody): a
// handler chain starts once the headers are read, so authentication, scopes
// and rate limits answer before any body byte is accepted. A 50 MB upload
// with a bad key costs its headers. bodyGuard then bounds every body:
// refused at once when Content-Length announces too much, read into memory
// up to maxJSONBody for the JSON routes, and left as a stream, read through
// a hard cap, for the upload route.

// maxJSONBody bounds the body of every route but the upload: JSON
// documents of a few kilobytes (ci_context is at most 8 KB).
const maxJSONBody = 1 << 20

// errBodyTooLarge is what capReader returns past its cap.
var errBodyTooLarge = errors.New("request body too large")

// capReader reads at most n bytes from r, then fails with errBodyTooLarge
// (where a LimitReader would end quietly and truncate).
type capReader struct {
	r io.Reader
	n int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.n <= 0 {
		// One more byte tells a body of exactly n bytes from a longer one.
		var one [1]byte
		if k, _ := c.r.Read(one[:]); k > 0 {
			return 0, errBodyTooLarge
		}
		return 0, io.EOF
	}
	if int64(len(p)) > c.n {
		p = p[:c.n]
	}
	k, err := c.r.Read(p)
	c.n -= int64(k)
	return k, err
}

func bodyTooLarge(c *fiber.Ctx, limit int64) error {
	// The rest of the body is never read: the connection cannot carry
	// another request.
	c.Context().SetConnectionClose()
	return &core.Error{Code: core.CodeFileTooLarge,
		Message: "the request body exceeds the limit of " + humanBytes(limit),
		Details: map[string]any{"field": "body", "reason": "body_too_large"}}
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return itoa(n>>20) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return itoa(n>>10) + " KiB"
	}
	return itoa(n) + " bytes"
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// isUpload reports the route that reads its body as a stream.
func isUpload(c *fiber.Ctx) bool {
	return c.Method() == fiber.MethodPost && c.Path() == "/api/v1/contracts/upload"
}

// bodyGuard enforces the body limits described above.
func (s *Server) bodyGuard(c *fiber.Ctx) error {
	req := c.Request()
	limit := int64(maxJSONBody)
	switch {
	case isUpload(c):
		limit = maxBody
	case isGitHubWebhook(c):
		limit = app.MaxWebhookBody
	case isWalletRoute(c):
		limit = maxWalletBody
	}
	if n := int64(req.Header.ContentLength()); n > limit {
		return bodyTooLarge(c, limit)
	}
	if !req.IsBodyStream() || isUpload(c) {
		return c.Next()
	}
	b, err := io.ReadAll(&capReader{r: c.Context().RequestBodyStream(), n: limit})
	if errors.Is(err, errBodyTooLarge) {
		return bodyTooLarge(c, limit)
	}
	if err != nil {
		c.Context().SetConnectionClose()
		return core.Errorf(core.CodeInvalidRequest, "the request body could not be read")
	}
	req.SetBody(b)
	return c.Next()
}

// uploadBody is the upload route's body stream, capped at maxBody.
func uploadBody(c *fiber.Ctx) io.Reader {
	return &capReader{r: c.Context().RequestBodyStream(), n: maxBody}
}

// maxUploadsPerOrg bounds the uploads one organization has in flight in
// this process: each may hold 16 MB of form in memory and 52 MB of
// temporary files while it is unpacked.
const maxUploadsPerOrg = 4

// uploadSlots counts the uploads in flight per organization.
type uploadSlots struct {
	mu sync.Mutex
	n  map[uuid.UUID]int
}

// take reserves a slot for org, or reports that all are in use.
func (u *uploadSlots) take(org uuid.UUID) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.n == nil {
		u.n = map[uuid.UUID]int{}
	}
	if u.n[org] >= maxUploadsPerOrg {
		return false
	}
	u.n[org]++
	return true
}

func (u *uploadSlots) release(org uuid.UUID) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.n[org]--; u.n[org] <= 0 {
		delete(u.n, org)
	}
}

// tooManyUploads is the 429 of an organization at maxUploadsPerOrg.
func tooManyUploads() error {
	return &core.Error{Code: core.CodeConcurrentLimit,
		Message: "the organization already has " + strconv.Itoa(maxUploadsPerOrg) + " uploads in progress; retry when one ends",
		Extra:   map[string]any{"retry_after": 5}}
}
