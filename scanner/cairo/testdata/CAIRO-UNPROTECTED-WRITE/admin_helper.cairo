#[starknet::contract]
pub mod Registry {
    use starknet::{ContractAddress, get_caller_address};
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        admin: ContractAddress,
        value: felt252,
    }

    #[external(v0)]
    fn set_value(ref self: ContractState, value: felt252) {
        let caller = get_caller_address();
        let admin = self.admin.read();
        assert!(caller == admin, "only admin");
        self.value.write(value);
    }

    #[external(v0)]
    // ruleid: CAIRO-UNPROTECTED-WRITE
    fn rotate_admin(ref self: ContractState, admin: ContractAddress) {
        InternalImpl::_set_admin(ref self, admin);
    }

    #[generate_trait]
    impl InternalImpl of InternalTrait {
        fn _set_admin(ref self: ContractState, admin: ContractAddress) {
            self.admin.write(admin);
        }
    }
}
