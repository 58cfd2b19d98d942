package core

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/economic"
)

// economicScore is the economic risk score of a scan's findings: those the
// economic scanner reported (decisions.md's formula).
func economicScore(vulns []db.Vulnerability) (score int, anyCritical bool) {
	var in []economic.Scored
	for _, v := range vulns {
		if v.Scanner != economic.ScannerID {
			continue
		}
		in = append(in, economic.Scored{Severity: scanner.Severity(v.Severity), Category: v.Category})
		anyCritical = anyCritical || v.Severity == "critical"
	}
	return economic.Score(in), anyCritical
}

// EconomicAnalysis is GET /scans/{id}/economic-analysis.
type EconomicAnalysis struct {
	Scan            *db.Scan
	Findings        []db.Vulnerability // every economic finding, most severe first
	Score           int
	RiskLevel       string
	HighestSeverity string // "" when there is none
}

// ByCategory returns the findings of one economic category.
func (a *EconomicAnalysis) ByCategory(cat string) []db.Vulnerability {
	out := []db.Vulnerability{}
	for _, v := range a.Findings {
		if v.Category == cat {
			out = append(out, v)
		}
	}
	return out
}

// economicFindings loads the economic scanner's findings of a scan, most
// severe first.
func (s *Service) economicFindings(ctx context.Context, orgID, scanID uuid.UUID) ([]db.Vulnerability, error) {
	out := []db.Vulnerability{}
	err := s.DB.NewSelect().Model(&out).
		Where("scan_id = ? AND organization_id = ? AND scanner = ?", scanID, orgID, economic.ScannerID).
		OrderExpr("CASE severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END").
		OrderExpr("file, line, id").Scan(ctx)
	return out, err
}

// GetEconomicAnalysis summarises a scan's economic findings. A scan that
// has not completed has none yet: the analysis is empty, with its status.
// The score is the one stored when the scan completed, recomputed from
// the same findings; triage does not change it.
func (s *Service) GetEconomicAnalysis(ctx context.Context, p *Principal, scanID uuid.UUID) (*EconomicAnalysis, error) {
	sc, err := s.scan(ctx, s.DB, p.OrgID, scanID)
	if err != nil {
		return nil, err
	}
	a := &EconomicAnalysis{Scan: sc, Findings: []db.Vulnerability{}, RiskLevel: economic.RiskNone}
	if sc.Status != ScanCompleted {
		return a, nil
	}
	if a.Findings, err = s.economicFindings(ctx, p.OrgID, sc.ID); err != nil {
		return nil, err
	}
	score, crit := economicScore(a.Findings)
	a.Score, a.RiskLevel = score, economic.RiskLevel(score, crit)
	if len(a.Findings) > 0 {
		a.HighestSeverity = a.Findings[0].Severity
	}
	return a, nil
}

// latestCompletedScan returns the newest completed scan of a contract, or
// nil when it has none.
func (s *Service) latestCompletedScan(ctx context.Context, orgID, contractID uuid.UUID) (*db.Scan, error) {
	sc := new(db.Scan)
	err := s.DB.NewSelect().Model(sc).
		Where("organization_id = ? AND contract_id = ? AND status = ?", orgID, contractID, ScanCompleted).
		OrderExpr("completed_at DESC, id DESC").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return sc, err
}

// ContractEconomicFindings is GET /contracts/{id}/economic-findings: the
// economic findings of the contract's latest completed scan.
type ContractEconomicFindings struct {
	Contract *db.Contract
	Scan     *db.Scan // nil when the contract was never scanned to completion
	Findings []db.Vulnerability
}

// GetContractEconomicFindings loads the economic findings of a contract's
// latest completed scan (none when it has none).
func (s *Service) GetContractEconomicFindings(ctx context.Context, p *Principal, contractID uuid.UUID) (*ContractEconomicFindings, error) {
	c, err := s.contract(ctx, s.DB, p.OrgID, contractID)
	if err != nil {
		return nil, err
	}
	out := &ContractEconomicFindings{Contract: c, Findings: []db.Vulnerability{}}
	if out.Scan, err = s.latestCompletedScan(ctx, p.OrgID, c.ID); err != nil || out.Scan == nil {
		return out, err
	}
	out.Findings, err = s.economicFindings(ctx, p.OrgID, out.Scan.ID)
	return out, err
}

// ProjectEconomicRisk is GET /projects/{id}/economic-risk: the latest
// completed scan of each of the project's contracts, taken together.
type ProjectEconomicRisk struct {
	Project         *db.Project
	Total           int
	Score           int // decisions.md's formula over every finding of those scans, capped at 100
	ScansAnalyzed   int
	HighestSeverity string
	RiskLevel       string
}

