package core

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner"
)

// MaxScanBytes bounds the source a scan reads: a bigger contract fails
// with SCAN_FAILED (contract too large) instead of exhausting a worker.
const MaxScanBytes = 100 << 20

// Reasons recorded in a failed scan's error.details.reason.
const (
	FailNoFiles     = "no_files"
	FailUnsupported = "unsupported_language"
	FailTooLarge    = "contract_too_large"
	FailDeleted     = "contract_deleted"
	FailTimeout     = "timeout"
	FailInternal    = "internal"
	FailAbandoned   = "abandoned"
)

// severityWeight scales a finding's confidence into its risk score.
var severityWeight = map[string]float64{"critical": 1.0, "high": 0.75, "medium": 0.5, "low": 0.25}

// RiskScore is a finding's risk score, 0-100:
// round(100 × weight(severity) × confidence) with weights critical 1.0,
// high 0.75, medium 0.5, low 0.25. Confidence is clamped to [0, 1]. A sure
// critical scores 100, a sure low 25, a half-sure high 38.
func RiskScore(severity string, confidence float64) int {
	return int(math.Round(100 * severityWeight[severity] * clamp01(confidence)))
}

func clamp01(f float64) float64 {
	switch {
	case math.IsNaN(f) || f < 0:
		return 0
	case f > 1:
		return 1
	}
	return f
}

// workerPrincipal is the actor of audit entries written by the pipeline.
func workerPrincipal(orgID uuid.UUID) *Principal {
	return &Principal{OrgID: orgID, Agent: "bulwark-worker"}
}

// scanFailure is a permanent failure: the scan is marked failed at once.
type scanFailure struct {
	reason, message string
}

func (f *scanFailure) Error() string { return f.message }

// RunScan runs a queued scan (the scan:run task): queued → running →
// completed, or failed. It is safe to run twice and after a crash: a scan
// found running was left by a worker that died, and is restarted cleanly;
// a finished or cancelled scan is left alone. It returns an error only for
// a transient failure worth retrying; on the last attempt (lastAttempt) a
// transient failure marks the scan failed instead.
func (s *Service) RunScan(ctx context.Context, scanID uuid.UUID, lastAttempt bool) error {
	sc, err := s.startScan(ctx, scanID)
	if err != nil {
		return s.transient(ctx, scanID, lastAttempt, fmt.Errorf("start scan %s: %w", scanID, err))
	}
	if sc == nil {
		return nil
	}
	started := time.Now()
	files, contract, err := s.scanFiles(ctx, sc)
	var fail *scanFailure
	if errors.As(err, &fail) {
		return s.failScan(ctx, sc.ID, fail.reason, fail.message)
	}
	if err != nil {
		return s.transient(ctx, scanID, lastAttempt, fmt.Errorf("load files of scan %s: %w", scanID, err))
	}
	rep, err := s.runEngine(ctx, files, sc.Preset)
	var crash *engineCrash
	if errors.As(err, &crash) {
		// A detector that panics on this contract will panic again: retrying
		// only delays the failure.
		s.Log.Error("scanner panicked", "scan_id", scanID, "panic", crash.v)
		return s.failScan(ctx, sc.ID, FailInternal, "the scanners failed on this contract because of an internal error")
	}
	if err != nil {
		if cancelled, cerr := s.scanIsCancelled(ctx, scanID); cerr == nil && cancelled {
			return nil
		}
		if errors.Is(err, context.DeadlineExceeded) && lastAttempt {
			return s.failScan(ctx, sc.ID, FailTimeout, "the scan did not finish within the time limit")
		}
		return s.transient(ctx, scanID, lastAttempt, fmt.Errorf("run scanners on scan %s: %w", scanID, err))
	}
	done, err := s.completeScan(ctx, sc, contract, rep, time.Since(started))
	if err != nil {
		return s.transient(ctx, scanID, lastAttempt, fmt.Errorf("store results of scan %s: %w", scanID, err))
	}
	if done {
		s.onScanFinished(ctx, scanID)
	}
	return nil
}

// engineCrash is a panic inside the engine.
type engineCrash struct{ v any }

func (e *engineCrash) Error() string { return fmt.Sprintf("scanner panic: %v", e.v) }

