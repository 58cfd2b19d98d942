use core::pedersen::pedersen;

fn key(a: felt252, b: felt252) -> felt252 {
    // ok: CAIRO-FELT252-ARITHMETIC
    let h = pedersen(a, b) + 1;
    h
}
