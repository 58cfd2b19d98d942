// Package core holds bulwark's domain rules shared by every entry point:
// error codes, principals and scopes, API keys, cursors, audit entries, the
// scan lifecycle, and the services the HTTP handlers and jobs call. It
// decides; it never speaks HTTP or GitHub.
package core

import (
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"

	"github.com/bulwark-sec/bulwark/db"
)

// Code is one of api.md's error codes.
type Code string

// Error codes of api.md.
const (
	CodeUnauthorized     Code = "UNAUTHORIZED"
	CodePermissionDenied Code = "PERMISSION_DENIED"
	CodeKeyExpired       Code = "KEY_EXPIRED"
	CodeInvalidCursor    Code = "INVALID_CURSOR"
	CodeCursorExpired    Code = "CURSOR_EXPIRED"
	CodeInvalidRequest   Code = "INVALID_REQUEST"
	CodeMissingField     Code = "MISSING_FIELD"
	CodeInvalidField     Code = "INVALID_FIELD"
	CodeRateLimited      Code = "RATE_LIMITED"
	CodeQuotaExceeded    Code = "QUOTA_EXCEEDED"
	CodeConcurrentLimit  Code = "CONCURRENT_LIMIT"
	CodeScanFailed       Code = "SCAN_FAILED"
	CodeScanInProgress   Code = "SCAN_IN_PROGRESS"
	CodeFileTooLarge     Code = "FILE_TOO_LARGE"
	CodeInvalidFileType  Code = "INVALID_FILE_TYPE"
	CodeNotFound         Code = "RESOURCE_NOT_FOUND"
	CodeConflict         Code = "CONFLICT"
	CodeDuplicate        Code = "DUPLICATE_RESOURCE"
	CodeInternal         Code = "INTERNAL_ERROR"
	CodeUnavailable      Code = "SERVICE_UNAVAILABLE"
)

// Error is a failure the caller can act on. The HTTP layer maps Code to a
// status and renders the spec's envelope.
type Error struct {
	Code    Code
	Message string
	Details map[string]any
	// Extra fields rendered beside code and message (retry_after,
	// current_scans, max_scans).
	Extra map[string]any
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// Errorf builds an *Error.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// FieldError reports a request field that is missing (MISSING_FIELD) or
// invalid (INVALID_FIELD) with details {field, reason}.
func FieldError(code Code, field, reason, message string) *Error {
	return &Error{Code: code, Message: message, Details: map[string]any{"field": field, "reason": reason}}
}

// Missing reports a required field that was not provided.
func Missing(field string) *Error {
	return FieldError(CodeMissingField, field, "missing", field+" is required")
}

// Invalid reports a field whose value is not acceptable.
func Invalid(field, reason, message string) *Error {
	return FieldError(CodeInvalidField, field, reason, message)
}

// NotFound reports an unknown resource (or one of another organization).
func NotFound(resource string) *Error {
	return Errorf(CodeNotFound, "%s not found", resource)
}

// AsError returns err's *Error, if it has one.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// unavailableRetryAfter is the Retry-After of SERVICE_UNAVAILABLE: outages
// of the database or Redis are usually short.
const unavailableRetryAfter = 5

// AsUnavailable returns the SERVICE_UNAVAILABLE error for err when err
// means the database or Redis could not answer now, and nil otherwise. The
// driver's text never reaches the client.
func AsUnavailable(err error) *Error {
	if !db.Unavailable(err) && !errors.Is(err, redis.ErrPoolTimeout) && !errors.Is(err, redis.ErrClosed) {
		return nil
	}
	return Unavailable()
}

// IsCode reports whether err is an *Error with code c.
func IsCode(err error, c Code) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == c
}
