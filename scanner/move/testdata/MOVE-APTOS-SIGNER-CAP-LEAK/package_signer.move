module 0xdead::vaults {
    use aptos_framework::account::{Self, SignerCapability};

    friend 0xdead::router;

    struct Vaults has key {
        cap: SignerCapability,
    }

    // ok: MOVE-APTOS-SIGNER-CAP-LEAK
    public(friend) fun vault_signer(): signer acquires Vaults {
        account::create_signer_with_capability(&borrow_global<Vaults>(@0xdead).cap)
    }
}
