package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
)

// TypeScanRun runs the scanners over one scan's contract.
const TypeScanRun = "scan:run"

// ScanRunPayload names the scan to run.
type ScanRunPayload struct {
	ScanID uuid.UUID `json:"scan_id"`
	OrgID  uuid.UUID `json:"organization_id"`
}

// scanTimeout bounds one attempt; a worker that dies mid-scan loses its
// lease and asynq hands the task to another worker.
const scanTimeout = 10 * time.Minute

// ScanMaxRetry is how often a scan is retried after a transient failure or a
// dead worker before it is marked failed.
const ScanMaxRetry = 3

func scanTaskID(id uuid.UUID) string { return "scan:" + id.String() }

// NewScanRunTask builds the task for a scan.
func NewScanRunTask(scanID, orgID uuid.UUID) (*asynq.Task, []asynq.Option, error) {
	b, err := json.Marshal(ScanRunPayload{ScanID: scanID, OrgID: orgID})
	if err != nil {
		return nil, nil, err
	}
	return asynq.NewTask(TypeScanRun, b), []asynq.Option{
		asynq.Queue(QueueDefault), asynq.MaxRetry(ScanMaxRetry), asynq.Timeout(scanTimeout),
		asynq.TaskID(scanTaskID(scanID)), asynq.Retention(24 * time.Hour),
	}, nil
}

// ScanRunner handles scan:run.
type ScanRunner struct {
	Service *core.Service
}

// ProcessTask runs the scan. It is safe to run twice: the service restarts a
// scan left in running by a dead worker and ignores finished ones.
func (h *ScanRunner) ProcessTask(ctx context.Context, t *asynq.Task) error {
	var p ScanRunPayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return fmt.Errorf("decode %s payload: %v: %w", TypeScanRun, err, asynq.SkipRetry)
	}
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	err := h.Service.RunScan(ctx, p.ScanID, retried >= maxRetry)
	var ce *core.Error
	if errors.As(err, &ce) {
		return fmt.Errorf("scan %s: %w: %w", p.ScanID, err, asynq.SkipRetry)
	}
	return err
}
