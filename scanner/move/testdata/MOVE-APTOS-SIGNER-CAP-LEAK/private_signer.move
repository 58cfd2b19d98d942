module 0xdead::staking {
    use aptos_framework::account::{Self, SignerCapability};
    use aptos_framework::coin;
    use aptos_framework::aptos_coin::AptosCoin;

    struct Staking has key {
        cap: SignerCapability,
    }

    // ok: MOVE-APTOS-SIGNER-CAP-LEAK
    fun staking_signer(): signer acquires Staking {
        account::create_signer_with_capability(&borrow_global<Staking>(@0xdead).cap)
    }

    // ok: MOVE-APTOS-SIGNER-CAP-LEAK
    public fun total(): u64 {
        coin::balance<AptosCoin>(@0xdead)
    }

    public entry fun payout(to: address, amount: u64) acquires Staking {
        let s = staking_signer();
        coin::transfer<AptosCoin>(&s, to, amount);
    }
}
