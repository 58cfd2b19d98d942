#[starknet::contract]
mod Factory {
    use starknet::{ClassHash, syscalls::deploy_syscall};

    #[storage]
    struct Storage {}

    #[external(v0)]
    fn create(ref self: ContractState, class_hash: ClassHash, salt: felt252) -> bool {
        // ok: CAIRO-UNCHECKED-DEPLOY
        let result = deploy_syscall(class_hash, salt, array![].span(), false);
        match result {
            Result::Ok(_) => true,
            Result::Err(_) => false,
        }
    }
}
