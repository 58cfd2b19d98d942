package jobs

import (
	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
)

// NewMux registers every task handler.
func NewMux(svc *core.Service) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Handle(TypeScanRun, &ScanRunner{Service: svc})
	// The reaper asks asynq's inspector about tasks, so it needs the asynq
	// queue itself rather than any core.Enqueuer.
	if q, ok := svc.Queue.(*Queue); ok {
		mux.Handle(TypeScanReap, &ScanReaper{Service: svc, Queue: q})
	}
	mux.Handle(TypeWebhookDeliver, &WebhookDeliverer{Service: svc})
	mux.Handle(TypeEventsDispatch, &EventsDispatcher{Service: svc})
	return mux
}
