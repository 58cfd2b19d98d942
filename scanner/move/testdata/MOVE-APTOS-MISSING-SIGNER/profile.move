module 0xcafe::profile {
    use std::signer;
    use std::string::String;

    struct Profile has key {
        name: String,
        frozen: bool,
    }

    public entry fun create(account: &signer, name: String) {
        move_to(account, Profile { name, frozen: false });
    }

    public entry fun rename(_account: &signer, owner: address, name: String) acquires Profile {
        // ruleid: MOVE-APTOS-MISSING-SIGNER
        let profile = borrow_global_mut<Profile>(owner);
        profile.name = name;
    }

    public entry fun delete(owner: address) acquires Profile {
        // ruleid: MOVE-APTOS-MISSING-SIGNER
        let Profile { name: _, frozen: _ } = move_from<Profile>(owner);
    }

    public entry fun rename_own(account: &signer, name: String) acquires Profile {
        // ok: MOVE-APTOS-MISSING-SIGNER
        let profile = borrow_global_mut<Profile>(signer::address_of(account));
        profile.name = name;
    }
}