// GetProjectEconomicRisk aggregates the economic findings of the latest
// completed scan of each contract of a project.
func (s *Service) GetProjectEconomicRisk(ctx context.Context, p *Principal, projectID uuid.UUID) (*ProjectEconomicRisk, error) {
	pr, err := s.project(ctx, s.DB, p.OrgID, projectID)
	if err != nil {
		return nil, err
	}
	var scans []db.Scan
	err = s.DB.NewSelect().Model(&scans).Column("id", "contract_id", "completed_at").
		Where("organization_id = ? AND project_id = ? AND status = ?", p.OrgID, pr.ID, ScanCompleted).
		OrderExpr("contract_id, completed_at DESC, id DESC").Scan(ctx)
	if err != nil {
		return nil, err
	}
	var latest []uuid.UUID
	seen := map[uuid.UUID]bool{}
	for _, sc := range scans {
		if !seen[sc.ContractID] {
			seen[sc.ContractID] = true
			latest = append(latest, sc.ID)
		}
	}
	out := &ProjectEconomicRisk{Project: pr, ScansAnalyzed: len(latest), RiskLevel: economic.RiskNone}
	if len(latest) == 0 {
		return out, nil
	}
	var all []db.Vulnerability
	for i := 0; i < len(latest); i += 500 {
		var part []db.Vulnerability
		err := s.DB.NewSelect().Model(&part).Column("severity", "category", "scanner").
			Where("organization_id = ? AND scanner = ?", p.OrgID, economic.ScannerID).
			Where("scan_id IN (?)", bun.List(latest[i:min(i+500, len(latest))])).Scan(ctx)
		if err != nil {
			return nil, err
		}
		all = append(all, part...)
	}
	out.Total = len(all)
	score, crit := economicScore(all)
	out.Score, out.RiskLevel = score, economic.RiskLevel(score, crit)
	for _, v := range all {
		if out.HighestSeverity == "" || scanner.Severity(v.Severity).Rank() > scanner.Severity(out.HighestSeverity).Rank() {
			out.HighestSeverity = v.Severity
		}
	}
	return out, nil
}

// Explanation is GET /scans/{id}/economic-analysis/explain.
type Explanation struct {
	ScanID      uuid.UUID
	Markdown    string
	Model       string
	GeneratedAt time.Time
	// Remaining is what is left of the month's explanations, Unlimited
	// when unlimited.
	Remaining int
}

// ExplainEconomic returns the explanation of a scan's economic analysis:
// the cached one, spending nothing, or a new one that spends one of the
// month's explanations. A plan without explanations (Free) is 403
// PERMISSION_DENIED even for a cached one; a spent allowance is 429
// QUOTA_EXCEEDED unless the explanation is cached; a scan that has not
// completed is 409 CONFLICT. Two first reads at once spend once: the
// loser refunds its explanation and returns the winner's.
func (s *Service) ExplainEconomic(ctx context.Context, p *Principal, scanID uuid.UUID) (*Explanation, error) {
	l, err := s.LimitsFor(ctx, nil, p.OrgID, p.Plan)
	if err != nil {
		return nil, err
	}
	if l.AIExplanations == 0 {
		// ConsumeAIExplanation words the refusal; nothing is spent.
		_, err := s.ConsumeAIExplanation(ctx, p)
		return nil, err
	}
	a, err := s.GetEconomicAnalysis(ctx, p, scanID)
	if err != nil {
		return nil, err
	}
	if a.Scan.Status != ScanCompleted {
		return nil, &Error{Code: CodeConflict, Message: fmt.Sprintf("scan %s is %s; it can be explained once it has completed", a.Scan.ID, a.Scan.Status)}
	}
	if cached, err := s.cachedExplanation(ctx, p, a.Scan.ID, l.AIExplanations); cached != nil || err != nil {
		return cached, err
	}
	remaining, err := s.ConsumeAIExplanation(ctx, p)
	if err != nil {
		return nil, err
	}
	md, model := s.explainer().Explain(ctx, s.explainInput(ctx, a))
	row := &db.EconomicExplanation{ScanID: a.Scan.ID, OrganizationID: p.OrgID, Explanation: md, Model: model, GeneratedAt: s.Now()}
	res, err := s.DB.NewInsert().Model(row).On("CONFLICT (scan_id) DO NOTHING").Exec(ctx)
	if err != nil {
		_ = s.RefundAIExplanation(context.WithoutCancel(ctx), p)
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		// Another request explained it first: its explanation stands.
		if err := s.RefundAIExplanation(context.WithoutCancel(ctx), p); err != nil {
			return nil, err
		}
		return s.cachedExplanation(ctx, p, a.Scan.ID, l.AIExplanations)
	}
	return &Explanation{ScanID: a.Scan.ID, Markdown: md, Model: model, GeneratedAt: row.GeneratedAt, Remaining: remaining}, nil
}

// cachedExplanation returns the stored explanation of a scan, or nil.
func (s *Service) cachedExplanation(ctx context.Context, p *Principal, scanID uuid.UUID, limit int) (*Explanation, error) {
	row := new(db.EconomicExplanation)
	err := s.DB.NewSelect().Model(row).Where("scan_id = ? AND organization_id = ?", scanID, p.OrgID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	remaining := Unlimited
	if limit != Unlimited {
		used, err := s.aiUsed(ctx, s.DB, p, MonthPeriod(s.Now()))
		if err != nil {
			return nil, err
		}
		remaining = max(0, limit-used)
	}
	return &Explanation{ScanID: scanID, Markdown: row.Explanation, Model: row.Model, GeneratedAt: row.GeneratedAt, Remaining: remaining}, nil
}
