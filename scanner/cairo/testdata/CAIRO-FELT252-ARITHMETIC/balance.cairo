#[starknet::contract]
mod Ledger {
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        balance: felt252,
    }

    #[external(v0)]
    fn spend(ref self: ContractState, amount: felt252) {
        // ruleid: CAIRO-FELT252-ARITHMETIC
        self.balance.write(self.balance.read() - amount);
    }
}
