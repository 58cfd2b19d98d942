#[starknet::component]
pub mod OwnerComponent {
    use starknet::{ContractAddress, get_caller_address};
    use starknet::storage::StoragePointerReadAccess;

    #[storage]
    pub struct Storage {
        Owner_owner: ContractAddress,
    }

    #[generate_trait]
    pub impl InternalImpl<TContractState, +HasComponent<TContractState>> of InternalTrait<TContractState> {
        fn assert_only_owner(self: @ComponentState<TContractState>) {
            let owner = self.Owner_owner.read();
            assert(get_caller_address() == owner, 'not owner');
        }
    }
}

#[starknet::contract]
mod Token {
    use starknet::{ClassHash, syscalls::replace_class_syscall};
    component!(path: OwnerComponent, storage: ownable, event: OwnableEvent);

    #[storage]
    struct Storage {
        #[substorage(v0)]
        ownable: OwnerComponent::Storage,
    }

    #[abi(embed_v0)]
    impl UpgradeableImpl of IUpgradeable<ContractState> {
        fn upgrade(ref self: ContractState, new_class_hash: ClassHash) {
            self.ownable.assert_only_owner();
            // ok: CAIRO-UNPROTECTED-UPGRADE
            replace_class_syscall(new_class_hash).unwrap();
        }
    }
}
