#[starknet::contract]
mod Executor {
    use starknet::{ContractAddress, syscalls::call_contract_syscall, SyscallResultTrait};
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        executed: u32,
    }

    #[external(v0)]
    fn run(ref self: ContractState, to: ContractAddress, selector: felt252, calldata: Span<felt252>) {
        // ruleid: CAIRO-REENTRANCY
        self.call_out(to, selector, calldata);
        self.executed.write(self.executed.read() + 1);
    }

    #[generate_trait]
    impl InternalImpl of InternalTrait {
        fn call_out(ref self: ContractState, to: ContractAddress, selector: felt252, calldata: Span<felt252>) {
            call_contract_syscall(to, selector, calldata).unwrap_syscall();
        }
    }
}
