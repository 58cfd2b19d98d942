package core

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Quality-gate evaluation statuses of api.md.
const (
	GatePassing = "passing"
	GateFailing = "failing"
	GatePending = "pending"
)

// GateStatuses lists the evaluation statuses, for filters.
var GateStatuses = []string{GatePassing, GateFailing, GatePending}

// Defaults of api.md's Quality gate table. max_low has no default there;
// -1 (unlimited) matches max_high and max_medium.
const (
	DefaultGateName = "Default quality gate"
	// MaxGateThreshold bounds max_*: larger values mean nothing a scan can
	// reach and only invite overflow.
	MaxGateThreshold = 1_000_000
	// DefaultTriggeredBy names evaluations whose caller gave no trigger.
	DefaultTriggeredBy = "api"
)

// Gate rule names, as violations report them.
const (
	RuleBlockOnCritical = "block_on_critical"
	RuleBlockOnHigh     = "block_on_high"
	RuleMaxCritical     = "max_critical"
	RuleMaxHigh         = "max_high"
	RuleMaxMedium       = "max_medium"
	RuleMaxLow          = "max_low"
	// RuleScanFailed is reported when a pending evaluation's scan ends
	// failed or cancelled: there is nothing to pass.
	RuleScanFailed = "scan_failed"
)

// GateRules are the blocking and threshold rules of a gate.
type GateRules struct {
	BlockOnCritical bool
	BlockOnHigh     bool
	// Max* are the most vulnerabilities of a severity allowed; -1 means
	// unlimited and 0 none.
	MaxCritical, MaxHigh, MaxMedium, MaxLow int
}

// SeverityCounts counts a scan's open and acknowledged vulnerabilities.
type SeverityCounts struct {
	Critical, High, Medium, Low int
}

// ApplyGateRules applies api.md's rules: the gate fails when
// block_on_critical is set and any critical exists, when block_on_high is
// set and any high exists, or when a severity's count exceeds its max
// (unless the max is -1). Every broken rule is reported, in a fixed order.
func ApplyGateRules(r GateRules, c SeverityCounts) (passed bool, violations []db.GateViolation) {
	violations = []db.GateViolation{}
	if r.BlockOnCritical && c.Critical > 0 {
		violations = append(violations, db.GateViolation{Rule: RuleBlockOnCritical, Severity: "critical",
			Count: c.Critical, Threshold: 0,
			Message: fmt.Sprintf("%s found; block_on_critical allows none", plural(c.Critical, "critical vulnerability", "critical vulnerabilities"))})
	}
	if r.BlockOnHigh && c.High > 0 {
		violations = append(violations, db.GateViolation{Rule: RuleBlockOnHigh, Severity: "high",
			Count: c.High, Threshold: 0,
			Message: fmt.Sprintf("%s found; block_on_high allows none", plural(c.High, "high vulnerability", "high vulnerabilities"))})
	}
	for _, t := range []struct {
		rule, severity string
		max, count     int
	}{
		{RuleMaxCritical, "critical", r.MaxCritical, c.Critical},
		{RuleMaxHigh, "high", r.MaxHigh, c.High},
		{RuleMaxMedium, "medium", r.MaxMedium, c.Medium},
		{RuleMaxLow, "low", r.MaxLow, c.Low},
	} {
		if t.max != -1 && t.count > t.max {
			violations = append(violations, db.GateViolation{Rule: t.rule, Severity: t.severity,
				Count: t.count, Threshold: t.max,
				Message: fmt.Sprintf("%s %s %s %d", plural(t.count, t.severity+" vulnerability", t.severity+" vulnerabilities"),
					verb(t.count, "exceeds", "exceed"), t.rule, t.max)})
		}
	}
	return len(violations) == 0, violations
}

func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// countedVulnStatuses are the vulnerability statuses a gate counts (api.md:
// open and acknowledged); fixed and false_positive are settled.
var countedVulnStatuses = []string{VulnOpen, VulnAcknowledged}

// GateInput holds the fields of PUT /quality-gates/projects/{id}. PUT
// replaces the whole gate, so a nil field takes its default.
type GateInput struct {
	Name            *string
	BlockOnCritical *bool
	BlockOnHigh     *bool
	MaxCritical     *int
	MaxHigh         *int
	MaxMedium       *int
	MaxLow          *int
	IsActive        *bool
	// NewCodeOnly counts only findings new against the baseline scan.
	NewCodeOnly *bool
}

// gateValues is a validated GateInput with defaults filled in.
type gateValues struct {
	name    string
	rules   GateRules
	active  bool
	newCode bool
}

