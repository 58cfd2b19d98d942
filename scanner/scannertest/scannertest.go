// Package scannertest holds the checks every language scanner's tests
// share: the line-exact detector sample harness (semgrep-style markers)
// and the registry's metadata and sample-count checks.
package scannertest

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

// Expectations reads markers: "ruleid: ID" (after // or #) expects a
// finding of ID on the next line that is not a marker, "ok: ID" expects
// none there.
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

// Samples checks every rule line by line against testdata/<ID>/*<ext>: a
// missing finding and an extra one both fail, and so does a parse error.
func Samples(t *testing.T, eng *scanner.Engine, rules []scanner.Rule, ext string) {
	t.Helper()
	for _, r := range rules {
		id := r.ID
		files, _ := filepath.Glob(filepath.Join("testdata", id, "*"+ext))
		for _, path := range files {
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

// Registry checks ids (PREFIX-UPPER-KEBAB, unique), metadata, and that
// every rule has at least two vulnerable and two safe samples.
func Registry(t *testing.T, rules []scanner.Rule, prefix, ext string) {
	t.Helper()
	seen := map[string]bool{}
	snake := regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
	idRe := regexp.MustCompile(`^` + prefix + `-[A-Z0-9]+(-[A-Z0-9]+)*$`)
	for _, m := range rules {
		t.Run(m.ID, func(t *testing.T) {
			if !idRe.MatchString(m.ID) {
				t.Errorf("id %q is not %s-UPPER-KEBAB", m.ID, prefix)
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
			var bad, good int
			files, _ := filepath.Glob(filepath.Join("testdata", m.ID, "*"+ext))
			for _, f := range files {
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
				t.Errorf("testdata/%s: %d vulnerable and %d safe samples, want at least 2 of each", m.ID, bad, good)
			}
		})
	}
}
