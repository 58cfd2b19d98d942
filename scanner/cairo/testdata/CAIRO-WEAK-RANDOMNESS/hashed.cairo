use core::pedersen::pedersen;
use starknet::get_block_info;

fn seed(salt: felt252) -> felt252 {
    // ruleid: CAIRO-WEAK-RANDOMNESS
    let now = get_block_info().unbox().block_timestamp;
    pedersen(now.into(), salt)
}
