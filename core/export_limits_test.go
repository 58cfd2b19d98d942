package core

import (
	"context"

	"github.com/uptrace/bun"
)

// AdmitScan exposes admitScan to the external limits tests.
func (s *Service) AdmitScan(ctx context.Context, tx bun.IDB, p *Principal) error {
	return s.admitScan(ctx, tx, p)
}

// TakeOrg takes n units at once from p's organization's minute, hour and
// day windows (the middleware always takes 1; tests take larger steps to
// fill hour and day windows without thousands of round trips).
func (s *Service) TakeOrg(ctx context.Context, p *Principal, n int) (*Decision, error) {
	l, err := s.LimitsFor(ctx, nil, p.OrgID, p.Plan)
	if err != nil {
		return nil, err
	}
	return s.take(ctx, orgWindows(p.OrgID, l), n, usageKey(p.OrgID), "")
}
