package server

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// vulnerabilityJSON is the API form of a finding.
type vulnerabilityJSON struct {
	ID             string    `json:"id"`
	Title          string    `json:"title"`
	Severity       string    `json:"severity"`
	Status         string    `json:"status"`
	Category       string    `json:"category"`
	Scanner        string    `json:"scanner"`
	DetectorID     string    `json:"detector_id"`
	ScanID         string    `json:"scan_id"`
	ContractID     string    `json:"contract_id"`
	ProjectID      string    `json:"project_id"`
	DetectedAt     time.Time `json:"detected_at"`
	File           string    `json:"file"`
	Line           int       `json:"line"`
	EndLine        int       `json:"end_line"`
	RiskScore      int       `json:"risk_score"`
	Confidence     float64   `json:"confidence"`
	Snippet        string    `json:"snippet"`
	Description    string    `json:"description"`
	Recommendation string    `json:"recommendation"`
	CWE            *string   `json:"cwe"`
	SWC            *string   `json:"swc"`
	Fingerprint    string    `json:"fingerprint"`
	UpdatedAt      time.Time `json:"updated_at"`
	// Note, TriagedBy (a user id) and TriagedAt are the finding's triage,
	// null when it has none.
	Note      *string    `json:"note"`
	TriagedBy *string    `json:"triaged_by"`
	TriagedAt *time.Time `json:"triaged_at"`
}

func optString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func toVulnerability(v *db.Vulnerability) vulnerabilityJSON {
	return vulnerabilityJSON{ID: v.ID.String(), Title: v.Title, Severity: v.Severity, Status: v.Status,
		Category: v.Category, Scanner: v.Scanner, DetectorID: v.DetectorID, ScanID: v.ScanID.String(),
		ContractID: v.ContractID.String(), ProjectID: v.ProjectID.String(), DetectedAt: v.DetectedAt.UTC(),
		File: v.File, Line: v.Line, EndLine: v.EndLine, RiskScore: v.RiskScore, Confidence: v.Confidence,
		Snippet: v.Snippet, Description: v.Description, Recommendation: v.Recommendation,
		CWE: optString(v.CWE), SWC: optString(v.SWC), Fingerprint: v.Fingerprint, UpdatedAt: v.UpdatedAt.UTC(),
		Note: optString(v.Note), TriagedBy: optUUID(v.TriagedBy), TriagedAt: optTime(v.TriagedAt)}
}

func optUUID(id *uuid.UUID) *string {
	if id == nil {
		return nil
	}
	s := id.String()
	return &s
}

func optTime(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func (s *Server) handleVulnerabilityList(c *fiber.Ctx) error {
	f, err := core.ParseVulnerabilityFilter(queryValues(c))
	if err != nil {
		return err
	}
	lq, err := s.parseList(c, "vulnerabilities", f.Params(), true)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListVulnerabilities(c.UserContext(), principal(c), f, lq.page)
	if err != nil {
		return err
	}
	out := make([]vulnerabilityJSON, len(rows))
	keys := make([]db.Key, len(rows))
	for i := range rows {
		out[i] = toVulnerability(&rows[i])
		keys[i] = db.Key{T: rows[i].DetectedAt, ID: rows[i].ID}
	}
	return s.writeList(c, "vulnerabilities", out, keys, lq, res)
}

func (s *Server) handleVulnerabilityGet(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "vulnerability")
	if err != nil {
		return err
	}
	v, err := s.svc.GetVulnerability(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, v.ID, v.Status, v.DetectedAt, toVulnerability(v))
}

// vulnerabilityPatch is the body of PATCH /vulnerabilities/{id}: a
// triage (status, note, or both).
type vulnerabilityPatch struct {
	Status *string `json:"status"`
	Note   *string `json:"note"`
}

func (s *Server) handleVulnerabilityUpdate(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "vulnerability")
	if err != nil {
		return err
	}
	var req vulnerabilityPatch
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	v, err := s.svc.TriageVulnerability(c.UserContext(), principal(c), id, core.TriageInput{Status: req.Status, Note: req.Note})
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, v.ID, v.Status, v.DetectedAt, toVulnerability(v))
}
