package server_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/db"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

// TestScanPDFReport renders a scan with findings whose names and code use
// several scripts, extracts its text with pdftotext (poppler-utils) and
// renders its first page with pdftoppm; skipped with a message where they
// are absent (.ci/run installs them).
func TestScanPDFReport(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	c := env.SeedContract(env.Key, map[string]string{"Vault.sol": "contract Vault {}"})
	sc := env.SeedScan(c, "completed")
	titles := []string{"Reentrancy in withdraw", "Ünïcödé Ελληνικά Кириллица title", "Unchecked call"}
	env.SeedVulnerabilities(sc, 30, func(i int, v *db.Vulnerability) {
		v.Title = titles[i%len(titles)]
		v.Severity = []string{"critical", "high", "medium", "low"}[i%4]
		v.Snippet = "msg.sender.call{value: amount}(\"\"); // Привет"
		v.Description = "State is written after an external call."
		v.Recommendation = "Update state before the call, or use a reentrancy guard."
		v.CWE = "CWE-841"
	})
	r := env.Do("GET", "/api/v1/scans/"+sc.ID.String()+"/report.pdf", env.Key, nil)
	if r.Status != 200 || r.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(r.Body, []byte("%PDF-")) {
		t.Fatalf("pdf: %d %s %.40q", r.Status, r.Header.Get("Content-Type"), r.Body)
	}
	queued := env.SeedScan(c, "queued")
	if r := env.Do("GET", "/api/v1/scans/"+queued.ID.String()+"/report.pdf", env.Key, nil); r.Status != 409 || r.ErrorCode() != "SCAN_IN_PROGRESS" {
		t.Fatalf("queued scan: %d %s", r.Status, r.Body)
	}
	if r := env.Do("GET", "/api/v1/scans/"+sc.ID.String()+"/report.pdf", env.NewOrg("other", "developer"), nil); r.Status != 404 {
		t.Fatalf("another organization: %d", r.Status)
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext (poppler-utils) not installed: the PDF's text is not checked")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "report.pdf")
	if err := os.WriteFile(file, r.Body, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", file, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v %s", err, out)
	}
	text := string(out)
	for _, want := range []string{"Smart-contract security scan", "acme", sc.ID.String(), "Executive summary",
		"30 finding(s): 8 critical, 8 high, 7 medium, 7 low", "Ünïcödé Ελληνικά Кириллица", "Привет",
		"Recommendation", "CWE-841", "page 2 of", "Findings"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF's text lacks %q", want)
		}
	}
	if out, err := exec.Command("pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "2", file, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	if pngs, _ := filepath.Glob(filepath.Join(dir, "page*.png")); len(pngs) != 2 {
		t.Fatalf("pdftoppm rendered %d pages, want 2", len(pngs))
	}
}
