#[starknet::contract]
mod Vesting {
    use starknet::get_block_timestamp;
    use starknet::storage::StoragePointerWriteAccess;

    #[storage]
    struct Storage {
        start: u64,
    }

    #[external(v0)]
    fn begin(ref self: ContractState, delay: u64) {
        // ok: CAIRO-WEAK-RANDOMNESS
        self.start.write(get_block_timestamp() + delay);
    }
}