func (in GateInput) validate() (gateValues, error) {
	v := gateValues{name: DefaultGateName, active: true,
		rules: GateRules{BlockOnCritical: true, BlockOnHigh: false, MaxCritical: 0, MaxHigh: -1, MaxMedium: -1, MaxLow: -1}}
	if in.Name != nil {
		n := strings.TrimSpace(*in.Name)
		if n == "" || utf8.RuneCountInString(n) > 255 || !utf8.ValidString(n) {
			return v, Invalid("name", "invalid", "name must be 1 to 255 characters")
		}
		v.name = n
	}
	for _, f := range []struct {
		field string
		in    *int
		out   *int
	}{
		{"max_critical", in.MaxCritical, &v.rules.MaxCritical},
		{"max_high", in.MaxHigh, &v.rules.MaxHigh},
		{"max_medium", in.MaxMedium, &v.rules.MaxMedium},
		{"max_low", in.MaxLow, &v.rules.MaxLow},
	} {
		if f.in == nil {
			continue
		}
		if *f.in < -1 || *f.in > MaxGateThreshold {
			return v, Invalid(f.field, "out_of_range",
				fmt.Sprintf("%s must be an integer from -1 (unlimited) to %d", f.field, MaxGateThreshold))
		}
		*f.out = *f.in
	}
	if in.BlockOnCritical != nil {
		v.rules.BlockOnCritical = *in.BlockOnCritical
	}
	if in.BlockOnHigh != nil {
		v.rules.BlockOnHigh = *in.BlockOnHigh
	}
	if in.IsActive != nil {
		v.active = *in.IsActive
	}
	if in.NewCodeOnly != nil {
		v.newCode = *in.NewCodeOnly
	}
	return v, nil
}

// GateRulesOf returns the rules of a stored gate.
func GateRulesOf(g *db.QualityGate) GateRules {
	return GateRules{BlockOnCritical: g.BlockOnCritical, BlockOnHigh: g.BlockOnHigh,
		MaxCritical: g.MaxCritical, MaxHigh: g.MaxHigh, MaxMedium: g.MaxMedium, MaxLow: g.MaxLow}
}

// RequireGatePlan refuses quality gates below the Developer plan (api.md's
// Limits) with PERMISSION_DENIED.
func RequireGatePlan(p *Principal) error { return RequirePlan(p, PlanDeveloper) }

// GetQualityGate returns the gate of a project of the caller's
// organization; a project without one is RESOURCE_NOT_FOUND.
func (s *Service) GetQualityGate(ctx context.Context, p *Principal, projectID uuid.UUID) (*db.QualityGate, error) {
	if err := RequireGatePlan(p); err != nil {
		return nil, err
	}
	if _, err := s.project(ctx, s.DB, p.OrgID, projectID); err != nil {
		return nil, err
	}
	return s.gate(ctx, s.DB, p.OrgID, projectID)
}

func (s *Service) gate(ctx context.Context, q bun.IDB, orgID, projectID uuid.UUID) (*db.QualityGate, error) {
	g, err := db.GetQualityGate(ctx, q, orgID, projectID)
	if err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return nil, Errorf(CodeNotFound, "project %s has no quality gate; configure one with PUT /api/v1/quality-gates/projects/%s", projectID, projectID)
		}
		return nil, fmt.Errorf("load quality gate of project %s: %w", projectID, err)
	}
	return g, nil
}

// PutQualityGate creates or replaces the gate of a project. created reports
// whether the gate is new.
func (s *Service) PutQualityGate(ctx context.Context, p *Principal, projectID uuid.UUID, in GateInput) (g *db.QualityGate, created bool, err error) {
	if err := RequireGatePlan(p); err != nil {
		return nil, false, err
	}
	v, err := in.validate()
	if err != nil {
		return nil, false, err
	}
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.project(ctx, tx, p.OrgID, projectID); err != nil {
			return err
		}
		now := s.Now()
		g, err = db.GetQualityGate(ctx, tx, p.OrgID, projectID)
		switch {
		case errors.Is(err, db.ErrNotFound):
			created = true
			g = &db.QualityGate{ID: newID(), OrganizationID: p.OrgID, ProjectID: projectID,
				CreatedBy: p.UserID, CreatedAt: now}
		case err != nil:
			return err
		}
		g.Name, g.IsActive, g.NewCodeOnly, g.UpdatedAt = v.name, v.active, v.newCode, now
		g.BlockOnCritical, g.BlockOnHigh = v.rules.BlockOnCritical, v.rules.BlockOnHigh
		g.MaxCritical, g.MaxHigh, g.MaxMedium, g.MaxLow = v.rules.MaxCritical, v.rules.MaxHigh, v.rules.MaxMedium, v.rules.MaxLow
		if created {
			_, err = tx.NewInsert().Model(g).Exec(ctx)
		} else {
			_, err = tx.NewUpdate().Model(g).WherePK().Exec(ctx)
		}
		if db.IsUniqueViolation(err) {
			return Errorf(CodeConflict, "the quality gate of project %s was created concurrently; retry", projectID)
		}
		if err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "quality_gate.updated", "quality_gate", g.ID.String(), map[string]any{
			"project_id": projectID.String(), "created": created, "name": g.Name, "is_active": g.IsActive,
			"block_on_critical": g.BlockOnCritical, "block_on_high": g.BlockOnHigh,
			"max_critical": g.MaxCritical, "max_high": g.MaxHigh, "max_medium": g.MaxMedium, "max_low": g.MaxLow,
			"new_code_only": g.NewCodeOnly,
		})
	})
	if err != nil {
		return nil, false, err
	}
	return g, created, nil
}

