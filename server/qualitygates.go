package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/core/badge"
	"github.com/bulwark-sec/bulwark/db"
)

// gateJSON is the API form of a quality gate.
type gateJSON struct {
	ID              string    `json:"id"`
	ProjectID       string    `json:"project_id"`
	OrganizationID  string    `json:"organization_id"`
	Name            string    `json:"name"`
	BlockOnCritical bool      `json:"block_on_critical"`
	BlockOnHigh     bool      `json:"block_on_high"`
	MaxCritical     int       `json:"max_critical"`
	MaxHigh         int       `json:"max_high"`
	MaxMedium       int       `json:"max_medium"`
	MaxLow          int       `json:"max_low"`
	IsActive        bool      `json:"is_active"`
	NewCodeOnly     bool      `json:"new_code_only"`
	CreatedBy       string    `json:"created_by"`
	CreatedAt       time.Time `json:"created_at"`
	UpdatedAt       time.Time `json:"updated_at"`
}

func toGate(g *db.QualityGate) gateJSON {
	return gateJSON{ID: g.ID.String(), ProjectID: g.ProjectID.String(), OrganizationID: g.OrganizationID.String(),
		Name: g.Name, BlockOnCritical: g.BlockOnCritical, BlockOnHigh: g.BlockOnHigh,
		MaxCritical: g.MaxCritical, MaxHigh: g.MaxHigh, MaxMedium: g.MaxMedium, MaxLow: g.MaxLow,
		IsActive: g.IsActive, NewCodeOnly: g.NewCodeOnly, CreatedBy: g.CreatedBy.String(), CreatedAt: g.CreatedAt.UTC(), UpdatedAt: g.UpdatedAt.UTC()}
}

// gateStatus is the envelope status of a gate.
func gateStatus(g *db.QualityGate) string {
	if g.IsActive {
		return "active"
	}
	return "inactive"
}

// evaluationJSON is the API form of a quality-gate evaluation.
type evaluationJSON struct {
	ID             string             `json:"id"`
	QualityGateID  string             `json:"quality_gate_id"`
	ScanID         string             `json:"scan_id"`
	ProjectID      string             `json:"project_id"`
	OrganizationID string             `json:"organization_id"`
	Status         string             `json:"status"`
	Passed         bool               `json:"passed"`
	CriticalCount  int                `json:"critical_count"`
	HighCount      int                `json:"high_count"`
	MediumCount    int                `json:"medium_count"`
	LowCount       int                `json:"low_count"`
	Violations     []db.GateViolation `json:"violations"`
	Note           *string            `json:"note"`
	TriggeredBy    string             `json:"triggered_by"`
	CIContext      map[string]any     `json:"ci_context"`
	NewCodeOnly    bool               `json:"new_code_only"`
	BaselineScanID *string            `json:"baseline_scan_id"`
	NewCount       *int               `json:"new_count"`
	FixedCount     *int               `json:"fixed_count"`
	UnchangedCount *int               `json:"unchanged_count"`
	CreatedAt      time.Time          `json:"created_at"`
	EvaluatedAt    time.Time          `json:"evaluated_at"`
}

func toEvaluation(e *db.GateEvaluation) evaluationJSON {
	out := evaluationJSON{ID: e.ID.String(), QualityGateID: e.QualityGateID.String(), ScanID: e.ScanID.String(),
		ProjectID: e.ProjectID.String(), OrganizationID: e.OrganizationID.String(), Status: e.Status, Passed: e.Passed,
		CriticalCount: e.Critical, HighCount: e.High, MediumCount: e.Medium, LowCount: e.Low,
		Violations: e.Violations, TriggeredBy: e.TriggeredBy, CIContext: e.CIContext,
		CreatedAt: e.CreatedAt.UTC(), EvaluatedAt: e.EvaluatedAt.UTC()}
	if out.Violations == nil {
		out.Violations = []db.GateViolation{}
	}
	if out.CIContext == nil {
		out.CIContext = map[string]any{}
	}
	if e.Note != "" {
		n := e.Note
		out.Note = &n
	}
	out.NewCodeOnly = e.NewCodeOnly
	if e.BaselineScanID != nil {
		b := e.BaselineScanID.String()
		out.BaselineScanID = &b
	}
	if e.NewCodeOnly && e.Status != core.GatePending {
		n, f, u := e.NewCount, e.FixedCount, e.UnchangedCount
		out.NewCount, out.FixedCount, out.UnchangedCount = &n, &f, &u
	}
	return out
}

