package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/core/report"
	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/sarif"
)

// CSV exports (decisions.md: GET /vulnerabilities/export.csv,
// /scans/export.csv, /audit-logs/export.csv, the lists' filters,
// streamed). The first page is read before the answer starts, so a bad
// filter or a missing scope is a JSON error; the rest streams from keyset
// pages of 1,000 rows. Cells are RFC 4180 quoted, and a cell that a
// spreadsheet would read as a formula (starting with = + - @ tab or CR)
// is prefixed with a quote. Every export is audited (export.created).

// exportTimeout bounds the streaming of one export.
const exportTimeout = 10 * time.Minute

// needExport requires exports:read and the resource's own read scope.
func (s *Server) needExport(resource string) []fiberHandler {
	return append(s.need("exports:read"), func(c *fiber.Ctx) error {
		scope := resource + ":read"
		if !principal(c).Can(scope) {
			return &core.Error{Code: core.CodePermissionDenied, Message: "the API key lacks the " + scope + " scope",
				Details: map[string]any{"required_scope": scope}}
		}
		return c.Next()
	})
}

// safeCell defuses spreadsheet formulas.
func safeCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func csvTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func csvOptTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return csvTime(*t)
}

func csvOptID(id *uuid.UUID) string {
	if id == nil {
		return ""
	}
	return id.String()
}

// streamCSV answers with the header row and the rows each page gives.
func streamCSV[T any](c *fiber.Ctx, log *slog.Logger, name string, header []string, exp *core.Export[T], row func(*T) []string) error {
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+`-`+time.Now().UTC().Format("20060102T150405Z")+`.csv"`)
	c.Set("Cache-Control", "no-store")
	rid := requestIDOf(c)
	c.Context().SetBodyStreamWriter(func(w *bufio.Writer) {
		ctx, cancel := context.WithTimeout(context.Background(), exportTimeout)
		defer cancel()
		cw := csv.NewWriter(w)
		_ = cw.Write(header)
		err := exp.Each(ctx, func(rows []T) error {
			for i := range rows {
				cells := row(&rows[i])
				for j := range cells {
					cells[j] = safeCell(cells[j])
				}
				if err := cw.Write(cells); err != nil {
					return err
				}
			}
			cw.Flush()
			if err := cw.Error(); err != nil {
				return err
			}
			return w.Flush()
		})
		cw.Flush()
		if err != nil {
			// The status is sent; the file ends early. Said in the log.
			log.Error("export ended early", "request_id", rid, "export", name, "err", err)
		}
	})
	return nil
}

// exportCSV reads the first page of a list (errors answer as JSON),
// audits the export and streams the file named after kind.
func exportCSV[T any](s *Server, c *fiber.Ctx, kind string, filters map[string]string, header []string,
	list func(context.Context, db.Page) ([]T, db.PageResult, error), key func(*T) db.Key, row func(*T) []string) error {
	exp, err := core.NewExport(c.UserContext(), list, key)
	if err != nil {
		return err
	}
	if err := s.svc.AuditExport(c.UserContext(), principal(c), kind+".csv", filters); err != nil {
		return err
	}
	return streamCSV(c, s.log, kind, header, exp, row)
}

var vulnerabilityCSV = []string{"id", "detected_at", "severity", "status", "title", "detector_id", "scanner", "category",
	"confidence", "risk_score", "file", "line", "end_line", "cwe", "swc", "fingerprint", "suppressed", "note",
	"project_id", "contract_id", "scan_id", "updated_at"}

