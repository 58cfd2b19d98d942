#[starknet::component]
pub mod UpgradeComponent {
    use starknet::ClassHash;

    #[storage]
    pub struct Storage {}

    #[generate_trait]
    pub impl InternalImpl<TContractState, +HasComponent<TContractState>> of InternalTrait<TContractState> {
        fn upgrade(ref self: ComponentState<TContractState>, new_class_hash: ClassHash) {
            starknet::syscalls::replace_class_syscall(new_class_hash).unwrap();
        }
    }
}

#[starknet::contract]
mod Token {
    use starknet::ClassHash;
    component!(path: UpgradeComponent, storage: upgradeable, event: UpgradeableEvent);

    #[storage]
    struct Storage {
        #[substorage(v0)]
        upgradeable: UpgradeComponent::Storage,
    }

    #[abi(embed_v0)]
    impl UpgradeableImpl of IUpgradeable<ContractState> {
        fn upgrade(ref self: ContractState, new_class_hash: ClassHash) {
            // ruleid: CAIRO-UNPROTECTED-UPGRADE
            self.upgradeable.upgrade(new_class_hash);
        }
    }
}