// TriggeredByGitHubApp is the trigger of the GitHub App's evaluations.
const TriggeredByGitHubApp = "github-app"

// defaultGateOnEvaluation returns the project's gate, or stores the
// documented default gate (api.md's defaults: block_on_critical, no other
// limit) when the project has none and this is a CI evaluation: one
// carrying ci_context from anything but the GitHub App, which reports "no
// gate" as a neutral check instead. Other evaluations of a project
// without a gate stay RESOURCE_NOT_FOUND. PUT replaces the stored gate.
func (s *Service) defaultGateOnEvaluation(ctx context.Context, tx bun.Tx, p *Principal, projectID uuid.UUID, trigger string, ci map[string]any) (*db.QualityGate, error) {
	g, err := s.gate(ctx, tx, p.OrgID, projectID)
	if err == nil || !IsCode(err, CodeNotFound) || len(ci) == 0 || trigger == TriggeredByGitHubApp {
		return g, err
	}
	v, _ := GateInput{}.validate()
	now := s.Now()
	g = &db.QualityGate{ID: newID(), OrganizationID: p.OrgID, ProjectID: projectID, Name: v.name,
		BlockOnCritical: v.rules.BlockOnCritical, BlockOnHigh: v.rules.BlockOnHigh, MaxCritical: v.rules.MaxCritical,
		MaxHigh: v.rules.MaxHigh, MaxMedium: v.rules.MaxMedium, MaxLow: v.rules.MaxLow, IsActive: v.active,
		CreatedBy: p.UserID, CreatedAt: now, UpdatedAt: now}
	if _, err := tx.NewInsert().Model(g).Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return nil, Errorf(CodeConflict, "the quality gate of project %s was created concurrently; retry", projectID)
		}
		return nil, err
	}
	return g, s.audit(ctx, tx, p, "quality_gate.updated", "quality_gate", g.ID.String(), map[string]any{
		"project_id": projectID.String(), "created": true, "default": true, "name": g.Name, "is_active": g.IsActive,
		"block_on_critical": g.BlockOnCritical, "block_on_high": g.BlockOnHigh,
		"max_critical": g.MaxCritical, "max_high": g.MaxHigh, "max_medium": g.MaxMedium, "max_low": g.MaxLow,
		"new_code_only": g.NewCodeOnly, "triggered_by": trigger,
	})
}

// EvaluateInput is the body of POST .../evaluate.
type EvaluateInput struct {
	// ScanID defaults to the project's latest scan.
	ScanID      *uuid.UUID
	CIContext   map[string]any
	TriggeredBy *string
	// Baseline, a scan id or a branch, makes this evaluation count only
	// new findings (as a new_code_only gate does) against that scan, or
	// the branch's latest scan. A new_code_only gate without it takes
	// ci_context's base_branch.
	Baseline *string
}

// Bounds of ci_context: a CI system describes a build in a few dozen short
// values, and the whole object is stored with every evaluation.
const (
	MaxCIContextBytes  = 8 << 10
	MaxCIContextKeys   = 50
	MaxCIContextString = 1024
	maxBranchLength    = 255
	maxTriggeredBy     = 50
)

var (
	ciKeyPattern  = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)
	commitPattern = regexp.MustCompile(`^[0-9a-fA-F]{7,64}$`)
)

// ciStringKeys are known ci_context keys whose value must be a string.
var ciStringKeys = map[string]bool{"branch": true, "base_branch": true, "commit": true, "provider": true,
	"build_url": true, "repository": true, "actor": true, "tag": true, "workflow": true, "job": true, "event": true}

