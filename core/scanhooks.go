package core

import (
	"context"

	"github.com/google/uuid"
)

// onScanFinished runs after a scan reaches a final status (completed,
// failed or cancelled) and that status has committed. It is where work that
// depends on a scan's outcome starts, such as resolving the pending
// quality-gate evaluations of the scan. It must not fail the scan: errors
// are handled (and logged) inside. The quality-gates branch fills it in.
func (s *Service) onScanFinished(ctx context.Context, scanID uuid.UUID) {}
