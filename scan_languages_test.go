package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
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
	if want := []string{"bulwark-move", "bulwark-rust", "bulwark-solidity"}; !slices.Equal(rep.ScannersUsed, want) {
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
