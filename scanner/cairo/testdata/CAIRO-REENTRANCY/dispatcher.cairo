#[starknet::interface]
pub trait IERC20<TState> {
    fn transfer(ref self: TState, recipient: starknet::ContractAddress, amount: u256) -> bool;
    fn balance_of(self: @TState, account: starknet::ContractAddress) -> u256;
}

#[starknet::contract]
mod Vault {
    use starknet::{ContractAddress, get_caller_address};
    use starknet::storage::{Map, StorageMapReadAccess, StorageMapWriteAccess, StoragePointerReadAccess};
    use super::{IERC20Dispatcher, IERC20DispatcherTrait};

    #[storage]
    struct Storage {
        token: ContractAddress,
        shares: Map<ContractAddress, u256>,
    }

    #[external(v0)]
    fn withdraw(ref self: ContractState, amount: u256) {
        let caller = get_caller_address();
        let token = IERC20Dispatcher { contract_address: self.token.read() };
        // ruleid: CAIRO-REENTRANCY
        token.transfer(caller, amount);
        self.shares.write(caller, self.shares.read(caller) - amount);
    }

    #[external(v0)]
    fn sync(ref self: ContractState, who: ContractAddress) {
        let token = IERC20Dispatcher { contract_address: self.token.read() };
        // ok: CAIRO-REENTRANCY
        let bal = token.balance_of(who);
        self.shares.write(who, bal);
    }
}
