package server

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner/economic"
)

// economicAnalysisJSON is decisions.md's economic analysis of a scan.
type economicAnalysisJSON struct {
	ScanID               string              `json:"scan_id"`
	ScanStatus           string              `json:"scan_status"`
	TotalEconomicFinding int                 `json:"total_economic_findings"`
	EconomicRiskScore    int                 `json:"economic_risk_score"`
	RiskLevel            string              `json:"risk_level"`
	HighestSeverity      *string             `json:"highest_severity"`
	FlashLoanFindings    []vulnerabilityJSON `json:"flash_loan_findings"`
	OracleMEVFindings    []vulnerabilityJSON `json:"oracle_mev_findings"`
	DeFiFindings         []vulnerabilityJSON `json:"defi_findings"`
}

func vulnerabilitiesJSON(vs []db.Vulnerability) []vulnerabilityJSON {
	out := make([]vulnerabilityJSON, len(vs))
	for i := range vs {
		out[i] = toVulnerability(&vs[i])
	}
	return out
}

func (s *Server) handleEconomicAnalysis(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "scan")
	if err != nil {
		return err
	}
	a, err := s.svc.GetEconomicAnalysis(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, a.Scan.ID, a.Scan.Status, a.Scan.CreatedAt, economicAnalysisJSON{
		ScanID: a.Scan.ID.String(), ScanStatus: a.Scan.Status, TotalEconomicFinding: len(a.Findings),
		EconomicRiskScore: a.Score, RiskLevel: a.RiskLevel, HighestSeverity: optString(a.HighestSeverity),
		FlashLoanFindings: vulnerabilitiesJSON(a.ByCategory(economic.CategoryFlashLoan)),
		OracleMEVFindings: vulnerabilitiesJSON(a.ByCategory(economic.CategoryOracleMEV)),
		DeFiFindings:      vulnerabilitiesJSON(a.ByCategory(economic.CategoryDeFi))})
}

// contractEconomicJSON is decisions.md's economic findings of a contract.
type contractEconomicJSON struct {
	ContractID string              `json:"contract_id"`
	ScanID     *string             `json:"scan_id"`
	Findings   []vulnerabilityJSON `json:"findings"`
	Total      int                 `json:"total"`
}

func (s *Server) handleContractEconomicFindings(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "contract")
	if err != nil {
		return err
	}
	r, err := s.svc.GetContractEconomicFindings(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	out := contractEconomicJSON{ContractID: r.Contract.ID.String(), Findings: vulnerabilitiesJSON(r.Findings), Total: len(r.Findings)}
	if r.Scan != nil {
		sid := r.Scan.ID.String()
		out.ScanID = &sid
	}
	return one(c, fiber.StatusOK, r.Contract.ID, r.Contract.Status, r.Contract.CreatedAt, out)
}

// projectEconomicJSON is decisions.md's economic risk of a project.
type projectEconomicJSON struct {
	ProjectID          string  `json:"project_id"`
	TotalFindings      int     `json:"total_economic_findings"`
	AggregateRiskScore int     `json:"aggregate_risk_score"`
	RiskLevel          string  `json:"risk_level"`
	ScansAnalyzed      int     `json:"scans_analyzed"`
	HighestSeverity    *string `json:"highest_severity"`
}

func (s *Server) handleProjectEconomicRisk(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "project")
	if err != nil {
		return err
	}
	r, err := s.svc.GetProjectEconomicRisk(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, r.Project.ID, "active", r.Project.CreatedAt, projectEconomicJSON{
		ProjectID: r.Project.ID.String(), TotalFindings: r.Total, AggregateRiskScore: r.Score, RiskLevel: r.RiskLevel,
		ScansAnalyzed: r.ScansAnalyzed, HighestSeverity: optString(r.HighestSeverity)})
}

// explanationJSON is decisions.md's explanation of an economic analysis.
type explanationJSON struct {
	ScanID         string    `json:"scan_id"`
	Explanation    string    `json:"explanation"`
	Model          string    `json:"model"`
	GeneratedAt    time.Time `json:"generated_at"`
	QuotaRemaining *int      `json:"quota_remaining"`
}

func (s *Server) handleEconomicExplain(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "scan")
	if err != nil {
		return err
	}
	e, err := s.svc.ExplainEconomic(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	var remaining *int
	if e.Remaining != core.Unlimited {
		remaining = &e.Remaining
	}
	return one(c, fiber.StatusOK, e.ScanID, core.ScanCompleted, e.GeneratedAt, explanationJSON{
		ScanID: e.ScanID.String(), Explanation: e.Markdown, Model: e.Model, GeneratedAt: e.GeneratedAt.UTC(), QuotaRemaining: remaining})
}
