package core

import (
	"context"

	"github.com/bulwark-sec/bulwark/db"
)

// exportPage is the rows an export reads per query: a keyset page, so an
// export of a million rows holds one page at a time and each query costs
// the same at any depth.
const exportPage = 1000

// Export walks a list in keyset pages, newest first, handing each page to
// fn. list is one of the List methods bound to its principal and filter;
// key gives a row's position. The first page is read before Export
// returns to a caller that streams (see Exporter), so errors about the
// request come back as errors, not as a truncated file.
type Export[T any] struct {
	list  func(ctx context.Context, page db.Page) ([]T, db.PageResult, error)
	key   func(*T) db.Key
	first []T
	more  bool
}

// NewExport reads the first page.
func NewExport[T any](ctx context.Context, list func(context.Context, db.Page) ([]T, db.PageResult, error), key func(*T) db.Key) (*Export[T], error) {
	rows, res, err := list(ctx, db.Page{Cursor: true, Limit: exportPage})
	if err != nil {
		return nil, err
	}
	return &Export[T]{list: list, key: key, first: rows, more: res.HasNext}, nil
}

// Each hands every page to fn, the first one included.
func (e *Export[T]) Each(ctx context.Context, fn func([]T) error) error {
	rows, more := e.first, e.more
	e.first = nil
	for {
		if len(rows) > 0 {
			if err := fn(rows); err != nil {
				return err
			}
		}
		if !more || len(rows) == 0 {
			return nil
		}
		after := e.key(&rows[len(rows)-1])
		next, res, err := e.list(ctx, db.Page{Cursor: true, Limit: exportPage, After: &after})
		if err != nil {
			return err
		}
		rows, more = next, res.HasNext
	}
}

// AuditExport records that p exported kind (export.created) with its
// filters.
func (s *Service) AuditExport(ctx context.Context, p *Principal, kind string, filters map[string]string) error {
	meta := map[string]any{"kind": kind}
	if len(filters) > 0 {
		meta["filters"] = filters
	}
	return s.audit(ctx, s.DB, p, "export.created", "export", kind, meta)
}
