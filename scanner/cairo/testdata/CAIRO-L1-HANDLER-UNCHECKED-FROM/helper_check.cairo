#[starknet::contract]
mod Bridge {
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        l1_bridge: felt252,
        value: felt252,
    }

    #[l1_handler]
    // ok: CAIRO-L1-HANDLER-UNCHECKED-FROM
    fn set_value(ref self: ContractState, from_address: felt252, value: felt252) {
        self.only_bridge(from_address);
        self.value.write(value);
    }

    #[generate_trait]
    impl InternalImpl of InternalTrait {
        fn only_bridge(self: @ContractState, sender: felt252) {
            if sender != self.l1_bridge.read() {
                panic_with_felt252('unknown sender');
            }
        }
    }
}
