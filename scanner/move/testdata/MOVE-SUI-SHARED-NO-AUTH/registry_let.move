module names::registry {
    use std::string::String;
    use sui::table::{Self, Table};

    public struct Registry has key {
        id: UID,
        names: Table<String, address>,
        paused: bool,
    }

    fun init(ctx: &mut TxContext) {
        let registry = Registry { id: object::new(ctx), names: table::new(ctx), paused: false };
        transfer::share_object(registry);
    }

    // ruleid: MOVE-SUI-SHARED-NO-AUTH
    public fun set_paused(reg: &mut Registry, paused: bool) { reg.paused = paused; }

    public fun register(reg: &mut Registry, name: String, ctx: &TxContext) {
        assert!(!reg.paused, 0);
        reg.names.add(name, ctx.sender());
    }
}
