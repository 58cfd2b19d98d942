#[starknet::contract]
mod Bridge {
    use starknet::ContractAddress;
    use starknet::storage::{Map, StoragePointerReadAccess, StorageMapReadAccess, StorageMapWriteAccess};

    #[storage]
    struct Storage {
        l1_bridge: felt252,
        balances: Map<ContractAddress, u256>,
    }

    #[l1_handler]
    // ok: CAIRO-L1-HANDLER-UNCHECKED-FROM
    fn deposit(ref self: ContractState, from_address: felt252, account: ContractAddress, amount: u256) {
        assert(from_address == self.l1_bridge.read(), 'unknown sender');
        self.balances.write(account, self.balances.read(account) + amount);
    }
}
