package sarif_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bench"
	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/scanner/sarif"
)

var update = flag.Bool("update", false, "rewrite golden files")

// bundle mixes a vulnerable file, a suppression and a broken file.
var bundle = []scanner.File{
	{Path: "contracts/Wallet.sol", Content: []byte(`pragma solidity ^0.4.24;

contract Wallet {
    address owner;
    mapping(address => uint) balances;

    function Wallet() public {
        owner = msg.sender;
    }

    function withdraw(uint amount) public {
        require(tx.origin == owner);
        if (msg.sender.call.value(amount)()) {
            balances[msg.sender] -= amount;
        }
    }

    function kill() public {
        // bulwark-disable-next-line SOL-UNPROTECTED-SELFDESTRUCT -- test fixture
        selfdestruct(msg.sender);
    }
}
`)},
	{Path: "contracts/Broken.sol", Content: []byte("pragma solidity ^0.8.0;\ncontract Broken { function f( { }\n")},
}

func render(t *testing.T) []byte {
	t.Helper()
	eng := registry.Default()
	rep, err := eng.Run(context.Background(), bundle, scanner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := sarif.Write(&buf, rep, sarif.Options{ToolVersion: "test", Rules: eng.Rules()}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGolden(t *testing.T) {
	got := render(t)
	golden := filepath.Join("testdata", "scan.sarif.golden")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./scanner/sarif -update)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("SARIF differs from %s (-want +got):\n%s", golden, diff)
	}
}

func TestSchema(t *testing.T) {
	dir, err := bench.SharedDir()
	if errors.Is(err, bench.ErrNoCorpus) {
		t.Skip("shared/ not found: SARIF schema validation skipped")
	}
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "schemas", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Skipf("SARIF schema not available: %v", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(render(t)))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("SARIF output is not valid 2.1.0: %v", err)
	}
}

// TestRuleLinksAndSeverities: every rule links to its section of
// docs/DETECTORS.md, which exists, and problem.severity is one of the
// values GitHub accepts.
func TestRuleLinksAndSeverities(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "DETECTORS.md"))
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		if id, ok := strings.CutPrefix(line, "### "); ok {
			anchors[strings.ToLower(strings.TrimSpace(id))] = true
		}
	}
	eng := registry.Default()
	log := sarif.Build(&scanner.Report{}, sarif.Options{Rules: eng.Rules()})
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		base, anchor, ok := strings.Cut(r.HelpURI, "#")
		if !ok || base != sarif.DocsURL || !anchors[anchor] {
			t.Errorf("rule %s: helpUri %q does not name a section of docs/DETECTORS.md", r.ID, r.HelpURI)
		}
		switch r.Properties["problem.severity"] {
		case "error", "warning", "recommendation":
		default:
			t.Errorf("rule %s: problem.severity %v", r.ID, r.Properties["problem.severity"])
		}
	}
	if len(log.Runs[0].Tool.Driver.Rules) != len(eng.Rules()) {
		t.Errorf("%d rules listed, the engine has %d", len(log.Runs[0].Tool.Driver.Rules), len(eng.Rules()))
	}
}

// TestDriverVersion: the driver's version starts with a number, as SARIF
// viewers compare versions (the multitool's SARIF2005).
func TestDriverVersion(t *testing.T) {
	for in, want := range map[string]string{"v1.4.0": "1.4.0", "1.4.0-rc.1": "1.4.0-rc.1", "dev": "0.0.0-dev", "": "0.0.0-dev",
		"v0.3.1-5-gabc1234-dirty": "0.3.1-5-gabc1234-dirty", "abc1234": "0.0.0-abc1234"} {
		var buf bytes.Buffer
		if err := sarif.Write(&buf, &scanner.Report{}, sarif.Options{ToolVersion: in}); err != nil {
			t.Fatal(err)
		}
		var log sarif.Log
		if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
			t.Fatal(err)
		}
		if got := log.Runs[0].Tool.Driver.Version; got != want {
			t.Errorf("ToolVersion %q: driver version %q, want %q", in, got, want)
		}
	}
}
