// Package report renders a scan as a PDF an auditor can hand over: cover,
// executive summary with a severity chart, the gate verdict, an index of
// findings, and every finding in full with its code. Fonts are the Go
// fonts (golang.org/x/image/font/gofont), embedded, so Latin, Greek and
// Cyrillic text in names and code renders on any reader.
package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/bulwark-sec/bulwark/db"
)

// Input is what the report shows.
type Input struct {
	Organization, Project, Contract string
	Scan                            *db.Scan
	Findings                        []db.Vulnerability
	// Evaluation is the scan's latest quality-gate evaluation, if any.
	Evaluation *db.GateEvaluation
	Version    string
	Generated  time.Time
}

var severities = []string{"critical", "high", "medium", "low", "info"}

var sevColor = map[string][3]int{"critical": {164, 14, 38}, "high": {209, 36, 47}, "medium": {154, 103, 0},
	"low": {9, 105, 218}, "info": {89, 99, 110}}

// indexed is the number of findings above which the index carries page
// numbers (a second layout pass).
const indexed = 20

// WritePDF renders in as a PDF to w.
func WritePDF(w io.Writer, in Input) error {
	sorted := append([]db.Vulnerability(nil), in.Findings...)
	rank := map[string]int{"critical": 0, "high": 1, "medium": 2, "low": 3, "info": 4}
	sort.SliceStable(sorted, func(i, j int) bool { return rank[sorted[i].Severity] < rank[sorted[j].Severity] })
	in.Findings = sorted
	var pages []int
	if len(sorted) > indexed {
		// First pass: where each finding lands, for the index.
		_, p, err := render(in, nil)
		if err != nil {
			return err
		}
		pages = p
	}
	pdf, _, err := render(in, pages)
	if err != nil {
		return err
	}
	return pdf.Output(w)
}

