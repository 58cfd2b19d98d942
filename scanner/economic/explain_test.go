package economic_test

import (
	"testing"

	"github.com/bulwark-sec/bulwark/scanner/economic"
)

// TestAttackPaths: every economic detector explains its attack.
func TestAttackPaths(t *testing.T) {
	for _, d := range economic.Detectors() {
		if len(economic.AttackPath(d.Meta().ID)) < 2 {
			t.Errorf("%s has no attack path", d.Meta().ID)
		}
	}
}
