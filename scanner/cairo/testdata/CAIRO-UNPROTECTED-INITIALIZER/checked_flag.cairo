#[starknet::contract]
mod Pool {
    use starknet::ContractAddress;
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        initialized: bool,
        token: ContractAddress,
    }

    #[external(v0)]
    fn initialize(ref self: ContractState, token: ContractAddress) {
        assert(!self.initialized.read(), 'already initialized');
        self.token.write(token);
        // ok: CAIRO-UNPROTECTED-INITIALIZER
        self.initialized.write(true);
    }
}