func render(in Input, pages []int) (*fpdf.Fpdf, []int, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(true)
	pdf.AddUTF8FontFromBytes("go", "", goregular.TTF)
	pdf.AddUTF8FontFromBytes("go", "B", gobold.TTF)
	pdf.AddUTF8FontFromBytes("gomono", "", gomono.TTF)
	pdf.SetTitle("bulwark scan report: "+in.Project, true)
	pdf.SetCreator("bulwark "+in.Version, true)
	pdf.SetAutoPageBreak(true, 18)
	pdf.SetMargins(18, 18, 18)
	pdf.AliasNbPages("{nb}")
	pdf.SetFooterFunc(func() {
		pdf.SetY(-12)
		pdf.SetFont("go", "", 8)
		pdf.SetTextColor(110, 110, 110)
		pdf.CellFormat(0, 5, fmt.Sprintf("bulwark scan %s · page %d of {nb}", in.Scan.ID, pdf.PageNo()), "", 0, "C", false, 0, "")
		pdf.SetTextColor(0, 0, 0)
	})
	counts := map[string]int{}
	for _, v := range in.Findings {
		counts[v.Severity]++
	}

	// Cover.
	pdf.AddPage()
	pdf.Bookmark("Cover", 0, -1)
	pdf.SetFont("go", "B", 24)
	pdf.Ln(30)
	pdf.MultiCell(0, 11, "Smart-contract security scan", "", "L", false)
	pdf.SetFont("go", "", 14)
	pdf.MultiCell(0, 8, in.Project+" · "+in.Contract, "", "L", false)
	pdf.Ln(10)
	pdf.SetFont("go", "", 11)
	sc := in.Scan
	rows := [][2]string{{"Organization", in.Organization}, {"Project", in.Project}, {"Contract", in.Contract},
		{"Scan", sc.ID.String()}, {"Scanned", sc.CreatedAt.UTC().Format("2006-01-02 15:04 UTC")},
		{"Preset", sc.Preset}, {"Scanners", strings.Join(sc.ScannersUsed, ", ")}}
	if ev := in.Evaluation; ev != nil {
		if v, _ := ev.CIContext["repository"].(string); v != "" {
			rows = append(rows, [2]string{"Repository", v})
		}
		if v, _ := ev.CIContext["branch"].(string); v != "" {
			rows = append(rows, [2]string{"Branch", v})
		}
		if v, _ := ev.CIContext["commit"].(string); v != "" {
			rows = append(rows, [2]string{"Commit", v})
		}
	}
	rows = append(rows, [2]string{"Report generated", in.Generated.UTC().Format("2006-01-02 15:04 UTC") + " by bulwark " + in.Version})
	for _, r := range rows {
		pdf.SetFont("go", "B", 10)
		pdf.CellFormat(40, 7, r[0], "", 0, "L", false, 0, "")
		pdf.SetFont("go", "", 10)
		pdf.MultiCell(0, 7, r[1], "", "L", false)
	}

	// Executive summary.
	pdf.AddPage()
	pdf.Bookmark("Executive summary", 0, -1)
	heading(pdf, "Executive summary")
	pdf.SetFont("go", "", 11)
	total := len(in.Findings)
	pdf.MultiCell(0, 6, fmt.Sprintf("The scan found %d finding(s): %d critical, %d high, %d medium, %d low.",
		total, counts["critical"], counts["high"], counts["medium"], counts["low"]), "", "L", false)
	pdf.Ln(4)
	chart(pdf, counts)
	pdf.Ln(4)
	pdf.SetFont("go", "B", 11)
	switch ev := in.Evaluation; {
	case ev == nil:
		pdf.MultiCell(0, 6, "Quality gate: not evaluated for this scan.", "", "L", false)
	default:
		verdict := map[string]string{"passing": "passed", "failing": "failed"}[ev.Status]
		if verdict == "" {
			verdict = ev.Status
		}
		pdf.MultiCell(0, 6, "Quality gate: "+verdict, "", "L", false)
		pdf.SetFont("go", "", 10)
		for _, v := range ev.Violations {
			pdf.MultiCell(0, 5, "· "+v.Message, "", "L", false)
		}
	}
	if sc.EconomicRiskScore > 0 {
		pdf.SetFont("go", "B", 11)
		pdf.MultiCell(0, 6, fmt.Sprintf("Economic risk score: %d / 100", sc.EconomicRiskScore), "", "L", false)
	}
	if len(sc.FileErrors) > 0 {
		pdf.SetFont("go", "", 10)
		pdf.MultiCell(0, 5, fmt.Sprintf("%d file(s) could not be fully parsed; findings in them may be incomplete.", len(sc.FileErrors)), "", "L", false)
	}

	// Index of findings.
	links := make([]int, len(in.Findings))
	for i := range links {
		links[i] = pdf.AddLink()
	}
	if total > 0 {
		pdf.Ln(6)
		pdf.Bookmark("Findings index", 0, -1)
		heading(pdf, "Findings")
		pdf.SetFont("go", "B", 9)
		pdf.SetFillColor(235, 238, 241)
		pdf.CellFormat(20, 6, "Severity", "1", 0, "L", true, 0, "")
		pdf.CellFormat(86, 6, "Title", "1", 0, "L", true, 0, "")
		pdf.CellFormat(58, 6, "Location", "1", 0, "L", true, 0, "")
		pdf.CellFormat(10, 6, "Page", "1", 1, "R", true, 0, "")
		pdf.SetFont("go", "", 8)
		for i, v := range in.Findings {
			c := sevColor[v.Severity]
			pdf.SetTextColor(c[0], c[1], c[2])
			pdf.CellFormat(20, 5, v.Severity, "1", 0, "L", false, links[i], "")
			pdf.SetTextColor(0, 0, 0)
			pdf.CellFormat(86, 5, clip(pdf, v.Title, 84), "1", 0, "L", false, links[i], "")
			pdf.CellFormat(58, 5, clip(pdf, fmt.Sprintf("%s:%d", v.File, v.Line), 56), "1", 0, "L", false, links[i], "")
			page := ""
			if i < len(pages) {
				page = fmt.Sprint(pages[i])
			}
			pdf.CellFormat(10, 5, page, "1", 1, "R", false, links[i], "")
		}
	}

	// Every finding.
	at := make([]int, len(in.Findings))
	for i, v := range in.Findings {
		if i == 0 || in.Findings[i-1].Severity != v.Severity {
			pdf.AddPage()
			pdf.Bookmark(strings.ToUpper(v.Severity[:1])+v.Severity[1:]+" findings", 0, -1)
		} else {
			pdf.Ln(4)
		}
		at[i] = pdf.PageNo()
		pdf.SetLink(links[i], -1, -1)
		pdf.Bookmark(clipRunes(v.Title, 80), 1, -1)
		c := sevColor[v.Severity]
		pdf.SetFont("go", "B", 12)
		pdf.SetTextColor(c[0], c[1], c[2])
		pdf.MultiCell(0, 6, fmt.Sprintf("%d. [%s] %s", i+1, strings.ToUpper(v.Severity), v.Title), "", "L", false)
		pdf.SetTextColor(0, 0, 0)
		pdf.SetFont("go", "", 9)
		meta := fmt.Sprintf("%s:%d · %s · %s · confidence %.2f · status %s", v.File, v.Line, v.DetectorID, v.Category, v.Confidence, v.Status)
		if v.CWE != "" {
			meta += " · " + v.CWE
		}
		if v.SWC != "" {
			meta += " · " + v.SWC
		}
		if v.Suppressed {
			meta += " · suppressed in source"
		}
		pdf.MultiCell(0, 5, meta, "", "L", false)
		if v.Snippet != "" {
			pdf.Ln(1)
			pdf.SetFont("gomono", "", 8)
			pdf.SetFillColor(246, 248, 250)
			var b strings.Builder
			for k, line := range strings.Split(strings.TrimRight(v.Snippet, "\n"), "\n") {
				if k == 40 {
					b.WriteString("…\n")
					break
				}
				fmt.Fprintf(&b, "%5d  %s\n", max(v.Line, 1)+k, strings.ReplaceAll(line, "\t", "    "))
			}
			pdf.MultiCell(0, 4, strings.TrimRight(b.String(), "\n"), "", "L", true)
		}
		pdf.SetFont("go", "", 10)
		if v.Description != "" {
			pdf.Ln(1)
			pdf.MultiCell(0, 5, v.Description, "", "L", false)
		}
		section(pdf, "Recommendation", v.Recommendation)
		section(pdf, "Triage note", v.Note)
	}
	if total == 0 {
		pdf.Ln(6)
		pdf.SetFont("go", "", 11)
		pdf.MultiCell(0, 6, "No findings.", "", "L", false)
	}
	return pdf, at, pdf.Error()
}

