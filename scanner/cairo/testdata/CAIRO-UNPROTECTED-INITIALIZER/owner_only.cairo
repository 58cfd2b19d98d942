#[starknet::contract]
mod Pool {
    use starknet::{ContractAddress, get_caller_address};
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        paused: bool,
        owner: ContractAddress,
    }

    #[external(v0)]
    fn pause(ref self: ContractState) {
        assert(get_caller_address() == self.owner.read(), 'only owner');
        // ok: CAIRO-UNPROTECTED-INITIALIZER
        self.paused.write(true);
    }

    #[constructor]
    fn constructor(ref self: ContractState, owner: ContractAddress) {
        self.owner.write(owner);
        // ok: CAIRO-UNPROTECTED-INITIALIZER
        self.paused.write(true);
    }
}
