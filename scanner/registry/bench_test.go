package registry_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/cairo"
	"github.com/bulwark-sec/bulwark/scanner/solidity"
	"github.com/bulwark-sec/bulwark/scanner/vyper"
)

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

var sources = map[string]struct {
	lang scanner.Language
	path string
	src  []byte
}{
	"solidity": {solidity.New(), "big.sol", file1000(`pragma solidity ^0.8.20;
interface IToken { function transfer(address to, uint256 amount) external returns (bool); }
contract Big {
    address public owner;
    mapping(address => uint256) public balances;
    IToken public token;
    constructor(IToken t) { owner = msg.sender; token = t; }
`, `
    function deposit%d() external payable {
        balances[msg.sender] += msg.value;
    }

    function withdraw%d(uint256 amount) external {
        require(balances[msg.sender] >= amount, "balance");
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send");
        balances[msg.sender] -= amount;
    }

    function setOwner%d(address o) external {
        require(msg.sender == owner, "owner");
        owner = o;
    }

    function total%d(address[] calldata who) external view returns (uint256 s) {
        for (uint256 i = 0; i < who.length; i++) {
            s += balances[who[i]] / 100 * 3;
        }
    }
`, "}\n")},
	"vyper": {vyper.New(), "big.vy", file1000(`#pragma version ^0.4.0
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
`, "")},
	"cairo": {cairo.New(), "big.cairo", file1000(`#[starknet::contract]
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
`, "    }\n}\n")},
}

// BenchmarkFile1000 parses and scans (deep preset, one worker) a file of
// about 1,000 lines in each language: Solidity through tree-sitter, Vyper
// and Cairo through bulwark's own parsers. Compare the sub-benchmarks'
// ns/op for the ratio.
func BenchmarkFile1000(b *testing.B) {
	for _, name := range []string{"solidity", "vyper", "cairo"} {
		s := sources[name]
		b.Run(name, func(b *testing.B) {
			eng := scanner.New(s.lang)
			files := []scanner.File{{Path: s.path, Content: s.src}}
			b.SetBytes(int64(len(s.src)))
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				rep, err := eng.Run(context.Background(), files, scanner.Options{Preset: scanner.PresetDeep, Workers: 1})
				if err != nil || len(rep.Errors) > 0 || rep.Lines < 1000 {
					b.Fatalf("%v %v %d lines", err, rep.Errors, rep.Lines)
				}
			}
			// CPU time per op beside wall time: on a shared machine the
			// wall time mostly measures the neighbours.
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}
