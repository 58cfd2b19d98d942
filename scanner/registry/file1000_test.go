package registry_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/bench"
	"github.com/bulwark-sec/bulwark/scanner/registry"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
)

// Three 1,000-line files, one per language, in the shapes real code has
// and with work for most detectors: a 0.4 token with a bank
// (bench.Solidity1000, the file of solidity's BenchmarkContract1000 too),
// an Anchor program with
// handlers and Accounts structs, and a Sui module with a shared object.

func rust1000() []byte {
	var b strings.Builder
	b.WriteString("use anchor_lang::prelude::*;\nuse anchor_spl::token::{self, Token, TokenAccount, Transfer};\n\ndeclare_id!(\"Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS\");\n\n#[program]\npub mod big {\n    use super::*;\n\n")
	const handler = `    pub fn deposit%[1]d(ctx: Context<Deposit%[1]d>, amount: u64) -> Result<()> {
        let vault = &mut ctx.accounts.vault;
        vault.total = vault.total + amount;
        let cpi = CpiContext::new(ctx.accounts.token_program.to_account_info(), Transfer {
            from: ctx.accounts.from.to_account_info(),
            to: ctx.accounts.to.to_account_info(),
            authority: ctx.accounts.owner.to_account_info(),
        });
        token::transfer(cpi, amount)
    }

`
	const accounts = `#[derive(Accounts)]
pub struct Deposit%[1]d<'info> {
    #[account(mut, has_one = owner)]
    pub vault: Account<'info, Vault>,
    pub owner: Signer<'info>,
    #[account(mut)]
    pub from: Account<'info, TokenAccount>,
    #[account(mut)]
    pub to: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

`
	const n = 28 // 11 + 12 lines each, plus the frame: about 1,000 lines
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, handler, i)
	}
	b.WriteString("}\n\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, accounts, i)
	}
	b.WriteString("#[account]\npub struct Vault {\n    pub owner: Pubkey,\n    pub total: u64,\n}\n")
	for lines := strings.Count(b.String(), "\n"); lines < 1000; lines++ {
		b.WriteString("// padding\n")
	}
	return []byte(b.String())
}

func move1000() []byte {
	var b strings.Builder
	b.WriteString("module big::pool;\n\nuse sui::clock::Clock;\n\npublic struct AdminCap has key, store { id: UID }\n\npublic struct Pool has key {\n    id: UID,\n    price: u64,\n    members: vector<address>,\n}\n\nfun init(ctx: &mut TxContext) {\n    transfer::share_object(Pool { id: object::new(ctx), price: 0, members: vector[] });\n    transfer::transfer(AdminCap { id: object::new(ctx) }, ctx.sender());\n}\n\n")
	const fns = `public fun set_price%[1]d(pool: &mut Pool, _cap: &AdminCap, price: u64) {
    pool.price = price;
}

public fun quote%[1]d(pool: &Pool, amount: u64, clock: &Clock): u64 {
    let mut i = 0;
    let mut acc = 0;
    while (i < pool.members.length()) {
        acc = acc + amount / 3 * pool.price;
        i = i + 1;
    };
    acc + clock.timestamp_ms() %% 7
}

public fun join%[1]d(pool: &mut Pool, ctx: &TxContext) {
    pool.members.push_back(ctx.sender());
}

`
	for i := 0; strings.Count(b.String(), "\n") < 980; i++ {
		fmt.Fprintf(&b, fns, i)
	}
	for lines := strings.Count(b.String(), "\n"); lines < 1000; lines++ {
		b.WriteString("// padding\n")
	}
	return []byte(b.String())
}

// file1000 repeats a block of functions (balances, an owner check, an
// external call, a loop, arithmetic) with numbered names until the file
// has at least 1,000 lines, between a header and a footer.
func file1000(header, block, footer string) []byte {
	var b bytes.Buffer
	b.WriteString(header)
	for i := 0; strings.Count(b.String(), "\n") < 1000-strings.Count(footer, "\n"); i++ {
		fmt.Fprintf(&b, block, i, i, i, i)
	}
	b.WriteString(footer)
	return b.Bytes()
}

