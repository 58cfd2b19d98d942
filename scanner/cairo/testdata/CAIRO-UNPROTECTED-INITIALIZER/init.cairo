#[starknet::contract]
mod Pool {
    use starknet::ContractAddress;
    use starknet::storage::{StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        initialized: bool,
        token: ContractAddress,
    }

    #[external(v0)]
    fn initialize(ref self: ContractState, token: ContractAddress) {
        self.token.write(token);
        // ruleid: CAIRO-UNPROTECTED-INITIALIZER
        self.initialized.write(true);
    }
}
