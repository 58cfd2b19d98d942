package scanner_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner"
)

// fakeLang reports a finding on every line starting with "BUG" (rule FAKE-BUG,
// standard tier) or "bug" (FAKE-DEEP, deep tier), and a parse error on
// lines containing "ERR".
type fakeLang struct{ parsers *atomic.Int32 }

func (fakeLang) Name() string         { return "fake" }
func (fakeLang) Extensions() []string { return []string{".fake"} }
func (fakeLang) ScannerID() string    { return "bulwark-fake" }
func (fakeLang) Rules() []scanner.Rule {
	return []scanner.Rule{
		{ID: "FAKE-BUG", Title: "bug", Severity: scanner.High, Confidence: 0.9, Category: "other", Description: "d", Recommendation: "r", Tier: scanner.TierStandard},
		{ID: "FAKE-DEEP", Title: "deep bug", Severity: scanner.Low, Confidence: 0.5, Category: "other", Description: "d", Recommendation: "r", Tier: scanner.TierDeep},
	}
}
func (l fakeLang) NewParser() scanner.Parser {
	if l.parsers != nil {
		l.parsers.Add(1)
	}
	return fakeParser{}
}
func (fakeLang) Link([]scanner.Parsed) {}

type fakeParser struct{}

func (fakeParser) Close() {}
func (fakeParser) Parse(f scanner.File) scanner.Parsed {
	return &fakeUnit{f: f}
}

type fakeUnit struct{ f scanner.File }

func (u *fakeUnit) lines() []string { return strings.Split(string(u.f.Content), "\n") }
func (u *fakeUnit) Lines() int      { return len(u.lines()) }
func (u *fakeUnit) Errors() []scanner.FileError {
	var out []scanner.FileError
	for i, l := range u.lines() {
		if strings.Contains(l, "ERR") {
			out = append(out, scanner.FileError{File: u.f.Path, Line: i + 1, Message: "syntax error"})
		}
	}
	return out
}
func (u *fakeUnit) Check(enabled func(scanner.Rule) bool) []scanner.Finding {
	rules := fakeLang{}.Rules()
	var out []scanner.Finding
	for i, l := range u.lines() {
		if strings.HasPrefix(l, "BUG") && enabled(rules[0]) {
			out = append(out, scanner.Finding{DetectorID: "FAKE-BUG", Line: i + 1})
		}
		if strings.HasPrefix(l, "bug") && enabled(rules[1]) {
			out = append(out, scanner.Finding{DetectorID: "FAKE-DEEP", Line: i + 1})
		}
	}
	return out
}

type row struct {
	File, ID   string
	Line       int
	Suppressed bool
}

func rows(rep *scanner.Report) []row {
	var out []row
	for _, f := range rep.Findings {
		out = append(out, row{f.File, f.DetectorID, f.Line, f.Suppressed})
	}
	return out
}

