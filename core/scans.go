package core

import (
	"context"

	"github.com/google/uuid"
)

// RunScan runs a queued scan (the scan:run task). lastAttempt is true on the
// final retry, when a failure must mark the scan failed.
func (s *Service) RunScan(ctx context.Context, scanID uuid.UUID, lastAttempt bool) error {
	return nil
}