// runEngine runs the engine, turning a panic into an *engineCrash.
func (s *Service) runEngine(ctx context.Context, files []scanner.File, preset string) (rep *scanner.Report, err error) {
	defer func() {
		if v := recover(); v != nil {
			rep, err = nil, &engineCrash{v}
		}
	}()
	return s.Engine.Run(ctx, files, scanner.Options{Preset: preset})
}

// transient returns err for a retry, or marks the scan failed on the last
// attempt (the cause is logged, not shown: it may hold internals).
func (s *Service) transient(ctx context.Context, scanID uuid.UUID, lastAttempt bool, err error) error {
	if !lastAttempt {
		return err
	}
	s.Log.Error("scan failed on its last attempt", "scan_id", scanID, "err", err)
	return s.failScan(ctx, scanID, FailInternal, "the scan could not be completed because of an internal error; retry the scan")
}

// startScan moves the scan to running and returns it, or nil when there is
// nothing to run (finished, cancelled or deleted).
func (s *Service) startScan(ctx context.Context, id uuid.UUID) (*db.Scan, error) {
	var sc *db.Scan
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		cur := new(db.Scan)
		if err := tx.NewSelect().Model(cur).Where("id = ?", id).Scan(ctx); err != nil {
			if errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
				return nil
			}
			return err
		}
		if cur.Status != ScanQueued && cur.Status != ScanRunning {
			return nil
		}
		if cur.Status == ScanRunning {
			s.Log.Warn("restarting a scan left running by a stopped worker", "scan_id", id, "attempt", cur.Attempts)
		}
		now := s.Now()
		res, err := tx.NewUpdate().Model((*db.Scan)(nil)).
			Set("status = ?", ScanRunning).Set("started_at = ?", now).Set("updated_at = ?", now).
			Set("attempts = attempts + 1").
			Where("id = ? AND status IN (?)", id, bun.List(ActiveScanStatuses)).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		// A restarted scan starts clean. Findings are only written together
		// with the completed status, so this normally deletes nothing.
		if _, err := tx.NewDelete().Model((*db.Vulnerability)(nil)).Where("scan_id = ?", id).Exec(ctx); err != nil {
			return err
		}
		sc = new(db.Scan)
		if err := tx.NewSelect().Model(sc).Where("id = ?", id).Scan(ctx); err != nil {
			return err
		}
		data := map[string]any{"scan_id": id.String(), "contract_id": sc.ContractID.String(),
			"project_id": sc.ProjectID.String(), "status": ScanRunning, "preset": sc.Preset, "attempt": sc.Attempts}
		if err := s.emit(ctx, tx, sc.OrganizationID, EventScanStarted, &sc.ID, data); err != nil {
			return err
		}
		return s.audit(ctx, tx, workerPrincipal(sc.OrganizationID), "scan.started", "scan", id.String(),
			map[string]any{"attempt": sc.Attempts})
	})
	return sc, err
}

// scanFiles loads the scan's contract and its files, and checks that the
// scanners can read them.
func (s *Service) scanFiles(ctx context.Context, sc *db.Scan) ([]scanner.File, *db.Contract, error) {
	c := new(db.Contract)
	err := s.DB.NewSelect().Model(c).Where("id = ? AND organization_id = ?", sc.ContractID, sc.OrganizationID).Scan(ctx)
	if errors.Is(db.NotFoundErr(err), db.ErrNotFound) || err == nil && c.DeletedAt != nil {
		return nil, nil, &scanFailure{FailDeleted, "the contract was deleted before the scan ran"}
	}
	if err != nil {
		return nil, nil, err
	}
	var size struct {
		N     int   `bun:"n"`
		Bytes int64 `bun:"bytes"`
	}
	err = s.DB.NewSelect().Model((*db.ContractFile)(nil)).ColumnExpr("count(*) AS n, coalesce(sum(size), 0) AS bytes").
		Where("contract_id = ?", c.ID).Scan(ctx, &size)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case size.N == 0:
		return nil, nil, &scanFailure{FailNoFiles, "the contract has no source files"}
	case size.Bytes > MaxScanBytes:
		return nil, nil, &scanFailure{FailTooLarge, fmt.Sprintf("the contract is too large to scan: %d bytes of source, at most %d", size.Bytes, MaxScanBytes)}
	}
	var rows []db.ContractFile
	if err := s.DB.NewSelect().Model(&rows).Where("contract_id = ?", c.ID).OrderExpr("path").Scan(ctx); err != nil {
		return nil, nil, err
	}
	files := make([]scanner.File, len(rows))
	known := 0
	for i, r := range rows {
		files[i] = scanner.File{Path: r.Path, Content: r.Content}
		if _, ok := s.Engine.LanguageOf(r.Path); ok {
			known++
		}
	}
	if known == 0 {
		return nil, nil, &scanFailure{FailUnsupported, "no file of the contract is in a language the scanners support"}
	}
	return files, c, nil
}

