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

// The payload builders below give every emitter the same data for an
// event: api.md's fields for scan.completed, scan.failed and
// vulnerability.critical, and the same style for the others. Emitters pass
// their result to emit.

// scanStartedData is the data of scan.started.
func scanStartedData(sc *db.Scan) map[string]any {
	return map[string]any{"scan_id": sc.ID.String(), "contract_id": sc.ContractID.String(),
		"project_id": sc.ProjectID.String(), "status": sc.Status, "preset": sc.Preset}
}

// scanCompletedData is the data of scan.completed (api.md).
func scanCompletedData(sc *db.Scan, contractName string) map[string]any {
	used := sc.ScannersUsed
	if used == nil {
		used = []string{}
	}
	return map[string]any{"scan_id": sc.ID.String(), "contract_id": sc.ContractID.String(),
		"contract_name": contractName, "status": sc.Status, "preset": sc.Preset,
		"summary": map[string]any{"critical": sc.Critical, "high": sc.High, "medium": sc.Medium, "low": sc.Low,
			"total": sc.Critical + sc.High + sc.Medium + sc.Low},
		"duration_seconds": sc.DurationSeconds, "scanners_used": used, "economic_risk_score": sc.EconomicRiskScore}
}

// scanFailedData is the data of scan.failed (api.md).
func scanFailedData(sc *db.Scan) map[string]any {
	var details any = map[string]any{}
	if sc.ErrorDetails != nil {
		details = sc.ErrorDetails
	}
	return map[string]any{"scan_id": sc.ID.String(), "contract_id": sc.ContractID.String(),
		"error": sc.ErrorMessage, "error_code": sc.ErrorCode, "error_details": details,
		"duration_seconds": sc.DurationSeconds}
}

// vulnerabilityData is the data of vulnerability.found, .critical (api.md)
// and .high.
func vulnerabilityData(v *db.Vulnerability) map[string]any {
	return map[string]any{"vulnerability_id": v.ID.String(), "scan_id": v.ScanID.String(),
		"contract_id": v.ContractID.String(), "title": v.Title, "severity": v.Severity, "category": v.Category,
		"file": v.File, "line": v.Line, "scanner": v.Scanner, "risk_score": v.RiskScore,
		"confidence": v.Confidence, "status": v.Status}
}

// vulnerabilityUpdatedData is the data of vulnerability.updated.
func vulnerabilityUpdatedData(v *db.Vulnerability, previousStatus string) map[string]any {
	d := vulnerabilityData(v)
	d["previous_status"] = previousStatus
	return d
}

// emitFinding emits vulnerability.found for a new finding, and
// vulnerability.critical or vulnerability.high beside it for those
// severities. A subscriber picks the events it wants.
func (s *Service) emitFinding(ctx context.Context, tx bun.IDB, v *db.Vulnerability) error {
	scanID := v.ScanID
	if err := s.emit(ctx, tx, v.OrganizationID, EventVulnerabilityFound, &scanID, vulnerabilityData(v)); err != nil {
		return err
	}
	switch v.Severity {
	case "critical":
		return s.emit(ctx, tx, v.OrganizationID, EventVulnerabilityCritical, &scanID, vulnerabilityData(v))
	case "high":
		return s.emit(ctx, tx, v.OrganizationID, EventVulnerabilityHigh, &scanID, vulnerabilityData(v))
	}
	return nil
}

// contractData is the data of contract.uploaded and contract.deleted.
func contractData(c *db.Contract) map[string]any {
	return map[string]any{"contract_id": c.ID.String(), "project_id": c.ProjectID.String(), "name": c.Name,
		"language": c.Language, "status": c.Status, "file_count": c.FileCount, "total_bytes": c.TotalBytes}
}

// memberData is the data of member.invited (userID nil until the
// invitation is accepted), member.joined and member.removed.
func memberData(orgID uuid.UUID, userID *uuid.UUID, email, role string) map[string]any {
	d := map[string]any{"organization_id": orgID.String(), "email": email, "role": role, "user_id": nil}
	if userID != nil {
		d["user_id"] = userID.String()
	}
	return d
}
