package core_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// defaults are api.md's default rules.
var defaults = core.GateRules{BlockOnCritical: true, MaxCritical: 0, MaxHigh: -1, MaxMedium: -1, MaxLow: -1}

// unlimited enforces nothing.
var unlimited = core.GateRules{MaxCritical: -1, MaxHigh: -1, MaxMedium: -1, MaxLow: -1}

func v(rule, severity string, count, threshold int, msg string) db.GateViolation {
	return db.GateViolation{Rule: rule, Severity: severity, Count: count, Threshold: threshold, Message: msg}
}

func TestApplyGateRules(t *testing.T) {
	with := func(r core.GateRules, f func(*core.GateRules)) core.GateRules { f(&r); return r }
	cases := []struct {
		name   string
		rules  core.GateRules
		counts core.SeverityCounts
		want   []db.GateViolation
	}{
		{"defaults, clean scan", defaults, core.SeverityCounts{}, nil},
		{"defaults, only lower severities", defaults, core.SeverityCounts{High: 9, Medium: 9, Low: 9}, nil},
		{"defaults, one critical breaks both critical rules", defaults, core.SeverityCounts{Critical: 1}, []db.GateViolation{
			v("block_on_critical", "critical", 1, 0, "1 critical vulnerability found; block_on_critical allows none"),
			v("max_critical", "critical", 1, 0, "1 critical vulnerability exceeds max_critical 0"),
		}},
		{"nothing enforced", unlimited, core.SeverityCounts{Critical: 5, High: 5, Medium: 5, Low: 5}, nil},
		{"block_on_critical alone, no critical", with(unlimited, func(r *core.GateRules) { r.BlockOnCritical = true }),
			core.SeverityCounts{High: 3}, nil},
		{"block_on_critical alone, critical", with(unlimited, func(r *core.GateRules) { r.BlockOnCritical = true }),
			core.SeverityCounts{Critical: 2}, []db.GateViolation{
				v("block_on_critical", "critical", 2, 0, "2 critical vulnerabilities found; block_on_critical allows none")}},
		{"block_on_high alone, no high", with(unlimited, func(r *core.GateRules) { r.BlockOnHigh = true }),
			core.SeverityCounts{Critical: 1, Medium: 4}, nil},
		{"block_on_high alone, high", with(unlimited, func(r *core.GateRules) { r.BlockOnHigh = true }),
			core.SeverityCounts{High: 1}, []db.GateViolation{
				v("block_on_high", "high", 1, 0, "1 high vulnerability found; block_on_high allows none")}},
		{"both blocking rules, both broken", with(unlimited, func(r *core.GateRules) { r.BlockOnCritical, r.BlockOnHigh = true, true }),
			core.SeverityCounts{Critical: 1, High: 2}, []db.GateViolation{
				v("block_on_critical", "critical", 1, 0, "1 critical vulnerability found; block_on_critical allows none"),
				v("block_on_high", "high", 2, 0, "2 high vulnerabilities found; block_on_high allows none")}},
		{"max_critical 0 without blocking", with(unlimited, func(r *core.GateRules) { r.MaxCritical = 0 }),
			core.SeverityCounts{Critical: 1}, []db.GateViolation{
				v("max_critical", "critical", 1, 0, "1 critical vulnerability exceeds max_critical 0")}},
		{"max_critical blocking off, critical within max", with(unlimited, func(r *core.GateRules) { r.MaxCritical = 2 }),
			core.SeverityCounts{Critical: 2}, nil},
		{"block_on_critical wins over a generous max", with(unlimited, func(r *core.GateRules) { r.BlockOnCritical, r.MaxCritical = true, 10 }),
			core.SeverityCounts{Critical: 1}, []db.GateViolation{
				v("block_on_critical", "critical", 1, 0, "1 critical vulnerability found; block_on_critical allows none")}},
		{"max_high at the limit passes", with(unlimited, func(r *core.GateRules) { r.MaxHigh = 3 }), core.SeverityCounts{High: 3}, nil},
		{"max_high one over fails", with(unlimited, func(r *core.GateRules) { r.MaxHigh = 3 }), core.SeverityCounts{High: 4},
			[]db.GateViolation{v("max_high", "high", 4, 3, "4 high vulnerabilities exceed max_high 3")}},
		{"max_high 0 with no high passes", with(unlimited, func(r *core.GateRules) { r.MaxHigh = 0 }), core.SeverityCounts{Medium: 1}, nil},
		{"max_medium 0 with one medium fails", with(unlimited, func(r *core.GateRules) { r.MaxMedium = 0 }), core.SeverityCounts{Medium: 1},
			[]db.GateViolation{v("max_medium", "medium", 1, 0, "1 medium vulnerability exceeds max_medium 0")}},
		{"max_medium -1 is unlimited", with(unlimited, func(r *core.GateRules) { r.MaxMedium = -1 }), core.SeverityCounts{Medium: 1000}, nil},
		{"max_low 0 with one low fails", with(unlimited, func(r *core.GateRules) { r.MaxLow = 0 }), core.SeverityCounts{Low: 1},
			[]db.GateViolation{v("max_low", "low", 1, 0, "1 low vulnerability exceeds max_low 0")}},
		{"max_low -1 is unlimited", with(unlimited, func(r *core.GateRules) { r.MaxLow = -1 }), core.SeverityCounts{Low: 1 << 20}, nil},
		{"every rule broken, in fixed order", core.GateRules{BlockOnCritical: true, BlockOnHigh: true, MaxCritical: 0, MaxHigh: 1, MaxMedium: 2, MaxLow: 3},
			core.SeverityCounts{Critical: 1, High: 2, Medium: 3, Low: 4}, []db.GateViolation{
				v("block_on_critical", "critical", 1, 0, "1 critical vulnerability found; block_on_critical allows none"),
				v("block_on_high", "high", 2, 0, "2 high vulnerabilities found; block_on_high allows none"),
				v("max_critical", "critical", 1, 0, "1 critical vulnerability exceeds max_critical 0"),
				v("max_high", "high", 2, 1, "2 high vulnerabilities exceed max_high 1"),
				v("max_medium", "medium", 3, 2, "3 medium vulnerabilities exceed max_medium 2"),
				v("max_low", "low", 4, 3, "4 low vulnerabilities exceed max_low 3"),
			}},
		{"every rule set, every count at its limit", core.GateRules{BlockOnCritical: true, BlockOnHigh: true, MaxCritical: 0, MaxHigh: 1, MaxMedium: 2, MaxLow: 3},
			core.SeverityCounts{Medium: 2, Low: 3}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			passed, got := core.ApplyGateRules(tc.rules, tc.counts)
			want := tc.want
			if want == nil {
				want = []db.GateViolation{}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("violations (-want +got):\n%s", diff)
			}
			if passed != (len(want) == 0) {
				t.Errorf("passed = %v with %d violations", passed, len(want))
			}
		})
	}
}

