#[starknet::contract]
mod Ledger {
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        balance: u256,
    }

    #[external(v0)]
    fn spend(ref self: ContractState, amount: u256) {
        // ok: CAIRO-FELT252-ARITHMETIC
        self.balance.write(self.balance.read() - amount);
    }
}
