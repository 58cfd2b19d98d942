#[starknet::contract]
mod Vault {
    use starknet::{ContractAddress, get_caller_address};
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        owner: ContractAddress,
        fee: u256,
    }

    #[abi(embed_v0)]
    impl VaultImpl of super::IVault<ContractState> {
        fn set_fee(ref self: ContractState, fee: u256) {
            assert(get_caller_address() == self.owner.read(), 'not owner');
            self.fee.write(fee);
        }

        // ruleid: CAIRO-UNPROTECTED-WRITE
        fn set_owner(ref self: ContractState, new_owner: ContractAddress) {
            self.owner.write(new_owner);
        }

        // ruleid: CAIRO-UNPROTECTED-WRITE
        fn claim(ref self: ContractState) {
            let caller = get_caller_address();
            assert(!caller.is_zero(), 'zero caller');
            self.owner.write(caller);
        }
    }
}
