package core

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/scanner"
)

// StartScanForTest moves a scan to running, as a worker picking it up does.
func (s *Service) StartScanForTest(ctx context.Context, id uuid.UUID) (*db.Scan, error) {
	return s.startScan(ctx, id)
}

// CompleteScanForTest stores rep as the result of sc's attempt, with the
// given wall time, as the pipeline does after the engine returns. It lets
// tests store findings of their choosing while the engine has no detectors.
func (s *Service) CompleteScanForTest(ctx context.Context, sc *db.Scan, rep *scanner.Report, wall time.Duration) (bool, error) {
	c := new(db.Contract)
	if err := s.DB.NewSelect().Model(c).Where("id = ?", sc.ContractID).Scan(ctx); err != nil {
		return false, err
	}
	return s.completeScan(ctx, sc, c, rep, wall)
}
