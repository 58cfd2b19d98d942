package core

import (
	"context"

	"net/url"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
)

// Severities lists the severity levels, most severe first.
var Severities = []string{"critical", "high", "medium", "low"}

// VulnerabilityStatuses lists every vulnerability status.
var VulnerabilityStatuses = []string{VulnOpen, VulnAcknowledged, VulnFixed, VulnFalsePositive}

// VulnerabilityFilter holds the filters of GET /vulnerabilities; zero
// values do not filter. ScannerIDs and Categories match any of their items
// exactly.
type VulnerabilityFilter struct {
	Severity      string
	Status        string
	ScannerIDs    []string
	Categories    []string
	MinConfidence *float64
	ContractID    *uuid.UUID
	ScanID        *uuid.UUID
	ProjectID     *uuid.UUID
}

// ParseVulnerabilityFilter reads the filters of GET /vulnerabilities from a
// query. Every value is validated: a bad one is INVALID_FIELD with details
// {field, reason}. Parameters it does not know are left to the caller.
func ParseVulnerabilityFilter(q url.Values) (VulnerabilityFilter, error) {
	var f VulnerabilityFilter
	var err error
	if f.Severity, err = enumFilter(q, "severity", Severities); err != nil {
		return f, err
	}
	if f.Status, err = enumFilter(q, "status", VulnerabilityStatuses); err != nil {
		return f, err
	}
	if f.ScannerIDs, err = listFilter(q, "scanner_ids", identifierItem); err != nil {
		return f, err
	}
	if f.Categories, err = listFilter(q, "categories", nameItem); err != nil {
		return f, err
	}
	if v, ok, err := filterParam(q, "min_confidence"); err != nil {
		return f, err
	} else if ok {
		v = strings.TrimSpace(v)
		c, err := strconv.ParseFloat(v, 64)
		// ParseFloat also takes hex floats, "Inf", "NaN" and "1_0"; a
		// confidence is a plain decimal.
		if err != nil || !decimalNumber(v) {
			return f, Invalid("min_confidence", "invalid", "min_confidence must be a number between 0.0 and 1.0")
		}
		if c < 0 || c > 1 {
			return f, Invalid("min_confidence", "out_of_range", "min_confidence must be between 0.0 and 1.0")
		}
		c += 0 // -0 becomes 0, so equal filters print equally
		f.MinConfidence = &c
	}
	for _, p := range []struct {
		name string
		dst  **uuid.UUID
	}{{"contract_id", &f.ContractID}, {"scan_id", &f.ScanID}, {"project_id", &f.ProjectID}} {
		if *p.dst, err = uuidFilter(q, p.name); err != nil {
			return f, err
		}
	}
	return f, nil
}

// Params returns the filter in canonical form: parsing it again yields the
// same filter, and equal filters give equal maps (cursors are bound to it).
func (f VulnerabilityFilter) Params() map[string]string {
	m := map[string]string{"severity": f.Severity, "status": f.Status,
		"scanner_ids": strings.Join(f.ScannerIDs, ","), "categories": strings.Join(f.Categories, ",")}
	if f.MinConfidence != nil {
		m["min_confidence"] = strconv.FormatFloat(*f.MinConfidence, 'g', -1, 64)
	}
	for k, id := range map[string]*uuid.UUID{"contract_id": f.ContractID, "scan_id": f.ScanID, "project_id": f.ProjectID} {
		if id != nil {
			m[k] = id.String()
		}
	}
	return m
}

// ListVulnerabilities returns one page of the organization's findings,
// newest first.
func (s *Service) ListVulnerabilities(ctx context.Context, p *Principal, f VulnerabilityFilter, page db.Page) ([]db.Vulnerability, db.PageResult, error) {
	var rows []db.Vulnerability
	q := s.DB.NewSelect().Model(&rows).Where("organization_id = ?", p.OrgID)
	if f.Severity != "" {
		q = q.Where("severity = ?", f.Severity)
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if len(f.ScannerIDs) > 0 {
		q = q.Where("scanner IN (?)", bun.List(f.ScannerIDs))
	}
	if len(f.Categories) > 0 {
		q = q.Where("category IN (?)", bun.List(f.Categories))
	}
	if f.MinConfidence != nil {
		q = q.Where("confidence >= ?", *f.MinConfidence)
	}
	if f.ContractID != nil {
		q = q.Where("contract_id = ?", *f.ContractID)
	}
	if f.ScanID != nil {
		q = q.Where("scan_id = ?", *f.ScanID)
	}
	if f.ProjectID != nil {
		q = q.Where("project_id = ?", *f.ProjectID)
	}
	res, err := db.SelectPage(ctx, q, "detected_at", page, &rows)
	return rows, res, err
}

// GetVulnerability loads one finding of the caller's organization.
func (s *Service) GetVulnerability(ctx context.Context, p *Principal, id uuid.UUID) (*db.Vulnerability, error) {
	return s.vulnerability(ctx, s.DB, p.OrgID, id)
}

func (s *Service) vulnerability(ctx context.Context, q bun.IDB, orgID, id uuid.UUID) (*db.Vulnerability, error) {
	v := new(db.Vulnerability)
	err := q.NewSelect().Model(v).Where("id = ? AND organization_id = ?", id, orgID).Scan(ctx)
	if err != nil {
		return nil, dbErr(db.NotFoundErr(err), "vulnerability")
	}
	return v, nil
}

// decimalNumber reports whether v is a plain decimal: optional sign,
// digits with at most one point, and an optional exponent.
func decimalNumber(v string) bool {
	if v == "" {
		return false
	}
	if v[0] == '+' || v[0] == '-' {
		v = v[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(v), "e")
	digits := 0
	point := false
	for _, r := range mant {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.' && !point:
			point = true
		default:
			return false
		}
	}
	if digits == 0 {
		return false
	}
	if hasExp {
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			exp = exp[1:]
		}
		if exp == "" || strings.Trim(exp, "0123456789") != "" {
			return false
		}
	}
	return true
}
