package core

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Event types of api.md, plus ping for test deliveries.
const (
	EventScanStarted           = "scan.started"
	EventScanCompleted         = "scan.completed"
	EventScanFailed            = "scan.failed"
	EventVulnerabilityFound    = "vulnerability.found"
	EventVulnerabilityCritical = "vulnerability.critical"
	EventVulnerabilityHigh     = "vulnerability.high"
	EventVulnerabilityUpdated  = "vulnerability.updated"
	EventContractUploaded      = "contract.uploaded"
	EventContractDeleted       = "contract.deleted"
	EventMemberInvited         = "member.invited"
	EventMemberJoined          = "member.joined"
	EventMemberRemoved         = "member.removed"
	EventPing                  = "ping"
)

// EventTypes lists the events a webhook may subscribe to.
var EventTypes = []string{EventScanStarted, EventScanCompleted, EventScanFailed,
	EventVulnerabilityFound, EventVulnerabilityCritical, EventVulnerabilityHigh, EventVulnerabilityUpdated,
	EventContractUploaded, EventContractDeleted, EventMemberInvited, EventMemberJoined, EventMemberRemoved}

// emit writes an event to the outbox inside tx, so the event exists exactly
// when the change that caused it commits. scanID links scan and
// vulnerability events to their scan (its webhook_url receives them too).
func (s *Service) emit(ctx context.Context, tx bun.IDB, orgID uuid.UUID, typ string, scanID *uuid.UUID, data map[string]any) error {
	e := &db.Event{ID: newID(), OrganizationID: orgID, Type: typ, Data: data, ScanID: scanID, CreatedAt: s.Now()}
	_, err := tx.NewInsert().Model(e).Exec(ctx)
	return err
}
