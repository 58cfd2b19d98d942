package core

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// audit writes the audit entry for a mutation in the same transaction, so
// a change and its record land together or not at all.
func (s *Service) audit(ctx context.Context, tx bun.IDB, p *Principal, action, resourceType, resourceID string, meta map[string]any) error {
	e := &db.AuditLog{
		ID: newID(), OrganizationID: p.OrgID, Action: action, ResourceType: resourceType,
		ResourceID: resourceID, IP: p.IP, UserAgent: p.Agent, RequestID: p.Request,
		Metadata: meta, CreatedAt: s.Now(),
	}
	if p.UserID != uuid.Nil {
		u := p.UserID
		e.UserID = &u
	}
	if p.KeyID != uuid.Nil {
		k := p.KeyID
		e.APIKeyID = &k
	}
	return db.InsertAuditLog(ctx, tx, e)
}
