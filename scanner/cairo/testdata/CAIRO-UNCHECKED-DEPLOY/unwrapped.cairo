#[starknet::contract]
mod Factory {
    use starknet::{ClassHash, ContractAddress, syscalls::deploy_syscall, SyscallResultTrait};

    #[storage]
    struct Storage {}

    #[external(v0)]
    fn create(ref self: ContractState, class_hash: ClassHash, salt: felt252) -> ContractAddress {
        // ok: CAIRO-UNCHECKED-DEPLOY
        let (address, _) = deploy_syscall(class_hash, salt, array![].span(), false).unwrap_syscall();
        address
    }
}
