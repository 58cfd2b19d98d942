// Package bench measures the engine against labelled corpora: recall and
// precision on SmartBugs Curated, parse rate and noise on OpenZeppelin, and
// wall time. The corpora live outside the repository in shared/bench.
package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"

	"github.com/bulwark-sec/bulwark/scanner"
)

// ErrNoCorpus reports that shared/bench could not be found.
var ErrNoCorpus = errors.New("shared/bench not found: set BULWARK_SHARED_DIR or check out shared/ beside the repository")

// Categories are SmartBugs' DASP categories, in report order.
var Categories = []string{
	"access_control", "arithmetic", "bad_randomness", "denial_of_service", "front_running",
	"other", "reentrancy", "short_addresses", "time_manipulation", "unchecked_low_level_calls",
}

// SharedDir locates the shared directory: $BULWARK_SHARED_DIR, else the
// first shared/ holding bench/ found walking up from the working directory.
func SharedDir() (string, error) {
	if d := os.Getenv("BULWARK_SHARED_DIR"); d != "" {
		if st, err := os.Stat(filepath.Join(d, "bench")); err == nil && st.IsDir() {
			return d, nil
		}
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d, nil // the schemas may be there without the corpora
		}
		return "", fmt.Errorf("BULWARK_SHARED_DIR=%s: %w", d, ErrNoCorpus)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		cand := filepath.Join(dir, "shared")
		if st, err := os.Stat(filepath.Join(cand, "bench")); err == nil && st.IsDir() {
			return cand, nil
		}
		if filepath.Dir(dir) == dir {
			return "", ErrNoCorpus
		}
	}
}

// CategoryScore is recall and noise for one category.
type CategoryScore struct {
	Category   string `json:"category"`
	Labels     int    `json:"labels"`
	Exact      int    `json:"exact"`
	Near       int    `json:"near"` // within ±2 lines
	Findings   int    `json:"findings"`
	Unlabelled int    `json:"unlabelled"`
}

// SmartBugs is the result over SmartBugs Curated.
type SmartBugs struct {
	Files      int             `json:"files"`
	Categories []CategoryScore `json:"categories"`
	Total      CategoryScore   `json:"total"`
	Precision  float64         `json:"precision"`
	// Judged counts the findings in a file that has a label of their
	// category (SmartBugs audited the file for that class), JudgedHits
	// those within two lines of such a label.
	Judged     int           `json:"judged"`
	JudgedHits int           `json:"judged_hits"`
	Elapsed    time.Duration `json:"elapsed_ns"`
	CPU        time.Duration `json:"cpu_ns"`
	Misses     []string      `json:"misses,omitempty"`
	Noise      []string      `json:"noise,omitempty"`
}

type label struct {
	file     string
	line     int
	category string
}

// RunSmartBugs scans every labelled file of dir (smartbugs-curated), each as
// its own bundle, and scores the findings against vulnerabilities.json.
func RunSmartBugs(ctx context.Context, eng *scanner.Engine, dir, preset string) (*SmartBugs, error) {
	return runSmartBugs(ctx, eng, dir, preset, nil)
}

// RunSmartBugsRenamed is RunSmartBugs on a copy of the corpus, made in
// memory, whose identifiers are renamed by Rename: lines and labels are
// unchanged, names are not, so a detector keying on names loses recall.
func RunSmartBugsRenamed(ctx context.Context, eng *scanner.Engine, dir, preset string) (*SmartBugs, error) {
	return runSmartBugs(ctx, eng, dir, preset, Rename)
}

