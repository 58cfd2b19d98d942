package server

import (
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

const (
	defaultPageSize = 100
	maxPageSize     = 1000
)

// listQuery is a parsed list request: its page and the scope its cursors
// are bound to.
type listQuery struct {
	page  db.Page
	scope core.Scope
}

// parseList reads the pagination parameters of decisions.md. endpoint names
// the list (cursors are bound to it), filters are the list's filter
// parameters (bound too), and cursorOK is false for offset-only lists.
func (s *Server) parseList(c *fiber.Ctx, endpoint string, filters map[string]string, cursorOK bool) (listQuery, error) {
	args := c.Context().QueryArgs()
	has := func(k string) bool { return args.Has(k) }
	get := func(k string) string { return string(args.Peek(k)) }

	lq := listQuery{scope: core.Scope{Endpoint: endpoint, OrgID: principal(c).OrgID, Filters: canonicalFilters(filters)}}
	forward := has("first") || has("after")
	backward := has("last") || has("before")
	offset := has("skip") || has("limit")
	if (forward || backward) && !cursorOK {
		return lq, core.Errorf(core.CodeInvalidRequest, "this list supports offset pagination only (skip, limit)")
	}
	if (forward || backward) && offset {
		return lq, core.Errorf(core.CodeInvalidRequest, "cursor parameters (first, after, last, before) cannot be combined with skip or limit")
	}
	if forward && backward {
		return lq, core.Errorf(core.CodeInvalidRequest, "forward (first, after) and backward (last, before) parameters cannot be combined")
	}
	if has("include_total") {
		v, err := strconv.ParseBool(get("include_total"))
		if err != nil {
			return lq, core.Invalid("include_total", "invalid", "include_total must be true or false")
		}
		lq.page.IncludeTotal = v
	}
	intParam := func(name string, def, min, max int) (int, error) {
		if !has(name) {
			return def, nil
		}
		n, err := strconv.Atoi(get(name))
		if err != nil {
			return 0, core.Invalid(name, "invalid", name+" must be an integer")
		}
		if n < min || (max > 0 && n > max) {
			reason := name + " must be at least " + strconv.Itoa(min)
			if max > 0 {
				reason = name + " must be between " + strconv.Itoa(min) + " and " + strconv.Itoa(max)
			}
			return 0, core.Invalid(name, "out_of_range", reason)
		}
		return n, nil
	}
	var err error
	switch {
	case forward:
		lq.page.Cursor = true
		if lq.page.Limit, err = intParam("first", defaultPageSize, 1, maxPageSize); err != nil {
			return lq, err
		}
		if has("after") {
			k, err := s.svc.Cursors.Decode(lq.scope, get("after"))
			if err != nil {
				return lq, err
			}
			lq.page.After = &k
		}
	case backward:
		lq.page.Cursor, lq.page.Backward = true, true
		if lq.page.Limit, err = intParam("last", defaultPageSize, 1, maxPageSize); err != nil {
			return lq, err
		}
		if has("before") {
			k, err := s.svc.Cursors.Decode(lq.scope, get("before"))
			if err != nil {
				return lq, err
			}
			lq.page.Before = &k
		}
	default:
		if lq.page.Skip, err = intParam("skip", 0, 0, 0); err != nil {
			return lq, err
		}
		if lq.page.Limit, err = intParam("limit", defaultPageSize, 1, maxPageSize); err != nil {
			return lq, err
		}
	}
	return lq, nil
}

// canonicalFilters renders filters in a fixed order for cursor binding.
func canonicalFilters(f map[string]string) string {
	keys := make([]string, 0, len(f))
	for k, v := range f {
		if v != "" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(url.QueryEscape(k) + "=" + url.QueryEscape(f[k]) + "&")
	}
	return b.String()
}

// pageInfo is the cursor-style page description.
type pageInfo struct {
	HasNextPage     bool    `json:"has_next_page"`
	HasPreviousPage bool    `json:"has_previous_page"`
	StartCursor     *string `json:"start_cursor"`
	EndCursor       *string `json:"end_cursor"`
	TotalCount      *int    `json:"total_count"`
}

// writeList renders a list in the style the request chose. keys are the
// (sort key, id) of items, in order.
func (s *Server) writeList(c *fiber.Ctx, plural string, items any, keys []db.Key, lq listQuery, res db.PageResult) error {
	if !lq.page.Cursor {
		total := 0
		if res.Total != nil {
			total = *res.Total
		}
		return c.JSON(fiber.Map{plural: items, "total": total,
			"page": lq.page.Skip/lq.page.Limit + 1, "page_size": lq.page.Limit})
	}
	pi := pageInfo{HasNextPage: res.HasNext, HasPreviousPage: res.HasPrevious}
	if lq.page.IncludeTotal {
		pi.TotalCount = res.Total
	}
	if len(keys) > 0 {
		start := s.svc.Cursors.Encode(lq.scope, keys[0])
		end := s.svc.Cursors.Encode(lq.scope, keys[len(keys)-1])
		pi.StartCursor, pi.EndCursor = &start, &end
	}
	return c.JSON(fiber.Map{plural: items, "page_info": pi})
}
