package scanner_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
)

type fixedDetector struct {
	id    string
	tier  scanner.Tier
	panic bool
}

func (d fixedDetector) Meta() scanner.Rule { return scanner.Rule{ID: d.id, Tier: d.tier} }

func (d fixedDetector) Check(line int) []scanner.Finding {
	if d.panic {
		panic("boom on an odd tree")
	}
	return []scanner.Finding{{DetectorID: d.id, Line: line}}
}

// TestCheckAll: enabled detectors run in order, a disabled one does not,
// and one that panics loses its findings and becomes a file error while
// the others still report.
func TestCheckAll(t *testing.T) {
	dets := []scanner.Detector[int]{fixedDetector{id: "A"}, fixedDetector{id: "B", panic: true},
		fixedDetector{id: "C", tier: scanner.TierDeep}, fixedDetector{id: "D"}}
	enabled := func(r scanner.Rule) bool { return r.Enabled(scanner.PresetStandard) }
	fs, errs := scanner.CheckAll(dets, 7, "x.sol", enabled)
	if len(fs) != 2 || fs[0].DetectorID != "A" || fs[1].DetectorID != "D" || fs[0].Line != 7 {
		t.Errorf("findings %+v", fs)
	}
	if len(errs) != 1 || errs[0].File != "x.sol" || errs[0].Message != "detector B failed: boom on an odd tree" {
		t.Errorf("errors %+v", errs)
	}
	if rs := scanner.RulesOf(dets); len(rs) != 4 || rs[2].ID != "C" {
		t.Errorf("rules %+v", rs)
	}
}