func (s *Service) scanIsCancelled(ctx context.Context, id uuid.UUID) (bool, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	var status string
	err := s.DB.NewSelect().Model((*db.Scan)(nil)).Column("status").Where("id = ?", id).Scan(ctx, &status)
	return status == ScanCancelled, err
}

// completeScan stores a finished run: the findings (with the triage their
// project holds for their fingerprints), the summary and the completed
// status in one transaction, only if the scan is still running
// in this attempt. A scan cancelled meanwhile (or taken over by a newer
// attempt) keeps its status and the findings are discarded; done is false.
func (s *Service) completeScan(ctx context.Context, sc *db.Scan, c *db.Contract, rep *scanner.Report, wall time.Duration) (done bool, err error) {
	now := s.Now()
	vulns := make([]db.Vulnerability, 0, len(rep.Findings))
	counts := map[string]int{}
	for _, f := range rep.Findings {
		// A finding suppressed inline (bulwark-disable-next-line) is the
		// author's decision: it is not stored, counted or announced. Reports
		// built from the engine's output (SARIF) still show it as suppressed.
		if f.Suppressed {
			continue
		}
		v := vulnerabilityOf(sc, f, now)
		vulns = append(vulns, v)
		counts[v.Severity]++
	}
	sc.Status, sc.UpdatedAt, sc.CompletedAt = ScanCompleted, now, &now
	sc.Critical, sc.High, sc.Medium, sc.Low = counts["critical"], counts["high"], counts["medium"], counts["low"]
	sc.DurationSeconds, sc.DurationMillis = ceilSeconds(wall), wall.Milliseconds()
	sc.ScannersUsed = nonNil(rep.ScannersUsed)
	sc.EconomicRiskScore, _ = economicScore(vulns)
	sc.FileErrors = make([]db.FileError, len(rep.Errors))
	for i, e := range rep.Errors {
		sc.FileErrors[i] = db.FileError{File: e.File, Line: e.Line, Message: e.Message}
	}
	err = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model(sc).
			Column("status", "updated_at", "completed_at", "critical_count", "high_count", "medium_count", "low_count",
				"duration_seconds", "duration_ms", "scanners_used", "file_errors", "economic_risk_score").
			WherePK().Where("status = ? AND attempts = ?", ScanRunning, sc.Attempts).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		done = true
		triaged, err := applyTriage(ctx, tx, sc.OrganizationID, sc.ProjectID, vulns)
		if err != nil {
			return err
		}
		if err := db.InsertVulnerabilities(ctx, tx, vulns); err != nil {
			return err
		}
		if err := s.markContractAnalyzed(ctx, tx, sc.ContractID); err != nil {
			return err
		}
		scanID := sc.ID
		completed := scanCompletedData(sc, c.Name)
		err = s.emit(ctx, tx, sc.OrganizationID, EventScanCompleted, &scanID, completed)
		if err != nil {
			return err
		}
		// One event per finding (and one more for critical and high), written
		// in multi-row INSERTs rather than a statement each.
		now := s.Now()
		events := make([]db.Event, 0, len(vulns)+sc.Critical+sc.High)
		for i := range vulns {
			v := &vulns[i]
			data := map[string]any{"vulnerability_id": v.ID.String(), "scan_id": sc.ID.String(), "title": v.Title,
				"severity": v.Severity, "category": v.Category, "file": v.File, "line": v.Line,
				"scanner": v.Scanner, "risk_score": v.RiskScore}
			types := []string{EventVulnerabilityFound}
			switch v.Severity {
			case "critical":
				types = append(types, EventVulnerabilityCritical)
			case "high":
				types = append(types, EventVulnerabilityHigh)
			}
			for _, typ := range types {
				events = append(events, db.Event{ID: newID(), OrganizationID: sc.OrganizationID, Type: typ, Data: data,
					ScanID: &scanID, CreatedAt: now})
			}
		}
		for i := 0; i < len(events); i += 500 {
			batch := events[i:min(i+500, len(events))]
			if _, err := tx.NewInsert().Model(&batch).Exec(ctx); err != nil {
				return fmt.Errorf("insert finding events: %w", err)
			}
		}
		return s.audit(ctx, tx, workerPrincipal(sc.OrganizationID), "scan.completed", "scan", sc.ID.String(),
			map[string]any{"summary": completed["summary"], "duration_seconds": sc.DurationSeconds,
				"economic_risk_score": sc.EconomicRiskScore,
				"triage_applied":      triaged.Applied, "triage_reopened": triaged.Reopened})
	})
	if err != nil {
		return false, err
	}
	return done, nil
}

