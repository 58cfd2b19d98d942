package core_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/core"
)

func TestParseVulnerabilityFilter(t *testing.T) {
	one := 1.0
	half := 0.5
	for _, tc := range []struct {
		q      string
		want   core.VulnerabilityFilter
		field  string
		reason string
	}{
		{q: "", want: core.VulnerabilityFilter{}},
		{q: "severity=high&status=open", want: core.VulnerabilityFilter{Severity: "high", Status: "open"}},
		{q: "scanner_ids=b,a,%20b%20", want: core.VulnerabilityFilter{ScannerIDs: []string{"a", "b"}}},
		{q: "categories=access%20control,reentrancy", want: core.VulnerabilityFilter{Categories: []string{"access control", "reentrancy"}}},
		{q: "min_confidence=1", want: core.VulnerabilityFilter{MinConfidence: &one}},
		{q: "min_confidence=0.5", want: core.VulnerabilityFilter{MinConfidence: &half}},
		{q: "min_confidence=5e-1", want: core.VulnerabilityFilter{MinConfidence: &half}},
		{q: "min_confidence=.5", want: core.VulnerabilityFilter{MinConfidence: &half}},
		{q: "severity=HIGH", field: "severity", reason: "invalid"},
		{q: "severity=", field: "severity", reason: "invalid"},
		{q: "status=closed", field: "status", reason: "invalid"},
		{q: "status=open&status=fixed", field: "status", reason: "invalid"},
		{q: "scanner_ids=a,,b", field: "scanner_ids", reason: "invalid"},
		{q: "scanner_ids=a,%20", field: "scanner_ids", reason: "invalid"},
		{q: "scanner_ids=a%20b", field: "scanner_ids", reason: "invalid"},
		{q: "scanner_ids=" + strings.Repeat("x,", 50) + "x", field: "scanner_ids", reason: "out_of_range"},
		{q: "scanner_ids=" + strings.Repeat("x", 101), field: "scanner_ids", reason: "out_of_range"},
		{q: "categories=", field: "categories", reason: "invalid"},
		{q: "categories=a%00b", field: "categories", reason: "invalid"},
		{q: "categories=%ff", field: "categories", reason: "invalid"},
		{q: "min_confidence=abc", field: "min_confidence", reason: "invalid"},
		{q: "min_confidence=NaN", field: "min_confidence", reason: "invalid"},
		{q: "min_confidence=Inf", field: "min_confidence", reason: "invalid"},
		{q: "min_confidence=0x1p-2", field: "min_confidence", reason: "invalid"},
		{q: "min_confidence=1_0", field: "min_confidence", reason: "invalid"},
		{q: "min_confidence=.", field: "min_confidence", reason: "invalid"},
		{q: "min_confidence=1e", field: "min_confidence", reason: "invalid"},
		{q: "min_confidence=1.01", field: "min_confidence", reason: "out_of_range"},
		{q: "min_confidence=-0.1", field: "min_confidence", reason: "out_of_range"},
		{q: "min_confidence=1e400", field: "min_confidence", reason: "invalid"},
		{q: "contract_id=x", field: "contract_id", reason: "invalid"},
		{q: "scan_id=0190000000007000800000000000000", field: "scan_id", reason: "invalid"},
		{q: "project_id={01900000-0000-7000-8000-000000000000}", field: "project_id", reason: "invalid"},
	} {
		q, err := url.ParseQuery(tc.q)
		if err != nil {
			t.Fatal(err)
		}
		got, err := core.ParseVulnerabilityFilter(q)
		if tc.field == "" {
			if err != nil {
				t.Errorf("%q: %v", tc.q, err)
			} else if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%q (-want +got):\n%s", tc.q, diff)
			}
			continue
		}
		ce, ok := core.AsError(err)
		if !ok || ce.Code != core.CodeInvalidField || ce.Details["field"] != tc.field || ce.Details["reason"] != tc.reason {
			t.Errorf("%.50q = %v, want INVALID_FIELD %s %s", tc.q, err, tc.field, tc.reason)
		}
	}
}

// FuzzParseVulnerabilityFilter: any query either fails with INVALID_FIELD
// or yields a bounded filter whose canonical form parses back to itself.
func FuzzParseVulnerabilityFilter(f *testing.F) {
	for _, s := range []string{"", "severity=high", "scanner_ids=a,b,,c", "categories=x%2Cy", "min_confidence=0x1p-2",
		"min_confidence=-0", "min_confidence=1e-320", "contract_id=01900000-0000-7000-8000-000000000000&status=open",
		"categories=%E2%80%8B", "scanner_ids=%20a%20,a", "min_confidence=+.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		got, err := core.ParseVulnerabilityFilter(q)
		if err != nil {
			if ce, ok := core.AsError(err); !ok || ce.Code != core.CodeInvalidField || ce.Details["field"] == nil {
				t.Fatalf("%q: error %v is not INVALID_FIELD with a field", raw, err)
			}
			return
		}
		for _, list := range [][]string{got.ScannerIDs, got.Categories} {
			if len(list) > 50 {
				t.Fatalf("%q: %d items", raw, len(list))
			}
			for _, it := range list {
				if it == "" || len(it) > 100 || strings.Contains(it, ",") || strings.TrimSpace(it) != it {
					t.Fatalf("%q: bad item %q", raw, it)
				}
			}
		}
		if m := got.MinConfidence; m != nil && !(*m >= 0 && *m <= 1) {
			t.Fatalf("%q: min_confidence %v", raw, *m)
		}
		back := url.Values{}
		for k, v := range got.Params() {
			if v != "" {
				back.Set(k, v)
			}
		}
		again, err := core.ParseVulnerabilityFilter(back)
		if err != nil {
			t.Fatalf("%q: canonical form %v does not parse: %v", raw, back, err)
		}
		if diff := cmp.Diff(got, again); diff != "" {
			t.Fatalf("%q: canonical round trip (-first +second):\n%s", raw, diff)
		}
	})
}

// FuzzParseScanFilter: any query either fails with INVALID_FIELD or yields
// a filter whose canonical form parses back to itself.
func FuzzParseScanFilter(f *testing.F) {
	for _, s := range []string{"", "status=queued", "status=", "contract_id=01900000-0000-7000-8000-000000000000",
		"project_id=x&status=done", "status=running&status=running"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		got, err := core.ParseScanFilter(q)
		if err != nil {
			if ce, ok := core.AsError(err); !ok || ce.Code != core.CodeInvalidField {
				t.Fatalf("%q: error %v is not INVALID_FIELD", raw, err)
			}
			return
		}
		back := url.Values{}
		for k, v := range got.Params() {
			if v != "" {
				back.Set(k, v)
			}
		}
		again, err := core.ParseScanFilter(back)
		if err != nil || !cmp.Equal(got, again) {
			t.Fatalf("%q: canonical round trip %v -> %+v, %v", raw, back, again, err)
		}
	})
}
