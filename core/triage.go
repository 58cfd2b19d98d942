package core

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// MaxTriageNote is the longest note a finding's triage may carry, in
// characters (Unicode code points).
const MaxTriageNote = 2000

// TriageInput is the body of PATCH /vulnerabilities/{id}: a new status, a
// note, or both; nil leaves that part as it is. An empty note clears it.
type TriageInput struct {
	Status *string
	Note   *string
}

func (in TriageInput) validate() error {
	if in.Status == nil && in.Note == nil {
		return FieldError(CodeMissingField, "status", "missing", "status or note is required")
	}
	if in.Status != nil && !ValidVulnerabilityStatus(*in.Status) {
		return Invalid("status", "invalid", "status must be one of "+strings.Join(VulnerabilityStatuses, ", "))
	}
	if in.Note != nil && utf8.RuneCountInString(*in.Note) > MaxTriageNote {
		return Invalid("note", "out_of_range", fmt.Sprintf("note must be at most %d characters", MaxTriageNote))
	}
	return nil
}

// TriageVulnerability records a person's verdict on a finding: it moves
// the finding along decisions.md's transitions (open → acknowledged |
// fixed | false_positive; acknowledged → open | fixed | false_positive;
// fixed → open; false_positive → open; anything else, including the
// current status, is CONFLICT) and sets its note, and stores both with who
// and when for the finding's project and fingerprint, so that later scans'
// findings with that fingerprint take them (see applyTriage). The audit
// entry keeps the history; vulnerability.updated is emitted when the
// status changed.
func (s *Service) TriageVulnerability(ctx context.Context, p *Principal, id uuid.UUID, in TriageInput) (*db.Vulnerability, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	var v *db.Vulnerability
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if v, err = s.vulnerability(ctx, tx, p.OrgID, id); err != nil {
			return err
		}
		from, to := v.Status, v.Status
		if in.Status != nil {
			to = *in.Status
			if !CanMoveVulnerability(from, to) {
				return &Error{Code: CodeConflict,
					Message: "vulnerability " + id.String() + " cannot move from " + from + " to " + to,
					Details: map[string]any{"status": from, "allowed": vulnTransitions[from]}}
			}
		}
		prevNote := v.Note
		if in.Note != nil {
			v.Note = *in.Note
		}
		now := s.Now()
		v.Status, v.TriagedAt, v.TriagedBy, v.UpdatedAt = to, &now, optID(p.UserID), now
		res, err := tx.NewUpdate().Model(v).Column("status", "note", "triaged_by", "triaged_at", "updated_at").
			WherePK().Where("status = ?", from).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return Errorf(CodeConflict, "vulnerability %s changed status concurrently; retry", id)
		}
		t := &db.Triage{OrganizationID: v.OrganizationID, ProjectID: v.ProjectID, Fingerprint: v.Fingerprint,
			Status: to, Note: v.Note, UserID: optID(p.UserID), APIKeyID: optID(p.KeyID), VulnerabilityID: v.ID,
			CreatedAt: now, UpdatedAt: now}
		_, err = tx.NewInsert().Model(t).
			On("CONFLICT (organization_id, project_id, fingerprint) DO UPDATE").
			Set("status = EXCLUDED.status, note = EXCLUDED.note, user_id = EXCLUDED.user_id").
			Set("api_key_id = EXCLUDED.api_key_id, vulnerability_id = EXCLUDED.vulnerability_id").
			Set("updated_at = EXCLUDED.updated_at").Exec(ctx)
		if err != nil {
			return fmt.Errorf("store triage of fingerprint %s: %w", v.Fingerprint, err)
		}
		meta := map[string]any{"previous_status": from, "status": to, "fingerprint": v.Fingerprint,
			"project_id": v.ProjectID.String()}
		if in.Note != nil {
			meta["previous_note"], meta["note"] = prevNote, v.Note
		}
		if err := s.audit(ctx, tx, p, "vulnerability.updated", "vulnerability", id.String(), meta); err != nil {
			return err
		}
		if from == to {
			return nil
		}
		scanID := v.ScanID
		return s.emit(ctx, tx, p.OrgID, EventVulnerabilityUpdated, &scanID, map[string]any{
			"vulnerability_id": id.String(), "scan_id": v.ScanID.String(), "contract_id": v.ContractID.String(),
			"title": v.Title, "severity": v.Severity, "category": v.Category, "previous_status": from,
			"status": to, "risk_score": v.RiskScore})
	})
	if err != nil {
		return nil, err
	}
	return v, nil
}

func optID(id uuid.UUID) *uuid.UUID {
	if id == uuid.Nil {
		return nil
	}
	return &id
}

// triageBatch bounds the fingerprints of one lookup, as inserts are
// bounded to 500 rows.
const triageBatch = 500

// triageCounts says what applyTriage did to a scan's findings.
type triageCounts struct {
	// Applied findings took a stored verdict (status, note, who, when).
	Applied int
	// Reopened findings were triaged fixed and are detected again: they
	// stay open, as GitHub code scanning and SonarQube reopen them.
	Reopened int
}

// applyTriage gives each new finding of a scan of projectID the verdict
// stored for its fingerprint in that project, with one query per 500
// distinct fingerprints (never one per finding). A verdict of fixed is not
// carried: the code it was about is still there.
func applyTriage(ctx context.Context, q bun.IDB, orgID, projectID uuid.UUID, vulns []db.Vulnerability) (triageCounts, error) {
	var c triageCounts
	seen := make(map[string]bool, len(vulns))
	fps := make([]string, 0, len(vulns))
	for i := range vulns {
		if fp := vulns[i].Fingerprint; !seen[fp] {
			seen[fp] = true
			fps = append(fps, fp)
		}
	}
	verdicts := map[string]*db.Triage{}
	for i := 0; i < len(fps); i += triageBatch {
		var rows []db.Triage
		err := q.NewSelect().Model(&rows).Where("organization_id = ? AND project_id = ?", orgID, projectID).
			Where("fingerprint IN (?)", bun.List(fps[i:min(i+triageBatch, len(fps))])).Scan(ctx)
		if err != nil {
			return c, fmt.Errorf("load triage of project %s: %w", projectID, err)
		}
		for j := range rows {
			verdicts[rows[j].Fingerprint] = &rows[j]
		}
	}
	for i := range vulns {
		t := verdicts[vulns[i].Fingerprint]
		switch {
		case t == nil:
		case t.Status == VulnFixed:
			c.Reopened++
		default:
			at := t.UpdatedAt
			vulns[i].Status, vulns[i].Note, vulns[i].TriagedBy, vulns[i].TriagedAt = t.Status, t.Note, t.UserID, &at
			c.Applied++
		}
	}
	return c, nil
}
