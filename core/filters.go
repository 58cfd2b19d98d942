package core

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
)

// Bounds on list filters: a query string is untrusted input, so every value
// is bounded before it reaches SQL.
const (
	maxFilterValue = 4096 // bytes of one raw parameter value
	maxFilterItems = 50   // items of a comma-separated filter
	maxFilterItem  = 100  // bytes of one item
)

// filterParam returns the single value of q[name]. A parameter given twice
// or empty is INVALID_FIELD: a filter that silently matches nothing or
// everything hides the client's mistake.
func filterParam(q url.Values, name string) (string, bool, error) {
	vs, ok := q[name]
	if !ok {
		return "", false, nil
	}
	if len(vs) != 1 {
		return "", false, Invalid(name, "invalid", name+" must be given at most once")
	}
	v := vs[0]
	if v == "" {
		return "", false, Invalid(name, "invalid", name+" must not be empty")
	}
	if len(v) > maxFilterValue {
		return "", false, Invalid(name, "out_of_range", name+" is too long")
	}
	return v, true, nil
}

// enumFilter reads a parameter that must be one of allowed.
func enumFilter(q url.Values, name string, allowed []string) (string, error) {
	v, ok, err := filterParam(q, name)
	if err != nil || !ok {
		return "", err
	}
	if !slices.Contains(allowed, v) {
		return "", Invalid(name, "invalid", name+" must be one of "+strings.Join(allowed, ", "))
	}
	return v, nil
}

// uuidFilter reads a parameter that must be a UUID in its canonical
// 36-character form.
func uuidFilter(q url.Values, name string) (*uuid.UUID, error) {
	v, ok, err := filterParam(q, name)
	if err != nil || !ok {
		return nil, err
	}
	id, err := uuid.Parse(v)
	if err != nil || len(v) != 36 {
		return nil, Invalid(name, "invalid", name+" must be a UUID")
	}
	return &id, nil
}

// listFilter reads a comma-separated parameter. Items are trimmed; an empty
// item, an item that valid rejects, more than maxFilterItems items or an
// item longer than maxFilterItem bytes is INVALID_FIELD. The result is
// sorted and free of duplicates, so equal filters bind cursors equally.
func listFilter(q url.Values, name string, valid func(string) bool) ([]string, error) {
	v, ok, err := filterParam(q, name)
	if err != nil || !ok {
		return nil, err
	}
	parts := strings.Split(v, ",")
	if len(parts) > maxFilterItems {
		return nil, Invalid(name, "out_of_range", name+" holds more than "+strconv.Itoa(maxFilterItems)+" items")
	}
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
			return nil, Invalid(name, "invalid", name+" holds an empty item")
		case len(p) > maxFilterItem:
			return nil, Invalid(name, "out_of_range", name+" holds an item longer than "+strconv.Itoa(maxFilterItem)+" bytes")
		case !valid(p):
			return nil, Invalid(name, "invalid", name+" holds an invalid item")
		}
		out = append(out, p)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// identifierItem accepts scanner and detector identifiers: ASCII letters,
// digits and . _ - : /
func identifierItem(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '.' || c == '_' || c == '-' || c == ':' || c == '/') {
			return false
		}
	}
	return true
}

// nameItem accepts human-readable names such as "access control": valid
// UTF-8, printable, no commas (they separate items).
func nameItem(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) || r == ',' {
			return false
		}
	}
	return true
}
