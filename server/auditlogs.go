package server

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// auditLogJSON is one audit entry.
type auditLogJSON struct {
	ID           string         `json:"id"`
	Action       string         `json:"action"`
	ResourceType string         `json:"resource_type"`
	ResourceID   string         `json:"resource_id"`
	UserID       *string        `json:"user_id"`
	APIKeyID     *string        `json:"api_key_id"`
	IP           string         `json:"ip"`
	UserAgent    string         `json:"user_agent"`
	RequestID    string         `json:"request_id"`
	Metadata     map[string]any `json:"metadata"`
	CreatedAt    time.Time      `json:"created_at"`
}

func toAuditLog(e *db.AuditLog) auditLogJSON {
	out := auditLogJSON{ID: e.ID.String(), Action: e.Action, ResourceType: e.ResourceType, ResourceID: e.ResourceID,
		IP: e.IP, UserAgent: e.UserAgent, RequestID: e.RequestID, Metadata: e.Metadata, CreatedAt: e.CreatedAt.UTC()}
	if e.UserID != nil {
		s := e.UserID.String()
		out.UserID = &s
	}
	if e.APIKeyID != nil {
		s := e.APIKeyID.String()
		out.APIKeyID = &s
	}
	if out.Metadata == nil {
		out.Metadata = map[string]any{}
	}
	return out
}

// auditLogFilter parses the filters of GET /audit-logs from the query.
func auditLogFilter(c *fiber.Ctx) (core.AuditLogFilter, error) {
	return core.ParseAuditLogFilter(c.Query("action"), c.Query("resource_type"), c.Query("from"), c.Query("to"), c.Query("user_id"))
}

func (s *Server) handleAuditLogList(c *fiber.Ctx) error {
	f, err := auditLogFilter(c)
	if err != nil {
		return err
	}
	lq, err := s.parseList(c, "audit-logs", f.Canonical(), true)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListAuditLogs(c.UserContext(), principal(c), f, lq.page)
	if err != nil {
		return err
	}
	out := make([]auditLogJSON, len(rows))
	keys := make([]db.Key, len(rows))
	for i := range rows {
		out[i] = toAuditLog(&rows[i])
		keys[i] = db.Key{T: rows[i].CreatedAt, ID: rows[i].ID}
	}
	return s.writeList(c, "audit_logs", out, keys, lq, res)
}
