package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
)

// TypeWebhookDeliver makes one delivery attempt of an event to a receiver.
const TypeWebhookDeliver = "webhook:deliver"

// deliverTimeout bounds a task: the 10 s request plus its bookkeeping.
const deliverTimeout = 30 * time.Second

// deliverMaxRetry covers infrastructure failures only (database or Redis
// down, a worker killed mid-attempt). The receiver's failures are retried
// by the service itself on api.md's schedule, each as a new task.
const deliverMaxRetry = 5

// DeliveryTaskID names the task of one attempt: (event, receiver, attempt)
// for scheduled attempts, so that queueing one twice is a no-op, and the
// delivery id for manual ones, each of which is a new request.
func DeliveryTaskID(j core.DeliveryJob) string {
	if j.Manual {
		return "webhook:manual:" + j.DeliveryID.String()
	}
	to := "scan"
	if j.WebhookID != nil {
		to = j.WebhookID.String()
	}
	return "webhook:" + j.EventID.String() + ":" + to + ":" + strconv.Itoa(j.Attempt)
}

// NewWebhookDeliverTask builds the task of one attempt on the critical
// queue.
func NewWebhookDeliverTask(j core.DeliveryJob) (*asynq.Task, []asynq.Option, error) {
	b, err := json.Marshal(j)
	if err != nil {
		return nil, nil, err
	}
	opts := []asynq.Option{asynq.Queue(QueueCritical), asynq.MaxRetry(deliverMaxRetry), asynq.Timeout(deliverTimeout),
		asynq.TaskID(DeliveryTaskID(j)),
		// Finished tasks are kept a day so that their ids keep blocking a
		// relay that queues the same event again after a crash.
		asynq.Retention(24 * time.Hour)}
	if !j.NotBefore.IsZero() {
		opts = append(opts, asynq.ProcessAt(j.NotBefore))
	}
	return asynq.NewTask(TypeWebhookDeliver, b), opts, nil
}

// EnqueueDelivery queues one attempt; an attempt already queued is left
// alone.
func (q *Queue) EnqueueDelivery(ctx context.Context, j core.DeliveryJob) error {
	t, opts, err := NewWebhookDeliverTask(j)
	if err != nil {
		return err
	}
	if _, err := q.Client.EnqueueContext(ctx, t, opts...); err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return fmt.Errorf("enqueue delivery %s: %w", j.DeliveryID, err)
	}
	return nil
}

// WebhookDeliverer handles webhook:deliver.
type WebhookDeliverer struct {
	Service *core.Service
}

// ProcessTask makes the attempt. Running it twice posts twice with the
// same envelope id, which receivers de-duplicate, and records it once.
func (h *WebhookDeliverer) ProcessTask(ctx context.Context, t *asynq.Task) error {
	var j core.DeliveryJob
	if err := json.Unmarshal(t.Payload(), &j); err != nil {
		return fmt.Errorf("decode %s payload: %v: %w", TypeWebhookDeliver, err, asynq.SkipRetry)
	}
	return h.Service.DeliverWebhook(ctx, j)
}
