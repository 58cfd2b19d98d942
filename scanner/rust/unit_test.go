package rust_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/rust"
)

func TestFrameworks(t *testing.T) {
	tests := []struct {
		name, src string
		want      []rust.Framework
	}{
		{"anchor", "use anchor_lang::prelude::*;\n#[program]\npub mod p {}\n", []rust.Framework{rust.Anchor}},
		{"anchor accounts only", "#[derive(Accounts)]\npub struct A<'info> { pub s: Signer<'info> }\n", []rust.Framework{rust.Anchor}},
		{"native", "entrypoint!(process);\nfn process(p: &Pubkey, a: &[AccountInfo], d: &[u8]) -> ProgramResult { let i = &mut a.iter(); let x = next_account_info(i)?; Ok(()) }\n", []rust.Framework{rust.Native}},
		{"cosmwasm", "use cosmwasm_std::{DepsMut, MessageInfo};\n#[entry_point]\npub fn execute(deps: DepsMut, info: MessageInfo) {}\n", []rust.Framework{rust.CosmWasm}},
		{"plain rust", "fn main() { println!(\"hi\"); }\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := rust.ParseFile(scanner.File{Path: "src/lib.rs", Content: []byte(tc.src)})
			var got []rust.Framework
			for _, f := range []rust.Framework{rust.Anchor, rust.Native, rust.CosmWasm} {
				if u.Frameworks[f] {
					got = append(got, f)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("frameworks (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTestCodeSkipped checks that #[cfg(test)] modules, #[test] functions,
// #![cfg(test)] files and Cargo tests/ folders are never checked, while a
// program under tests/<x>/programs/<y>/src is.
func TestTestCodeSkipped(t *testing.T) {
	const vuln = `use cosmwasm_std::{Addr, DepsMut, MessageInfo, Response, StdResult};
pub fn set(deps: DepsMut, info: MessageInfo, to: String) -> StdResult<Response> {
    let _ = info.sender.clone();
    OWNER.save(deps.storage, &Addr::unchecked(to))?;
    Ok(Response::new())
}
`
	tests := []struct {
		name, path, src string
		want            int
	}{
		{"contract code", "contracts/c/src/contract.rs", vuln, 1},
		{"cfg(test) module", "contracts/c/src/contract.rs", "#[cfg(test)]\nmod tests {\n" + vuln + "}\n", 0},
		{"test function", "contracts/c/src/contract.rs", strings.Replace(vuln, "pub fn", "#[test]\npub fn", 1), 0},
		{"cfg(all(test, …)) module", "contracts/c/src/contract.rs", "#[cfg(all(test, feature = \"mt\"))]\nmod tests {\n" + vuln + "}\n", 0},
		{"cfg(not(test)) module", "contracts/c/src/contract.rs", "#[cfg(not(test))]\nmod live {\n" + vuln + "}\n", 1},
		{"inner cfg(test)", "contracts/c/src/testing.rs", "#![cfg(test)]\n" + vuln, 0},
		{"cargo tests folder", "contracts/c/tests/integration.rs", vuln, 0},
		{"program under tests/", "tests/escrow/programs/escrow/src/lib.rs", vuln, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := rust.ParseFile(scanner.File{Path: tc.path, Content: []byte(tc.src)})
			got := 0
			for _, f := range u.Check(nil) {
				if f.DetectorID == "RS-CW-ADDR-UNCHECKED" {
					got++
				}
			}
			if got != tc.want {
				t.Errorf("RS-CW-ADDR-UNCHECKED findings = %d, want %d", got, tc.want)
			}
		})
	}
}
