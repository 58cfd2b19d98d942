package core

import (
	"context"

	"github.com/google/uuid"
)

// onScanFinished runs after a scan's final status (completed, failed or
// cancelled) has committed. It resolves the quality-gate evaluations left
// pending on the scan; a failure is logged and not returned, because the
// scan itself has finished either way, and readers of build-status and the
// badge settle a missed evaluation on their own (see settle).
func (s *Service) onScanFinished(ctx context.Context, scanID uuid.UUID) {
	if err := s.ResolvePendingEvaluations(ctx, scanID); err != nil {
		s.Log.Error("resolve pending quality gate evaluations", "scan_id", scanID, "err", err)
	}
	for _, f := range s.ScanFinished {
		f(ctx, scanID)
	}
}
