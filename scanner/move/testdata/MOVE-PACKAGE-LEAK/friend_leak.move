module 0x9::limits {
    public struct Limits has key {
        id: UID,
        max_borrow: u64,
    }

    fun init(ctx: &mut TxContext) {
        let limits = Limits { id: object::new(ctx), max_borrow: 100 };
        transfer::share_object(limits);
    }

    public(friend) fun set_max(limits: &mut Limits, max_borrow: u64) {
        limits.max_borrow = max_borrow;
    }

    public fun raise(limits: &mut Limits, by: u64) {
        let next = limits.max_borrow + by;
        // ruleid: MOVE-PACKAGE-LEAK
        set_max(limits, next);
    }
}
