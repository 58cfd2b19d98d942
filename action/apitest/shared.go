package apitest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// startDir is the working directory when the test binary started (the
// package folder), kept before any test changes directory.
var startDir, _ = os.Getwd()

// SharedDir finds the shared folder (schemas, fixtures): BULWARK_SHARED_DIR,
// else a "shared" folder holding schemas/ found by walking up from the
// package folder. It skips the test, saying why, when there is none.
func SharedDir(t testing.TB) string {
	t.Helper()
	if d := os.Getenv("BULWARK_SHARED_DIR"); d != "" {
		return d
	}
	dir := startDir
	for {
		if st, err := os.Stat(filepath.Join(dir, "shared", "schemas")); err == nil && st.IsDir() {
			return filepath.Join(dir, "shared")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("shared/ not found above the working directory and BULWARK_SHARED_DIR unset: skipping")
		}
		dir = parent
	}
}

// ValidateSARIF fails t unless doc matches the OASIS SARIF 2.1.0 schema of
// the shared folder.
func ValidateSARIF(t testing.TB, doc []byte) {
	t.Helper()
	if err := SARIFError(t, doc); err != nil {
		t.Fatalf("SARIF does not match the 2.1.0 schema: %v", err)
	}
}

// SARIFError validates doc against the SARIF 2.1.0 schema and returns the
// violation, if any.
func SARIFError(t testing.TB, doc []byte) error {
	t.Helper()
	path := filepath.Join(SharedDir(t), "schemas", "sarif-schema-2.1.0.json")
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open schema: %v", err)
	}
	defer f.Close()
	schemaDoc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("read schema: %v", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", schemaDoc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatalf("compile schema: %v", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return sch.Validate(inst)
}