// ciIDKeys are known keys that may be a positive integer or a string.
var ciIDKeys = map[string]bool{"pull_request": true, "run_id": true, "run_number": true, "build_number": true}

// NormalizeCIContext checks a ci_context object and returns it with JSON
// numbers converted to int64 or float64. Keys are lowercase identifiers;
// values are strings, numbers or booleans (null drops the key); the known
// keys of ciStringKeys and ciIDKeys have stricter types.
func NormalizeCIContext(in map[string]any) (map[string]any, error) {
	out := map[string]any{}
	if len(in) > MaxCIContextKeys {
		return nil, Invalid("ci_context", "out_of_range", fmt.Sprintf("ci_context may hold at most %d keys", MaxCIContextKeys))
	}
	for k, v := range in {
		field := "ci_context." + k
		if !ciKeyPattern.MatchString(k) {
			return nil, Invalid("ci_context", "invalid",
				fmt.Sprintf("ci_context key %q must be a lowercase identifier ([a-z][a-z0-9_]*, at most 64 characters)", k))
		}
		if v == nil {
			continue
		}
		switch x := v.(type) {
		case string:
			if len(x) > MaxCIContextString || !utf8.ValidString(x) {
				return nil, Invalid(field, "out_of_range", fmt.Sprintf("%s must be at most %d bytes of UTF-8", field, MaxCIContextString))
			}
			out[k] = x
		case bool:
			out[k] = x
		case json.Number:
			if n, err := x.Int64(); err == nil {
				out[k] = n
			} else if f, err := x.Float64(); err == nil && !math.IsInf(f, 0) {
				out[k] = f
			} else {
				return nil, Invalid(field, "invalid", field+" is not a representable number")
			}
		case float64:
			if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
				out[k] = int64(x)
			} else {
				out[k] = x
			}
		case int:
			out[k] = int64(x)
		case int64:
			out[k] = x
		default:
			return nil, Invalid(field, "invalid", field+" must be a string, number or boolean")
		}
		if err := checkKnownCIKey(k, out[k]); err != nil {
			return nil, err
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, Invalid("ci_context", "invalid", "ci_context cannot be encoded as JSON")
	}
	if len(b) > MaxCIContextBytes {
		return nil, Invalid("ci_context", "out_of_range", fmt.Sprintf("ci_context must be at most %d bytes as JSON", MaxCIContextBytes))
	}
	return out, nil
}

func checkKnownCIKey(k string, v any) error {
	field := "ci_context." + k
	s, isString := v.(string)
	switch {
	case ciStringKeys[k]:
		if !isString {
			return Invalid(field, "invalid", field+" must be a string")
		}
		switch k {
		case "branch", "base_branch":
			if strings.TrimSpace(s) == "" || len(s) > maxBranchLength {
				return Invalid(field, "invalid", fmt.Sprintf("%s must be 1 to %d characters", field, maxBranchLength))
			}
		case "commit":
			if !commitPattern.MatchString(s) {
				return Invalid(field, "invalid", field+" must be a commit SHA (7 to 64 hexadecimal digits)")
			}
		case "build_url":
			u, err := url.Parse(s)
			if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
				return Invalid(field, "invalid", field+" must be an http or https URL")
			}
		}
	case ciIDKeys[k]:
		switch x := v.(type) {
		case int64:
			if x < 1 {
				return Invalid(field, "out_of_range", field+" must be a positive integer or a string")
			}
		case string:
			if strings.TrimSpace(x) == "" {
				return Invalid(field, "invalid", field+" must not be empty")
			}
		default:
			return Invalid(field, "invalid", field+" must be a positive integer or a string")
		}
	}
	return nil
}

// BranchKey is the form of a branch name evaluations are filtered by: a
// full ref (refs/heads/main) and its short name (main) are the same branch.
func BranchKey(b string) string { return strings.TrimPrefix(strings.TrimSpace(b), "refs/heads/") }