// scanRefJSON is the scan a build status is about.
type scanRefJSON struct {
	ID          string     `json:"id"`
	Status      string     `json:"status"`
	ContractID  string     `json:"contract_id"`
	CreatedAt   time.Time  `json:"created_at"`
	CompletedAt *time.Time `json:"completed_at"`
}

// buildStatusJSON is the latest evaluation of a project, with its scan.
type buildStatusJSON struct {
	evaluationJSON
	Branch *string      `json:"branch"`
	Scan   *scanRefJSON `json:"scan"`
}

// gateRequest is the body of PUT /quality-gates/projects/{id}. PUT
// replaces the gate: an absent field takes its default.
type gateRequest struct {
	Name            *string `json:"name"`
	BlockOnCritical *bool   `json:"block_on_critical"`
	BlockOnHigh     *bool   `json:"block_on_high"`
	MaxCritical     *int    `json:"max_critical"`
	MaxHigh         *int    `json:"max_high"`
	MaxMedium       *int    `json:"max_medium"`
	MaxLow          *int    `json:"max_low"`
	IsActive        *bool   `json:"is_active"`
	NewCodeOnly     *bool   `json:"new_code_only"`
}

// evaluateRequest is the body of POST .../evaluate; every field is
// optional and so is the body.
type evaluateRequest struct {
	ScanID      *string         `json:"scan_id"`
	CIContext   json.RawMessage `json:"ci_context"`
	TriggeredBy *string         `json:"triggered_by"`
	Baseline    *string         `json:"baseline"`
}

// maxRawCIContext refuses absurd ci_context bodies before decoding them;
// the precise bound (core.MaxCIContextBytes) applies after normalisation.
const maxRawCIContext = 64 << 10

// gateProject checks the plan (before the id, so a plan without gates
// learns that first) and reads the project id of a gate route.
func gateProject(c *fiber.Ctx) (*core.Principal, uuid.UUID, error) {
	p := principal(c)
	if err := core.RequireGatePlan(p); err != nil {
		return nil, uuid.Nil, err
	}
	id, err := pathID(c, "id", "project")
	return p, id, err
}

func (s *Server) handleGateGet(c *fiber.Ctx) error {
	p, id, err := gateProject(c)
	if err != nil {
		return err
	}
	g, err := s.svc.GetQualityGate(c.UserContext(), p, id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, g.ID, gateStatus(g), g.CreatedAt, toGate(g))
}

func (s *Server) handleGatePut(c *fiber.Ctx) error {
	p, id, err := gateProject(c)
	if err != nil {
		return err
	}
	var req gateRequest
	if err := decodeJSON(c, &req); err != nil {
		return thresholdTypeError(err)
	}
	g, created, err := s.svc.PutQualityGate(c.UserContext(), p, id, core.GateInput{
		Name: req.Name, BlockOnCritical: req.BlockOnCritical, BlockOnHigh: req.BlockOnHigh,
		MaxCritical: req.MaxCritical, MaxHigh: req.MaxHigh, MaxMedium: req.MaxMedium, MaxLow: req.MaxLow,
		IsActive: req.IsActive, NewCodeOnly: req.NewCodeOnly,
	})
	if err != nil {
		return err
	}
	status := fiber.StatusOK
	if created {
		status = fiber.StatusCreated
	}
	return one(c, status, g.ID, gateStatus(g), g.CreatedAt, toGate(g))
}

// thresholdTypeError words a type error on a max_* field as the range it
// must be in ("must be of type number" says nothing about 1.5 or "3").
func thresholdTypeError(err error) error {
	ce, ok := core.AsError(err)
	if !ok || ce.Code != core.CodeInvalidField {
		return err
	}
	if f, _ := ce.Details["field"].(string); strings.HasPrefix(f, "max_") && ce.Details["reason"] == "invalid" {
		return core.Invalid(f, "invalid", f+" must be an integer from -1 (unlimited) upward")
	}
	return err
}

func (s *Server) handleGateEvaluate(c *fiber.Ctx) error {
	p, id, err := gateProject(c)
	if err != nil {
		return err
	}
	var req evaluateRequest
	// An empty body means "the latest scan, no CI context": a CI step can
	// POST without composing JSON.
	if len(bytes.TrimSpace(c.Request().Body())) > 0 || c.Get(fiber.HeaderContentEncoding) != "" {
		if err := decodeJSON(c, &req); err != nil {
			return err
		}
	}
	in := core.EvaluateInput{TriggeredBy: req.TriggeredBy, Baseline: req.Baseline}
	if req.ScanID != nil {
		sid, err := parseUUIDField("scan_id", *req.ScanID)
		if err != nil {
			return err
		}
		in.ScanID = &sid
	}
	if in.CIContext, err = decodeCIContext(req.CIContext); err != nil {
		return err
	}
	ev, err := s.svc.EvaluateQualityGate(c.UserContext(), p, id, in)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusCreated, ev.ID, ev.Status, ev.CreatedAt, toEvaluation(ev))
}

