module 0x42::settings {
    struct Settings has key { fee: u64 }

    public fun set_fee(target: address, fee: u64) acquires Settings {
        // ruleid: MOVE-APTOS-MISSING-SIGNER
        borrow_global_mut<Settings>(target).fee = fee;
    }
}
