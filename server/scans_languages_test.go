package server_test

import (
	"slices"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/server/servertest"
)

const anchorLib = `use anchor_lang::prelude::*;

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

#[cfg(test)]
mod tests {
    #[test]
    fn owner_is_unchecked() {
        let owner = cosmwasm_std::Addr::unchecked(String::from("x"));
        assert_eq!(owner.as_str(), "x");
    }
}
`

// TestScanAnchorWorkspaceUpload uploads a zipped Anchor workspace through
// the API (its top folder is stripped) and scans it end to end with the
// real engine: build output and tests stay out of the contract, the Rust
// scanner runs and reports the program's finding, and the program's test
// module is not scanned.
func TestScanAnchorWorkspaceUpload(t *testing.T) {
	env := servertest.New(t, servertest.Options{Engine: registry.Default()})
	pid := ctProject(t, env, env.Key, "anchor")
	zip := servertest.Zip(t,
		servertest.ZipEntry{Name: "vault/Anchor.toml", Body: []byte("[programs.localnet]\nvault = \"Fg6P\"\n")},
		servertest.ZipEntry{Name: "vault/Cargo.toml", Body: []byte("[workspace]\nmembers = [\"programs/*\"]\n")},
		servertest.ZipEntry{Name: "vault/programs/vault/Cargo.toml", Body: []byte("[package]\nname = \"vault\"\n")},
		servertest.ZipEntry{Name: "vault/programs/vault/src/lib.rs", Body: []byte(anchorLib)},
		servertest.ZipEntry{Name: "vault/target/debug/build/vault/out/gen.rs", Body: []byte(anchorLib)},
		servertest.ZipEntry{Name: "vault/tests/vault.rs", Body: []byte(anchorLib)},
	)
	c := ctUpload(t, env, ctField("project_id", pid), ctFile("vault.zip", zip))
	if c.Data.Language != "rust" {
		t.Errorf("language = %q, want rust", c.Data.Language)
	}
	var paths []string
	for _, f := range c.Data.Files {
		paths = append(paths, f.Path)
	}
	if !slices.Equal(paths, []string{"programs/vault/src/lib.rs"}) {
		t.Errorf("contract files = %v, want only the program's source", paths)
	}

	b := createScan(t, env, env.Key, map[string]any{"contract_id": c.ID, "preset": "standard"})
	done := waitScan(t, env, b.ID)
	if done.Status != "completed" || done.Data.Error != nil {
		t.Fatalf("scan = %+v", done)
	}
	if !slices.Equal(done.Data.ScannersUsed, []string{"bulwark-rust"}) {
		t.Errorf("scanners_used = %v, want [bulwark-rust]", done.Data.ScannersUsed)
	}
	res := getScan(t, env, env.Key, b.ID, "/results")
	var found []string
	for _, v := range res.Data.Vulnerabilities {
		found = append(found, v["detector_id"].(string)+" "+v["file"].(string))
	}
	if !slices.Equal(found, []string{"RS-SOL-MISSING-SIGNER programs/vault/src/lib.rs"}) {
		t.Errorf("vulnerabilities = %v", found)
	}
}

const suiFees = `module market::fees;

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

// TestScanSuiPackageUpload does the same for a zipped Sui Move package:
// build/ (the dependencies' sources) and tests/ stay out.
func TestScanSuiPackageUpload(t *testing.T) {
	env := servertest.New(t, servertest.Options{Engine: registry.Default()})
	pid := ctProject(t, env, env.Key, "sui")
	zip := servertest.Zip(t,
		servertest.ZipEntry{Name: "Move.toml", Body: []byte("[package]\nname = \"market\"\nedition = \"2024\"\n")},
		servertest.ZipEntry{Name: "sources/fees.move", Body: []byte(suiFees)},
		servertest.ZipEntry{Name: "build/market/sources/dependencies/Sui/coin.move", Body: []byte(suiFees)},
		servertest.ZipEntry{Name: "tests/fees_tests.move", Body: []byte(suiFees)},
	)
	c := ctUpload(t, env, ctField("project_id", pid), ctFile("market.zip", zip))
	if c.Data.Language != "move" || c.Data.FileCount != 1 {
		t.Errorf("language %q, %d files; want move, 1", c.Data.Language, c.Data.FileCount)
	}
	b := createScan(t, env, env.Key, map[string]any{"contract_id": c.ID})
	done := waitScan(t, env, b.ID)
	if done.Status != "completed" || !slices.Equal(done.Data.ScannersUsed, []string{"bulwark-move"}) {
		t.Fatalf("scan = %+v", done)
	}
	res := getScan(t, env, env.Key, b.ID, "/results")
	var found []string
	for _, v := range res.Data.Vulnerabilities {
		found = append(found, v["detector_id"].(string)+" "+v["file"].(string))
	}
	if !slices.Equal(found, []string{"MOVE-SUI-SHARED-NO-AUTH sources/fees.move"}) {
		t.Errorf("vulnerabilities = %v", found)
	}
}
