package jobs

import (
	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
)

// NewMux registers every task handler.
func NewMux(svc *core.Service) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Handle(TypeScanRun, &ScanRunner{Service: svc})
	mux.Handle(TypeWebhookDeliver, &WebhookDeliverer{Service: svc})
	mux.Handle(TypeEventsDispatch, &EventsDispatcher{Service: svc})
	return mux
}
