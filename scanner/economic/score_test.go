package economic_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/economic"
)

func s(sev scanner.Severity, cat string) economic.Scored {
	return economic.Scored{Severity: sev, Category: cat}
}

// TestScore: decisions.md's formula, min(100, round(Σ weight × multiplier)),
// on the README's worked example and at each rounding and cap edge.
func TestScore(t *testing.T) {
	const fl, mev, defi = economic.CategoryFlashLoan, economic.CategoryOracleMEV, economic.CategoryDeFi
	cases := []struct {
		name string
		in   []economic.Scored
		want int
	}{
		{"none", nil, 0},
		{"README example: high flash loan + medium MEV + low DeFi = 32.5 + 10 + 3.6", []economic.Scored{s(scanner.High, fl), s(scanner.Medium, mev), s(scanner.Low, defi)}, 46},
		{"one low MEV", []economic.Scored{s(scanner.Low, mev)}, 3},
		{"one low flash loan 3.9 rounds up", []economic.Scored{s(scanner.Low, fl)}, 4},
		{"one low DeFi 3.6 rounds up", []economic.Scored{s(scanner.Low, defi)}, 4},
		{"two low DeFi and a low flash loan: 11.1", []economic.Scored{s(scanner.Low, defi), s(scanner.Low, defi), s(scanner.Low, fl)}, 11},
		{"critical flash loan 52", []economic.Scored{s(scanner.Critical, fl)}, 52},
		{"high DeFi 30", []economic.Scored{s(scanner.High, defi)}, 30},
		{"medium flash loan 13", []economic.Scored{s(scanner.Medium, fl)}, 13},
		{"two highs of flash loans and a medium DeFi: 65 + 12 = 77", []economic.Scored{s(scanner.High, fl), s(scanner.High, fl), s(scanner.Medium, defi)}, 77},
		{"a half rounds up: 32.5 gives 33", []economic.Scored{s(scanner.High, fl)}, 33},
		{"capped at 100", []economic.Scored{s(scanner.Critical, fl), s(scanner.Critical, fl)}, 100},
		{"unknown category counts as 1.0", []economic.Scored{s(scanner.High, "other")}, 25},
	}
	for _, c := range cases {
		if got := economic.Score(c.in); got != c.want {
			t.Errorf("%s: Score = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestRiskLevel checks every boundary of decisions.md's levels.
func TestRiskLevel(t *testing.T) {
	cases := []struct {
		score    int
		critical bool
		want     string
	}{
		{0, false, "none"}, {1, false, "low"}, {9, false, "low"}, {10, false, "medium"}, {24, false, "medium"},
		{25, false, "high"}, {49, false, "high"}, {50, false, "critical"}, {100, false, "critical"},
		{3, true, "critical"}, {0, true, "critical"},
	}
	for _, c := range cases {
		if got := economic.RiskLevel(c.score, c.critical); got != c.want {
			t.Errorf("RiskLevel(%d, %v) = %s, want %s", c.score, c.critical, got, c.want)
		}
	}
}
