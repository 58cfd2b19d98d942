package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/registry"
)

// A mixed repository: a Solidity contract, an Anchor program and a Sui
// module, each with one finding its scanner must report.
const anchorProgram = `use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod vault {
    use super::*;
    pub fn set(ctx: Context<Set>, v: u64) -> Result<()> {
        ctx.accounts.vault.value = v;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Set<'info> {
    #[account(mut, has_one = owner)]
    pub vault: Account<'info, Vault>,
    /// CHECK: compared by has_one
    pub owner: AccountInfo<'info>,
}

#[account]
pub struct Vault {
    pub owner: Pubkey,
    pub value: u64,
}
`

const suiModule = `module market::fees;

public struct Market has key {
    id: UID,
    fee_bps: u64,
}

fun init(ctx: &mut TxContext) {
    transfer::share_object(Market { id: object::new(ctx), fee_bps: 30 });
}

public fun set_fee(market: &mut Market, fee_bps: u64) {
    market.fee_bps = fee_bps;
}
`

// TestScanLanguages scans one folder holding Solidity, Rust and Move
// sources and wants all three scanners used and their findings reported.
func TestScanLanguages(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"contracts/Wallet.sol":          vulnerable,
		"programs/vault/src/lib.rs":     anchorProgram,
		"programs/vault/tests/smoke.rs": anchorProgram, // a Cargo test folder: left out
		"move/market/sources/fees.move": suiModule,
		"move/market/build/dep.move":    suiModule, // build output: left out
		"move/market/Move.toml":         "[package]\nname = \"market\"\n",
	})
	if err := os.WriteFile(filepath.Join(dir, "programs", "vault", "Cargo.toml"), []byte("[package]\nname = \"vault\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLIStreams(t, "scan", "--format", "json", dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, stderr)
	}
	var rep scanner.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	slices.Sort(rep.ScannersUsed)
	if want := []string{"bulwark-economic", "bulwark-move", "bulwark-rust", "bulwark-solidity"}; !slices.Equal(rep.ScannersUsed, want) {
		t.Errorf("scanners_used = %v, want %v", rep.ScannersUsed, want)
	}
	if rep.Files != 3 {
		t.Errorf("files = %d, want 3 (tests/ and build/ left out)", rep.Files)
	}
	got := map[string]string{}
	for _, f := range rep.Findings {
		got[f.DetectorID] = f.File
	}
	for id, file := range map[string]string{
		"SOL-TX-ORIGIN":           "contracts/Wallet.sol",
		"RS-SOL-MISSING-SIGNER":   "programs/vault/src/lib.rs",
		"MOVE-SUI-SHARED-NO-AUTH": "move/market/sources/fees.move",
	} {
		if filepath.ToSlash(got[id]) != file {
			t.Errorf("%s reported in %q, want %q (findings %v)", id, got[id], file, got)
		}
	}
}

// mixedTree holds one vulnerable file per language bulwark scans, in the
// layouts their toolchains use (a Scarb package with its target/ build
// output, a Vyper project with a .vyi interface).
var mixedTree = map[string]map[string]string{
	"solidity": {"contracts/Wallet.sol": vulnerable},
	"rust": {
		"programs/vault/Cargo.toml":  "[package]\nname = \"vault\"\n",
		"programs/vault/src/lib.rs":  anchorProgram,
		"programs/vault/target/x.rs": "fn generated( {",
	},
	"move": {
		"move/market/Move.toml":           "[package]\nname = \"market\"\n",
		"move/market/sources/fees.move":   suiModule,
		"move/market/build/market/x.move": "module generated {",
	},
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
// build output (Cargo's and Scarb's target/, Move's build/) was left out.
func TestScanMixedTree(t *testing.T) {
	files := map[string]string{}
	want := map[string]string{"solidity": "SOL-TX-ORIGIN", "rust": "RS-SOL-MISSING-SIGNER", "move": "MOVE-SUI-SHARED-NO-AUTH",
		"vyper": "VY-REENTRANCY", "cairo": "CAIRO-UNPROTECTED-UPGRADE"}
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
