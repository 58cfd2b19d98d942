package core_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/core"
)

func TestParseAuditLogFilter(t *testing.T) {
	day := func(s string) *time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return &v
	}
	for _, tc := range []struct {
		name                            string
		action, rtype, from, to, userID string
		want                            core.AuditLogFilter
		field, reason                   string
	}{
		{name: "empty"},
		{name: "names", action: "scan.started", rtype: "scan", want: core.AuditLogFilter{Action: "scan.started", ResourceType: "scan"}},
		{name: "dates", from: "2026-11-01", to: "2026-11-21",
			want: core.AuditLogFilter{From: day("2026-11-01T00:00:00Z"), To: day("2026-11-22T00:00:00Z")}},
		{name: "same day", from: "2026-11-21", to: "2026-11-21",
			want: core.AuditLogFilter{From: day("2026-11-21T00:00:00Z"), To: day("2026-11-22T00:00:00Z")}},
		{name: "date-times with offsets", from: "2026-11-21T10:00:00+02:00", to: "2026-11-21T09:00:00.5Z",
			want: core.AuditLogFilter{From: day("2026-11-21T08:00:00Z"), To: day("2026-11-21T09:00:00.500001Z")}},
		{name: "from after to", from: "2026-11-22", to: "2026-11-21", field: "from", reason: "out_of_range"},
		{name: "from after to date-time", from: "2026-11-21T10:00:00Z", to: "2026-11-21T09:59:59Z", field: "from", reason: "out_of_range"},
		{name: "bad from", from: "yesterday", field: "from", reason: "invalid"},
		{name: "bad to", to: "2026-13-01", field: "to", reason: "invalid"},
		{name: "no zone", from: "2026-11-21T10:00:00", field: "from", reason: "invalid"},
		{name: "bad user", userID: "42", field: "user_id", reason: "invalid"},
		{name: "user without dashes", userID: "01a1fe2040157 6f086ee8b5148253895", field: "user_id", reason: "invalid"},
		{name: "bad action", action: "Scan Started", field: "action", reason: "invalid"},
		{name: "bad resource type", rtype: "scan;drop", field: "resource_type", reason: "invalid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := core.ParseAuditLogFilter(tc.action, tc.rtype, tc.from, tc.to, tc.userID)
			if tc.field != "" {
				e, ok := core.AsError(err)
				if !ok || e.Code != core.CodeInvalidField || e.Details["field"] != tc.field || e.Details["reason"] != tc.reason {
					t.Fatalf("err = %v, want INVALID_FIELD %s %s", err, tc.field, tc.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzParseAuditLogFilter feeds arbitrary query values to the parser: it
// never panics, errors are field errors, and an accepted filter is sane
// and stable through its canonical form.
func FuzzParseAuditLogFilter(f *testing.F) {
	f.Add("scan.started", "scan", "2026-11-01", "2026-11-21", "01a1fe20-4015-76f0-86ee-8b5148253895")
	f.Add("", "", "2026-11-21T10:00:00+02:00", "2026-11-21T10:00:00Z", "")
	f.Add("x", "y", "9999-12-31T23:59:59Z", "0001-01-01", "not-a-uuid")
	f.Add("", "", "2026-02-30", "-0001-01-01T00:00:00Z", "{01a1fe20-4015-76f0-86ee-8b5148253895}")
	f.Fuzz(func(t *testing.T, action, rtype, from, to, userID string) {
		got, err := core.ParseAuditLogFilter(action, rtype, from, to, userID)
		if err != nil {
			e, ok := core.AsError(err)
			if !ok || e.Code != core.CodeInvalidField || e.Details["field"] == "" {
				t.Fatalf("non-field error %v", err)
			}
			return
		}
		if got.From != nil && got.To != nil && !got.From.Before(*got.To) {
			t.Fatalf("accepted from %v not before to %v", got.From, got.To)
		}
		for _, tm := range []*time.Time{got.From, got.To} {
			if tm != nil && (tm.Location() != time.UTC || tm.Year() < 1 || tm.Year() > 9999) {
				t.Fatalf("time %v out of range or not UTC", tm)
			}
		}
		if got.UserID != nil && got.UserID.String() != userID && len(userID) != 36 {
			t.Fatalf("user id %q accepted as %s", userID, got.UserID)
		}
		c := got.Canonical()
		again, err := core.ParseAuditLogFilter(c["action"], c["resource_type"], c["from"], "", c["user_id"])
		if err != nil {
			t.Fatalf("canonical form %v does not parse: %v", c, err)
		}
		if again.Action != got.Action || again.ResourceType != got.ResourceType || (got.From != nil) != (again.From != nil) ||
			(got.From != nil && !got.From.Equal(*again.From)) {
			t.Fatalf("canonical round trip %+v != %+v", again, got)
		}
	})
}