func (s *Server) handleVulnerabilityExport(c *fiber.Ctx) error {
	f, err := core.ParseVulnerabilityFilter(queryValues(c))
	if err != nil {
		return err
	}
	p := principal(c)
	list := func(ctx context.Context, pg db.Page) ([]db.Vulnerability, db.PageResult, error) {
		return s.svc.ListVulnerabilities(ctx, p, f, pg)
	}
	key := func(v *db.Vulnerability) db.Key { return db.Key{T: v.DetectedAt, ID: v.ID} }
	return exportCSV(s, c, "vulnerabilities", f.Params(), vulnerabilityCSV, list, key, func(v *db.Vulnerability) []string {
		return []string{v.ID.String(), csvTime(v.DetectedAt), v.Severity, v.Status, v.Title, v.DetectorID, v.Scanner,
			v.Category, strconv.FormatFloat(v.Confidence, 'f', -1, 64), strconv.Itoa(v.RiskScore), v.File,
			strconv.Itoa(v.Line), strconv.Itoa(v.EndLine), v.CWE, v.SWC, v.Fingerprint, strconv.FormatBool(v.Suppressed),
			v.Note, v.ProjectID.String(), v.ContractID.String(), v.ScanID.String(), csvTime(v.UpdatedAt)}
	})
}

var scanCSV = []string{"id", "created_at", "status", "preset", "critical", "high", "medium", "low", "duration_seconds",
	"economic_risk_score", "error_code", "error_message", "project_id", "contract_id", "started_at", "completed_at"}

func (s *Server) handleScanExport(c *fiber.Ctx) error {
	f, err := core.ParseScanFilter(queryValues(c))
	if err != nil {
		return err
	}
	p := principal(c)
	list := func(ctx context.Context, pg db.Page) ([]db.Scan, db.PageResult, error) {
		return s.svc.ListScans(ctx, p, f, pg)
	}
	key := func(v *db.Scan) db.Key { return db.Key{T: v.CreatedAt, ID: v.ID} }
	return exportCSV(s, c, "scans", f.Params(), scanCSV, list, key, func(v *db.Scan) []string {
		return []string{v.ID.String(), csvTime(v.CreatedAt), v.Status, v.Preset, strconv.Itoa(v.Critical),
			strconv.Itoa(v.High), strconv.Itoa(v.Medium), strconv.Itoa(v.Low), strconv.Itoa(v.DurationSeconds),
			strconv.Itoa(v.EconomicRiskScore), v.ErrorCode, v.ErrorMessage, v.ProjectID.String(), v.ContractID.String(),
			csvOptTime(v.StartedAt), csvOptTime(v.CompletedAt)}
	})
}

var auditLogCSV = []string{"id", "created_at", "action", "resource_type", "resource_id", "user_id", "api_key_id", "ip",
	"user_agent", "request_id", "metadata"}

func (s *Server) handleAuditLogExport(c *fiber.Ctx) error {
	f, err := auditLogFilter(c)
	if err != nil {
		return err
	}
	p := principal(c)
	list := func(ctx context.Context, pg db.Page) ([]db.AuditLog, db.PageResult, error) {
		return s.svc.ListAuditLogs(ctx, p, f, pg)
	}
	key := func(v *db.AuditLog) db.Key { return db.Key{T: v.CreatedAt, ID: v.ID} }
	return exportCSV(s, c, "audit-logs", f.Canonical(), auditLogCSV, list, key, func(v *db.AuditLog) []string {
		meta := ""
		if len(v.Metadata) > 0 {
			b, _ := json.Marshal(v.Metadata)
			meta = string(b)
		}
		return []string{v.ID.String(), csvTime(v.CreatedAt), v.Action, v.ResourceType, v.ResourceID, csvOptID(v.UserID),
			csvOptID(v.APIKeyID), v.IP, v.UserAgent, v.RequestID, meta}
	})
}