func TestRun(t *testing.T) {
	files := []scanner.File{
		{Path: "b.fake", Content: []byte("ok\nBUG here\n// bulwark-disable-next-line FAKE-BUG -- accepted risk\nBUG again\nbug deep")},
		{Path: "a.fake", Content: []byte("ERR\nBUG after an error")},
		{Path: "ignored.txt", Content: []byte("BUG")},
	}
	tests := []struct {
		preset string
		want   []row
	}{
		{scanner.PresetQuick, nil},
		{scanner.PresetStandard, []row{{"a.fake", "FAKE-BUG", 2, false}, {"b.fake", "FAKE-BUG", 2, false}, {"b.fake", "FAKE-BUG", 4, true}}},
		{scanner.PresetDeep, []row{{"a.fake", "FAKE-BUG", 2, false}, {"b.fake", "FAKE-BUG", 2, false}, {"b.fake", "FAKE-BUG", 4, true}, {"b.fake", "FAKE-DEEP", 5, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.preset, func(t *testing.T) {
			rep, err := scanner.New(fakeLang{}).Run(context.Background(), files, scanner.Options{Preset: tt.preset, Workers: 3})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, rows(rep)); diff != "" {
				t.Errorf("findings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]scanner.FileError{{File: "a.fake", Line: 1, Message: "syntax error"}}, rep.Errors); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
			if rep.Files != 2 || rep.Lines != 7 {
				t.Errorf("files, lines = %d, %d; want 2, 7", rep.Files, rep.Lines)
			}
			if diff := cmp.Diff([]string{"bulwark-fake"}, rep.ScannersUsed); diff != "" {
				t.Errorf("scanners (-want +got):\n%s", diff)
			}
			for _, f := range rep.Findings {
				if f.Title == "" || f.Severity == "" || f.Scanner != "bulwark-fake" || f.Fingerprint == "" || f.Snippet == "" {
					t.Errorf("metadata not filled in: %+v", f)
				}
			}
		})
	}
}

// TestRunContextFiles: a file read for its definitions only is parsed
// and linked but not checked, and its findings, parse errors and lines
// are not reported; a finding another file's detector places in it is
// dropped too (scanner/solidity's TestFindingInBaseFile reaches across
// files).
func TestRunContextFiles(t *testing.T) {
	files := []scanner.File{
		{Path: "a.fake", Content: []byte("BUG\nok")},
		{Path: "base.fake", Content: []byte("ERR\nBUG\nBUG"), Context: true},
	}
	rep, err := scanner.New(fakeLang{}).Run(context.Background(), files, scanner.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]row{{"a.fake", "FAKE-BUG", 1, false}}, rows(rep)); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	if len(rep.Errors) != 0 || rep.Files != 1 || rep.Lines != 2 {
		t.Errorf("errors %v, files %d, lines %d; want none, 1, 2", rep.Errors, rep.Files, rep.Lines)
	}
}

// TestFingerprintStable: unrelated edits above a finding keep its
// fingerprint; the same snippet twice gets two fingerprints.
func TestFingerprintStable(t *testing.T) {
	eng := scanner.New(fakeLang{})
	run := func(src string) []string {
		rep, err := eng.Run(context.Background(), []scanner.File{{Path: "x.fake", Content: []byte(src)}}, scanner.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var fps []string
		for _, f := range rep.Findings {
			fps = append(fps, f.Fingerprint)
		}
		return fps
	}
	before := run("BUG one\nBUG one")
	after := run("new line\n\n  more\nBUG one\nBUG  one")
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("fingerprints moved with the code (-before +after):\n%s", diff)
	}
	if len(before) != 2 || before[0] == before[1] {
		t.Errorf("duplicate snippets share a fingerprint: %v", before)
	}
}

func TestRunOneParserPerWorker(t *testing.T) {
	var n atomic.Int32
	var files []scanner.File
	for i := range 50 {
		files = append(files, scanner.File{Path: fmt.Sprintf("f%d.fake", i), Content: []byte("BUG")})
	}
	rep, err := scanner.New(fakeLang{parsers: &n}).Run(context.Background(), files, scanner.Options{Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 50 {
		t.Errorf("%d findings, want 50", len(rep.Findings))
	}
	if got := n.Load(); got < 1 || got > 4 {
		t.Errorf("%d parsers for 4 workers", got)
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := scanner.New(fakeLang{}).Run(ctx, []scanner.File{{Path: "a.fake"}}, scanner.Options{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestSuppressionForms(t *testing.T) {
	src := "BUG // bulwark-disable-line FAKE-BUG\n# bulwark-disable-next-line\nBUG\n// bulwark-disable-next-line OTHER-ID\nBUG"
	rep, err := scanner.New(fakeLang{}).Run(context.Background(), []scanner.File{{Path: "s.fake", Content: []byte(src)}}, scanner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []row{{"s.fake", "FAKE-BUG", 1, true}, {"s.fake", "FAKE-BUG", 3, true}, {"s.fake", "FAKE-BUG", 5, false}}
	if diff := cmp.Diff(want, rows(rep)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	rep, err = scanner.New(fakeLang{}).Run(context.Background(), []scanner.File{{Path: "r.fake", Content: []byte("// bulwark-disable-next-line FAKE-BUG -- owner is a multisig\nBUG")}}, scanner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Findings[0].SuppressionReason; got != "owner is a multisig" {
		t.Errorf("reason = %q", got)
	}
}

func TestSeverity(t *testing.T) {
	for _, s := range []string{"critical", "HIGH", " medium ", "low"} {
		if _, ok := scanner.ParseSeverity(s); !ok {
			t.Errorf("ParseSeverity(%q) failed", s)
		}
	}
	if _, ok := scanner.ParseSeverity("info"); ok {
		t.Error("info accepted")
	}
	if !(scanner.Critical.Rank() > scanner.High.Rank() && scanner.High.Rank() > scanner.Medium.Rank() && scanner.Medium.Rank() > scanner.Low.Rank()) {
		t.Error("ranks out of order")
	}
}
