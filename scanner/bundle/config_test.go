package bundle_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/bulwark-sec/bulwark/scanner/bundle"
)

var configCases = []struct {
	name, doc string
	err       string // "" when valid; else a substring, line included
}{
	{"empty", "", ""},
	{"full", "paths: [src]\nexclude: [src/legacy/]\npreset: deep\nfail_on: medium\nmin_confidence: 0.6\nlanguages: [solidity]\ninclude_deps: false\ninclude_tests: true\ndetectors:\n  SOL-TIMESTAMP:\n    disable: true\n  SOL-TX-ORIGIN:\n    severity: medium\n", ""},
	{"fail_on none", "fail_on: none\n", ""},
	{"unknown key", "paths: [src]\nfailOn: high\n", ".bulwark.yml:2: unknown key \"failOn\""},
	{"unknown detector key", "detectors:\n  SOL-X:\n    disabled: true\n", ".bulwark.yml:3: unknown key \"disabled\" in detectors entries"},
	{"bad preset", "preset: fast\n", ".bulwark.yml:1: preset: \"fast\""},
	{"bad fail_on", "\nfail_on: info\n", ".bulwark.yml:2: fail_on"},
	{"confidence out of range", "min_confidence: 2\n", ".bulwark.yml:1: min_confidence"},
	{"bad language", "languages: [solidity, java]\n", "languages: \"java\""},
	{"bad severity override", "detectors:\n  SOL-X: {severity: info}\n", "detectors: SOL-X.severity"},
	{"wrong type", "paths: src\n", ".bulwark.yml:1: cannot unmarshal"},
	{"path outside", "paths: [../other]\n", "must be a path inside the repository"},
	{"not a mapping", "- a\n- b\n", "must be a mapping"},
	{"detector not a mapping", "detectors:\n  SOL-X: true\n", ".bulwark.yml:2: detectors.SOL-X must be a mapping"},
	{"not YAML", "paths: [\n", "not valid YAML"},
}

func TestParseConfig(t *testing.T) {
	for _, tc := range configCases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := bundle.ParseConfig([]byte(tc.doc))
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("err = %v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("err = %v, want it to contain %q (config %+v)", err, tc.err, c)
			}
		})
	}
	c, err := bundle.ParseConfig([]byte(configCases[1].doc))
	if err != nil {
		t.Fatal(err)
	}
	if c.Preset != "deep" || c.FailOn != "medium" || *c.MinConfidence != 0.6 || !c.IncludeTests ||
		!c.Detectors["SOL-TIMESTAMP"].Disable || c.Detectors["SOL-TX-ORIGIN"].Severity != "medium" {
		t.Errorf("config = %+v", c)
	}
}

// TestConfigSchemaAgrees: the JSON Schema published for editors accepts
// exactly the configurations the parser accepts (syntax errors aside), and
// docs/ holds the same schema as the binary.
func TestConfigSchemaAgrees(t *testing.T) {
	docs, err := os.ReadFile("../../docs/bulwark-config.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(docs, bundle.ConfigSchema) {
		t.Fatal("docs/bulwark-config.schema.json differs from scanner/bundle/config.schema.json; copy it over")
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(bundle.ConfigSchema))
	if err != nil {
		t.Fatal(err)
	}
	comp := jsonschema.NewCompiler()
	if err := comp.AddResource("config.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := comp.Compile("config.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range configCases {
		var v any
		if yaml.Unmarshal([]byte(tc.doc), &v) != nil || strings.Contains(tc.name, "outside") {
			continue // not YAML, or a rule the schema cannot state
		}
		if v == nil {
			v = map[string]any{}
		}
		b, _ := json.Marshal(v)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		schemaOK := sch.Validate(inst) == nil
		if schemaOK != (tc.err == "") {
			t.Errorf("%s: schema accepts = %v, parser accepts = %v", tc.name, schemaOK, tc.err == "")
		}
	}
}

func FuzzParseConfig(f *testing.F) {
	for _, tc := range configCases {
		f.Add([]byte(tc.doc))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := bundle.ParseConfig(b)
		if err == nil && c == nil {
			t.Fatal("nil config without an error")
		}
	})
}
