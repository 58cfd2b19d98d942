#[starknet::contract]
mod Vault {
    use starknet::get_caller_address;

    #[storage]
    struct Storage {
        owner: starknet::ContractAddress,
        balance: u256,
    }

    #[external(v0)]
    fn withdraw(ref self: ContractState, amount: u256) {
        // ok: CAIRO-BIDI-CONTROL
        assert(get_caller_address() == self.owner.read(), 'owner'); // only the owner
        self.balance.write(self.balance.read() - amount);
    }
}