// TestApplyGateRulesExhaustive walks every combination of the two blocking
// switches, each max in {-1, 0, 1, 2} and each count in {0, 1, 2, 3}, and
// checks the outcome against api.md's rules written out independently.
func TestApplyGateRulesExhaustive(t *testing.T) {
	maxes := []int{-1, 0, 1, 2}
	counts := []int{0, 1, 2, 3}
	n := 0
	for _, bc := range []bool{false, true} {
		for _, bh := range []bool{false, true} {
			for _, mc := range maxes {
				for _, mh := range maxes {
					for _, mm := range maxes {
						for _, ml := range maxes {
							r := core.GateRules{BlockOnCritical: bc, BlockOnHigh: bh, MaxCritical: mc, MaxHigh: mh, MaxMedium: mm, MaxLow: ml}
							for _, cc := range counts {
								for _, ch := range counts {
									for _, cm := range counts {
										for _, cl := range counts {
											c := core.SeverityCounts{Critical: cc, High: ch, Medium: cm, Low: cl}
											checkOracle(t, r, c)
											n++
										}
									}
								}
							}
						}
					}
				}
			}
		}
	}
	if n != 4*256*256 {
		t.Fatalf("walked %d combinations", n)
	}
}

func checkOracle(t *testing.T, r core.GateRules, c core.SeverityCounts) {
	t.Helper()
	exceeds := func(count, max int) bool { return max != -1 && count > max }
	var want []string
	if r.BlockOnCritical && c.Critical > 0 {
		want = append(want, "block_on_critical")
	}
	if r.BlockOnHigh && c.High > 0 {
		want = append(want, "block_on_high")
	}
	if exceeds(c.Critical, r.MaxCritical) {
		want = append(want, "max_critical")
	}
	if exceeds(c.High, r.MaxHigh) {
		want = append(want, "max_high")
	}
	if exceeds(c.Medium, r.MaxMedium) {
		want = append(want, "max_medium")
	}
	if exceeds(c.Low, r.MaxLow) {
		want = append(want, "max_low")
	}
	passed, vs := core.ApplyGateRules(r, c)
	var got []string
	for _, v := range vs {
		got = append(got, v.Rule)
		if v.Count <= v.Threshold {
			t.Fatalf("%+v %+v: violation %+v does not exceed its threshold", r, c, v)
		}
	}
	if passed != (len(want) == 0) || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%+v %+v: passed %v rules %v, want passed %v rules %v", r, c, passed, got, len(want) == 0, want)
	}
}

