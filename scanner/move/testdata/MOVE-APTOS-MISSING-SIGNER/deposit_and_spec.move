module 0xcafe::bank {
    use std::signer;
    use aptos_framework::coin::{Self, Coin};
    use aptos_framework::aptos_coin::AptosCoin;

    struct Account has key {
        coins: Coin<AptosCoin>,
        frozen: bool,
    }

    spec module {
        pragma verify = false;
    }

    /// Anyone may pay into an account.
    public fun deposit(to: address, c: Coin<AptosCoin>) acquires Account {
        // ok: MOVE-APTOS-MISSING-SIGNER
        let acct = borrow_global_mut<Account>(to);
        coin::merge(&mut acct.coins, c);
    }

    spec deposit {
        aborts_if !exists<Account>(to);
    }

    public entry fun freeze_account(_admin: &signer, target: address) acquires Account {
        // ruleid: MOVE-APTOS-MISSING-SIGNER
        borrow_global_mut<Account>(target).frozen = true;
    }

    inline fun is_frozen(a: &Account): bool { a.frozen }

    public fun frozen(owner: &signer): bool acquires Account {
        is_frozen(borrow_global<Account>(signer::address_of(owner)))
    }
}