// handleScanSARIF is GET /scans/{id}/report.sarif: the scan's findings
// through the one SARIF writer `bulwark scan` and `bulwark ci` use, with
// the repository and commit of its latest gate evaluation when there is
// one. A queued or running scan is 409 SCAN_IN_PROGRESS, a failed or
// cancelled one 409 SCAN_FAILED.
func (s *Server) handleScanSARIF(c *fiber.Ctx) error {
	rep, err := s.completedScan(c)
	if err != nil {
		return err
	}
	p, id := principal(c), rep.Scan.ID
	out := &scanner.Report{Findings: make([]scanner.Finding, 0, len(rep.Findings)), ScannersUsed: rep.Scan.ScannersUsed}
	for _, v := range rep.Findings {
		out.Findings = append(out.Findings, scanner.Finding{DetectorID: v.DetectorID, Scanner: v.Scanner, Title: v.Title,
			Severity: scanner.Severity(v.Severity), Confidence: v.Confidence, Category: v.Category, File: v.File,
			Line: v.Line, EndLine: v.EndLine, Snippet: v.Snippet, Description: v.Description,
			Recommendation: v.Recommendation, CWE: v.CWE, SWC: v.SWC, Fingerprint: v.Fingerprint, Suppressed: v.Suppressed})
	}
	for _, e := range rep.Scan.FileErrors {
		out.Errors = append(out.Errors, scanner.FileError{File: e.File, Line: e.Line, Message: e.Message})
	}
	o := sarif.Options{ToolVersion: Version, Rules: s.svc.Engine.Rules(),
		Properties: func(i int) map[string]any {
			v := rep.Findings[i]
			return map[string]any{"status": v.Status, "risk_score": v.RiskScore, "vulnerability_id": v.ID.String()}
		},
		RunProperties: map[string]any{"scan_id": id.String(), "preset": rep.Scan.Preset, "project_id": rep.Scan.ProjectID.String()}}
	if ev := rep.Evaluation; ev != nil {
		if base := repoLineBase(ev.CIContext); base != "" {
			o.RepositoryURI = strings.TrimSuffix(base[:strings.Index(base, "/blob/")], "/")
			o.Revision, _ = ev.CIContext["commit"].(string)
			o.Branch, _ = ev.CIContext["branch"].(string)
		}
	}
	if err := s.svc.AuditExport(c.UserContext(), p, "scan.sarif", map[string]string{"scan_id": id.String()}); err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "application/sarif+json")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="bulwark-`+id.String()+`.sarif"`)
	return sarif.Write(c.Response().BodyWriter(), out, o)
}

// handleScanPDF is GET /scans/{id}/report.pdf: the completed scan as a
// PDF report (core/report), rendered in memory and sent whole.
func (s *Server) handleScanPDF(c *fiber.Ctx) error {
	rep, err := s.completedScan(c)
	if err != nil {
		return err
	}
	p, id, ctx := principal(c), rep.Scan.ID, c.UserContext()
	org, err := db.GetOrganization(ctx, s.svc.DB, p.OrgID)
	if err != nil {
		return err
	}
	in := report.Input{Organization: org.Name, Contract: rep.Contract, Scan: rep.Scan, Findings: rep.Findings,
		Evaluation: rep.Evaluation, Version: Version, Generated: s.svc.Now()}
	if rep.Project != nil {
		in.Project = rep.Project.Name
	}
	var buf bytes.Buffer
	if err := report.WritePDF(&buf, in); err != nil {
		return fmt.Errorf("render report of scan %s: %w", id, err)
	}
	if err := s.svc.AuditExport(ctx, p, "scan.pdf", map[string]string{"scan_id": id.String()}); err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "application/pdf")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="bulwark-`+id.String()+`.pdf"`)
	return c.Send(buf.Bytes())
}

// completedScan loads the report of the path's scan for the SARIF and PDF
// exports: a queued or running scan is 409 SCAN_IN_PROGRESS, a failed or
// cancelled one 409 SCAN_FAILED.
func (s *Server) completedScan(c *fiber.Ctx) (*core.ScanReport, error) {
	id, err := pathID(c, "id", "scan")
	if err != nil {
		return nil, err
	}
	rep, err := s.svc.ScanReportOf(c.UserContext(), principal(c).OrgID, id)
	if err != nil {
		return nil, err
	}
	switch rep.Scan.Status {
	case core.ScanQueued, core.ScanRunning:
		return nil, core.Errorf(core.CodeScanInProgress, "scan %s is %s; its report exists once it completes", id, rep.Scan.Status)
	case core.ScanFailed, core.ScanCancelled:
		return nil, &core.Error{Code: core.CodeScanFailed, Message: fmt.Sprintf("scan %s is %s; there is no report", id, rep.Scan.Status),
			Details: map[string]any{"scan_id": id.String(), "scan_status": rep.Scan.Status}}
	}
	return rep, nil
}
