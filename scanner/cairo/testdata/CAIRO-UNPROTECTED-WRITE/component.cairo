#[starknet::component]
pub mod AdminComponent {
    use starknet::{ContractAddress, get_caller_address};
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    pub struct Storage {
        Admin_admin: ContractAddress,
        Admin_balance: u256,
    }

    #[embeddable_as(AdminImpl)]
    impl Admin<TContractState, +HasComponent<TContractState>> of super::IAdmin<ComponentState<TContractState>> {
        // ok: CAIRO-UNPROTECTED-WRITE
        fn set_admin(ref self: ComponentState<TContractState>, admin: ContractAddress) {
            assert(get_caller_address() == self.Admin_admin.read(), 'only admin');
            self.Admin_admin.write(admin);
        }

        // ok: CAIRO-UNPROTECTED-WRITE
        fn deposit(ref self: ComponentState<TContractState>, amount: u256) {
            self.Admin_balance.write(self.Admin_balance.read() + amount);
        }
    }
}