// section writes a titled paragraph of a finding, nothing when body is
// empty.
func section(pdf *fpdf.Fpdf, title, body string) {
	if body == "" {
		return
	}
	pdf.Ln(1)
	pdf.SetFont("go", "B", 10)
	pdf.CellFormat(0, 5, title, "", 1, "L", false, 0, "")
	pdf.SetFont("go", "", 10)
	pdf.MultiCell(0, 5, body, "", "L", false)
}

func heading(pdf *fpdf.Fpdf, s string) {
	pdf.SetFont("go", "B", 16)
	pdf.CellFormat(0, 10, s, "", 1, "L", false, 0, "")
	pdf.Ln(2)
}

// chart draws counts by severity as horizontal bars.
func chart(pdf *fpdf.Fpdf, counts map[string]int) {
	most := 1
	for _, n := range counts {
		most = max(most, n)
	}
	x0 := pdf.GetX()
	pdf.SetFont("go", "", 10)
	for _, s := range severities[:4] {
		y := pdf.GetY()
		pdf.CellFormat(25, 7, s, "", 0, "L", false, 0, "")
		c := sevColor[s]
		pdf.SetFillColor(c[0], c[1], c[2])
		w := 110 * float64(counts[s]) / float64(most)
		if counts[s] > 0 {
			pdf.Rect(x0+25, y+1, max(w, 1), 5, "F")
		}
		pdf.SetXY(x0+25+w+2, y)
		pdf.CellFormat(20, 7, fmt.Sprint(counts[s]), "", 1, "L", false, 0, "")
		pdf.SetX(x0)
	}
}

// clip shortens s to fit width w (mm) in the current font.
func clip(pdf *fpdf.Fpdf, s string, w float64) string {
	if pdf.GetStringWidth(s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && pdf.GetStringWidth(string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
