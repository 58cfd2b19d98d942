package server_test

import (
	"slices"
	"testing"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// TestScanVyperAndCairo runs server scans of a Vyper and a Cairo contract
// through the real workers and the default engine: each completes with
// its scanner in scanners_used and its finding stored.
func TestScanVyperAndCairo(t *testing.T) {
	env := servertest.New(t, servertest.Options{})
	for _, tc := range []struct {
		file, src, scanner, detector string
	}{
		{"Vault.vy", "#pragma version ^0.4.0\n\nbalances: HashMap[address, uint256]\n\n@external\ndef withdraw():\n    raw_call(msg.sender, b\"\", value=self.balances[msg.sender])\n    self.balances[msg.sender] = 0\n",
			"bulwark-vyper", "VY-REENTRANCY"},
		{"proxy.cairo", "#[starknet::contract]\nmod Proxy {\n    #[storage]\n    struct Storage {}\n    #[external(v0)]\n    fn upgrade(ref self: ContractState, h: starknet::ClassHash) {\n        starknet::syscalls::replace_class_syscall(h).unwrap();\n    }\n}\n",
			"bulwark-cairo", "CAIRO-UNPROTECTED-UPGRADE"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			c := env.SeedContract(env.Key, map[string]string{tc.file: tc.src})
			b := createScan(t, env, env.Key, map[string]any{"contract_id": c.ID.String()})
			done := waitScan(t, env, b.ID)
			if done.Status != "completed" || !slices.Contains(done.Data.ScannersUsed, tc.scanner) {
				t.Fatalf("scan = %s, scanners_used %v", done.Status, done.Data.ScannersUsed)
			}
			res := getScan(t, env, env.Key, b.ID, "/results")
			found := false
			for _, v := range res.Data.Vulnerabilities {
				found = found || v["detector_id"] == tc.detector
			}
			if !found {
				t.Errorf("no %s among %v", tc.detector, res.Data.Vulnerabilities)
			}
		})
	}
}
