package app

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/google/go-github/v62/github"
)

// retryable is a failure worth retrying: GitHub's 5xx, its rate limits
// (primary and secondary) and network errors. After, when set, is when
// GitHub said to come back (Retry-After or x-ratelimit-reset).
type retryable struct {
	err   error
	after time.Duration
}

func (r *retryable) Error() string { return r.err.Error() }
func (r *retryable) Unwrap() error { return r.err }

// RetryAfter is the delay GitHub asked for; zero means the worker's
// default backoff.
func (r *retryable) RetryAfter() time.Duration { return r.after }

// maxRetryAfter bounds a delay GitHub asks for, so a bogus header cannot
// park a task for a day.
const maxRetryAfter = 15 * time.Minute

// ghErr classifies a GitHub call's failure: retryable (5xx, 429, 403 with
// Retry-After or an exhausted rate limit, no response at all) or
// permanent (every other 4xx). A nil err stays nil.
func ghErr(resp *github.Response, err error) error {
	if err == nil {
		return nil
	}
	var rl *github.RateLimitError
	if errors.As(err, &rl) {
		return &retryable{err: err, after: clampAfter(time.Until(rl.Rate.Reset.Time))}
	}
	var ar *github.AbuseRateLimitError
	if errors.As(err, &ar) {
		return &retryable{err: err, after: clampAfter(ar.GetRetryAfter())}
	}
	if resp == nil || resp.Response == nil {
		return &retryable{err: err} // network error, timeout
	}
	code := resp.StatusCode
	h := resp.Header
	switch {
	case code >= 500 || code == http.StatusTooManyRequests:
		return &retryable{err: err, after: afterOf(h)}
	case code == http.StatusForbidden && (h.Get("Retry-After") != "" || h.Get("X-Ratelimit-Remaining") == "0"):
		return &retryable{err: err, after: afterOf(h)}
	case code == http.StatusUnauthorized:
		// A token revoked early: minting a new one may help once.
		return &retryable{err: err}
	}
	return &permanent{msg: fmt.Sprintf("GitHub refused the request (%d): %v", code, err)}
}

func afterOf(h http.Header) time.Duration {
	if s := h.Get("Retry-After"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n >= 0 {
			return clampAfter(time.Duration(n) * time.Second)
		}
	}
	if s := h.Get("X-Ratelimit-Reset"); s != "" && h.Get("X-Ratelimit-Remaining") == "0" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return clampAfter(time.Until(time.Unix(n, 0)))
		}
	}
	return 0
}

func clampAfter(d time.Duration) time.Duration {
	switch {
	case d <= 0:
		return time.Second
	case d > maxRetryAfter:
		return maxRetryAfter
	}
	return d
}

// isRetryable reports whether err is worth another attempt.
func isRetryable(err error) bool {
	var r *retryable
	return errors.As(err, &r)
}
