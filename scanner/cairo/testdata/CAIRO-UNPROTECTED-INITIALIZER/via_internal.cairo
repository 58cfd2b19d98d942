#[starknet::contract]
mod Pool {
    use starknet::ContractAddress;
    use starknet::storage::{StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        ready: bool,
        admin: ContractAddress,
    }

    #[abi(embed_v0)]
    impl PoolImpl of super::IPool<ContractState> {
        fn setup(ref self: ContractState, admin: ContractAddress) {
            // ruleid: CAIRO-UNPROTECTED-INITIALIZER
            self._setup(admin);
        }
    }

    #[generate_trait]
    impl InternalImpl of InternalTrait {
        fn _setup(ref self: ContractState, admin: ContractAddress) {
            self.admin.write(admin);
            self.ready.write(true);
        }
    }
}
