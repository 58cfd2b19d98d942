package jobs

import (
	"github.com/hibiken/asynq"

	"github.com/bulwark-sec/bulwark/core"
)

// NewMux registers every task handler.
func NewMux(svc *core.Service) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.Handle(TypeScanRun, &ScanRunner{Service: svc})
	return mux
}
