// Package economic is bulwark's economic (DeFi) scanner: detectors of
// flash-loan, oracle and MEV, and DeFi accounting risks that run on the
// Solidity scanner's units (its symbols, control flow, guards and data
// flow) and report as bulwark-economic, and the economic risk score of
// decisions.md.
package economic

import (
	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// ScannerID names this scanner in findings and SARIF.
const ScannerID = "bulwark-economic"

// Categories of economic findings, as the economic-analysis endpoint
// groups them.
const (
	CategoryFlashLoan = "flash_loan"
	CategoryOracleMEV = "oracle_mev"
	CategoryDeFi      = "defi"
)

// detectors is the explicit registry, in report order.
var detectors = []scanner.Detector[*solidity.Unit]{
	spotPrice{},
	chainlinkStale{},
	flashCallback{},
	spotBalancePower{},
	zeroSlippage{},
	timestampDeadline{},
	vaultInflation{},
	feeOnTransfer{},
}

// Detectors returns the economic detectors, for solidity.New.
func Detectors() []scanner.Detector[*solidity.Unit] {
	return append([]scanner.Detector[*solidity.Unit](nil), detectors...)
}

// rule fills what every economic rule shares.
func rule(r scanner.Rule) scanner.Rule {
	r.Scanner = ScannerID
	return r
}

// weights and multipliers of decisions.md's score.
var (
	weights = map[scanner.Severity]int{scanner.Critical: 40, scanner.High: 25, scanner.Medium: 10, scanner.Low: 3}
	// multipliers in tenths, so the sum is exact and rounds half up.
	multipliers = map[string]int{CategoryFlashLoan: 13, CategoryDeFi: 12, CategoryOracleMEV: 10}
)

// Scored is what the score needs of a finding.
type Scored struct {
	Severity scanner.Severity
	Category string
}

// Score is decisions.md's economic risk score: min(100, round(Σ
// weight(severity) × multiplier(category))), weights critical 40, high 25,
// medium 10, low 3, multipliers flash loan 1.3, DeFi 1.2, MEV 1.0. A
// category outside the three counts as MEV (1.0).
func Score(fs []Scored) int {
	tenths := 0
	for _, f := range fs {
		m, ok := multipliers[f.Category]
		if !ok {
			m = 10
		}
		tenths += weights[f.Severity] * m
		if tenths >= 1000 {
			return 100
		}
	}
	return min(100, (tenths+5)/10)
}

// Risk levels of the score.
const (
	RiskCritical = "critical"
	RiskHigh     = "high"
	RiskMedium   = "medium"
	RiskLow      = "low"
	RiskNone     = "none"
)

// RiskLevel is decisions.md's level: critical when any finding is critical
// or the score is 50 or more; high 25–49; medium 10–24; low 1–9; none 0.
func RiskLevel(score int, anyCritical bool) string {
	switch {
	case anyCritical || score >= 50:
		return RiskCritical
	case score >= 25:
		return RiskHigh
	case score >= 10:
		return RiskMedium
	case score >= 1:
		return RiskLow
	}
	return RiskNone
}