// vyper1000 and cairo1000 are the same shapes in Vyper 0.4 and Cairo 2:
// balances, an owner check, an external call, a loop, arithmetic.
func vyper1000() []byte {
	return file1000(`#pragma version ^0.4.0
from ethereum.ercs import IERC20

owner: public(address)
balances: public(HashMap[address, uint256])
token: public(IERC20)

@deploy
def __init__(t: IERC20):
    self.owner = msg.sender
    self.token = t
`, `
@external
@payable
def deposit%d():
    self.balances[msg.sender] += msg.value

@external
def withdraw%d(amount: uint256):
    assert self.balances[msg.sender] >= amount, "balance"
    raw_call(msg.sender, b"", value=amount)
    self.balances[msg.sender] -= amount

@external
def set_owner%d(o: address):
    assert msg.sender == self.owner, "owner"
    self.owner = o

@external
@view
def total%d(who: DynArray[address, 100]) -> uint256:
    s: uint256 = 0
    for w: address in who:
        s += self.balances[w] // 100 * 3
    return s
`, "")
}

func cairo1000() []byte {
	return file1000(`#[starknet::contract]
mod Big {
    use starknet::{ContractAddress, get_caller_address, syscalls::call_contract_syscall};
    use starknet::storage::{Map, StorageMapReadAccess, StorageMapWriteAccess, StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        owner: ContractAddress,
        balances: Map<ContractAddress, u256>,
    }

    #[abi(embed_v0)]
    impl BigImpl of super::IBig<ContractState> {
`, `
        fn deposit%d(ref self: ContractState, amount: u256) {
            let caller = get_caller_address();
            self.balances.write(caller, self.balances.read(caller) + amount);
        }

        fn withdraw%d(ref self: ContractState, amount: u256, to: ContractAddress) {
            let caller = get_caller_address();
            assert(self.balances.read(caller) >= amount, 'balance');
            call_contract_syscall(to, 'transfer', array![].span()).unwrap();
            self.balances.write(caller, self.balances.read(caller) - amount);
        }

        fn set_owner%d(ref self: ContractState, o: ContractAddress) {
            assert(get_caller_address() == self.owner.read(), 'owner');
            self.owner.write(o);
        }

        fn total%d(self: @ContractState, who: Span<ContractAddress>) -> u256 {
            let mut s: u256 = 0;
            for w in who {
                s += self.balances.read(*w) / 100 * 3;
            }
            s
        }
`, "    }\n}\n")
}

var files1000 = []struct {
	lang, path string
	src        func() []byte
}{
	{"solidity", "big.sol", bench.Solidity1000},
	{"rust", "programs/big/src/lib.rs", rust1000},
	{"move", "sources/big.move", move1000},
	{"vyper", "big.vy", vyper1000},
	{"cairo", "src/big.cairo", cairo1000},
}

// TestFile1000 checks the benchmark's inputs: about 1,000 lines, parsed
// without errors, and findings to report (the detectors have work to do).
func TestFile1000(t *testing.T) {
	eng := registry.Default()
	for _, f := range files1000 {
		src := f.src()
		if n := strings.Count(string(src), "\n"); n < 990 || n > 1030 {
			t.Errorf("%s: %d lines", f.lang, n)
		}
		rep, err := eng.Run(context.Background(), []scanner.File{{Path: f.path, Content: src}}, scanner.Options{Preset: scanner.PresetDeep})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Errors) > 0 || len(rep.Findings) == 0 {
			t.Errorf("%s: %d errors (%v), %d findings", f.lang, len(rep.Errors), rep.Errors, len(rep.Findings))
		}
	}
}

// BenchmarkFile1000 scans a 1,000-line file of each language with every
// detector, in one run, so the Rust and Move times can be compared with
// Solidity's on the same machine at the same moment. It logs the ratios.
func BenchmarkFile1000(b *testing.B) {
	eng := registry.Default()
	cpu := map[string]float64{}
	run := func(name string, eng *scanner.Engine, files []scanner.File) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(files[0].Content)))
			b.ReportAllocs()
			start := bench.CPUTime()
			for b.Loop() {
				if _, err := eng.Run(context.Background(), files, scanner.Options{Preset: scanner.PresetDeep, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
			per := float64(bench.CPUTime()-start) / float64(b.N)
			cpu[name] = per
			b.ReportMetric(per, "cpu-ns/op")
		})
	}
	for _, f := range files1000 {
		files := []scanner.File{{Path: f.path, Content: f.src()}}
		run(f.lang, eng, files)
		if f.lang == "solidity" {
			// The Solidity scanner without the economic detectors that
			// run on its units: their share of the Solidity time.
			run("solidity-alone", scanner.New(solidity.New()), files)
		}
	}
	if s := cpu["solidity"]; s > 0 {
		b.Logf("cpu time relative to Solidity: rust %.2fx, move %.2fx, vyper %.2fx, cairo %.2fx; Solidity without the economic detectors %.2fx",
			cpu["rust"]/s, cpu["move"]/s, cpu["vyper"]/s, cpu["cairo"]/s, cpu["solidity-alone"]/s)
	}
}
