package rulesdoc_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/scanner/rulesdoc"
)

var update = flag.Bool("update", false, "rewrite docs/DETECTORS.md")

// TestDetectorsDoc fails when docs/DETECTORS.md does not match the registry.
func TestDetectorsDoc(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "DETECTORS.md")
	got := rulesdoc.Markdown(registry.Default().Languages())
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run make detectors-doc)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("docs/DETECTORS.md is stale; run make detectors-doc (-want +got):\n%s", diff)
	}
}