func TestNormalizeCIContext(t *testing.T) {
	num := func(s string) json.Number { return json.Number(s) }
	ok := []struct {
		name string
		in   map[string]any
		want map[string]any
	}{
		{"nil", nil, map[string]any{}},
		{"github", map[string]any{"branch": "main", "commit": "0123456789abcdef0123456789abcdef01234567",
			"pull_request": num("42"), "provider": "github", "build_url": "https://github.com/acme/vaults/actions/runs/1",
			"repository": "acme/vaults", "actor": "octocat", "run_id": num("99999999999")},
			map[string]any{"branch": "main", "commit": "0123456789abcdef0123456789abcdef01234567",
				"pull_request": int64(42), "provider": "github", "build_url": "https://github.com/acme/vaults/actions/runs/1",
				"repository": "acme/vaults", "actor": "octocat", "run_id": int64(99999999999)}},
		{"pull request as a string", map[string]any{"pull_request": "refs/pull/7/merge"}, map[string]any{"pull_request": "refs/pull/7/merge"}},
		{"other keys: scalars, null dropped", map[string]any{"coverage": num("81.5"), "nightly": true, "runner": "x", "gone": nil},
			map[string]any{"coverage": 81.5, "nightly": true, "runner": "x"}},
		{"float64 integers become int64", map[string]any{"pull_request": float64(3)}, map[string]any{"pull_request": int64(3)}},
		{"string at the limit", map[string]any{"note": strings.Repeat("a", core.MaxCIContextString)},
			map[string]any{"note": strings.Repeat("a", core.MaxCIContextString)}},
	}
	for _, tc := range ok {
		t.Run(tc.name, func(t *testing.T) {
			got, err := core.NormalizeCIContext(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	many := map[string]any{}
	for i := range core.MaxCIContextKeys + 1 {
		many[fmt.Sprintf("k%d", i)] = "v"
	}
	big := map[string]any{}
	for i := range 10 {
		big[fmt.Sprintf("k%d", i)] = strings.Repeat("x", 1000)
	}
	bad := []struct {
		name, field, reason string
		in                  map[string]any
	}{
		{"too many keys", "ci_context", "out_of_range", many},
		{"too large", "ci_context", "out_of_range", big},
		{"uppercase key", "ci_context", "invalid", map[string]any{"Branch": "main"}},
		{"key with a dot", "ci_context", "invalid", map[string]any{"a.b": "x"}},
		{"nested object", "ci_context.pr", "invalid", map[string]any{"pr": map[string]any{"n": 1}}},
		{"array", "ci_context.tags", "invalid", map[string]any{"tags": []any{"a"}}},
		{"long string", "ci_context.note", "out_of_range", map[string]any{"note": strings.Repeat("a", core.MaxCIContextString+1)}},
		{"invalid utf-8", "ci_context.note", "out_of_range", map[string]any{"note": "\xff"}},
		{"branch not a string", "ci_context.branch", "invalid", map[string]any{"branch": num("1")}},
		{"empty branch", "ci_context.branch", "invalid", map[string]any{"branch": " "}},
		{"branch too long", "ci_context.branch", "invalid", map[string]any{"branch": strings.Repeat("b", 256)}},
		{"commit not hex", "ci_context.commit", "invalid", map[string]any{"commit": "main"}},
		{"commit too short", "ci_context.commit", "invalid", map[string]any{"commit": "abc12"}},
		{"build_url not http", "ci_context.build_url", "invalid", map[string]any{"build_url": "javascript:alert(1)"}},
		{"build_url relative", "ci_context.build_url", "invalid", map[string]any{"build_url": "/runs/1"}},
		{"pull_request zero", "ci_context.pull_request", "out_of_range", map[string]any{"pull_request": num("0")}},
		{"pull_request fraction", "ci_context.pull_request", "invalid", map[string]any{"pull_request": num("1.5")}},
		{"pull_request boolean", "ci_context.pull_request", "invalid", map[string]any{"pull_request": true}},
		{"huge number", "ci_context.n", "invalid", map[string]any{"n": num("1e999")}},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := core.NormalizeCIContext(tc.in)
			ce, ok := core.AsError(err)
			if !ok || ce.Code != core.CodeInvalidField {
				t.Fatalf("err = %v, want INVALID_FIELD", err)
			}
			got := map[string]any{"field": ce.Details["field"], "reason": ce.Details["reason"]}
			if diff := cmp.Diff(map[string]any{"field": tc.field, "reason": tc.reason}, got); diff != "" {
				t.Errorf("details (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRequireGatePlan(t *testing.T) {
	for _, tc := range []struct {
		plan string
		ok   bool
	}{{"free", false}, {"", false}, {"gold", false}, {"developer", true}, {"startup", true}, {"professional", true}, {"enterprise", true}} {
		err := core.RequireGatePlan(&core.Principal{Plan: tc.plan})
		if ce, _ := core.AsError(err); (err == nil) != tc.ok || (err != nil && ce.Code != core.CodePermissionDenied) {
			t.Errorf("plan %q: err = %v, want ok %v", tc.plan, err, tc.ok)
		}
	}
}

func TestBranchKey(t *testing.T) {
	for in, want := range map[string]string{"main": "main", "refs/heads/main": "main", " dev ": "dev", "refs/tags/v1": "refs/tags/v1"} {
		if got := core.BranchKey(in); got != want {
			t.Errorf("BranchKey(%q) = %q, want %q", in, got, want)
		}
	}
}
