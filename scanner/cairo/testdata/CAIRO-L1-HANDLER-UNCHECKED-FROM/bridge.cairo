#[starknet::contract]
mod Bridge {
    use starknet::ContractAddress;
    use starknet::storage::{Map, StorageMapReadAccess, StorageMapWriteAccess};

    #[storage]
    struct Storage {
        balances: Map<ContractAddress, u256>,
    }

    #[l1_handler]
    // ruleid: CAIRO-L1-HANDLER-UNCHECKED-FROM
    fn deposit(ref self: ContractState, from_address: felt252, account: ContractAddress, amount: u256) {
        self.balances.write(account, self.balances.read(account) + amount);
    }
}
