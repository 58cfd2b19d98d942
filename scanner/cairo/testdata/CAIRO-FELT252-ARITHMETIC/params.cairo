#[starknet::contract]
mod Ledger {
    use starknet::storage::{StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        net: felt252,
    }

    #[external(v0)]
    fn record(ref self: ContractState, credit: felt252, debit: felt252) {
        // ruleid: CAIRO-FELT252-ARITHMETIC
        let net: felt252 = credit - debit;
        self.net.write(net);
    }
}
