package db

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Key is the position of a row in a keyset-ordered list: its sort key and
// its id, the tie-breaker.
type Key struct {
	T  time.Time
	ID uuid.UUID
}

// Page selects one page of a list ordered by (sort key DESC, id DESC).
// Cursor pages read Limit rows after or before Cursor; offset pages skip
// Skip rows.
type Page struct {
	Cursor       bool // keyset style; false means offset style
	Backward     bool // last/before rather than first/after
	After        *Key // with !Backward: rows strictly after this one
	Before       *Key // with Backward: rows strictly before this one
	Limit        int
	Skip         int
	IncludeTotal bool
}

// PageResult carries what the caller needs for page_info.
type PageResult struct {
	HasNext     bool
	HasPrevious bool
	Total       *int
}

// SelectPage runs q (already filtered, and built with Model(dest)) as the
// page p over sortCol; the rows land in dest. The order is (sortCol DESC,
// id DESC) for every page; backward pages are read ascending and reversed.
func SelectPage[T any](ctx context.Context, q *bun.SelectQuery, sortCol string, p Page, dest *[]T) (PageResult, error) {
	var res PageResult
	if p.IncludeTotal || !p.Cursor {
		n, err := q.Clone().Count(ctx)
		if err != nil {
			return res, fmt.Errorf("count: %w", err)
		}
		total := int(n)
		res.Total = &total
	}
	const idCol = "id"
	if !p.Cursor {
		err := q.OrderExpr(sortCol + " DESC").OrderExpr(idCol + " DESC").Offset(int64(p.Skip)).Limit(int64(p.Limit)).Scan(ctx)
		if err != nil {
			return res, err
		}
		res.HasPrevious = p.Skip > 0
		res.HasNext = res.Total != nil && p.Skip+len(*dest) < *res.Total
		return res, nil
	}
	if !p.Backward {
		if p.After != nil {
			q = q.Where("("+sortCol+", "+idCol+") < (?, ?)", p.After.T, p.After.ID)
		}
		q = q.OrderExpr(sortCol + " DESC").OrderExpr(idCol + " DESC")
	} else {
		if p.Before != nil {
			q = q.Where("("+sortCol+", "+idCol+") > (?, ?)", p.Before.T, p.Before.ID)
		}
		q = q.OrderExpr(sortCol + " ASC").OrderExpr(idCol + " ASC")
	}
	if err := q.Limit(int64(p.Limit + 1)).Scan(ctx); err != nil {
		return res, err
	}
	more := len(*dest) > p.Limit
	if more {
		*dest = (*dest)[:p.Limit]
	}
	if p.Backward {
		s := *dest
		for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
			s[i], s[j] = s[j], s[i]
		}
		res.HasPrevious = more
		res.HasNext = p.Before != nil
	} else {
		res.HasNext = more
		res.HasPrevious = p.After != nil
	}
	return res, nil
}