// EvaluateQualityGate applies the project's gate to a scan and records the
// evaluation. A queued or running scan records a pending evaluation that
// is resolved when the scan ends; a failed or cancelled one is
// SCAN_FAILED; a project without scans is CONFLICT.
func (s *Service) EvaluateQualityGate(ctx context.Context, p *Principal, projectID uuid.UUID, in EvaluateInput) (*db.GateEvaluation, error) {
	if err := RequireGatePlan(p); err != nil {
		return nil, err
	}
	ci, err := NormalizeCIContext(in.CIContext)
	if err != nil {
		return nil, err
	}
	trigger := DefaultTriggeredBy
	if in.TriggeredBy != nil {
		trigger = strings.TrimSpace(*in.TriggeredBy)
		if trigger == "" || utf8.RuneCountInString(trigger) > maxTriggeredBy || !utf8.ValidString(trigger) ||
			strings.IndexFunc(trigger, unicode.IsControl) >= 0 {
			return nil, Invalid("triggered_by", "invalid", fmt.Sprintf("triggered_by must be 1 to %d printable characters", maxTriggeredBy))
		}
	}
	branch, _ := ci["branch"].(string)
	var ev *db.GateEvaluation
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.project(ctx, tx, p.OrgID, projectID); err != nil {
			return err
		}
		g, err := s.defaultGateOnEvaluation(ctx, tx, p, projectID, trigger, ci)
		if err != nil {
			return err
		}
		sc, err := s.scanToEvaluate(ctx, tx, p.OrgID, projectID, in.ScanID)
		if err != nil {
			return err
		}
		now := s.Now()
		ev = &db.GateEvaluation{ID: newID(), OrganizationID: p.OrgID, ProjectID: projectID, QualityGateID: g.ID,
			ScanID: sc.ID, Violations: []db.GateViolation{}, TriggeredBy: trigger, CIContext: ci,
			Branch: BranchKey(branch), CreatedAt: now, EvaluatedAt: now}
		if g.NewCodeOnly || in.Baseline != nil {
			ev.NewCodeOnly = true
			base, _ := ci["base_branch"].(string)
			if ev.BaselineScanID, err = s.baselineScan(ctx, tx, p.OrgID, projectID, sc.ID, in.Baseline, base); err != nil {
				return err
			}
		}
		switch sc.Status {
		case ScanFailed, ScanCancelled:
			return &Error{Code: CodeScanFailed,
				Message: fmt.Sprintf("scan %s is %s; a quality gate needs a completed scan", sc.ID, sc.Status),
				Details: map[string]any{"scan_id": sc.ID.String(), "scan_status": sc.Status}}
		case ScanQueued, ScanRunning:
			ev.Status = GatePending
		default:
			if err := s.judge(ctx, tx, ev, g, sc); err != nil {
				return err
			}
		}
		if _, err := tx.NewInsert().Model(ev).Exec(ctx); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "quality_gate.evaluated", "quality_gate", g.ID.String(), map[string]any{
			"evaluation_id": ev.ID.String(), "project_id": projectID.String(), "scan_id": sc.ID.String(),
			"status": ev.Status, "triggered_by": trigger, "branch": ev.Branch,
		})
	})
	if err != nil {
		return nil, err
	}
	return ev, nil
}

// scanToEvaluate loads the scan an evaluation is about: id when given (it
// must belong to the project), else the project's newest scan. On
// PostgreSQL the row is locked until the evaluation commits, so a scan
// finishing meanwhile waits, and its onScanFinished then sees the pending
// evaluation. (SQLite serialises write transactions anyway.)
func (s *Service) scanToEvaluate(ctx context.Context, tx bun.Tx, orgID, projectID uuid.UUID, id *uuid.UUID) (*db.Scan, error) {
	sc := new(db.Scan)
	q := tx.NewSelect().Model(sc).Where("organization_id = ?", orgID)
	if id != nil {
		q = q.Where("id = ?", *id)
	} else {
		q = q.Where("project_id = ?", projectID).OrderExpr("created_at DESC").OrderExpr("id DESC").Limit(1)
	}
	if db.IsPostgres(tx) {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		if !errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
			return nil, err
		}
		if id != nil {
			return nil, Errorf(CodeNotFound, "scan %s not found", *id)
		}
		return nil, Errorf(CodeConflict, "project %s has no scan to evaluate; run a scan first", projectID)
	}
	if sc.ProjectID != projectID {
		return nil, Invalid("scan_id", "not_in_project", fmt.Sprintf("scan %s belongs to another project", sc.ID))
	}
	return sc, nil
}

