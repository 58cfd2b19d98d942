package bench_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bench"
	"github.com/bulwark-sec/bulwark/scanner/registry"
)

func TestRename(t *testing.T) {
	src := []byte(`pragma solidity ^0.4.24;
import "./Owned.sol";
// owner comment stays
contract Wallet is Owned {
    address owner = 0x0; string s = "owner";
    modifier onlyOwner { require(msg.sender == owner); _; }
    event Paid(address to);
    function withdraw(uint amount) onlyOwner public {
        msg.sender.transfer(amount * 1 ether);
        emit Paid(msg.sender);
        token.transfer(owner, block.timestamp);
        assembly { let size := extcodesize(owner) }
    }
}
`)
	want := `pragma solidity ^0.4.24;
import "./Owned.sol";
// owner comment stays
contract q1x is q2x {
    address q3x = 0x0; string q4x = "owner";
    modifier q5x { require(msg.sender == q3x); _; }
    event q6x(address q7x);
    function q8x(uint q9x) q5x public {
        msg.sender.transfer(q9x * 1 ether);
        emit q6x(msg.sender);
        q10x.transfer(q3x, block.timestamp);
        assembly { let q11x := extcodesize(q3x) }
    }
}
`
	got := string(bench.Rename(src))
	if got != want {
		t.Errorf("Rename:\n%s\nwant:\n%s", got, want)
	}
	if !bytes.Equal(bench.Rename(src), []byte(got)) {
		t.Error("Rename is not deterministic")
	}
}

// TestRenamedRecall is the proof that no detector keys on names: on a copy
// of SmartBugs Curated whose identifiers are renamed, recall at ±2 lines
// must stay within 3 points of the original's. It skips where ../shared
// is absent.
func TestRenamedRecall(t *testing.T) {
	dir, err := bench.SharedDir()
	if errors.Is(err, bench.ErrNoCorpus) {
		t.Skip("renamed-copy check skipped: ", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	corpus := filepath.Join(dir, "bench", "smartbugs-curated")
	if _, err := os.Stat(filepath.Join(corpus, "vulnerabilities.json")); err != nil {
		t.Skip("renamed-copy check skipped: ", err)
	}
	eng := registry.Default()
	ctx := context.Background()
	orig, err := bench.RunSmartBugs(ctx, eng, corpus, scanner.PresetStandard)
	if err != nil {
		t.Fatal(err)
	}
	ren, err := bench.RunSmartBugsRenamed(ctx, eng, corpus, scanner.PresetStandard)
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	orig.PrintSummary(&log, "original")
	ren.PrintSummary(&log, "renamed")
	t.Log("\n" + log.String())
	if drop := 100 * (orig.Recall() - ren.Recall()); drop > 3 {
		lost := map[string]bool{}
		for _, m := range orig.Misses {
			lost[m] = true
		}
		for _, m := range ren.Misses {
			if !lost[m] {
				t.Errorf("missed on the renamed copy only: %s", m)
			}
		}
		t.Fatalf("renamed recall %.1f%% is %.1f points below the original's %.1f%%", 100*ren.Recall(), drop, 100*orig.Recall())
	}
}
