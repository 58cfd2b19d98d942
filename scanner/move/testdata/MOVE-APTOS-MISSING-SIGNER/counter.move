module 0x42::counter {
    use std::signer;

    struct Counter has key { value: u64, owner: address }

    public entry fun bump(account: &signer, target: address) acquires Counter {
        let c = borrow_global_mut<Counter>(target);
        assert!(c.owner == signer::address_of(account), 0);
        // ok: MOVE-APTOS-MISSING-SIGNER
        let c2 = borrow_global_mut<Counter>(target);
        c2.value = c2.value + 1;
    }
}
