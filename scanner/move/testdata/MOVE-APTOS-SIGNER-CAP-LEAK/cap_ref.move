module 0xdead::treasury {
    use aptos_framework::account::SignerCapability;

    struct Treasury has key {
        cap: SignerCapability,
        total: u64,
    }

    // ruleid: MOVE-APTOS-SIGNER-CAP-LEAK
    public fun capability(): &SignerCapability acquires Treasury {
        &borrow_global<Treasury>(@0xdead).cap
    }
}
