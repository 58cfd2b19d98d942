package core

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner"
)

// Presets are the scan presets of decisions.md; standard is the default.
var Presets = []string{scanner.PresetQuick, scanner.PresetStandard, scanner.PresetDeep, scanner.PresetEconomic}

// ScanStatuses lists every scan status, for filters.
var ScanStatuses = []string{ScanQueued, ScanRunning, ScanCompleted, ScanFailed, ScanCancelled}

// ScanInput is the body of POST /scans after decoding. An empty Preset
// means standard; an empty WebhookURL means none.
type ScanInput struct {
	ContractID uuid.UUID
	Preset     string
	WebhookURL string
}

func (in *ScanInput) validate() error {
	if in.Preset == "" {
		in.Preset = scanner.PresetStandard
	}
	if !containsString(Presets, in.Preset) {
		return Invalid("preset", "invalid", "preset must be one of "+strings.Join(Presets, ", "))
	}
	return nil
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// CreateScan records a queued scan of one of the caller's contracts and
// queues it. Admission (concurrency and quota), the insert and its audit
// entry share one transaction; the task is queued after commit, so a worker
// never sees a scan that does not exist yet.
//
// If queueing fails (Redis down), the scan stays queued and the call still
// succeeds: the scan is durably recorded, and the housekeeping task
// (jobs.ScanReaper) queues every scan left queued without a task. Failing
// the scan instead would turn a short Redis outage into failed scans.
func (s *Service) CreateScan(ctx context.Context, p *Principal, in ScanInput) (*db.Scan, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	// The same rules as a webhook's own URL (https unless allowed insecure).
	if in.WebhookURL != "" {
		if err := s.CheckWebhookURL("webhook_url", in.WebhookURL); err != nil {
			return nil, err
		}
	}
	var sc *db.Scan
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if err := s.admitScan(ctx, tx, p); err != nil {
			return err
		}
		c := new(db.Contract)
		q := tx.NewSelect().Model(c).Column("id", "project_id", "name").
			Where("id = ? AND organization_id = ? AND deleted_at IS NULL", in.ContractID, p.OrgID)
		if db.IsPostgres(tx) {
			// DeleteContract holds FOR UPDATE while it checks for active
			// scans; sharing the lock here means a scan is never created on a
			// contract being deleted.
			q = q.For("SHARE")
		}
		err := q.Scan(ctx)
		if err != nil {
			return dbErr(db.NotFoundErr(err), "contract")
		}
		now := s.Now()
		sc = &db.Scan{ID: newID(), OrganizationID: p.OrgID, ProjectID: c.ProjectID, ContractID: c.ID,
			Status: ScanQueued, Preset: in.Preset, WebhookURL: in.WebhookURL, ScannersUsed: []string{},
			FileErrors: []db.FileError{}, CreatedBy: p.UserID, CreatedAt: now, UpdatedAt: now}
		if _, err := tx.NewInsert().Model(sc).Exec(ctx); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "scan.created", "scan", sc.ID.String(),
			map[string]any{"contract_id": c.ID.String(), "preset": sc.Preset})
	})
	if err != nil {
		return nil, err
	}
	s.enqueue(ctx, sc)
	return sc, nil
}

// enqueue queues sc's task, retrying briefly; on failure it logs and leaves
// the scan to the housekeeping task.
func (s *Service) enqueue(ctx context.Context, sc *db.Scan) {
	// The scan is committed: a client hanging up must not keep it off the queue.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	var err error
	for i := 1; i <= 3; i++ {
		if err = s.Queue.EnqueueScan(ctx, sc.ID, sc.OrganizationID); err == nil {
			return
		}
		if i < 3 {
			t := time.NewTimer(time.Duration(i) * 100 * time.Millisecond)
			select {
			case <-ctx.Done():
				t.Stop()
			case <-t.C:
			}
		}
	}
	s.Log.Error("enqueue scan; housekeeping will retry", "scan_id", sc.ID, "org_id", sc.OrganizationID, "err", err)
}

// GetScan loads one scan of the caller's organization.
func (s *Service) GetScan(ctx context.Context, p *Principal, id uuid.UUID) (*db.Scan, error) {
	return s.scan(ctx, s.DB, p.OrgID, id)
}

func (s *Service) scan(ctx context.Context, q bun.IDB, orgID, id uuid.UUID) (*db.Scan, error) {
	sc := new(db.Scan)
	err := q.NewSelect().Model(sc).Where("id = ? AND organization_id = ?", id, orgID).Scan(ctx)
	if err != nil {
		return nil, dbErr(db.NotFoundErr(err), "scan")
	}
	return sc, nil
}

// ScanFilter holds the filters of GET /scans; zero values do not filter.
type ScanFilter struct {
	Status     string
	ContractID *uuid.UUID
	ProjectID  *uuid.UUID
}

