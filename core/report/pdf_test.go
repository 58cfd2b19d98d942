package report_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/bulwark-sec/bulwark/core/report"
	"github.com/bulwark-sec/bulwark/db"
)

func input(n int) report.Input {
	sc := &db.Scan{ID: uuid.New(), Status: "completed", Preset: "standard", ScannersUsed: []string{"bulwark-solidity"},
		CreatedAt: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
	in := report.Input{Organization: "acme", Project: "vault", Contract: "Vault.sol", Scan: sc, Version: "test",
		Generated: sc.CreatedAt}
	for i := 0; i < n; i++ {
		in.Findings = append(in.Findings, db.Vulnerability{ID: uuid.New(), Severity: []string{"critical", "high", "medium", "low"}[i%4],
			Title: fmt.Sprintf("Finding %d", i), DetectorID: "SOL-TEST", Category: "reentrancy", File: "src/Vault.sol",
			Line: i + 1, Snippet: "function withdraw() external {\n    msg.sender.call{value: bal}(\"\");\n}",
			Description: "State is written after an external call.", Recommendation: "Use checks-effects-interactions.",
			Confidence: 0.8, Status: "open"})
	}
	return in
}

func TestEmptyAndSmallReports(t *testing.T) {
	for _, n := range []int{0, 1, 25} {
		var b bytes.Buffer
		if err := report.WritePDF(&b, input(n)); err != nil {
			t.Fatalf("%d findings: %v", n, err)
		}
		if !bytes.HasPrefix(b.Bytes(), []byte("%PDF-")) || b.Len() < 1000 {
			t.Fatalf("%d findings: not a PDF (%d bytes)", n, b.Len())
		}
	}
}

// BenchmarkPDF5000Findings: a 5,000-finding report (two layout passes for
// the index's page numbers). -benchmem gives the memory it takes.
func BenchmarkPDF5000Findings(b *testing.B) {
	in := input(5000)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := report.WritePDF(io.Discard, in); err != nil {
			b.Fatal(err)
		}
	}
}
