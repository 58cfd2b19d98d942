package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// TypeScanReap is the housekeeping task that rescues scans whose task was
// lost: it runs every minute on the low queue.
const TypeScanReap = "scan:reap"

// Defaults of ScanReaper. A running scan is only looked at once its
// attempt's timeout has passed with a margin, so a live worker is never
// second-guessed; a queued scan is looked at after a short grace period.
const (
	DefaultRunningAfter = scanTimeout + 5*time.Minute
	DefaultQueuedAfter  = 2 * time.Minute
	reapBatch           = 200
)

// NewScanReapTask builds the housekeeping task. Unique keeps several
// schedulers (one per process) from piling up copies.
func NewScanReapTask() (*asynq.Task, []asynq.Option) {
	return asynq.NewTask(TypeScanReap, nil), []asynq.Option{
		asynq.Queue(QueueLow), asynq.MaxRetry(0), asynq.Timeout(2 * time.Minute), asynq.Unique(50 * time.Second),
	}
}

// ScanReaper finds scans stuck in queued or running whose scan:run task is
// gone or dead, and queues them again or fails them. asynq itself re-queues
// the task of a worker that dies mid-scan (its lease expires); the reaper
// covers what that cannot: a task lost from Redis, an enqueue that failed
// after the scan was recorded, and a worker that died on the last attempt
// (asynq archives that task without running it again).
type ScanReaper struct {
	Service      *core.Service
	Queue        *Queue
	RunningAfter time.Duration // 0 means DefaultRunningAfter
	QueuedAfter  time.Duration // 0 means DefaultQueuedAfter
}

// ReapResult counts what one pass did.
type ReapResult struct {
	Requeued int
	Failed   int
}

// ProcessTask runs one pass.
func (r *ScanReaper) ProcessTask(ctx context.Context, _ *asynq.Task) error {
	res, err := r.Reap(ctx)
	if res.Requeued+res.Failed > 0 && r.Service.Log != nil {
		r.Service.Log.Info("reaped stale scans", "requeued", res.Requeued, "failed", res.Failed)
	}
	return err
}

// Reap looks at every stale scan once.
func (r *ScanReaper) Reap(ctx context.Context) (ReapResult, error) {
	var res ReapResult
	runningAfter, queuedAfter := r.RunningAfter, r.QueuedAfter
	if runningAfter <= 0 {
		runningAfter = DefaultRunningAfter
	}
	if queuedAfter <= 0 {
		queuedAfter = DefaultQueuedAfter
	}
	now := r.Service.Now()
	scans, err := r.Service.StaleScans(ctx, now.Add(-runningAfter), now.Add(-queuedAfter), reapBatch)
	if err != nil {
		return res, fmt.Errorf("list stale scans: %w", err)
	}
	return r.reap(ctx, scans)
}

// reap queues again, or fails, each of scans whose task is gone.
func (r *ScanReaper) reap(ctx context.Context, scans []db.Scan) (ReapResult, error) {
	var res ReapResult
	var errs []error
	for _, sc := range scans {
		state, found, err := r.Queue.scanTaskState(sc.ID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		switch {
		case found && state != asynq.TaskStateArchived && state != asynq.TaskStateCompleted:
			// Pending, scheduled, retrying or active: asynq still owns it
			// (an active task of a dead worker is recovered when its lease
			// expires).
			continue
		case found && state == asynq.TaskStateArchived, sc.Attempts > ScanMaxRetry:
			if err := r.Service.FailAbandonedScan(ctx, sc.ID); err != nil {
				errs = append(errs, err)
				continue
			}
			res.Failed++
			continue
		case found: // completed, yet the scan is not: run it again
			if err := r.Queue.Inspector.DeleteTask(QueueDefault, scanTaskID(sc.ID)); err != nil && !errors.Is(err, asynq.ErrTaskNotFound) {
				errs = append(errs, fmt.Errorf("delete finished task of scan %s: %w", sc.ID, err))
				continue
			}
		}
		if err := r.Queue.EnqueueScan(ctx, sc.ID, sc.OrganizationID); err != nil {
			errs = append(errs, err)
			continue
		}
		res.Requeued++
	}
	return res, errors.Join(errs...)
}

// scanTaskState reports the state of a scan's task, and whether it exists.
func (q *Queue) scanTaskState(scanID uuid.UUID) (asynq.TaskState, bool, error) {
	info, err := q.Inspector.GetTaskInfo(QueueDefault, scanTaskID(scanID))
	if errors.Is(err, asynq.ErrTaskNotFound) || errors.Is(err, asynq.ErrQueueNotFound) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("inspect task of scan %s: %w", scanID, err)
	}
	return info.State, true, nil
}

// NewScheduler returns an asynq scheduler that queues the housekeeping
// tasks. Every process running workers may start one: the tasks are unique
// per period.
func NewScheduler(opt asynq.RedisConnOpt, logger asynq.Logger) (*asynq.Scheduler, error) {
	s := asynq.NewScheduler(opt, &asynq.SchedulerOpts{Logger: logger, LogLevel: asynq.WarnLevel})
	t, opts := NewScanReapTask()
	if _, err := s.Register("@every 1m", t, opts...); err != nil {
		return nil, fmt.Errorf("schedule %s: %w", TypeScanReap, err)
	}
	return s, nil
}

// RecoverAfterRestart queues again every queued or running scan that has no
// task. A process that owns its queue (the in-process Redis of embedded
// mode) calls it at start: the queue of its previous run is gone, so scans
// that run was working on would otherwise wait for the reaper's 15-minute
// grace period while holding the plan's concurrency slots.
func (r *ScanReaper) RecoverAfterRestart(ctx context.Context) (ReapResult, error) {
	now := r.Service.Now().Add(time.Second)
	scans, err := r.Service.StaleScans(ctx, now, now, restartBatch)
	if err != nil {
		return ReapResult{}, fmt.Errorf("list unfinished scans: %w", err)
	}
	return r.reap(ctx, scans)
}

// restartBatch bounds the scans one start-up looks at; the periodic reaper
// takes any beyond it.
const restartBatch = 10_000
