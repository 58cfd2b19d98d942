package core

import (
	"context"

	"github.com/uptrace/bun"
)

// admitScan decides, inside CreateScan's transaction and before the scan row
// is written, whether the caller may start another scan: the plan's
// concurrency limit (CONCURRENT_LIMIT) and monthly quota (QUOTA_EXCEEDED).
// Running it in the same transaction as the insert keeps two racing
// requests from both slipping under a limit. This is the stub of the scan
// pipeline's branch; the limits branch provides the real rules.
func (s *Service) admitScan(ctx context.Context, tx bun.IDB, p *Principal) error { return nil }