func runSmartBugs(ctx context.Context, eng *scanner.Engine, dir, preset string, transform func([]byte) []byte) (*SmartBugs, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "vulnerabilities.json"))
	if err != nil {
		return nil, fmt.Errorf("read labels: %w", err)
	}
	var entries []struct {
		Path            string `json:"path"`
		Vulnerabilities []struct {
			Lines    []int  `json:"lines"`
			Category string `json:"category"`
		} `json:"vulnerabilities"`
	}
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, fmt.Errorf("parse labels: %w", err)
	}
	var labels []label
	var files []scanner.File
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Path))
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", e.Path, err)
		}
		if transform != nil {
			b = transform(b)
		}
		files = append(files, scanner.File{Path: e.Path, Content: b})
		for _, v := range e.Vulnerabilities {
			for _, l := range v.Lines {
				labels = append(labels, label{e.Path, l, v.Category})
			}
		}
	}
	start, cpu := time.Now(), CPUTime()
	findings, err := scanEach(ctx, eng, files, preset)
	if err != nil {
		return nil, err
	}
	res := &SmartBugs{Files: len(files), Elapsed: time.Since(start), CPU: CPUTime() - cpu}
	res.score(labels, findings)
	return res, nil
}

// scanEach runs every file as its own bundle, files in parallel.
func scanEach(ctx context.Context, eng *scanner.Engine, files []scanner.File, preset string) ([]scanner.Finding, error) {
	out := make([][]scanner.Finding, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				rep, err := eng.Run(ctx, files[i:i+1], scanner.Options{Preset: preset, Workers: 1})
				if err != nil {
					errs[i] = err
					continue
				}
				out[i] = rep.Findings
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	var all []scanner.Finding
	for i := range files {
		if errs[i] != nil {
			return nil, errs[i]
		}
		all = append(all, out[i]...)
	}
	return all, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (r *SmartBugs) score(labels []label, findings []scanner.Finding) {
	dasp := map[string]bool{}
	byCat := map[string]*CategoryScore{}
	for _, c := range Categories {
		dasp[c] = true
		byCat[c] = &CategoryScore{Category: c}
	}
	type key struct{ file, cat string }
	fByKey := map[key][]scanner.Finding{}
	for _, f := range findings {
		if f.Suppressed {
			continue
		}
		fByKey[key{f.File, f.Category}] = append(fByKey[key{f.File, f.Category}], f)
	}
	lByKey := map[key][]label{}
	for _, l := range labels {
		lByKey[key{l.file, l.category}] = append(lByKey[key{l.file, l.category}], l)
		s := byCat[l.category]
		if s == nil {
			continue
		}
		s.Labels++
		best := -1
		for _, f := range fByKey[key{l.file, l.category}] {
			if d := abs(f.Line - l.line); best < 0 || d < best {
				best = d
			}
		}
		switch {
		case best == 0:
			s.Exact++
			s.Near++
		case best > 0 && best <= 2:
			s.Near++
		default:
			r.Misses = append(r.Misses, fmt.Sprintf("%s:%d %s", l.file, l.line, l.category))
		}
	}
	for _, f := range findings {
		if f.Suppressed || !dasp[f.Category] {
			continue
		}
		s := byCat[f.Category]
		s.Findings++
		hit := false
		for _, l := range lByKey[key{f.File, f.Category}] {
			if abs(f.Line-l.line) <= 2 {
				hit = true
				break
			}
		}
		if len(lByKey[key{f.File, f.Category}]) > 0 {
			r.Judged++
			if hit {
				r.JudgedHits++
			}
		}
		if !hit {
			s.Unlabelled++
			r.Noise = append(r.Noise, fmt.Sprintf("%s:%d %s %s", f.File, f.Line, f.DetectorID, f.Snippet))
		}
	}
	r.Total.Category = "overall"
	for _, c := range Categories {
		s := byCat[c]
		r.Categories = append(r.Categories, *s)
		r.Total.Labels += s.Labels
		r.Total.Exact += s.Exact
		r.Total.Near += s.Near
		r.Total.Findings += s.Findings
		r.Total.Unlabelled += s.Unlabelled
	}
	if r.Total.Findings > 0 {
		r.Precision = float64(r.Total.Findings-r.Total.Unlabelled) / float64(r.Total.Findings)
	}
	sort.Strings(r.Misses)
	sort.Strings(r.Noise)
}

// RealWorld is the result over an audited code base.
type RealWorld struct {
	Files      int                      `json:"files"`
	CleanFiles int                      `json:"clean_files"`
	Lines      int                      `json:"lines"`
	BySeverity map[scanner.Severity]int `json:"by_severity"`
	Elapsed    time.Duration            `json:"elapsed_ns"`
	CPU        time.Duration            `json:"cpu_ns"`
	Findings   []scanner.Finding        `json:"-"`
	Errors     []scanner.FileError      `json:"-"`
}

// ParseRate is the share of files parsed without error nodes.
func (r *RealWorld) ParseRate() float64 {
	if r.Files == 0 {
		return 0
	}
	return float64(r.CleanFiles) / float64(r.Files)
}

// PerKLOC returns findings of a severity per 1,000 lines.
func (r *RealWorld) PerKLOC(s scanner.Severity) float64 {
	if r.Lines == 0 {
		return 0
	}
	return float64(r.BySeverity[s]) * 1000 / float64(r.Lines)
}

// RunRealWorld scans every Solidity file under dir as one bundle.
func RunRealWorld(ctx context.Context, eng *scanner.Engine, dir, preset string) (*RealWorld, error) {
	return RunCorpus(ctx, eng, dir, "solidity", preset)
}

// RunCorpus scans every file of one of the engine's languages under dir
// as one bundle (test code is the language scanner's to skip: Rust's
// #[cfg(test)] modules, Move's #[test_only] items).
func RunCorpus(ctx context.Context, eng *scanner.Engine, dir, lang, preset string) (*RealWorld, error) {
	files, err := sources(eng, dir, lang)
	if err != nil {
		return nil, err
	}
	start, cpu := time.Now(), CPUTime()
	rep, err := eng.Run(ctx, files, scanner.Options{Preset: preset})
	if err != nil {
		return nil, err
	}
	r := &RealWorld{Files: rep.Files, Lines: rep.Lines, BySeverity: map[scanner.Severity]int{}, Elapsed: time.Since(start), CPU: CPUTime() - cpu,
		Errors: rep.Errors}
	bad := map[string]bool{}
	for _, e := range rep.Errors {
		bad[e.File] = true
	}
	r.CleanFiles = rep.Files - len(bad)
	for _, f := range rep.Findings {
		if !f.Suppressed {
			r.BySeverity[f.Severity]++
			r.Findings = append(r.Findings, f)
		}
	}
	return r, nil
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

// Print writes the SmartBugs table as Markdown.
func (r *SmartBugs) Print(w io.Writer) {
	fmt.Fprintf(w, "SmartBugs Curated: %d files, %s wall, %s CPU (engine only, %d cores)\n\n", r.Files, r.Elapsed.Round(time.Millisecond), r.CPU.Round(time.Millisecond), runtime.GOMAXPROCS(0))
	fmt.Fprintln(w, "| category | labels | recall exact | recall ±2 | findings | unlabelled |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	for _, s := range append(r.Categories, r.Total) {
		fmt.Fprintf(w, "| %s | %d | %s | %s | %d | %d |\n", s.Category, s.Labels, pct(s.Exact, s.Labels), pct(s.Near, s.Labels), s.Findings, s.Unlabelled)
	}
	fmt.Fprintf(w, "\nPrecision (findings within ±2 lines of a label of their category / findings in the corpus' categories): %.1f%%\n", 100*r.Precision)
	fmt.Fprintf(w, "Precision on judged files only (findings in a file labelled for their category: %d of %d; SmartBugs labels one class per file, so the others are neither confirmed nor refuted): %s\n",
		r.Judged, r.Total.Findings, pct(r.JudgedHits, r.Judged))
}

// Print writes the real-world summary.
func (r *RealWorld) Print(w io.Writer, name string) {
	fmt.Fprintf(w, "%s: %d files, %d lines, %s parsed without error nodes, %s wall, %s CPU\n", name, r.Files, r.Lines, pct(r.CleanFiles, r.Files), r.Elapsed.Round(time.Millisecond), r.CPU.Round(time.Millisecond))
	fmt.Fprintln(w, "\n| severity | findings | per 1,000 lines |")
	fmt.Fprintln(w, "|---|---:|---:|")
	for _, s := range []scanner.Severity{scanner.Critical, scanner.High, scanner.Medium, scanner.Low} {
		fmt.Fprintf(w, "| %s | %d | %.3f |\n", s, r.BySeverity[s], r.PerKLOC(s))
	}
}

// PrintCorpora writes one row per corpus of other languages: parse rate,
// critical and high findings per 10,000 lines, and time.
func PrintCorpora(w io.Writer, rows []Corpus) {
	fmt.Fprintln(w, "| language | corpus | files | lines | parsed without error | critical | high | crit+high per 10,000 lines | medium | low | wall | CPU |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, c := range rows {
		r := c.Result
		ch := r.BySeverity[scanner.Critical] + r.BySeverity[scanner.High]
		per := 0.0
		if r.Lines > 0 {
			per = float64(ch) * 10000 / float64(r.Lines)
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %d (%s) | %d | %d | %.2f | %d | %d | %s | %s |\n", c.Language, c.Name, r.Files, r.Lines,
			r.CleanFiles, pct(r.CleanFiles, r.Files), r.BySeverity[scanner.Critical], r.BySeverity[scanner.High], per,
			r.BySeverity[scanner.Medium], r.BySeverity[scanner.Low], r.Elapsed.Round(time.Millisecond), r.CPU.Round(time.Millisecond))
	}
}

// Corpus is one repository of shared/bench/realworld/<language>/.
type Corpus struct {
	Language string     `json:"language"`
	Name     string     `json:"name"`
	Result   *RealWorld `json:"result"`
}

// RunLanguages scans each repository folder of realworld/<language>/ for
// every language of the engine but Solidity (which has its own tables),
// in language then folder order. A language without a corpus is left out.
func RunLanguages(ctx context.Context, eng *scanner.Engine, realworld, preset string) ([]Corpus, error) {
	var out []Corpus
	for _, l := range eng.Languages() {
		if l.Name() == "solidity" {
			continue
		}
		ents, err := os.ReadDir(filepath.Join(realworld, l.Name()))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, err
		}
		for _, e := range ents {
			if !e.IsDir() {
				continue
			}
			r, err := RunCorpus(ctx, eng, filepath.Join(realworld, l.Name(), e.Name()), l.Name(), preset)
			if err != nil {
				return nil, err
			}
			out = append(out, Corpus{Language: l.Name(), Name: e.Name(), Result: r})
		}
	}
	return out, nil
}

// Recall is the share of labels found within ±2 lines.
func (r *SmartBugs) Recall() float64 {
	if r.Total.Labels == 0 {
		return 0
	}
	return float64(r.Total.Near) / float64(r.Total.Labels)
}

// PrintSummary writes overall recall and precision on one line.
func (r *SmartBugs) PrintSummary(w io.Writer, name string) {
	fmt.Fprintf(w, "%s: recall ±2 %s (%d of %d labels), exact %s, precision %.1f%% (%d findings, %d unlabelled)\n",
		name, pct(r.Total.Near, r.Total.Labels), r.Total.Near, r.Total.Labels, pct(r.Total.Exact, r.Total.Labels), 100*r.Precision, r.Total.Findings, r.Total.Unlabelled)
}

// Cost is the time one scanner adds to a corpus: the engine with it
// against the engine without it, best of several runs each, in one
// process.
type Cost struct {
	Corpus  string        `json:"corpus"`
	Files   int           `json:"files"`
	Lines   int           `json:"lines"`
	Without time.Duration `json:"without_ns"`
	With    time.Duration `json:"with_ns"`
	// Findings of the scanner by severity on the corpus.
	BySeverity map[scanner.Severity]int `json:"by_severity"`
}

// Ratio is With over Without.
func (c Cost) Ratio() float64 {
	if c.Without <= 0 {
		return 0
	}
	return float64(c.With) / float64(c.Without)
}

// ScannerCost times each corpus (a folder of Solidity files scanned as one
// bundle) with base and with full, runs times each, keeping the fastest,
// and counts full's findings of scannerID.
func ScannerCost(ctx context.Context, base, full *scanner.Engine, scannerID string, corpora map[string]string, runs int) ([]Cost, error) {
	names := make([]string, 0, len(corpora))
	for n := range corpora {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []Cost
	for _, name := range names {
		c := Cost{Corpus: name, BySeverity: map[scanner.Severity]int{}}
		for i := 0; i < runs; i++ {
			for _, e := range []*scanner.Engine{base, full} {
				r, err := RunRealWorld(ctx, e, corpora[name], scanner.PresetStandard)
				if err != nil {
					return nil, err
				}
				d := &c.Without
				if e == full {
					d = &c.With
					if i == 0 {
						c.Files, c.Lines = r.Files, r.Lines
						for _, f := range r.Findings {
							if f.Scanner == scannerID {
								c.BySeverity[f.Severity]++
							}
						}
					}
				}
				if *d == 0 || r.Elapsed < *d {
					*d = r.Elapsed
				}
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// PrintCost writes the cost table.
func PrintCost(w io.Writer, scannerID string, costs []Cost) {
	fmt.Fprintf(w, "| corpus | files | lines | without %s | with | ratio | %s critical+high | per 10,000 lines |\n|---|---:|---:|---:|---:|---:|---:|---:|\n", scannerID, scannerID)
	for _, c := range costs {
		ch := c.BySeverity[scanner.Critical] + c.BySeverity[scanner.High]
		per := 0.0
		if c.Lines > 0 {
			per = float64(ch) * 10000 / float64(c.Lines)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %s | %s | %.2f× | %d | %.2f |\n", c.Corpus, c.Files, c.Lines,
			c.Without.Round(time.Millisecond), c.With.Round(time.Millisecond), c.Ratio(), ch, per)
	}
}

// sources reads every file of one of the engine's languages under dir,
// with paths relative to dir.
func sources(eng *scanner.Engine, dir, lang string) ([]scanner.File, error) {
	var files []scanner.File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if l, ok := eng.LanguageOf(p); d.IsDir() || !ok || l != lang {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files = append(files, scanner.File{Path: filepath.ToSlash(rel), Content: b})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", dir, err)
	}
	return files, nil
}

// Scale is one scan of a repository of at least MinLines lines, made of
// copies of a corpus under distinct folders (a monorepo's size).
type Scale struct {
	Files   int           `json:"files"`
	Lines   int           `json:"lines"`
	Elapsed time.Duration `json:"elapsed_ns"`
	CPU     time.Duration `json:"cpu_ns"`
	Workers int           `json:"workers"`
}

// RunScale copies the Solidity files under dir into copy-N/ folders until
// the bundle holds at least minLines lines, and scans it once as one
// bundle on every core.
func RunScale(ctx context.Context, eng *scanner.Engine, dir string, minLines int, preset string) (*Scale, error) {
	base, err := sources(eng, dir, "solidity")
	if err != nil {
		return nil, err
	}
	lines := 0
	for _, f := range base {
		lines += bytesLines(f.Content)
	}
	if lines == 0 {
		return nil, fmt.Errorf("%s: no Solidity source", dir)
	}
	var files []scanner.File
	for k := 0; len(files) == 0 || k*lines < minLines; k++ {
		for _, f := range base {
			files = append(files, scanner.File{Path: fmt.Sprintf("copy-%d/%s", k, f.Path), Content: f.Content})
		}
	}
	start, cpu := time.Now(), CPUTime()
	rep, err := eng.Run(ctx, files, scanner.Options{Preset: preset})
	if err != nil {
		return nil, err
	}
	return &Scale{Files: rep.Files, Lines: rep.Lines, Elapsed: time.Since(start), CPU: CPUTime() - cpu, Workers: runtime.GOMAXPROCS(0)}, nil
}

func bytesLines(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}
