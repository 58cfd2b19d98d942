#[starknet::contract]
mod Lottery {
    use starknet::get_block_timestamp;

    #[storage]
    struct Storage {}

    #[external(v0)]
    fn draw(ref self: ContractState, players: u64) -> u64 {
        // ruleid: CAIRO-WEAK-RANDOMNESS
        get_block_timestamp() % players
    }
}
