// Package jobs holds bulwark's asynq task types and their handlers, one
// file per task; mux.go registers them. Queues: critical (webhooks),
// default (scans), low (housekeeping).
package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Queue names and their weights for the worker.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// Queues is the worker's queue priority map.
var Queues = map[string]int{QueueCritical: 6, QueueDefault: 3, QueueLow: 1}

// Queue enqueues bulwark's tasks; it implements core.Enqueuer.
type Queue struct {
	Client    *asynq.Client
	Inspector *asynq.Inspector
}

// NewQueue returns a queue on the Redis described by opt.
func NewQueue(opt asynq.RedisConnOpt) *Queue {
	return &Queue{Client: asynq.NewClient(opt), Inspector: asynq.NewInspector(opt)}
}

// Close releases the Redis connections.
func (q *Queue) Close() error {
	return errors.Join(q.Client.Close(), q.Inspector.Close())
}

// EnqueueScan queues scan:run for a scan. The task id is the scan id, so
// enqueueing twice is harmless.
func (q *Queue) EnqueueScan(ctx context.Context, scanID, orgID uuid.UUID) error {
	t, opts, err := NewScanRunTask(scanID, orgID)
	if err != nil {
		return err
	}
	if _, err := q.Client.EnqueueContext(ctx, t, opts...); err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return fmt.Errorf("enqueue scan %s: %w", scanID, err)
	}
	return nil
}

// CancelScan removes a scan's pending task and signals a running one.
func (q *Queue) CancelScan(ctx context.Context, scanID uuid.UUID) error {
	id := scanTaskID(scanID)
	err := q.Inspector.DeleteTask(QueueDefault, id)
	if err == nil || errors.Is(err, asynq.ErrTaskNotFound) || errors.Is(err, asynq.ErrQueueNotFound) {
		return nil
	}
	// An active task cannot be deleted: ask its worker to stop. Best effort:
	// the handler also finds the scan cancelled before it stores results.
	if cerr := q.Inspector.CancelProcessing(id); cerr != nil {
		return fmt.Errorf("cancel task of scan %s: %w", scanID, cerr)
	}
	return nil
}

// RetryAfter is the delay a task's error asks for (GitHub's Retry-After
// or rate-limit reset, through a RetryAfter() method anywhere in its
// chain); false when it asks for none. Workers' RetryDelayFunc read it.
func RetryAfter(err error) (time.Duration, bool) {
	var ra interface{ RetryAfter() time.Duration }
	if errors.As(err, &ra) && ra.RetryAfter() > 0 {
		return ra.RetryAfter(), true
	}
	return 0, false
}
