package server

import (
	"net/url"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// scanJSON is the API form of a scan.
type scanJSON struct {
	ID                string         `json:"id"`
	OrganizationID    string         `json:"organization_id"`
	ProjectID         string         `json:"project_id"`
	ContractID        string         `json:"contract_id"`
	Status            string         `json:"status"`
	Preset            string         `json:"preset"`
	WebhookURL        *string        `json:"webhook_url"`
	Summary           scanSummary    `json:"summary"`
	DurationSeconds   int            `json:"duration_seconds"`
	ScannersUsed      []string       `json:"scanners_used"`
	EconomicRiskScore int            `json:"economic_risk_score"`
	Error             *scanErrorJSON `json:"error"`
	CreatedAt         time.Time      `json:"created_at"`
	StartedAt         *time.Time     `json:"started_at"`
	CompletedAt       *time.Time     `json:"completed_at"`
	UpdatedAt         time.Time      `json:"updated_at"`
}

type scanSummary struct {
	Critical int `json:"critical"`
	High     int `json:"high"`
	Medium   int `json:"medium"`
	Low      int `json:"low"`
	Total    int `json:"total"`
}

// scanErrorJSON is a failed scan's error, as decisions.md shapes it.
type scanErrorJSON struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details"`
}

func utcOrNil(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func toScan(sc *db.Scan) scanJSON {
	out := scanJSON{ID: sc.ID.String(), OrganizationID: sc.OrganizationID.String(), ProjectID: sc.ProjectID.String(),
		ContractID: sc.ContractID.String(), Status: sc.Status, Preset: sc.Preset,
		Summary: scanSummary{Critical: sc.Critical, High: sc.High, Medium: sc.Medium, Low: sc.Low,
			Total: sc.Critical + sc.High + sc.Medium + sc.Low},
		DurationSeconds: sc.DurationSeconds, ScannersUsed: sc.ScannersUsed, EconomicRiskScore: sc.EconomicRiskScore,
		CreatedAt: sc.CreatedAt.UTC(), StartedAt: utcOrNil(sc.StartedAt), CompletedAt: utcOrNil(sc.CompletedAt),
		UpdatedAt: sc.UpdatedAt.UTC()}
	if out.ScannersUsed == nil {
		out.ScannersUsed = []string{}
	}
	if sc.WebhookURL != "" {
		w := sc.WebhookURL
		out.WebhookURL = &w
	}
	if sc.ErrorCode != "" {
		e := &scanErrorJSON{Code: sc.ErrorCode, Message: sc.ErrorMessage, Details: map[string]any{}}
		if d := sc.ErrorDetails; d != nil {
			if d.Reason != "" {
				e.Details["reason"] = d.Reason
			}
			if len(d.Files) > 0 {
				e.Details["files"] = d.Files
			}
		}
		out.Error = e
	}
	return out
}

// scanRequest is the body of POST /scans.
type scanRequest struct {
	ContractID *string `json:"contract_id"`
	Preset     *string `json:"preset"`
	WebhookURL *string `json:"webhook_url"`
}

func (s *Server) handleScanCreate(c *fiber.Ctx) error {
	var req scanRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	if req.ContractID == nil {
		return core.Missing("contract_id")
	}
	cid, err := parseUUIDField("contract_id", *req.ContractID)
	if err != nil {
		return err
	}
	in := core.ScanInput{ContractID: cid}
	if req.Preset != nil {
		if *req.Preset == "" {
			return core.Invalid("preset", "invalid", "preset must not be empty; omit it for standard")
		}
		in.Preset = *req.Preset
	}
	if req.WebhookURL != nil {
		if *req.WebhookURL == "" {
			return core.Invalid("webhook_url", "invalid", "webhook_url must not be empty; omit it for none")
		}
		in.WebhookURL = *req.WebhookURL
	}
	sc, err := s.svc.CreateScan(c.UserContext(), principal(c), in)
	if err != nil {
		return err
	}
	c.Location("/api/v1/scans/" + sc.ID.String())
	return one(c, fiber.StatusAccepted, sc.ID, sc.Status, sc.CreatedAt, toScan(sc))
}

func (s *Server) handleScanGet(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "scan")
	if err != nil {
		return err
	}
	sc, err := s.svc.GetScan(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, sc.ID, sc.Status, sc.CreatedAt, toScan(sc))
}

func (s *Server) handleScanList(c *fiber.Ctx) error {
	f, err := core.ParseScanFilter(queryValues(c))
	if err != nil {
		return err
	}
	lq, err := s.parseList(c, "scans", f.Params(), true)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListScans(c.UserContext(), principal(c), f, lq.page)
	if err != nil {
		return err
	}
	out := make([]scanJSON, len(rows))
	keys := make([]db.Key, len(rows))
	for i := range rows {
		out[i] = toScan(&rows[i])
		keys[i] = db.Key{T: rows[i].CreatedAt, ID: rows[i].ID}
	}
	return s.writeList(c, "scans", out, keys, lq, res)
}

// scanResultsJSON is the data of GET /scans/{id}/results: the scan, every
// finding, and the files the scanners could not fully parse.
type scanResultsJSON struct {
	scanJSON
	Vulnerabilities []vulnerabilityJSON `json:"vulnerabilities"`
	Errors          []db.FileError      `json:"errors"`
	// ReportURL is a signed, expiring link to the scan's report page
	// (GET /r/{token}) that opens without an API key; null when the
	// server has no public URL.
	ReportURL *string `json:"report_url"`
}

func (s *Server) handleScanResults(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "scan")
	if err != nil {
		return err
	}
	r, err := s.svc.GetScanResults(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	out := scanResultsJSON{scanJSON: toScan(r.Scan), Vulnerabilities: make([]vulnerabilityJSON, len(r.Vulnerabilities)),
		Errors: r.Scan.FileErrors}
	for i := range r.Vulnerabilities {
		out.Vulnerabilities[i] = toVulnerability(&r.Vulnerabilities[i])
	}
	if out.Errors == nil {
		out.Errors = []db.FileError{}
	}
	if u := s.svc.Reports.URL(r.Scan.ID, s.svc.Now()); u != "" && len(s.svc.Reports.Secret) > 0 {
		out.ReportURL = &u
	}
	return one(c, fiber.StatusOK, r.Scan.ID, r.Scan.Status, r.Scan.CreatedAt, out)
}

func (s *Server) handleScanCancel(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "scan")
	if err != nil {
		return err
	}
	sc, err := s.svc.CancelScan(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, sc.ID, sc.Status, sc.CreatedAt, toScan(sc))
}

// queryValues returns the request's query parameters with repeats kept, so
// filters can refuse a parameter given twice.
func queryValues(c *fiber.Ctx) url.Values {
	v := url.Values{}
	for k, val := range c.Context().QueryArgs().All() {
		v.Add(string(k), string(val))
	}
	return v
}
