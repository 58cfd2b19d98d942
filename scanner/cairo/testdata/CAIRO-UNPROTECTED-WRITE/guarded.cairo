#[starknet::contract]
mod Vault {
    use starknet::{ContractAddress, get_caller_address};
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        owner: ContractAddress,
        pending: ContractAddress,
    }

    #[constructor]
    // ok: CAIRO-UNPROTECTED-WRITE
    fn constructor(ref self: ContractState, owner: ContractAddress) {
        self.owner.write(owner);
    }

    #[abi(embed_v0)]
    impl VaultImpl of super::IVault<ContractState> {
        // ok: CAIRO-UNPROTECTED-WRITE
        fn transfer_ownership(ref self: ContractState, new_owner: ContractAddress) {
            self.assert_only_owner();
            self.pending.write(new_owner);
        }

        // ok: CAIRO-UNPROTECTED-WRITE
        fn accept_ownership(ref self: ContractState) {
            let caller = get_caller_address();
            if caller != self.pending.read() {
                panic!("not pending owner");
            }
            self.owner.write(caller);
        }
    }

    #[abi(embed_v0)]
    impl RolesImpl of super::IRoles<ContractState> {
        // ok: CAIRO-UNPROTECTED-WRITE
        fn set_pending(ref self: ContractState, who: ContractAddress) {
            let authorized = self.has_role('ADMIN', get_caller_address());
            assert(authorized, 'missing role');
            self.pending.write(who);
        }
    }

    #[generate_trait]
    impl InternalImpl of InternalTrait {
        fn has_role(self: @ContractState, role: felt252, account: ContractAddress) -> bool {
            role == 'ADMIN' && account == self.owner.read()
        }

        fn assert_only_owner(self: @ContractState) {
            assert(self.owner.read() == get_caller_address(), 'not owner');
        }
    }
}
