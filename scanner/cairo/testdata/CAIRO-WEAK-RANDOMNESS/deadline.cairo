#[starknet::contract]
mod Auction {
    use starknet::get_block_timestamp;
    use starknet::storage::StoragePointerReadAccess;

    #[storage]
    struct Storage {
        end: u64,
    }

    #[external(v0)]
    fn bid(ref self: ContractState) {
        // ok: CAIRO-WEAK-RANDOMNESS
        assert(get_block_timestamp() < self.end.read(), 'auction over');
    }
}
