module 0xbeef::vault {
    use std::signer;

    const E_NOT_ADMIN: u64 = 1;

    struct Vault has key {
        admin: address,
        balance: u64,
    }

    public entry fun freeze_vault(admin: &signer, vault_addr: address) acquires Vault {
        let vault = borrow_global<Vault>(vault_addr);
        assert!(signer::address_of(admin) == vault.admin, E_NOT_ADMIN);
        // ok: MOVE-APTOS-MISSING-SIGNER
        let vault = borrow_global_mut<Vault>(vault_addr);
        vault.balance = 0;
    }

    public entry fun deposit(account: &signer, amount: u64) acquires Vault {
        let addr = signer::address_of(account);
        // ok: MOVE-APTOS-MISSING-SIGNER
        let vault = borrow_global_mut<Vault>(addr);
        vault.balance = vault.balance + amount;
    }

    fun reset(vault_addr: address) acquires Vault {
        // Private: only this module's checked entry points reach it.
        // ok: MOVE-APTOS-MISSING-SIGNER
        borrow_global_mut<Vault>(vault_addr).balance = 0;
    }
}