// ParseScanFilter reads status, contract_id and project_id from a query.
func ParseScanFilter(q url.Values) (ScanFilter, error) {
	var f ScanFilter
	var err error
	if f.Status, err = enumFilter(q, "status", ScanStatuses); err != nil {
		return f, err
	}
	if f.ContractID, err = uuidFilter(q, "contract_id"); err != nil {
		return f, err
	}
	if f.ProjectID, err = uuidFilter(q, "project_id"); err != nil {
		return f, err
	}
	return f, nil
}

// Params returns the filter in canonical form, for binding cursors.
func (f ScanFilter) Params() map[string]string {
	m := map[string]string{"status": f.Status}
	if f.ContractID != nil {
		m["contract_id"] = f.ContractID.String()
	}
	if f.ProjectID != nil {
		m["project_id"] = f.ProjectID.String()
	}
	return m
}

// ListScans returns one page of the organization's scans, newest first.
func (s *Service) ListScans(ctx context.Context, p *Principal, f ScanFilter, page db.Page) ([]db.Scan, db.PageResult, error) {
	var rows []db.Scan
	q := s.DB.NewSelect().Model(&rows).Where("organization_id = ?", p.OrgID)
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.ContractID != nil {
		q = q.Where("contract_id = ?", *f.ContractID)
	}
	if f.ProjectID != nil {
		q = q.Where("project_id = ?", *f.ProjectID)
	}
	res, err := db.SelectPage(ctx, q, "created_at", page, &rows)
	return rows, res, err
}

// ScanResults is a scan with every finding it stored.
type ScanResults struct {
	Scan            *db.Scan
	Vulnerabilities []db.Vulnerability
}

// GetScanResults loads a scan and all its findings, most severe first. A
// queued or running scan has none yet: its findings are stored in one
// transaction when it completes.
func (s *Service) GetScanResults(ctx context.Context, p *Principal, id uuid.UUID) (*ScanResults, error) {
	sc, err := s.scan(ctx, s.DB, p.OrgID, id)
	if err != nil {
		return nil, err
	}
	out := &ScanResults{Scan: sc, Vulnerabilities: []db.Vulnerability{}}
	if sc.Status != ScanCompleted {
		return out, nil
	}
	if out.Vulnerabilities, err = s.scanFindings(ctx, p.OrgID, sc.ID); err != nil {
		return nil, err
	}
	return out, nil
}

// scanFindings loads a scan's findings, most severe first, then by file
// and line.
func (s *Service) scanFindings(ctx context.Context, orgID, scanID uuid.UUID) ([]db.Vulnerability, error) {
	out := []db.Vulnerability{}
	err := s.DB.NewSelect().Model(&out).
		Where("scan_id = ? AND organization_id = ?", scanID, orgID).
		OrderExpr("CASE severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END").
		OrderExpr("file, line, id").Scan(ctx)
	return out, err
}

// CancelScan moves a queued or running scan to cancelled; any other status
// is CONFLICT. A running scan's worker is signalled, and its findings are
// discarded when it tries to store them.
func (s *Service) CancelScan(ctx context.Context, p *Principal, id uuid.UUID) (*db.Scan, error) {
	var sc *db.Scan
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if sc, err = s.scan(ctx, tx, p.OrgID, id); err != nil {
			return err
		}
		if !CanMoveScan(sc.Status, ScanCancelled) {
			return Errorf(CodeConflict, "scan %s is %s; only queued or running scans can be cancelled", id, sc.Status)
		}
		now := s.Now()
		from := sc.Status
		sc.Status, sc.UpdatedAt, sc.CompletedAt = ScanCancelled, now, &now
		if sc.StartedAt != nil {
			sc.DurationMillis = now.Sub(*sc.StartedAt).Milliseconds()
			sc.DurationSeconds = ceilSeconds(now.Sub(*sc.StartedAt))
		}
		res, err := tx.NewUpdate().Model(sc).
			Column("status", "updated_at", "completed_at", "duration_ms", "duration_seconds").
			WherePK().Where("status = ?", from).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return Errorf(CodeConflict, "scan %s changed status concurrently; retry", id)
		}
		return s.audit(ctx, tx, p, "scan.cancelled", "scan", id.String(), map[string]any{"previous_status": from})
	})
	if err != nil {
		return nil, err
	}
	if err := s.Queue.CancelScan(ctx, id); err != nil {
		s.Log.Warn("cancel scan task", "scan_id", id, "err", err)
	}
	s.onScanFinished(ctx, id)
	return sc, nil
}

// ceilSeconds rounds a duration up to whole seconds, never below zero.
func ceilSeconds(d time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int((d + time.Second - 1) / time.Second)
}
