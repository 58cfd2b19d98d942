#[contract]
mod Vault {
    use starknet::ContractAddress;
    use starknet::get_caller_address;

    struct Storage {
        owner: ContractAddress,
        fee: u256,
    }

    #[external]
    fn set_fee(fee: u256) {
        assert(get_caller_address() == owner::read(), 'not owner');
        fee::write(fee);
    }

    #[external]
    // ruleid: CAIRO-UNPROTECTED-WRITE
    fn set_owner(new_owner: ContractAddress) {
        owner::write(new_owner);
    }
}
