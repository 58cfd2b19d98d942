#[starknet::contract]
mod Proxy {
    use starknet::{ClassHash, ContractAddress, get_caller_address, syscalls::replace_class_syscall};
    use starknet::storage::StoragePointerReadAccess;

    #[storage]
    struct Storage {
        owner: ContractAddress,
    }

    #[external(v0)]
    fn upgrade(ref self: ContractState, new_class_hash: ClassHash) {
        assert(get_caller_address() == self.owner.read(), 'only owner');
        // ok: CAIRO-UNPROTECTED-UPGRADE
        replace_class_syscall(new_class_hash).unwrap();
    }
}