// judge fills in the outcome of ev for the finished scan sc under gate g.
func (s *Service) judge(ctx context.Context, q bun.IDB, ev *db.GateEvaluation, g *db.QualityGate, sc *db.Scan) error {
	ev.Critical, ev.High, ev.Medium, ev.Low = 0, 0, 0, 0
	ev.NewCount, ev.FixedCount, ev.UnchangedCount = 0, 0, 0
	ev.Violations, ev.Note = []db.GateViolation{}, ""
	if sc.Status == ScanFailed || sc.Status == ScanCancelled {
		ev.Status, ev.Passed = GateFailing, false
		ev.Violations = []db.GateViolation{{Rule: RuleScanFailed, Count: 0, Threshold: 0,
			Message: fmt.Sprintf("scan %s ended %s; there is no result to pass", sc.ID, sc.Status)}}
		return nil
	}
	var c SeverityCounts
	var err error
	if ev.NewCodeOnly {
		c, err = s.countNewVulnerabilities(ctx, q, ev)
	} else {
		c, err = countOpenVulnerabilities(ctx, q, ev.OrganizationID, sc.ID)
	}
	if err != nil {
		return fmt.Errorf("count vulnerabilities of scan %s: %w", sc.ID, err)
	}
	ev.Critical, ev.High, ev.Medium, ev.Low = c.Critical, c.High, c.Medium, c.Low
	if ev.NewCodeOnly && ev.BaselineScanID == nil {
		ev.Note = "no baseline scan (none given, and no finished scan of the base branch); every finding counts as new"
	}
	if !g.IsActive {
		ev.Status, ev.Passed = GatePassing, true
		ev.Note = "the quality gate is inactive; no rule was enforced"
		return nil
	}
	ev.Passed, ev.Violations = ApplyGateRules(GateRulesOf(g), c)
	ev.Status = GateFailing
	if ev.Passed {
		ev.Status = GatePassing
	}
	return nil
}

// countOpenVulnerabilities counts a scan's open and acknowledged findings
// by severity. Fixed and false-positive findings are settled, and
// suppressed ones were accepted in the source with a reason, so none of
// them holds a build back.
func countOpenVulnerabilities(ctx context.Context, q bun.IDB, orgID, scanID uuid.UUID) (SeverityCounts, error) {
	var rows []struct {
		Severity string `bun:"severity"`
		N        int    `bun:"n"`
	}
	err := q.NewSelect().Model((*db.Vulnerability)(nil)).ColumnExpr("severity").ColumnExpr("count(*) AS n").
		Where("organization_id = ? AND scan_id = ?", orgID, scanID).
		Where("status IN (?)", bun.List(countedVulnStatuses)).
		Where("suppressed = ?", false).
		GroupExpr("severity").Scan(ctx, &rows)
	var c SeverityCounts
	for _, r := range rows {
		switch r.Severity {
		case "critical":
			c.Critical = r.N
		case "high":
			c.High = r.N
		case "medium":
			c.Medium = r.N
		case "low":
			c.Low = r.N
		}
	}
	return c, err
}

// ResolvePendingEvaluations judges the pending evaluations of a scan that
// has reached a final status; for a scan still queued or running it does
// nothing. Safe to run more than once: only rows still pending change.
func (s *Service) ResolvePendingEvaluations(ctx context.Context, scanID uuid.UUID) error {
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		sc := new(db.Scan)
		if err := tx.NewSelect().Model(sc).Where("id = ?", scanID).Scan(ctx); err != nil {
			if errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
				return nil
			}
			return fmt.Errorf("load scan %s: %w", scanID, err)
		}
		if slices.Contains(ActiveScanStatuses, sc.Status) {
			return nil
		}
		var pending []db.GateEvaluation
		if err := tx.NewSelect().Model(&pending).Where("scan_id = ? AND status = ?", scanID, GatePending).
			OrderExpr("created_at").Scan(ctx); err != nil {
			return fmt.Errorf("load pending evaluations of scan %s: %w", scanID, err)
		}
		for i := range pending {
			if err := s.resolve(ctx, tx, &pending[i], sc); err != nil {
				return err
			}
		}
		return nil
	})
}

