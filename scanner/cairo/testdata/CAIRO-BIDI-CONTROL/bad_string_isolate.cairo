#[starknet::contract]
mod Greeter {
    #[storage]
    struct Storage {
        greeting: ByteArray,
        tag: felt252,
    }

    #[external(v0)]
    fn set(ref self: ContractState) {
        // ruleid: CAIRO-BIDI-CONTROL
        let s: ByteArray = "ok⁧admin⁩";
        self.greeting.write(s);
        // ruleid: CAIRO-BIDI-CONTROL
        self.tag.write('a‮b');
    }
}
