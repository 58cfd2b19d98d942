// Package samples is the line-exact harness every language's detectors are
// tested with: a sample file marks, semgrep-style, the line each finding
// must sit on ("// ruleid: ID" or "# ruleid: ID" above it) and the lines
// that must stay clean ("// ok: ID"). A missing finding and an extra one
// both fail.
package samples

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner"
)

var marker = regexp.MustCompile(`(?://|#)\s*(ruleid|ok):\s*([A-Z0-9-]+)`)

// Expectations reads the markers of src: want maps a rule id to the lines
// its findings must sit on (the next line that is not a marker), ids
// lists every id the file mentions.
func Expectations(src string) (want map[string][]int, ids map[string]bool) {
	want, ids = map[string][]int{}, map[string]bool{}
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		m := marker.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		ids[m[2]] = true
		if m[1] != "ruleid" {
			continue
		}
		j := i + 1
		for j < len(lines) && marker.MatchString(lines[j]) {
			j++
		}
		want[m[2]] = append(want[m[2]], j+1)
	}
	return want, ids
}

// files lists the samples of rule id under dir/<id>/ with extension ext.
func files(dir, id, ext string) []string {
	out, _ := filepath.Glob(filepath.Join(dir, id, "*"+ext))
	return out
}

// Check scans every sample of every rule (dir/<ID>/*ext) with eng under
// the deep preset and compares, per rule id the file mentions, the lines
// found with the lines marked.
func Check(t *testing.T, eng *scanner.Engine, rules []scanner.Rule, dir, ext string) {
	t.Helper()
	for _, r := range rules {
		id := r.ID
		for _, path := range files(dir, id, ext) {
			t.Run(id+"/"+filepath.Base(path), func(t *testing.T) {
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				want, ids := Expectations(string(src))
				ids[id] = true
				rep, err := eng.Run(context.Background(), []scanner.File{{Path: path, Content: src}}, scanner.Options{Preset: scanner.PresetDeep})
				if err != nil {
					t.Fatal(err)
				}
				if len(rep.Errors) > 0 {
					t.Errorf("parse errors: %v", rep.Errors)
				}
				got := map[string][]int{}
				for _, f := range rep.Findings {
					if ids[f.DetectorID] && !f.Suppressed {
						got[f.DetectorID] = append(got[f.DetectorID], f.Line)
					}
				}
				for _, m := range []map[string][]int{want, got} {
					for k := range m {
						sort.Ints(m[k])
					}
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("findings by detector and line (-want +got):\n%s", diff)
				}
			})
		}
	}
}

// CheckRegistry checks each rule's metadata (id pattern, unique ids,
// title, description, recommendation, severity, confidence, snake_case
// category, CWE) and that it has at least two vulnerable and two safe
// samples.
func CheckRegistry(t *testing.T, rules []scanner.Rule, idPattern *regexp.Regexp, dir, ext string) {
	t.Helper()
	seen := map[string]bool{}
	snake := regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
	for _, m := range rules {
		t.Run(m.ID, func(t *testing.T) {
			if !idPattern.MatchString(m.ID) {
				t.Errorf("id %q does not match %s", m.ID, idPattern)
			}
			if seen[m.ID] {
				t.Errorf("duplicate id %s", m.ID)
			}
			seen[m.ID] = true
			if m.Title == "" || m.Description == "" || m.Recommendation == "" {
				t.Error("title, description and recommendation are required")
			}
			if m.Severity.Rank() == 0 {
				t.Errorf("severity %q", m.Severity)
			}
			if m.Confidence <= 0 || m.Confidence > 1 {
				t.Errorf("confidence %v outside (0,1]", m.Confidence)
			}
			if !snake.MatchString(m.Category) {
				t.Errorf("category %q is not snake_case", m.Category)
			}
			if !strings.HasPrefix(m.CWE, "CWE-") {
				t.Errorf("cwe %q", m.CWE)
			}
			if m.SWC != "" && !strings.HasPrefix(m.SWC, "SWC-") {
				t.Errorf("swc %q", m.SWC)
			}
			var bad, good int
			for _, f := range files(dir, m.ID, ext) {
				src, _ := os.ReadFile(f)
				want, _ := Expectations(string(src))
				switch {
				case len(want[m.ID]) > 0:
					bad++
				case marker.MatchString(string(src)) && strings.Contains(string(src), "ok: "+m.ID):
					good++
				}
			}
			if bad < 2 || good < 2 {
				t.Errorf("%s/%s: %d vulnerable and %d safe samples, want at least 2 of each", dir, m.ID, bad, good)
			}
		})
	}
}
