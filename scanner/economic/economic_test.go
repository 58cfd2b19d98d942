package economic_test

import (
	"regexp"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/economic"
	"github.com/bulwark-sec/bulwark/scanner/samples"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

func rules() []scanner.Rule {
	var out []scanner.Rule
	for _, d := range economic.Detectors() {
		out = append(out, d.Meta())
	}
	return out
}

// TestDetectorSamples checks every economic detector line by line against
// its samples, run as the registry runs them: on the Solidity scanner's
// units beside its own detectors.
func TestDetectorSamples(t *testing.T) {
	samples.Check(t, scanner.New(solidity.New(economic.Detectors()...)), rules(), "testdata", ".sol")
}

// TestRegistry checks ids, metadata, the scanner and the samples of every
// economic detector.
func TestRegistry(t *testing.T) {
	samples.CheckRegistry(t, rules(), regexp.MustCompile(`^ECON-[A-Z0-9]+(-[A-Z0-9]+)*$`), "testdata", ".sol")
	for _, r := range rules() {
		if r.Scanner != economic.ScannerID {
			t.Errorf("%s reports as %q", r.ID, r.Scanner)
		}
		switch r.Category {
		case economic.CategoryFlashLoan, economic.CategoryOracleMEV, economic.CategoryDeFi:
		default:
			t.Errorf("%s: category %q is not one of the economic analysis' three", r.ID, r.Category)
		}
	}
}