// vulnerabilityOf turns a scanner finding into a stored vulnerability. A
// severity outside the four levels is stored as low (and logged by the
// scanner's own tests, not here); a missing fingerprint is derived from
// the detector, file, line and snippet.
func vulnerabilityOf(sc *db.Scan, f scanner.Finding, now time.Time) db.Vulnerability {
	sev := string(f.Severity)
	if _, ok := severityWeight[sev]; !ok {
		sev = "low"
	}
	conf := clamp01(f.Confidence)
	fp := f.Fingerprint
	if fp == "" {
		h := sha256.Sum256([]byte(f.DetectorID + "\x00" + f.File + "\x00" + strconv.Itoa(f.Line) + "\x00" + f.Snippet))
		fp = hex.EncodeToString(h[:16])
	}
	end := f.EndLine
	if end < f.Line {
		end = f.Line
	}
	return db.Vulnerability{ID: newID(), OrganizationID: sc.OrganizationID, ProjectID: sc.ProjectID,
		ContractID: sc.ContractID, ScanID: sc.ID, DetectorID: f.DetectorID, Scanner: f.Scanner, Title: f.Title,
		Severity: sev, Status: VulnOpen, Category: f.Category, Confidence: conf, RiskScore: RiskScore(sev, conf),
		File: f.File, Line: f.Line, EndLine: end, Snippet: f.Snippet, Description: f.Description,
		Recommendation: f.Recommendation, CWE: f.CWE, SWC: f.SWC, Fingerprint: fp,
		DetectedAt: now, UpdatedAt: now}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// failScan marks a queued or running scan failed with SCAN_FAILED, emits
// scan.failed and runs the finished hook. A scan already final is left
// alone. The write uses a fresh deadline: the task's own context may be
// what ran out.
func (s *Service) failScan(ctx context.Context, id uuid.UUID, reason, message string) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	done := false
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		sc := new(db.Scan)
		if err := tx.NewSelect().Model(sc).Where("id = ?", id).Scan(ctx); err != nil {
			if errors.Is(db.NotFoundErr(err), db.ErrNotFound) {
				return nil
			}
			return err
		}
		if sc.Status != ScanQueued && sc.Status != ScanRunning {
			return nil
		}
		from := sc.Status
		now := s.Now()
		sc.Status, sc.UpdatedAt, sc.CompletedAt = ScanFailed, now, &now
		if sc.StartedAt != nil {
			sc.DurationSeconds = ceilSeconds(now.Sub(*sc.StartedAt))
			sc.DurationMillis = now.Sub(*sc.StartedAt).Milliseconds()
		}
		sc.ErrorCode, sc.ErrorMessage = string(CodeScanFailed), message
		sc.ErrorDetails = &db.ScanErrors{Reason: reason}
		res, err := tx.NewUpdate().Model(sc).
			Column("status", "updated_at", "completed_at", "duration_seconds", "duration_ms",
				"error_code", "error_message", "error_details").
			WherePK().Where("status = ?", from).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		done = true
		err = s.emit(ctx, tx, sc.OrganizationID, EventScanFailed, &sc.ID, map[string]any{
			"scan_id": sc.ID.String(), "contract_id": sc.ContractID.String(), "error": message,
			"error_details":    map[string]any{"code": string(CodeScanFailed), "reason": reason},
			"duration_seconds": sc.DurationSeconds})
		if err != nil {
			return err
		}
		return s.audit(ctx, tx, workerPrincipal(sc.OrganizationID), "scan.failed", "scan", id.String(),
			map[string]any{"reason": reason})
	})
	if err != nil {
		return fmt.Errorf("mark scan %s failed: %w", id, err)
	}
	if done {
		s.onScanFinished(ctx, id)
	}
	return nil
}
