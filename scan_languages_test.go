package main

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/registry"
)

// mixedTree holds one vulnerable file per language bulwark scans, in the
// layouts their toolchains use (a Scarb package with its target/ build
// output, a Vyper project with a .vyi interface).
var mixedTree = map[string]map[string]string{
	"solidity": {"contracts/Wallet.sol": vulnerable},
	"vyper": {
		"vyper/contracts/Vault.vy":    "#pragma version ^0.4.0\n\nbalances: HashMap[address, uint256]\n\n@external\ndef withdraw():\n    raw_call(msg.sender, b\"\", value=self.balances[msg.sender])\n    self.balances[msg.sender] = 0\n",
		"vyper/interfaces/IVault.vyi": "@external\ndef withdraw():\n    ...\n",
	},
	"cairo": {
		"cairo/Scarb.toml":             "[package]\nname = \"proxy\"\n",
		"cairo/src/lib.cairo":          "#[starknet::contract]\nmod Proxy {\n    use starknet::{ClassHash, syscalls::replace_class_syscall};\n    #[storage]\n    struct Storage {}\n    #[external(v0)]\n    fn upgrade(ref self: ContractState, h: ClassHash) {\n        replace_class_syscall(h).unwrap();\n    }\n}\n",
		"cairo/target/dev/proxy.cairo": "fn generated( {",
	},
}

// TestScanMixedTree scans one tree with a file of every registered
// language and checks that every scanner ran and found its bug, and that
// Scarb's target/ output was left out.
func TestScanMixedTree(t *testing.T) {
	files := map[string]string{}
	want := map[string]string{"solidity": "SOL-TX-ORIGIN", "vyper": "VY-REENTRANCY", "cairo": "CAIRO-UNPROTECTED-UPGRADE"}
	var scanners []string
	for _, l := range registry.Default().Languages() {
		tree, ok := mixedTree[l.Name()]
		if !ok {
			t.Fatalf("language %s is registered but the mixed tree has no file for it", l.Name())
		}
		for p, body := range tree {
			files[p] = body
		}
		scanners = append(scanners, l.ScannerID())
	}
	dir := writeFiles(t, files)
	code, out, _ := runCLIStreams(t, "scan", "--format", "json", dir)
	if code != 1 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	var rep scanner.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	for _, s := range scanners {
		if !slices.Contains(rep.ScannersUsed, s) {
			t.Errorf("scanners_used %v lacks %s", rep.ScannersUsed, s)
		}
	}
	if len(rep.Errors) > 0 {
		t.Errorf("errors (target/ should be left out): %v", rep.Errors)
	}
	found := map[string]bool{}
	for _, f := range rep.Findings {
		found[f.DetectorID] = true
	}
	for lang, id := range want {
		if _, ok := mixedTree[lang]; ok && !found[id] {
			t.Errorf("%s: no %s finding in %+v", lang, id, rep.Findings)
		}
	}
}