// decodeCIContext reads ci_context as a JSON object, keeping numbers as
// json.Number so integers stay exact.
func decodeCIContext(raw json.RawMessage) (map[string]any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, nil
	}
	if len(raw) > maxRawCIContext {
		return nil, core.Invalid("ci_context", "out_of_range", "ci_context is too large")
	}
	if raw[0] != '{' {
		return nil, core.Invalid("ci_context", "invalid", "ci_context must be a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, core.Invalid("ci_context", "invalid", "ci_context must be a JSON object")
	}
	return m, nil
}

func (s *Server) handleGateBuildStatus(c *fiber.Ctx) error {
	p, id, err := gateProject(c)
	if err != nil {
		return err
	}
	bs, err := s.svc.GetBuildStatus(c.UserContext(), p, id, c.Query("branch"))
	if err != nil {
		return err
	}
	ev := bs.Evaluation
	out := buildStatusJSON{evaluationJSON: toEvaluation(ev)}
	if b, ok := ev.CIContext["branch"].(string); ok {
		out.Branch = &b
	}
	if sc := bs.Scan; sc != nil {
		out.Scan = &scanRefJSON{ID: sc.ID.String(), Status: sc.Status, ContractID: sc.ContractID.String(),
			CreatedAt: sc.CreatedAt.UTC(), CompletedAt: sc.CompletedAt}
		if out.Scan.CompletedAt != nil {
			t := out.Scan.CompletedAt.UTC()
			out.Scan.CompletedAt = &t
		}
	}
	return one(c, fiber.StatusOK, ev.ID, ev.Status, ev.CreatedAt, out)
}

func (s *Server) handleGateHistory(c *fiber.Ctx) error {
	p, id, err := gateProject(c)
	if err != nil {
		return err
	}
	f := core.GateHistoryFilter{Branch: c.Query("branch"), Status: c.Query("status")}
	// The project is a filter too: a cursor of one project's history is
	// refused on another's.
	lq, err := s.parseList(c, "quality-gate-history",
		map[string]string{"project_id": id.String(), "branch": f.Branch, "status": f.Status}, true)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListGateEvaluations(c.UserContext(), p, id, f, lq.page)
	if err != nil {
		return err
	}
	out := make([]evaluationJSON, len(rows))
	keys := make([]db.Key, len(rows))
	for i := range rows {
		out[i] = toEvaluation(&rows[i])
		keys[i] = db.Key{T: rows[i].CreatedAt, ID: rows[i].ID}
	}
	return s.writeList(c, "evaluations", out, keys, lq, res)
}

// maxBadgeBranch bounds ?branch= on the public badge; no stored branch is
// longer, so a longer one can only be "unknown".
const maxBadgeBranch = 255

// handleGateBadge serves the public SVG badge. It needs no key and says
// nothing but the status word: an unknown project (or a malformed id) gets
// the grey "unknown" badge with 404, exactly like a project never
// evaluated apart from the status code.
func (s *Server) handleGateBadge(c *fiber.Ctx) error {
	status, code := core.BadgeUnknown, fiber.StatusOK
	raw := c.Params("id")
	id, err := uuid.Parse(raw)
	branch := c.Query("branch")
	switch {
	case err != nil || len(raw) != 36:
		code = fiber.StatusNotFound
	case len(branch) > maxBadgeBranch:
	default:
		st, found, err := s.svc.GateBadgeStatus(c.UserContext(), id, branch)
		if err != nil {
			return err
		}
		status = st
		if !found {
			code = fiber.StatusNotFound
		}
	}
	svg := badge.Gate(status)
	sum := sha256.Sum256(svg)
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	c.Set(fiber.HeaderCacheControl, "no-cache")
	c.Set(fiber.HeaderETag, etag)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	// Opened directly, the SVG is a document: forbid it everything but
	// its own inline presentation.
	c.Set(fiber.HeaderContentSecurityPolicy, "default-src 'none'; style-src 'unsafe-inline'")
	if code == fiber.StatusOK && etagMatches(c.Get(fiber.HeaderIfNoneMatch), etag) {
		return c.SendStatus(fiber.StatusNotModified)
	}
	c.Set(fiber.HeaderContentType, "image/svg+xml")
	return c.Status(code).Send(svg)
}

// etagMatches applies If-None-Match's weak comparison: any listed tag (W/
// or not) equal to etag, or "*".
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}
