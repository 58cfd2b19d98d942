#[starknet::contract]
mod Proxy {
    use starknet::{ClassHash, syscalls::replace_class_syscall, SyscallResultTrait};

    #[storage]
    struct Storage {}

    #[external(v0)]
    fn upgrade(ref self: ContractState, new_class_hash: ClassHash) {
        // ruleid: CAIRO-UNPROTECTED-UPGRADE
        replace_class_syscall(new_class_hash).unwrap_syscall();
    }
}
