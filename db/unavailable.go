package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/uptrace/bun/driver/pgdriver"
)

// Unavailable reports whether err means the database could not answer now
// (refused or reset connections, timeouts, a full pool, a server shutting
// down or over its connection limit, a statement cancelled by
// statement_timeout, a locked SQLite file), as opposed to a fault in the
// request or in bulwark. Such errors are worth retrying later.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, driver.ErrBadConn) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var pe pgdriver.Error
	if errors.As(err, &pe) {
		code := pe.Field('C')
		switch {
		case strings.HasPrefix(code, "08"), // connection exception
			strings.HasPrefix(code, "53"),                     // insufficient resources (too many connections)
			strings.HasPrefix(code, "57P"),                    // admin/crash shutdown, cannot connect now
			code == "57014",                                   // query_canceled: statement_timeout
			code == "40001", code == "40P01", code == "55P03": // serialization failure, deadlock, lock not available
			return true
		}
	}
	// modernc SQLite reports a busy or locked database in its text.
	msg := err.Error()
	return strings.Contains(msg, "database is locked") || strings.Contains(msg, "SQLITE_BUSY")
}