// resolve judges one pending evaluation of the finished scan sc with the
// gate as it is now, and records an audit entry by the system.
func (s *Service) resolve(ctx context.Context, tx bun.Tx, ev *db.GateEvaluation, sc *db.Scan) error {
	g := new(db.QualityGate)
	if err := tx.NewSelect().Model(g).Where("id = ?", ev.QualityGateID).Scan(ctx); err != nil {
		return fmt.Errorf("load quality gate %s of evaluation %s: %w", ev.QualityGateID, ev.ID, err)
	}
	if err := s.judge(ctx, tx, ev, g, sc); err != nil {
		return err
	}
	ev.EvaluatedAt = s.Now()
	res, err := tx.NewUpdate().Model(ev).
		Column("status", "passed", "critical_count", "high_count", "medium_count", "low_count", "violations", "note", "evaluated_at",
			"new_count", "fixed_count", "unchanged_count").
		Where("id = ? AND status = ?", ev.ID, GatePending).Exec(ctx)
	if err != nil {
		return fmt.Errorf("resolve evaluation %s: %w", ev.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // another resolver got there first
	}
	system := &Principal{OrgID: ev.OrganizationID}
	return s.audit(ctx, tx, system, "quality_gate.evaluated", "quality_gate", g.ID.String(), map[string]any{
		"evaluation_id": ev.ID.String(), "project_id": ev.ProjectID.String(), "scan_id": sc.ID.String(),
		"status": ev.Status, "triggered_by": ev.TriggeredBy, "branch": ev.Branch, "resolved": true,
	})
}

// settle resolves ev if it is pending on a scan that has since finished:
// a backstop for a missed onScanFinished, so readers never see a pending
// status that can no longer change.
func (s *Service) settle(ctx context.Context, ev *db.GateEvaluation) (*db.GateEvaluation, error) {
	if ev.Status != GatePending {
		return ev, nil
	}
	done, err := s.DB.NewSelect().Model((*db.Scan)(nil)).
		Where("id = ? AND status NOT IN (?)", ev.ScanID, bun.List(ActiveScanStatuses)).Exists(ctx)
	if err != nil || !done {
		return ev, err
	}
	if err := s.ResolvePendingEvaluations(ctx, ev.ScanID); err != nil {
		return nil, err
	}
	fresh := new(db.GateEvaluation)
	if err := s.DB.NewSelect().Model(fresh).Where("id = ?", ev.ID).Scan(ctx); err != nil {
		return nil, fmt.Errorf("reload evaluation %s: %w", ev.ID, err)
	}
	return fresh, nil
}

// BuildStatus is the latest evaluation of a project with its scan.
type BuildStatus struct {
	Evaluation *db.GateEvaluation
	// Scan is nil when the scan has since been deleted.
	Scan *db.Scan
}

// GetBuildStatus returns the newest evaluation of a project (on branch when
// given). A project never evaluated (on that branch) is RESOURCE_NOT_FOUND.
func (s *Service) GetBuildStatus(ctx context.Context, p *Principal, projectID uuid.UUID, branch string) (*BuildStatus, error) {
	if err := RequireGatePlan(p); err != nil {
		return nil, err
	}
	if _, err := s.project(ctx, s.DB, p.OrgID, projectID); err != nil {
		return nil, err
	}
	ev, err := db.LatestGateEvaluation(ctx, s.DB, p.OrgID, projectID, BranchKey(branch))
	if errors.Is(err, db.ErrNotFound) {
		if branch != "" {
			return nil, Errorf(CodeNotFound, "project %s has no quality gate evaluation on branch %q", projectID, branch)
		}
		return nil, Errorf(CodeNotFound, "project %s has no quality gate evaluation yet", projectID)
	}
	if err != nil {
		return nil, err
	}
	if ev, err = s.settle(ctx, ev); err != nil {
		return nil, err
	}
	bs := &BuildStatus{Evaluation: ev}
	sc := new(db.Scan)
	err = s.DB.NewSelect().Model(sc).Where("id = ? AND organization_id = ?", ev.ScanID, p.OrgID).Scan(ctx)
	switch {
	case err == nil:
		bs.Scan = sc
	case !errors.Is(db.NotFoundErr(err), db.ErrNotFound):
		return nil, err
	}
	return bs, nil
}

// GateHistoryFilter narrows GET .../history.
type GateHistoryFilter struct {
	Branch string
	Status string
}

// ListGateEvaluations returns one page of a project's evaluations, newest
// first (by the time of the evaluate request).
func (s *Service) ListGateEvaluations(ctx context.Context, p *Principal, projectID uuid.UUID, f GateHistoryFilter, page db.Page) ([]db.GateEvaluation, db.PageResult, error) {
	if err := RequireGatePlan(p); err != nil {
		return nil, db.PageResult{}, err
	}
	if f.Status != "" && !slices.Contains(GateStatuses, f.Status) {
		return nil, db.PageResult{}, Invalid("status", "invalid", "status must be one of "+strings.Join(GateStatuses, ", "))
	}
	if _, err := s.project(ctx, s.DB, p.OrgID, projectID); err != nil {
		return nil, db.PageResult{}, err
	}
	var rows []db.GateEvaluation
	q := s.DB.NewSelect().Model(&rows).Where("organization_id = ? AND project_id = ?", p.OrgID, projectID)
	if f.Branch != "" {
		q = q.Where("branch = ?", BranchKey(f.Branch))
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	res, err := db.SelectPage(ctx, q, "created_at", page, &rows)
	return rows, res, err
}

// BadgeUnknown is the badge message of a project without an evaluation.
const BadgeUnknown = "unknown"

// GateBadgeStatus returns the status the public badge of a project shows:
// the latest evaluation's (on branch when given), or BadgeUnknown.
// found is false for an unknown project. It needs no principal: the badge
// is public, and reveals nothing beyond that one word.
func (s *Service) GateBadgeStatus(ctx context.Context, projectID uuid.UUID, branch string) (status string, found bool, err error) {
	pr := new(db.Project)
	if err := s.DB.NewSelect().Model(pr).Column("id", "organization_id").Where("id = ?", projectID).Scan(ctx); err != nil {
		if errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
			return BadgeUnknown, false, nil
		}
		return BadgeUnknown, false, err
	}
	ev, err := db.LatestGateEvaluation(ctx, s.DB, pr.OrganizationID, projectID, BranchKey(branch))
	if errors.Is(err, db.ErrNotFound) {
		return BadgeUnknown, true, nil
	}
	if err != nil {
		return BadgeUnknown, true, err
	}
	if ev, err = s.settle(ctx, ev); err != nil {
		return BadgeUnknown, true, err
	}
	return ev.Status, true, nil
}

// baselineScan finds the scan a new-code evaluation of scan compares
// with: baseline's scan (an id of a scan of the project) or the latest
// finished scan evaluated on branch baseline, else on ci_context's
// base_branch. nil when there is none (every finding is then new).
func (s *Service) baselineScan(ctx context.Context, q bun.IDB, orgID, projectID, scan uuid.UUID, baseline *string, baseBranch string) (*uuid.UUID, error) {
	branch := baseBranch
	if baseline != nil {
		b := strings.TrimSpace(*baseline)
		if id, err := uuid.Parse(b); err == nil {
			sc := new(db.Scan)
			if err := q.NewSelect().Model(sc).Column("id", "project_id").
				Where("organization_id = ? AND id = ?", orgID, id).Scan(ctx); err != nil {
				if errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
					return nil, Errorf(CodeNotFound, "baseline scan %s not found", id)
				}
				return nil, err
			}
			if sc.ProjectID != projectID {
				return nil, Invalid("baseline", "not_in_project", fmt.Sprintf("baseline scan %s belongs to another project", id))
			}
			return &id, nil
		}
		if b == "" || utf8.RuneCountInString(b) > maxBranchLength || strings.IndexFunc(b, unicode.IsControl) >= 0 {
			return nil, Invalid("baseline", "invalid", "baseline must be a scan id or a branch name")
		}
		branch = b
	}
	branch = BranchKey(branch)
	if branch == "" {
		return nil, nil
	}
	var ids []uuid.UUID
	err := q.NewSelect().TableExpr("quality_gate_evaluations AS e").ColumnExpr("e.scan_id").
		Join("JOIN scans AS s ON s.id = e.scan_id").
		Where("e.organization_id = ? AND e.project_id = ? AND e.branch = ?", orgID, projectID, branch).
		Where("e.scan_id <> ?", scan).Where("s.status = ?", ScanCompleted).
		OrderExpr("s.created_at DESC").OrderExpr("s.id DESC").Limit(1).Scan(ctx, &ids)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	return &ids[0], nil
}

