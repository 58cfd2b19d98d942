#[starknet::contract]
mod Messages {
    use starknet::storage::{StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        last_sender: felt252,
        value: felt252,
    }

    #[l1_handler]
    // ruleid: CAIRO-L1-HANDLER-UNCHECKED-FROM
    fn set_value(ref self: ContractState, sender: felt252, value: felt252) {
        self.last_sender.write(sender);
        self.value.write(value);
    }
}
