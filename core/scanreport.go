package core

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/db"
)

// ScanReport is what a report page, a check run or a pull-request comment
// shows of one scan.
type ScanReport struct {
	Scan     *db.Scan
	Contract string
	Project  *db.Project
	// Findings are the scan's findings, most severe first (none unless
	// the scan completed).
	Findings []db.Vulnerability
	// Evaluation is the newest quality-gate evaluation of the scan, nil
	// when none was made.
	Evaluation *db.GateEvaluation
}

// ScanReportOf loads the report of a scan of orgID. It checks no
// principal: callers hold a verified report link or act for the
// organization (the GitHub App).
func (s *Service) ScanReportOf(ctx context.Context, orgID, scanID uuid.UUID) (*ScanReport, error) {
	sc, err := s.scan(ctx, s.DB, orgID, scanID)
	if err != nil {
		return nil, err
	}
	r := &ScanReport{Scan: sc, Findings: []db.Vulnerability{}}
	c := new(db.Contract)
	if err := s.DB.NewSelect().Model(c).Column("name").Where("id = ?", sc.ContractID).Scan(ctx); err == nil {
		r.Contract = c.Name
	}
	if pr, err := s.project(ctx, s.DB, orgID, sc.ProjectID); err == nil {
		r.Project = pr
	}
	if sc.Status == ScanCompleted {
		if r.Findings, err = s.scanFindings(ctx, orgID, sc.ID); err != nil {
			return nil, fmt.Errorf("load findings of scan %s: %w", sc.ID, err)
		}
	}
	ev := new(db.GateEvaluation)
	err = s.DB.NewSelect().Model(ev).Where("scan_id = ? AND organization_id = ?", sc.ID, orgID).
		OrderExpr("created_at DESC, id DESC").Limit(1).Scan(ctx)
	switch {
	case err == nil:
		if r.Evaluation, err = s.settle(ctx, ev); err != nil {
			return nil, err
		}
	case !errors.Is(db.NotFoundErr(err), db.ErrNotFound):
		return nil, fmt.Errorf("load evaluation of scan %s: %w", sc.ID, err)
	}
	return r, nil
}

// ScanFindingsOf loads the findings of a scan of orgID, most severe
// first, without the rest of its report (a comparison's base needs no
// more).
func (s *Service) ScanFindingsOf(ctx context.Context, orgID, scanID uuid.UUID) ([]db.Vulnerability, error) {
	return s.scanFindings(ctx, orgID, scanID)
}

// ScanOrganization returns the organization of a scan (for a report link,
// which names only the scan).
func (s *Service) ScanOrganization(ctx context.Context, scanID uuid.UUID) (uuid.UUID, error) {
	sc := new(db.Scan)
	if err := s.DB.NewSelect().Model(sc).Column("organization_id").Where("id = ?", scanID).Scan(ctx); err != nil {
		return uuid.Nil, dbErr(db.NotFoundErr(err), "scan")
	}
	return sc.OrganizationID, nil
}

// Comparison is a head scan's findings against a base scan's, matched by
// fingerprint.
type Comparison struct {
	// New are head findings whose fingerprint the base lacks.
	New []db.Vulnerability
	// Fixed are base findings whose fingerprint the head lacks.
	Fixed []db.Vulnerability
	// Unchanged counts head findings also in the base.
	Unchanged int
}

// Counted reports whether a finding holds a build back: open or
// acknowledged, and not suppressed in the source. Findings settled as
// false positives or fixed do not count (as countOpenVulnerabilities
// counts for the gate).
func Counted(v *db.Vulnerability) bool {
	return !v.Suppressed && v.Status != VulnFalsePositive && v.Status != VulnFixed
}

// CompareFindings matches head against base by fingerprint. Findings
// that do not count (Counted) are absent on either side.
func CompareFindings(base, head []db.Vulnerability) Comparison {
	inBase := map[string]bool{}
	for _, v := range base {
		if Counted(&v) {
			inBase[v.Fingerprint] = true
		}
	}
	inHead := map[string]bool{}
	var c Comparison
	for _, v := range head {
		if !Counted(&v) {
			continue
		}
		inHead[v.Fingerprint] = true
		if inBase[v.Fingerprint] {
			c.Unchanged++
		} else {
			c.New = append(c.New, v)
		}
	}
	for _, v := range base {
		if Counted(&v) && !inHead[v.Fingerprint] {
			c.Fixed = append(c.Fixed, v)
			inHead[v.Fingerprint] = true // once per fingerprint
		}
	}
	return c
}
