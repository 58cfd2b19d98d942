// Ordinary non-ASCII text without control characters: Café → שלום مرحبا
#[starknet::contract]
mod Greeter {
    #[storage]
    struct Storage {
        greeting: ByteArray,
    }

    #[external(v0)]
    fn set(ref self: ContractState) {
        // ok: CAIRO-BIDI-CONTROL
        let s: ByteArray = "naïve – ünïcode ✓";
        // ok: CAIRO-BIDI-CONTROL
        self.greeting.write(s); // עברית والعربية
    }
}
