module 0xdead::pool {
    use aptos_framework::account::{Self, SignerCapability};
    use aptos_framework::resource_account;

    struct PoolCap has key {
        signer_cap: SignerCapability,
    }

    fun init_module(resource: &signer) {
        let signer_cap = resource_account::retrieve_resource_account_cap(resource, @0xdead);
        move_to(resource, PoolCap { signer_cap });
    }

    // ruleid: MOVE-APTOS-SIGNER-CAP-LEAK
    public fun pool_signer(): signer acquires PoolCap {
        let cap = borrow_global<PoolCap>(@0xdead);
        account::create_signer_with_capability(&cap.signer_cap)
    }

    public(friend) fun pool_signer_friend(): signer acquires PoolCap {
        let cap = borrow_global<PoolCap>(@0xdead);
        // ok: MOVE-APTOS-SIGNER-CAP-LEAK
        account::create_signer_with_capability(&cap.signer_cap)
    }
}
