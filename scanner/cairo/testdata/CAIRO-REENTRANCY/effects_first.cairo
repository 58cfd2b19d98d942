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
        self.executed.write(self.executed.read() + 1);
        // ok: CAIRO-REENTRANCY
        call_contract_syscall(to, selector, calldata).unwrap_syscall();
    }
}