// countNewVulnerabilities counts, by severity, the open and acknowledged
// findings of ev's scan whose fingerprint its baseline scan lacks
// (core.CompareFindings), and records the new, fixed and unchanged counts.
func (s *Service) countNewVulnerabilities(ctx context.Context, q bun.IDB, ev *db.GateEvaluation) (SeverityCounts, error) {
	load := func(scan uuid.UUID) ([]db.Vulnerability, error) {
		var vs []db.Vulnerability
		err := q.NewSelect().Model(&vs).Column("severity", "status", "fingerprint", "suppressed").
			Where("organization_id = ? AND scan_id = ?", ev.OrganizationID, scan).Scan(ctx)
		return vs, err
	}
	head, err := load(ev.ScanID)
	if err != nil {
		return SeverityCounts{}, err
	}
	var base []db.Vulnerability
	if ev.BaselineScanID != nil {
		if base, err = load(*ev.BaselineScanID); err != nil {
			return SeverityCounts{}, err
		}
	}
	cmp := CompareFindings(base, head)
	ev.NewCount, ev.FixedCount, ev.UnchangedCount = len(cmp.New), len(cmp.Fixed), cmp.Unchanged
	var c SeverityCounts
	for _, v := range cmp.New {
		if !slices.Contains(countedVulnStatuses, v.Status) {
			continue
		}
		switch v.Severity {
		case "critical":
			c.Critical++
		case "high":
			c.High++
		case "medium":
			c.Medium++
		case "low":
			c.Low++
		}
	}
	return c, nil
}
