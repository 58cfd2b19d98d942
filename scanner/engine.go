package scanner

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Rules returns the metadata of every detector of every language of the
// engine, in registration order.
func (e *Engine) Rules() []Rule {
	var out []Rule
	for _, l := range e.langs {
		out = append(out, l.Rules()...)
	}
	return out
}

// Languages returns the engine's languages in registration order.
func (e *Engine) Languages() []Language { return append([]Language(nil), e.langs...) }

func (e *Engine) language(p string) (int, bool) {
	name, ok := e.LanguageOf(p)
	if !ok {
		return 0, false
	}
	for i, l := range e.langs {
		if l.Name() == name {
			return i, true
		}
	}
	return 0, false
}

type job struct {
	idx  int // index into files
	lang int
}

// Run scans files with the preset's detectors and returns every finding,
// sorted by file and line. Files of no known language are ignored. Only ctx
// cancellation returns an error.
func (e *Engine) Run(ctx context.Context, files []File, opts Options) (*Report, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	preset := opts.Preset
	if preset == "" {
		preset = PresetStandard
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var jobs []job
	for i, f := range files {
		if li, ok := e.language(f.Path); ok {
			jobs = append(jobs, job{idx: i, lang: li})
		}
	}
	if workers > len(jobs) {
		workers = max(1, len(jobs))
	}

	var steps atomic.Int64
	step := func() {
		if opts.Progress != nil {
			opts.Progress(int(steps.Add(1)), 2*len(jobs))
		}
	}

	// Phase 1: parse, one parser per language per goroutine.
	parsed := make([]Parsed, len(jobs))
	if err := parallel(ctx, workers, len(jobs), func() func(int) {
		parsers := make([]Parser, len(e.langs))
		return func(k int) {
			if k < 0 {
				for _, p := range parsers {
					if p != nil {
						p.Close()
					}
				}
				return
			}
			j := jobs[k]
			if parsers[j.lang] == nil {
				parsers[j.lang] = e.langs[j.lang].NewParser()
			}
			parsed[k] = parsers[j.lang].Parse(files[j.idx])
			step()
		}
	}); err != nil {
		return nil, err
	}

	// Phase 2: link each language's units of the bundle.
	used := map[int]bool{}
	for li, l := range e.langs {
		var units []Parsed
		for k, j := range jobs {
			if j.lang == li {
				units = append(units, parsed[k])
				used[li] = true
			}
		}
		if len(units) > 0 {
			l.Link(units)
		}
	}

	// Phase 3: check.
	rules := make([]map[string]Rule, len(e.langs))
	for li, l := range e.langs {
		rules[li] = map[string]Rule{}
		for _, r := range l.Rules() {
			rules[li][r.ID] = r
		}
	}
	enabled := func(r Rule) bool { return r.Enabled(preset) }
	// A detector following a call into another file of the bundle (a
	// base contract's helper) reports there: its finding names that
	// file, whose lines and suppressions then apply.
	byPath := make(map[string]int, len(jobs))
	for _, j := range jobs {
		byPath[files[j.idx].Path] = j.idx
	}
	results := make([][]Finding, len(jobs))
	crossed := make([]bool, len(jobs)) // a job reported in another file
	if err := parallel(ctx, workers, len(jobs), func() func(int) {
		return func(k int) {
			if k < 0 {
				return
			}
			j := jobs[k]
			if files[j.idx].Context {
				step()
				return
			}
			own, elsewhere := splitByFile(parsed[k].Check(enabled), files[j.idx].Path, byPath)
			results[k] = finish(own, files[j.idx], e.langs[j.lang].ScannerID(), rules[j.lang])
			for _, p := range slices.Sorted(maps.Keys(elsewhere)) {
				if files[byPath[p]].Context {
					continue // in a file read for its definitions only
				}
				results[k] = append(results[k], finish(elsewhere[p], files[byPath[p]], e.langs[j.lang].ScannerID(), rules[j.lang])...)
				crossed[k] = true
			}
			step()
		}
	}); err != nil {
		return nil, err
	}

	rep := &Report{Findings: []Finding{}, Errors: []FileError{}, ScannersUsed: []string{}}
	for _, j := range jobs {
		if !files[j.idx].Context {
			rep.Files++
		}
	}
	type at struct {
		file, id string
		line     int
	}
	var reported map[at]bool // only when some job reported in another file
	total := 0
	for k := range jobs {
		total += len(results[k])
		if crossed[k] && reported == nil {
			reported = map[at]bool{}
		}
	}
	rep.Findings = make([]Finding, 0, total)
	for k := range jobs {
		for _, x := range results[k] {
			// Two files' detectors may reach the same line of a third.
			if reported != nil {
				key := at{x.File, x.DetectorID, x.Line}
				if reported[key] {
					continue
				}
				reported[key] = true
			}
			rep.Findings = append(rep.Findings, x)
		}
		if files[jobs[k].idx].Context {
			continue
		}
		rep.Errors = append(rep.Errors, parsed[k].Errors()...)
		rep.Lines += parsed[k].Lines()
	}
	extra := map[string]bool{}
	for li, l := range e.langs {
		if !used[li] {
			continue
		}
		rep.ScannersUsed = append(rep.ScannersUsed, l.ScannerID())
		for _, r := range l.Rules() {
			if r.Scanner != "" && r.Scanner != l.ScannerID() && enabled(r) {
				extra[r.Scanner] = true
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(extra)) {
		if !slices.Contains(rep.ScannersUsed, id) {
			rep.ScannersUsed = append(rep.ScannersUsed, id)
		}
	}
	rep.Findings = sortFindings(rep.Findings)
	slices.SortStableFunc(rep.Errors, func(x, y FileError) int {
		return cmp.Or(strings.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line))
	})
	return rep, nil
}

// parallel runs n jobs on workers goroutines. newWorker is called once per
// goroutine and returns its job function; that function is called with -1
// when the goroutine is done, to release what it holds.
func parallel(ctx context.Context, workers, n int, newWorker func() func(int)) error {
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do := newWorker()
			defer do(-1)
			for k := range next {
				do(k)
			}
		}()
	}
	var err error
feed:
	for k := 0; k < n; k++ {
		select {
		case next <- k:
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(next)
	wg.Wait()
	return err
}

// sortFindings sorts findings by file, line and detector, keeping the
// detectors' order among equals. It sorts indexes and moves each finding
// once: a Finding is a few hundred bytes, which the stable merge sort
// would otherwise rotate many times over.
func sortFindings(fs []Finding) []Finding {
	order := make([]int, len(fs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		x, y := &fs[i], &fs[j]
		return cmp.Or(strings.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line), strings.Compare(x.DetectorID, y.DetectorID), cmp.Compare(i, j))
	})
	out := make([]Finding, len(fs))
	for k, i := range order {
		out[k] = fs[i]
	}
	return out
}

// splitByFile separates the findings a unit's detectors made in its own
// file (File empty or path) from those they made in other files of the
// run, by file. A file the run does not hold counts as the unit's own.
func splitByFile(fs []Finding, path string, files map[string]int) (own []Finding, elsewhere map[string][]Finding) {
	mine := func(x *Finding) bool {
		_, ok := files[x.File]
		return x.File == "" || x.File == path || !ok
	}
	// Nearly always every finding is the unit's own: no copy then (a
	// Finding is a few hundred bytes).
	all := true
	for i := range fs {
		if !mine(&fs[i]) {
			all = false
			break
		}
	}
	if all {
		return fs, nil
	}
	own = make([]Finding, 0, len(fs))
	for _, x := range fs {
		if mine(&x) {
			own = append(own, x)
			continue
		}
		if elsewhere == nil {
			elsewhere = map[string][]Finding{}
		}
		elsewhere[x.File] = append(elsewhere[x.File], x)
	}
	return own, elsewhere
}

// finish fills rule metadata, snippets, fingerprints and suppressions into
// the raw findings of one file and drops findings of unknown rules.
func finish(fs []Finding, f File, scannerID string, rules map[string]Rule) []Finding {
	if len(fs) == 0 {
		return nil
	}
	lines := bytes.Split(f.Content, []byte("\n"))
	sup := suppressions(lines)
	seen := map[string]int{}
	out := make([]Finding, 0, len(fs))
	type at struct {
		id   string
		line int
	}
	dup := map[at]bool{}
	for _, x := range fs {
		r, ok := rules[x.DetectorID]
		if !ok {
			continue
		}
		key := at{x.DetectorID, x.Line}
		if dup[key] {
			continue
		}
		dup[key] = true
		x.Scanner = cmp.Or(r.Scanner, scannerID)
		x.Title = r.Title
		x.Severity = r.Severity
		if x.Confidence == 0 {
			x.Confidence = r.Confidence
		}
		x.Category = r.Category
		if x.Description == "" {
			x.Description = r.Description
		}
		x.Recommendation = r.Recommendation
		x.CWE, x.SWC = r.CWE, r.SWC
		x.File = f.Path
		if x.EndLine < x.Line {
			x.EndLine = x.Line
		}
		if x.Snippet == "" && x.Line >= 1 && x.Line <= len(lines) {
			x.Snippet = strings.TrimSpace(string(lines[x.Line-1]))
		}
		if x.Fingerprint == "" {
			x.Fingerprint = Fingerprint(x.DetectorID, "", x.Snippet)
		}
		// The same code twice in one scope still yields distinct fingerprints.
		if n := seen[x.Fingerprint]; n > 0 {
			seen[x.Fingerprint] = n + 1
			x.Fingerprint = Fingerprint(x.DetectorID, fmt.Sprint(n), x.Fingerprint)
		} else {
			seen[x.Fingerprint] = 1
		}
		x.Suppressed, x.SuppressionReason = sup.covers(x.Line, x.DetectorID)
		out = append(out, x)
	}
	return out
}

// suppression is one disable comment: the ids it names ("*" = all) and
// its reason.
type suppression struct {
	ids    []string
	reason string
}

// suppressionSet maps a line to the suppressions that apply to it.
type suppressionSet map[int][]suppression

func (s suppressionSet) covers(line int, id string) (bool, string) {
	for _, sup := range s[line] {
		for _, x := range sup.ids {
			if x == "*" || strings.EqualFold(x, id) {
				return true, sup.reason
			}
		}
	}
	return false, ""
}

// suppressions reads "bulwark-disable-next-line ID[,ID] -- reason" and
// "bulwark-disable-line ID" comments (after // or #).
func suppressions(lines [][]byte) suppressionSet {
	s := suppressionSet{}
	for i, l := range lines {
		k := bytes.Index(l, []byte("bulwark-disable-"))
		if k < 0 {
			continue
		}
		rest := string(l[k+len("bulwark-disable-"):])
		target := 0
		switch {
		case strings.HasPrefix(rest, "next-line"):
			target = i + 2
			rest = rest[len("next-line"):]
		case strings.HasPrefix(rest, "line"):
			target = i + 1
			rest = rest[len("line"):]
		default:
			continue
		}
		reason := ""
		if j := strings.Index(rest, "--"); j >= 0 {
			rest, reason = rest[:j], strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest[j+2:]), "*/"))
		}
		ids := strings.FieldsFunc(rest, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' })
		if len(ids) == 0 {
			ids = []string{"*"}
		}
		s[target] = append(s[target], suppression{ids: ids, reason: reason})
	}
	return s
}
