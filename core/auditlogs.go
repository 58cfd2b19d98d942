package core

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/db"
)

// AuditLogFilter selects audit entries; zero fields match everything. From
// is inclusive, To exclusive.
type AuditLogFilter struct {
	Action       string
	ResourceType string
	From         *time.Time
	To           *time.Time
	UserID       *uuid.UUID
}

// Canonical returns the filter as cursor-binding key/values, so that two
// spellings of one filter share cursors.
func (f AuditLogFilter) Canonical() map[string]string {
	m := map[string]string{"action": f.Action, "resource_type": f.ResourceType}
	if f.From != nil {
		m["from"] = f.From.Format(time.RFC3339Nano)
	}
	if f.To != nil {
		m["to"] = f.To.Format(time.RFC3339Nano)
	}
	if f.UserID != nil {
		m["user_id"] = f.UserID.String()
	}
	return m
}

// ParseAuditLogFilter parses the query parameters of GET /audit-logs.
// action and resource_type are dotted names ([a-z0-9_.-], at most 100
// characters). from and to are ISO 8601 dates (2026-11-21) or RFC 3339
// date-times; a date in to covers that whole day (UTC), a date-time in to
// is inclusive. from after to is INVALID_FIELD (reason out_of_range).
func ParseAuditLogFilter(action, resourceType, from, to, userID string) (AuditLogFilter, error) {
	var f AuditLogFilter
	if action != "" {
		if !dottedName(action) {
			return f, Invalid("action", "invalid", "action must be a dotted name such as scan.started")
		}
		f.Action = action
	}
	if resourceType != "" {
		if !dottedName(resourceType) {
			return f, Invalid("resource_type", "invalid", "resource_type must be a name such as scan")
		}
		f.ResourceType = resourceType
	}
	if from != "" {
		t, _, err := parseInstant(from)
		if err != nil {
			return f, Invalid("from", "invalid", "from must be an ISO 8601 date (2026-11-21) or RFC 3339 date-time")
		}
		f.From = &t
	}
	if to != "" {
		t, date, err := parseInstant(to)
		if err != nil {
			return f, Invalid("to", "invalid", "to must be an ISO 8601 date (2026-11-21) or RFC 3339 date-time")
		}
		if date {
			t = t.AddDate(0, 0, 1)
		} else {
			t = t.Add(time.Microsecond)
		}
		f.To = &t
	}
	if f.From != nil && f.To != nil && !f.From.Before(*f.To) {
		return f, Invalid("from", "out_of_range", "from must not be after to")
	}
	// The day after 9999-12-31 does not fit the stored format; no upper
	// bound is the same filter.
	if f.To != nil && f.To.Year() > 9999 {
		f.To = nil
	}
	if userID != "" {
		id, err := uuid.Parse(userID)
		if err != nil || len(userID) != 36 {
			return f, Invalid("user_id", "invalid", "user_id must be a UUID")
		}
		f.UserID = &id
	}
	return f, nil
}

// parseInstant reads a date or a date-time; date reports which. Times are
// UTC at microsecond precision, the precision stored.
func parseInstant(s string) (t time.Time, date bool, err error) {
	if len(s) > 64 {
		return t, false, Invalid("", "invalid", "too long")
	}
	if t, err = time.Parse(time.DateOnly, s); err == nil {
		return t.UTC(), true, nil
	}
	t, err = time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return t, false, err
	}
	t = t.UTC()
	// Years beyond 9999 do not survive the databases' time types.
	if t.Year() < 1 || t.Year() > 9999 {
		return t, false, Invalid("", "invalid", "year out of range")
	}
	return t.Truncate(time.Microsecond), false, nil
}

func dottedName(s string) bool {
	if len(s) > 100 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// ListAuditLogs returns a page of the organization's audit entries matching
// f, newest first.
func (s *Service) ListAuditLogs(ctx context.Context, p *Principal, f AuditLogFilter, page db.Page) ([]db.AuditLog, db.PageResult, error) {
	var rows []db.AuditLog
	q := s.DB.NewSelect().Model(&rows).Where("organization_id = ?", p.OrgID)
	if f.Action != "" {
		q = q.Where("action = ?", f.Action)
	}
	if f.ResourceType != "" {
		q = q.Where("resource_type = ?", f.ResourceType)
	}
	if f.From != nil {
		q = q.Where("created_at >= ?", *f.From)
	}
	if f.To != nil {
		q = q.Where("created_at < ?", *f.To)
	}
	if f.UserID != nil {
		q = q.Where("user_id = ?", *f.UserID)
	}
	res, err := db.SelectPage(ctx, q, "created_at", page, &rows)
	return rows, res, err
}
