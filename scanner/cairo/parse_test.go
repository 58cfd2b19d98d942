package cairo_test

import (
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/cairo"
)

// docStyle is Cairo 2.x as the Cairo book and the Starknet component
// documentation write it: a component, a contract embedding it, traits
// and generics, closures, match, loops, patterns and test modules.
const docStyle = `use core::num::traits::{Zero, One};
use starknet::{ContractAddress, get_caller_address};

#[starknet::interface]
pub trait ICounter<TContractState> {
    fn get(self: @TContractState) -> u128;
    fn increment(ref self: TContractState);
}

#[starknet::component]
pub mod ownable_component {
    use starknet::{ContractAddress, get_caller_address};
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    pub struct Storage {
        owner: ContractAddress,
    }

    #[event]
    #[derive(Drop, starknet::Event)]
    pub enum Event {
        OwnershipTransferred: OwnershipTransferred,
    }

    #[derive(Drop, starknet::Event)]
    pub struct OwnershipTransferred {
        #[key]
        pub previous_owner: ContractAddress,
        pub new_owner: ContractAddress,
    }

    #[embeddable_as(Ownable)]
    impl OwnableImpl<TContractState, +HasComponent<TContractState>> of super::IOwnable<ComponentState<TContractState>> {
        fn owner(self: @ComponentState<TContractState>) -> ContractAddress {
            self.owner.read()
        }
    }

    #[generate_trait]
    pub impl InternalImpl<TContractState, +HasComponent<TContractState>, +Drop<TContractState>> of InternalTrait<TContractState> {
        fn assert_only_owner(self: @ComponentState<TContractState>) {
            let owner: ContractAddress = self.owner.read();
            let caller: ContractAddress = get_caller_address();
            assert(!caller.is_zero(), 'zero caller');
            assert(caller == owner, 'not owner');
        }
    }
}

#[starknet::contract]
mod OwnableCounter {
    use super::ownable_component;
    component!(path: ownable_component, storage: ownable, event: OwnableEvent);

    #[abi(embed_v0)]
    impl OwnableImpl = ownable_component::Ownable<ContractState>;
    impl OwnableInternalImpl = ownable_component::InternalImpl<ContractState>;

    #[storage]
    struct Storage {
        counter: u128,
        #[substorage(v0)]
        ownable: ownable_component::Storage,
    }

    #[event]
    #[derive(Drop, starknet::Event)]
    enum Event {
        #[flat]
        OwnableEvent: ownable_component::Event,
    }

    #[abi(per_item)]
    #[generate_trait]
    impl CounterImpl of CounterTrait {
        #[external(v0)]
        fn increment(ref self: ContractState) {
            self.ownable.assert_only_owner();
            self.counter.write(self.counter.read() + 1);
        }
    }
}

#[derive(Copy, Drop, Serde, starknet::Store, PartialEq, Debug)]
pub struct Point {
    pub x: u32,
    pub(crate) y: u32,
}

trait Shape<T> {
    fn area(self: @T) -> u64;
}

impl PointShape of Shape<Point> {
    fn area(self: @Point) -> u64 {
        let Point { x, y } = *self;
        (x * y).into()
    }
}

pub trait Marker<T>;
impl U8Marker of Marker<u8>;
type Alias = Array<Array<felt252>>;
const GREETING: felt252 = 'hello';
const MAX: u256 = 1_000_000_u256;

fn fallible(v: u32) -> Result<u32, felt252> {
    if v > 10 {
        return Result::Err('too big');
    }
    Result::Ok(v)
}

fn showcase(mut arr: Array<u32>, p: Point) -> Result<u32, felt252> {
    let double = |x: u32| -> u32 { x * 2 };
    let one = || 1_u32;
    let mut total: u32 = 0;
    let fixed: [u32; 3] = [1, 2, 3];
    let (a, b) = (1_u32, 2_u32);
    let q = Point { x: a, ..p };
    while let Option::Some(v) = arr.pop_front() {
        total += double(v);
    };
    for i in 0..10_u32 {
        total = total + i % 3;
    };
    for i in 0..=b {
        if i == 0 && !(a > b) || total >= 100 {
            continue;
        }
    };
    let mut i = 0;
    loop {
        if i > 10 {
            break;
        }
        i += 1;
    };
    let r = match arr.get(0) {
        Option::Some(x) => *x.unbox(),
        Option::None => 0,
    };
    let s = match total {
        0 | 1 => 'small',
        _ => {
            'big'
        },
    };
    if let Option::Some(first) = fixed.span().get(0) {
        total += *first.unbox();
    }
    let spanned = @arr;
    let sel = selector!("transfer");
    let msg: ByteArray = "hello";
    let msg2 = format!("{} {}", msg, total);
    let v = fallible(total)?;
    let w = ArrayTrait::<u128>::new();
    let z = -1_i32;
    let _ = (q, r, s, spanned, sel, msg2, w, z, one());
    Result::Ok(v + total + q.x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected: ('too big',))]
    fn test_fallible() {
        assert_eq!(fallible(1).unwrap(), 1);
        fallible(11).unwrap();
    }
}
`

func TestParseDocStyle(t *testing.T) {
	u := cairo.ParseFile(scanner.File{Path: "lib.cairo", Content: []byte(docStyle)})
	if errs := u.Errors(); len(errs) > 0 {
		t.Fatalf("parse errors: %v", errs)
	}
	var names []string
	for _, f := range u.Functions {
		names = append(names, f.Name)
	}
	// Trait declarations count as functions without a body.
	want := "get increment owner assert_only_owner increment area area fallible showcase test_fallible"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("functions = %q, want %q", got, want)
	}
	if u.Components["ownable"] != "ownable_component" || u.Storage["counter"] != "u128" {
		t.Errorf("components %v storage %v", u.Components, u.Storage)
	}
}

// TestParseRecovery checks that a broken statement or item costs only
// itself: the functions after it are still parsed and checked.
func TestParseRecovery(t *testing.T) {
	src := `#[starknet::contract]
mod M {
    #[storage]
    struct Storage { owner: felt252 }

    fn broken(ref self: ContractState) {
        let x = ;
        self.owner.write(1);
    }

    fn also broken( {

    #[external(v0)]
    fn after(ref self: ContractState) {
        self.owner.write(2);
    }
}

fn tail() -> u32 { 1 }
`
	u := cairo.ParseFile(scanner.File{Path: "x.cairo", Content: []byte(src)})
	if len(u.Errors()) == 0 {
		t.Fatal("no parse error reported")
	}
	var names []string
	for _, f := range u.Functions {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, " "); got != "broken after tail" {
		t.Errorf("functions = %q; want %q", got, "broken after tail")
	}
}

// TestParseDepth feeds deeply nested input: an error, no stack overflow.
func TestParseDepth(t *testing.T) {
	for _, src := range []string{
		"fn f() { " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000) + " }",
		"fn f() { " + strings.Repeat("1 + ", 200000) + "1 }",
		"fn f() { if x { } " + strings.Repeat("else if x { } ", 100000) + "}",
		"fn f() { " + strings.Repeat("!", 100000) + "x }",
	} {
		u := cairo.ParseFile(scanner.File{Path: "deep.cairo", Content: []byte(src)})
		if len(u.Errors()) == 0 {
			t.Errorf("no error for deeply nested input %.20q…", src)
		}
	}
}
