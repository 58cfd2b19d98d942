#[starknet::contract]
mod Executor {
    use starknet::{ContractAddress, syscalls::call_contract_syscall, SyscallResultTrait};
    use starknet::storage::{StoragePointerReadAccess, StoragePointerWriteAccess};

    #[storage]
    struct Storage {
        entered: bool,
        executed: u32,
    }

    #[external(v0)]
    fn run(ref self: ContractState, to: ContractAddress, selector: felt252, calldata: Span<felt252>) {
        self.start();
        // ok: CAIRO-REENTRANCY
        call_contract_syscall(to, selector, calldata).unwrap_syscall();
        self.executed.write(self.executed.read() + 1);
        self.entered.write(false);
    }

    #[generate_trait]
    impl InternalImpl of InternalTrait {
        fn start(ref self: ContractState) {
            assert(!self.entered.read(), 'reentrant call');
            self.entered.write(true);
        }
    }
}
